/**
 * Patterns for protected health information in case text. They are deliberately broad
 * (a false alarm costs a rewording; a leaked identifier cannot be taken back) and
 * deliberately blind to clinical numbers: sizes (`4 cm`), levels (`T8`), counts.
 */
export interface PhiMatch {
  rule: string;
  /** Offset of the match in the string. */
  index: number;
  text: string;
  what: string;
}

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';

const PATTERNS: { rule: string; what: string; re: RegExp }[] = [
  { rule: 'phi/date', what: 'a date', re: /\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b/g },
  { rule: 'phi/date', what: 'a date', re: /\b(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])\b/g },
  { rule: 'phi/date', what: 'a date', re: new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+(?:19|20)\\d{2}\\b`, 'gi') },
  { rule: 'phi/date', what: 'a date', re: new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(?:19|20)\\d{2}\\b`, 'gi') },
  {
    rule: 'phi/record-number',
    what: 'a record number',
    re: /\b(?:MRN|medical record(?: number| no\.?)?|record (?:number|no\.?|#)|accession(?: number| no\.?| #)?|patient (?:id|number)|hospital (?:number|no\.?)|NHS (?:number|no\.?)|SSN)\s*(?:is\s*)?[:#]?\s*[A-Z]{0,3}-?\d[\d-]{3,}/gi,
  },
  { rule: 'phi/record-number', what: 'a long number (record-like)', re: /(?<![\d.])\d{7,}(?![\d.])/g },
  { rule: 'phi/phone', what: 'a phone number', re: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/g },
  { rule: 'phi/name', what: 'a name after a title', re: /\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Miss)\.?\s+[A-Z][A-Za-z'’-]+/g },
  { rule: 'phi/age', what: 'an age over 89', re: /\b(?:9\d|1[0-4]\d)[- ]?(?:years?|yrs?|y)[- ]?old\b/gi },
  { rule: 'phi/age', what: 'an age over 89', re: /\b(?:age[ds]?|aged)\s*:?\s*(?:9\d|1[0-4]\d)\b/gi },
  { rule: 'phi/age', what: 'an age over 89', re: /\b0?(?:9\d|1[0-4]\d)Y\b/g },
];

/** Every PHI-like match in a string, in text order. */
export function findPhi(text: string): PhiMatch[] {
  const out: PhiMatch[] = [];
  for (const { rule, what, re } of PATTERNS) {
    for (const m of text.matchAll(re)) out.push({ rule, what, index: m.index ?? 0, text: m[0] });
  }
  // A date is also a run of digits; keep one finding per span (the earliest rule wins).
  out.sort((a, b) => a.index - b.index);
  return out.filter((m, i) => !out.slice(0, i).some((p) => m.index < p.index + p.text.length && p.index < m.index + m.text.length));
}

/** An age value (number, "95", "095Y", "95 years") over 89, as the number; else undefined. */
export function ageOver89(value: unknown): number | undefined {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const m = /^\s*(\d{1,3})\s*(?:y|yr|yrs|years?)?\s*$/i.exec(value);
    if (m) n = Number(m[1]);
  }
  return n !== undefined && n > 89 ? n : undefined;
}

/** Keys whose values are not case text: contributor names and ids may look like PHI. */
export const NOT_TEXT_KEYS = new Set(['$schema', 'id', 'kind', 'capability', 'tags', 'provenance', 'metrics', 'path', 'rater']);

export function isAgeKey(key: string | number | undefined): boolean {
  return typeof key === 'string' && /^(?:patient[_ ]?)?age$/i.test(key);
}
