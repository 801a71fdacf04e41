/**
 * What the report's own words say about a finding's significance, beyond its attributes
 * (METRICS §1.5): an old or healed fracture, a finding the radiologist calls expected after the
 * operation, a device only slightly out of place. Read from the mention's phrase and the rest
 * of its sentence.
 */
import { phraseOf } from '../descriptors.js';

/** Cues a finding's mention carries for its significance. */
export interface SignificanceCues {
  /** `old`, `healed`, `remote`, `chronic` (a healed process); `healing` (weeks old, not acute). */
  chronicity?: 'healed' | 'healing';
  /** The report calls it expected ("expected postoperatively", "consistent with postoperative state"). */
  expected?: boolean;
  /** A device said to be only slightly out of place ("slightly low", "could be withdrawn 1-2 cm"). */
  slight?: boolean;
  /** Segmental rib fractures or a flail segment ("segmental fractures", "paradoxical motion"). */
  flail?: boolean;
  /** A catheter tip out in a lobar or segmental artery ("right lower lobe pulmonary artery branch", "far distally", "wedged"). */
  peripheral?: boolean;
  /** A size at the upper limit of normal ("heart borderline enlarged", "borderline cardiomegaly"). */
  borderline?: boolean;
  /** Almost gone ("near-complete resolution", "almost completely regressive", "only minimal residual"). */
  nearlyResolved?: boolean;
  /** Confined to the site of a drain, line or wound ("at the insertion site", "around the ICD site", "at the wound site"). */
  localSite?: boolean;
  /** A whole lung, not a lobe ("left lung collapse", "complete collapse of the right lung", "white-out of the left hemithorax"). */
  wholeLung?: boolean;
  /** Called chronic or long-standing anywhere in its sentence ("chronic interstitial markings", "prominence, likely chronic", "age-related"). */
  chronic?: boolean;
  /** A grade range from small ("small to moderate", "small-moderate"): the extractor keeps the larger grade. */
  fromSmall?: boolean;
  /** Only suggested ("could represent", "possibly", "?", "vs", "nipple markers"), not read as probable: an appearance not yet confirmed. */
  hedged?: boolean;
  /** Ballistic or retained metal ("bullet fragment", "shrapnel", "metallic fragments", "retained lead fragment"). */
  fragment?: boolean;
  /** Placed outside the thoracic cavity ("in the soft tissues of the shoulder", "below the diaphragm", "left upper quadrant"). */
  outsideChest?: boolean;
  /** A size said to be overstated or long-known ("exaggerated by the AP projection", "background cardiomegaly", "known"): not a plain statement. */
  caveat?: boolean;
  /** A whole lobe named, not a patch or band of it ("right upper lobe atelectasis", not "subsegmental atelectasis in the RUL"). */
  lobar?: boolean;
  /** A loculated or septated collection, or one called an empyema: drained, it is still treated until it is gone. */
  loculated?: boolean;
  /** Said to persist or not to have resolved ("persistent", "not resolved after 6 weeks", "still present"). */
  persisting?: boolean;
  /** A shift toward the side of a lesion that pulls ("ipsilateral shift", "pulled to the right", "towards the collapse"). */
  towardLesion?: boolean;
}

/** Age words of a process, nearest to the mention first: the last one before it in its clause wins. */
const AGE_WORDS = /\b(?:(old|healed|remote|chronic(?:ally)?|longstanding|long-standing|ununited)|(healing|callus)|(acute|fresh|new|recent))\b/gi;
const FLAIL = /\bsegmental\b|\bflail\b|\bparadoxical\b/i;
const EXPECTED = /(?<!\bun|\bnot |\bthan )\bexpected\b|\b(?:consistent with|compatible with|in keeping with|related to|due to)\s+(?:the\s+)?(?:recent\s+)?(?:post[- ]?operative|post[- ]?surgical|post[- ]?procedur\w*|surgery|the procedure|the operation)\b|\bpost[- ]?operatively\b|\bpost[- ]?procedurally\b/i;
const PERIPHERAL = /\b(?:(?:lower|upper|middle) lobe|lobar|segmental|subsegmental)\s+(?:pulmonary\s+)?(?:artery|arteries|branch\w*)|\bartery branch\b|\bwedged?\b|\bfar distal\w*|\bbeyond the hil\w*|\bperipheral pulmonary arter\w*/i;
const BORDERLINE = /\bborderline\b|\bupper limits? of normal\b/i;
const NEARLY_RESOLVED = /\b(?:near(?:ly)?[- ]?complete(?:ly)?|almost complete(?:ly)?|virtually complete(?:ly)?|nearly|almost|largely|mostly|predominantly)\s+(?:resolv\w*|resolution|regress\w*|clear\w*|gone|disappeared|re-?expanded|absorbed)\b|\b(?:only )?(?:small|minimal|minor|slight|trace|faint|mild) residu\w*/i;
const SLIGHT = /\b(?:slightly|mildly|minimally|a little|marginally)\s+(?:low|high|deep|deeper|distal|proximal|shallow|short|long|beyond|too)\b|\b(?:could|can|may) be (?:withdrawn|retracted|advanced|pulled back)\b|\bdeeper than ideal\b|\bhigher than ideal\b|\bsuboptimal(?:ly)?\b/i;

const LOCAL_SITE = /\b(?:(?:insertion|entry|exit|wound|stab|drain|drainage|puncture|incision|port|icd|icc|tube|catheter|pigtail|surgical) (?:\w+ )?site|(?:at|around|near|about|adjacent to|surrounding) the (?:\w+ ){0,2}?(?:wound|incision|drain|icd|icc|chest tube|catheter|pigtail))\b/i;
const WHOLE_LUNG = /\b(?:left|right|l|r|lt|rt) lung (?:collapse|atelectasis)\b|\b(?:collapse|atelectasis) of the (?:entire |whole )?(?:left|right|l|r|lt|rt) lung\b|\b(?:complete|total|entire|whole)(?: left| right)? lung (?:collapse|atelectasis)|\bwhite-?\s?out\b/i;
const CAVEAT = /\b(?:exaggerat\w*|accentuat\w*|magnif\w*|technique|projection|ap|view|appears?|apparent\w*|supine|portable|rotat\w*|inspiration|background|chronic\w*|long-?standing|known|again|persist\w*|remains?|stable|unchanged|similar|ctr|cardiothoracic ratio)\b/i;
const CHRONIC = /\bchronic\w*|\blong-?\s?standing\b|\bage[- ](?:related|appropriate)\b/i;
const FROM_SMALL = /\bsmall\s*(?:to|-|\/)\s*moderate\b/i;
// weak hedges only: "probably a nipple shadow" is the radiologist's reading, "could be a nipple shadow" asks for markers
const HEDGED = /\b(?:could|may|might|possibl\w*|vs|versus|cannot be excluded|markers?)\b|\?/i;
const FRAGMENT = /\b(?:bullet|shrapnel|pellets?|fragments?|shot|ballistic|metallic (?:densit\w*|foreign bod\w*|object\w*)|retained (?:metal\w*|lead|wire|needle))\b/i;
const OUTSIDE_CHEST = /\b(?:soft tissues?|shoulder|axilla\w*|arm|abdomen|abdominal|upper quadrant|below the (?:left |right )?(?:hemi)?diaphragm|subdiaphragmatic|chest wall|neck)\b/i;
const INSIDE_CHEST = /\b(?:hemithorax|lung|lobe|zone|mediastin\w*|pleura\w*|heart|cardiac|hilum|hilar|thoracic cavity)\b/i;
const LOBE = /\b(?:upper|middle|lower) lobe\b|\b[rl][uml]l\b|\blingula\b/i;
const PART_OF_A_LOBE = /\bsub-?segment\w*|\bpatch\w*|\blinear\b|\bstreak\w*|\bplate\w*|\bdiscoid\b|\bband\w*|\bminor\b|\bminimal\b|\bsmall\b|\bmild\b|\bsegmental\b|\bbibasal\b|\bbasal\b|\bdependent\b|\bstrand\w*/i;
const LOCULATED = /\bloculat\w*|\bseptat\w*|\bempyema\b|\bpyothorax\b/i;
const PERSISTING = /\bpersist\w*|\bnot (?:yet )?(?:fully |completely )?(?:resolved|cleared)\b|\bstill (?:present|seen|visible)\b|\bremains?\b/i;
const TOWARD_LESION = /\bipsilateral\b|\bpulled\b|\btowards? the (?:side of the |affected |)(?:collapse|collapsed|volume loss|lesion|fibrosis|scarring|operated|atelectasis|affected side)|\bvolume loss\b/i;

/** The rest of the mention's sentence (to the next full stop or semicolon). */
function restOfSentence(span: readonly [number, number], text: string): string {
  const rest = text.slice(span[1]);
  const end = /(?<!\d)\.(?!\d)|;|\n\s*\n/.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/**
 * The mention's clause up to its end: back to the last punctuation, not to an "and" (a list of
 * ribs, "old healed right 4th and 5th rib fractures", is one phrase).
 */
function clauseBefore(span: readonly [number, number], text: string): string {
  const before = text.slice(0, span[1]);
  let start = 0;
  for (const m of before.slice(0, span[0]).matchAll(/(?<!\d)\.(?!\d)|[;:,(]|\n/g)) start = m.index + m[0].length;
  return before.slice(start);
}

function chronicityOf(span: readonly [number, number], text: string, rest: string): SignificanceCues['chronicity'] {
  let last: SignificanceCues['chronicity'] | 'acute' | undefined;
  for (const m of clauseBefore(span, text).matchAll(AGE_WORDS)) last = m[1] ? 'healed' : m[2] ? (last === 'healed' ? 'healed' : 'healing') : 'acute';
  // "Fracture deformity of the left humerus, healed." (the word closes the sentence)
  if (last === undefined && /^[^.;,]*,\s*(?:old|healed|chronic|remote)\s*$/i.test(rest)) last = 'healed';
  return last === 'acute' ? undefined : last;
}

/** How far back a mention's clause is looked for (a clause is far shorter; the window keeps long reports linear). */
const WINDOW = 400;

/** The significance cues of a mention at `span` in `text`. */
export function significanceCues(at: readonly [number, number], whole: string): SignificanceCues {
  const from = Math.max(0, at[0] - WINDOW);
  const text = whole.slice(from, at[1] + WINDOW);
  const span = [at[0] - from, at[1] - from] as const;
  const phrase = phraseOf(span, text);
  const rest = restOfSentence(span, text);
  const sentence = phrase + rest;
  const out: SignificanceCues = {};
  const chronicity = chronicityOf(span, text, rest);
  if (chronicity) out.chronicity = chronicity;
  if (FLAIL.test(sentence)) out.flail = true;
  if (EXPECTED.test(sentence)) out.expected = true;
  if (SLIGHT.test(sentence)) out.slight = true;
  if (PERIPHERAL.test(sentence)) out.peripheral = true;
  if (BORDERLINE.test(phrase) || BORDERLINE.test(clauseBefore(span, text)) || BORDERLINE.test(rest.split(/[,;(]/)[0]!)) out.borderline = true;
  if (NEARLY_RESOLVED.test(sentence) || NEARLY_RESOLVED.test(clauseBefore(span, text))) out.nearlyResolved = true;
  if (LOCAL_SITE.test(sentence)) out.localSite = true;
  if (WHOLE_LUNG.test(sentence)) out.wholeLung = true;
  if (TOWARD_LESION.test(sentence)) out.towardLesion = true;
  if (PERSISTING.test(sentence)) out.persisting = true;
  if (LOCULATED.test(sentence)) out.loculated = true;
  if (CAVEAT.test(sentence)) out.caveat = true;
  if (chronicity === 'healed' || CHRONIC.test(sentence)) out.chronic = true;
  if (FROM_SMALL.test(sentence)) out.fromSmall = true;
  if (HEDGED.test(clauseBefore(span, text)) || HEDGED.test(rest)) out.hedged = true;
  if (FRAGMENT.test(sentence)) out.fragment = true;
  if (OUTSIDE_CHEST.test(sentence) && !INSIDE_CHEST.test(sentence)) out.outsideChest = true;
  if (LOBE.test(phrase) && !PART_OF_A_LOBE.test(phrase)) out.lobar = true;
  return out;
}
