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
}

const HEALED = /\b(?:old|healed|remote|chronic(?:ally)?|longstanding|long-standing)\b/i;
const HEALING = /\bhealing\b|\bcallus\b/i;
const EXPECTED = /(?<!\bun|\bnot |\bthan )\bexpected\b|\b(?:consistent with|compatible with|in keeping with|related to|due to)\s+(?:the\s+)?(?:recent\s+)?(?:post[- ]?operative|post[- ]?surgical|post[- ]?procedur\w*|surgery|the procedure|the operation)\b|\bpost[- ]?operatively\b|\bpost[- ]?procedurally\b/i;
const SLIGHT = /\b(?:slightly|mildly|minimally|a little|marginally)\s+(?:low|high|deep|deeper|distal|proximal|shallow|short|long|beyond|too)\b|\b(?:could|can|may) be (?:withdrawn|retracted|advanced|pulled back)\b|\bdeeper than ideal\b|\bhigher than ideal\b/i;

/** The rest of the mention's sentence (to the next full stop or semicolon). */
function restOfSentence(span: readonly [number, number], text: string): string {
  const rest = text.slice(span[1]);
  const end = /(?<!\d)\.(?!\d)|;|\n\s*\n/.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** The significance cues of a mention at `span` in `text`. */
export function significanceCues(span: readonly [number, number], text: string): SignificanceCues {
  const phrase = phraseOf(span, text);
  const rest = restOfSentence(span, text);
  const sentence = phrase + rest;
  const out: SignificanceCues = {};
  if (HEALING.test(phrase) && !/\bhealed\b/i.test(phrase)) out.chronicity = 'healing';
  else if (HEALED.test(phrase) || /,\s*(?:old|healed|chronic)\b/i.test(rest)) out.chronicity = 'healed';
  if (EXPECTED.test(sentence)) out.expected = true;
  if (SLIGHT.test(sentence)) out.slight = true;
  return out;
}
