/**
 * The patient's situation as the significance rules read it from the context (METRICS §1.5
 * context rules): age, sex, and what the indication says: a recent operation (and of which
 * kind), a pleural procedure, trauma, resuscitation, and known conditions that explain findings.
 */

/** Patient context as metrics receive it (RadPref: `PatientAge` "072Y", `PatientSex`, `Indication`). */
export type PatientContext = Record<string, string | number | boolean>;

/** Kinds of operation whose expected findings differ (§1.5: after CABG, thoracotomy, laparotomy...). */
export type Operation = 'cardiac' | 'thoracic' | 'abdominal' | 'other';

/** Conditions named in the indication that explain some findings (§1.5: "a finding the indication explains is less significant"). */
export type KnownCondition =
  | 'sarcoidosis'
  | 'old tuberculosis'
  | 'lung resection'
  | 'ventricular assist device'
  | 'mineral dust exposure'
  | 'pulmonary hypertension'
  | 'ards'
  | 'known cancer'
  | 'treated infection'
  | 'chronic lung disease';

export interface Situation {
  age?: number;
  sex?: 'M' | 'F';
  indication?: string;
  /** Operations the indication places in the present admission (`POD 2 s/p CABG`, `post AVR day 3`), not in the history. */
  recentOperations: ReadonlySet<Operation>;
  /** A pleural drain, tap or aspiration in the present episode (`s/p thoracentesis`, `pigtail placed`). */
  pleuralProcedure: boolean;
  /** Trauma in the indication (fall, MVC/RTA, assault, stab or gunshot wound). */
  trauma: boolean;
  /** Intubated, ventilated, on ECMO or on an ICU round film. */
  criticalCare: boolean;
  /** On positive-pressure ventilation (intubated, ventilated, on ECMO): air in the pleura can build up under pressure. */
  ventilated: boolean;
  /** Resuscitation in the present episode (CPR, cardiac arrest). */
  resuscitation: boolean;
  /** Heart failure or fluid overload in the indication: an effusion is then part of the decompensation (§1.5 example, actionable). */
  heartFailure: boolean;
  /** The indication names the heart, the kidneys, fluid or breathlessness: an enlarged heart has a reason to be looked for (§1.5 context). */
  cardiacReason: boolean;
  /** A line, tube, drain or cardiac device placed or checked in the present episode (`post CVC insertion`, `line and tube check`, `CRT-D implantation today`). */
  deviceProcedure: boolean;
  /** The indication asks about infection (fever, sepsis, ?pneumonia, ?VAP). */
  infectionQuestion: boolean;
  known: ReadonlySet<KnownCondition>;
}

/** Context keys as compared (`Patient_Age` -> `patientage`), remembered: every finding of a report reads the same keys. */
const normalKeys = new Map<string, string>();

function normalKey(k: string): string {
  let n = normalKeys.get(k);
  if (n === undefined) {
    n = k.toLowerCase().replace(/[\s_-]/g, '');
    if (normalKeys.size < 1000) normalKeys.set(k, n);
  }
  return n;
}

function pick(context: PatientContext, keys: readonly string[]): string | number | boolean | undefined {
  for (const k of Object.keys(context)) {
    if (keys.includes(normalKey(k))) return context[k];
  }
  return undefined;
}

/** Context keys read as each field (case, spaces, `_` and `-` ignored). */
export const KEYS = {
  age: ['age', 'patientage'],
  sex: ['sex', 'patientsex', 'gender'],
  indication: ['indication', 'clinicalindication', 'history', 'clinicalhistory', 'reason', 'reasonforexam'],
  placement: ['deviceplacement', 'placement'],
} as const;

/** The value of a context field (see {@link KEYS}). */
export function contextValue(context: PatientContext, field: keyof typeof KEYS): string | number | boolean | undefined {
  return pick(context, KEYS[field]);
}

/**
 * Age in years from a number or a DICOM age string (`072Y`, `006M`, `010W`, `003D`) or
 * plain digits; undefined when it cannot be read.
 */
export function parseAge(value: string | number | boolean | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  // De-identified ages: "90 or older", "90+", ">89", "over 89" (HIPAA caps stated ages at 90).
  const floor = /^\s*(\d{1,3})\s*(?:\+|or older|or over|and older|and over|years? or older)\s*$/i.exec(value);
  if (floor) return Number(floor[1]);
  const above = /^\s*(?:>|over|older than|above)\s*(\d{1,3})\s*(?:y|years?|yo)?\s*$/i.exec(value);
  if (above) return Number(above[1]) + 1;
  const m = /^\s*(\d{1,3}(?:\.\d+)?)\s*([dwmy])?\s*(?:years?|yrs?|yo)?\s*(?:old)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const per: Record<string, number> = { d: 365.25, w: 52.18, m: 12, y: 1 };
  return n / (per[(m[2] ?? 'y').toLowerCase()] ?? 1);
}

/** `M`/`F` from `M`, `F`, `male`, `female` (any case); undefined otherwise. */
export function parseSex(value: string | number | boolean | undefined): 'M' | 'F' | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'm' || v === 'male') return 'M';
  if (v === 'f' || v === 'female') return 'F';
  return undefined;
}

const OPERATIONS: readonly [Operation, string][] = [
  ['cardiac', String.raw`cabg|coronary (?:artery )?bypass|sternotomy|avr|mvr|tavi|tavr|valve (?:replacement|repair)|(?:aortic|mitral) valve|heart transplant\w*|cardiac surgery|lvad (?:placement|insertion|implant\w*)|mitraclip|(?:vsd|asd|avsd)(?: patch)? (?:closure|repair)|(?:bidirectional )?glenn|fontan|norwood|arterial switch|(?:tetralogy|tof|fallot)(?: of fallot)? repair|cardiopulmonary bypass|open sternum|(?:bt|blalock[- ]taussig) shunt`],
  ['thoracic', String.raw`lobectomy|pneumonectomy|wedge resection|segmentectomy|lung resection|thoracotomy|vats|lung transplant\w*|(?:o?e)sophagectomy|ivor lewis|decortication|pleurodesis|thoracic surgery`],
  ['abdominal', String.raw`laparotomy|ex-?lap|laparoscop\w*|abdominal surgery|whipple|(?:hemi|sigmoid |total )?colectomy|anterior resection|hartmann'?s|gastrectomy|hepatectomy|bowel resection|small bowel resection|appendi?cectomy|appendectomy|cholecystectomy|splenectomy|nephrectomy|hysterectomy|cystectomy|pancreatectomy`],
  ['other', String.raw`surgery|operation|arthroplasty|mastectomy|thyroidectomy|tracheostomy|trach placed`],
];
/** An operation named after `s/p`, `post`, `after`...: the present admission unless history words precede it. */
const AFTER = String.raw`(?:s\/p|status post|post|after|following)\s+(?:[\w-]+\s+){0,3}?`;
/** Post-operative markers that need no named operation (`POD 2`, `post-op day 1`); a bare `day 5` may be an ICU or neonatal day. */
const POSTOP = /\b(?:pod\s*\d*|post[- ]?op(?:erative)?)\b/i;
const HISTORY = /\b(?:history of|hx of|previous|prior|remote|old|childhood|years ago|months ago|\d+\s*(?:months?|years?|yrs?) ago)\b/i;
const operationPatterns = OPERATIONS.map(([kind, words]) => [kind, new RegExp(String.raw`\b(?:${AFTER}(?:${words})|(?:${words})\b[^,;.]*?(?:\bday\s*\d|\d+\s*days?\s+ago|\bpod\b|today|yesterday))`, 'i'), new RegExp(String.raw`\b(?:${words})`, 'i')] as const);

const PLEURAL = /\b(?:thoracentesis|thoracocentesis|pleural (?:tap|aspiration|drain\w*)|chest (?:drain|tube)|pigtail|intercostal (?:drain|catheter|tube)|icc|pleurx|indwelling pleural catheter|(?:post|after|s\/p)\s+(?:[\w-]+\s+){0,3}?(?:drain\w*|aspiration)|icd (?:inserted|insertion|placed)|(?:effusion|(?:hydro|haemo|hemo)?pneumothorax|ptx|empyema)\b[^.]*\bicd\b|\bicd\b[^.]*\b(?:effusion|(?:hydro|haemo|hemo)?pneumothorax|ptx|empyema|ha?emothorax))/i;
const TRAUMA = /\b(?:trauma\w*|fall|fell|falls|mvc|mva|rta|rtc|motor ?vehicle|road traffic|motorcycl\w*|crash|accident|assault\w*|stab\w*|gunshot|gsw|blunt|injur\w*|kicked|hit by)\b/i;
const CRITICAL_CARE = /\b(?:intubated|intubation|ventilated|ventilator dependent|ecmo|icu|itu|nicu|daily film|on the ventilator)\b/i;
const VENTILATED = /\b(?:intubat\w*|ventilat\w*|on the ventilator|ecmo|ett)\b/i;
const RESUSCITATION = /\b(?:cpr|resuscitat\w*|resus|cardiac arrest|pea arrest|vf arrest|arrest|chest compressions?)\b/i;
const HEART_FAILURE = /\b(?:chf|ccf|heart failure|cardiac failure|cardiogenic shock|fluid overload|overload|cardiac decompensation|decompensated|cardiomyopathy)\b/i;
const CARDIAC_REASON = /\b(?:chf|ccf|heart|cardi\w*|valv\w*|avr|mvr|tav[ir]|rhd|rheumatic|cabg|sternotomy|pericard\w*|af|atrial fibrillation|arrhythm\w*|palpitation\w*|murmur|vsd|asd|pda|congenital|hypertensi\w*|htn|ihd|isch(?:a)?emic|mi|stemi|nstemi|acs|chest pain|angina|pacemaker|ppm|icd|aicd|crt-?[dp]?|lvad|vad|ecmo|impella|iabp|oedema|edema|ankle|swelling|overload|fluid|dialysis|ha?emodialysis|esrd|esrf|ckd|renal|kidney|sob|short(?:ness)? of breath|breathless\w*|dyspno?e\w*|orthopno?e\w*|pnd|syncope|hypotensi\w*|shock|cor pulmonale|amyloid\w*|thyro\w*|an(?:a)?emi\w*|pregnan\w*|post-?partum|marfan\w*|down'?s? syndrome)\b/i;
/** Devices whose placement or check the indication names: the film is taken for the device, what else it shows is incidental. */
const DEVICE = String.raw`(?:(?:central |venous |arterial |art |pa |swan |picc |midline |dialysis )?line|lines|tube|tubes|cvc|cvl|picc|port|port-?a-?cath|pacemaker|ppm|aicd|crt-?[dp]?|defibrillator|pacing wires?|leads?|ett|et tube|ngt|ng tube|ogt|nj tube|peg|iabp|balloon pump|impella|vascath|permcath|uvc|uac|umbilical (?:venous |arterial )?(?:line|catheter)|catheter|tracheostomy|trach|intubation)`;
const DEVICE_PROCEDURE = new RegExp(
  String.raw`\b(?:(?:post|after|s\/p|status post|following|new|repeat)\s+(?:[\w/-]+\s+){0,3}?${DEVICE}\b|${DEVICE}\s+(?:[\w/-]+\s+){0,3}?(?:check|position|placement|placed|inserted|insertion|implanted|implantation|sited|repositioned|re-?sited|exchange|change)\b|(?:check|confirm|assess)\s+(?:the\s+)?(?:position|placement|tip)\b|\?\s*(?:tip )?position\b|intubated (?:in|at|for)\b)`,
  'i',
);
const INFECTION = /\b(?:fever\w*|febrile|pyrexi\w*|sepsis|septic|pneumonia|vap|infect\w*|crp|consolidation|empyema)\b/i;
const TB = String.raw`(?:tb|ptb|tuberculosis|tuberculous|koch'?s|pulmonary koch'?s)`;
const KNOWN: readonly [KnownCondition, RegExp][] = [
  ['sarcoidosis', /\bsarcoid\w*/gi],
  ['old tuberculosis', new RegExp(String.raw`\b(?:(?:history of|hx of|previous|prior|old|treated|childhood|remote|past|old case of)\s+(?:[\w-]+\s+){0,3}?${TB}|${TB}\s+(?:as a child|in childhood|years ago|treated|\d+\s*(?:yrs?|years?) (?:back|ago))|treated (?:for |with )?${TB}|(?:post|completed|after) att|att (?:completed|taken|\d+ (?:yrs?|years?) (?:back|ago)))`, 'gi')],
  ['lung resection', /\b(?:lobectomy|pneumonectomy|lung resection|wedge resection|segmentectomy)\b/gi],
  ['ventricular assist device', /\b(?:lvad|vad|ventricular assist|heartmate)\b/gi],
  // silica and coal dust enlarge and calcify the hilar nodes (eggshell calcification) for life
  ['mineral dust exposure', /\b(?:silica\w*|silicosis|stone (?:crush|cutt|mason|work)\w*|stone ?cutter|sand ?blast\w*|quarry|coal (?:miner|worker|dust)|ex-?miner|miner|pneumoconiosis|foundry)\b/gi],
  ['pulmonary hypertension', /\b(?:pulmonary (?:arterial )?hypertension|\bpah\b|cteph|eisenmenger)/gi],
  ['ards', /\b(?:ards|acute respiratory distress syndrome)\b/gi],
  // lungs with little reserve: air in the pleura is a secondary pneumothorax (BTS: drained, not watched)
  ['chronic lung disease', /\b(?:copd|coad|emphysema\w*|chronic obstructive|cystic fibrosis|bronchiectasis|pulmonary fibrosis|ild|ipf|interstitial lung disease|lam|lymphangioleiomyomatosis)\b/gi],
  ['known cancer', /\b(?:cancer|ca|carcinoma|carcinoid|adenoca\w*|malignan\w*|metasta\w*|mets|lymphoma|hodgkin\w*|tumou?r|nsclc|sclc|rcc|sarcoma|melanoma|mesothelioma|myeloma|neoplasm)\b/gi],
  // an infection the indication says is being treated or followed: what it shows of it improving is the expected course
  ['treated infection', new RegExp(String.raw`\b(?:(?:pneumonia|${TB}|consolidation|infection|lrti|empyema)\b[^.;]*?\b(?:on (?:antibiotics|abx|att|treatment)|follow[- ]?up|f\/u|treated|under treatment|after \d+ (?:weeks?|days?) (?:of )?(?:antibiotics|abx|treatment))|(?:follow[- ]?up|f\/u|on att|day \d+ of (?:treatment|antibiotics)|on antibiotics|treated)\b[^.;]*?\b(?:pneumonia|${TB}|consolidation|infection))`, 'gi')],
];
/** A condition the indication asks about (`Sarcoidosis?`, `?TB`, `r/o pneumonia`) is not known: the finding answers the question. */
const QUESTION_BEFORE = /(?:\?\s*|\b(?:r\/o|rule out|query|eval(?:uate)? for|assess for|concern for|suspected|suspicion of|exclude)\s+(?:[\w-]+\s+){0,2}?)$/i;
const QUESTION_AFTER = /^[\w\s-]{0,12}\?/;

/** The known conditions the indication states, not those it asks about. */
function knownConditions(indication: string): Set<KnownCondition> {
  const out = new Set<KnownCondition>();
  for (const [k, re] of KNOWN) {
    for (const m of indication.matchAll(re)) {
      const before = indication.slice(Math.max(0, m.index - 30), m.index);
      const after = indication.slice(m.index + m[0].length);
      if (!QUESTION_BEFORE.test(before) && !QUESTION_AFTER.test(after)) {
        out.add(k);
        break;
      }
    }
  }
  return out;
}

/** Operations the indication places in the present admission. */
function recentOperations(indication: string): Set<Operation> {
  const out = new Set<Operation>();
  for (const clause of indication.split(/[,;.]|\band\b/i)) {
    if (HISTORY.test(clause)) continue;
    for (const [kind, recent, named] of operationPatterns) {
      if (recent.test(clause) || (POSTOP.test(clause) && named.test(clause))) out.add(kind);
    }
    if (POSTOP.test(clause) && out.size === 0) out.add('other');
  }
  // "Post op day 3, hypoxia" names no operation: still a recent one
  if (out.size === 0 && POSTOP.test(indication) && !HISTORY.test(indication)) out.add('other');
  return out;
}

const cache = new Map<string, Situation>();
const byObject = new WeakMap<PatientContext, Situation>();

/** The situation read from a patient context (cached by object and by its JSON: contexts repeat across findings and a corpus). */
export function readSituation(context: PatientContext): Situation {
  const seen = byObject.get(context);
  if (seen) return seen;
  const key = JSON.stringify(context);
  const hit = cache.get(key);
  if (hit) {
    byObject.set(context, hit);
    return hit;
  }
  const ind = contextValue(context, 'indication');
  const indication = typeof ind === 'string' && ind.trim() !== '' ? ind : undefined;
  const s: Situation = {
    recentOperations: indication ? recentOperations(indication) : new Set(),
    pleuralProcedure: indication ? PLEURAL.test(indication) : false,
    trauma: indication ? TRAUMA.test(indication) : false,
    criticalCare: indication ? CRITICAL_CARE.test(indication) : false,
    infectionQuestion: indication ? INFECTION.test(indication) : false,
    heartFailure: indication ? HEART_FAILURE.test(indication) : false,
    ventilated: indication ? VENTILATED.test(indication) : false,
    resuscitation: indication ? RESUSCITATION.test(indication) : false,
    cardiacReason: indication ? CARDIAC_REASON.test(indication) : false,
    deviceProcedure: indication ? DEVICE_PROCEDURE.test(indication) : false,
    known: indication ? knownConditions(indication) : new Set(),
  };
  const age = parseAge(contextValue(context, 'age'));
  const sex = parseSex(contextValue(context, 'sex'));
  if (age !== undefined) s.age = age;
  if (sex) s.sex = sex;
  if (indication) s.indication = indication;
  if (cache.size > 5000) cache.clear();
  cache.set(key, s);
  byObject.set(context, s);
  return s;
}

/** Any operation in the present admission, or only those of the given kinds. */
export function afterOperation(s: Situation, kinds?: readonly Operation[]): boolean {
  if (!kinds) return s.recentOperations.size > 0;
  return kinds.some((k) => s.recentOperations.has(k));
}
