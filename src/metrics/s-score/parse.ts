import { jsonrepair } from 'jsonrepair';
import { type NegativeFinding, type PositiveFinding, type Probability, type StructuredReport } from './report.js';

/**
 * Tolerant parsing of structured reports (issue 4, item 1). The paper loads model output with
 * json-repair before parsing; here a string goes through `jsonrepair` (code fences, prose around
 * the JSON, trailing commas, single quotes, truncated output), and the parsed value (or an
 * object given directly) is mapped onto the canonical form: common key spellings, findings as
 * objects, bare strings, or objects keyed by disease. A report that still cannot be read is a
 * failure with the reason; nothing is silently scored as empty here.
 */

export type ParseResult =
  | { ok: true; report: StructuredReport; warnings: string[] }
  | { ok: false; reason: string };

/** Lowercase letters and digits only: `Positive_Findings` and `positive findings` -> `positivefindings`. */
const keyOf = (k: string): string => k.toLowerCase().replace(/[^a-z0-9]/g, '');

const POSITIVE_KEYS = new Set(['positive', 'positives', 'positivefindings', 'positivefinding', 'positivediseases', 'positivedisease', 'pos', 'present', 'presentfindings', 'abnormal', 'abnormalities', 'abnormalfindings']);
const NEGATIVE_KEYS = new Set(['negative', 'negatives', 'negativefindings', 'negativefinding', 'negativediseases', 'negativedisease', 'neg', 'absent', 'absentfindings', 'normalfindings']);
const LIST_KEYS = new Set(['findings', 'diseases', 'results', 'items', 'entities']);
const NAME_KEYS = new Set(['name', 'disease', 'diseasename', 'finding', 'findingname', 'label', 'condition', 'entity', 'observation', 'pathology']);
const PROB_KEYS = new Set(['probability', 'prob', 'certainty', 'confidence', 'likelihood']);
const LEVEL_KEYS = new Set(['level', 'severity', 'severitylevel', 'grade', 'degree']);
const LOC_KEYS = new Set(['location', 'loc', 'locations', 'site', 'position', 'anatomicallocation', 'anatomy', 'region']);
const STATUS_KEYS = new Set(['status', 'type', 'presence', 'polarity', 'present', 'positive', 'labeltype', 'kind']);

/** Values meaning "not stated" in LLM output. */
const ABSENT_WORDS = new Set(['', 'none', 'null', 'nil', 'n/a', 'na', 'nan', 'unknown', 'unspecified', 'not specified', 'not stated', 'not applicable', '-', '--', 'undefined']);

const PROB_WORDS: Record<string, Probability> = {
  definite: 3, definitely: 3, certain: 3, high: 3, present: 3, confirmed: 3, yes: 3,
  likely: 2, probable: 2, probably: 2, moderate: 2, medium: 2,
  possible: 1, possibly: 1, low: 1, uncertain: 1, may: 1, might: 1, could: 1, questionable: 1, unlikely: 1,
};

const POSITIVE_STATUS = new Set(['positive', 'present', 'pos', 'yes', 'true', 'abnormal', 'uncertain', 'possible', 'likely']);
const NEGATIVE_STATUS = new Set(['negative', 'absent', 'neg', 'no', 'false', 'normal', 'excluded', 'ruledout']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const keyCache = new Map<string, string>();

/** The first own key of `o` whose normalized spelling is in `keys`, if any. */
function findKey(o: Obj, keys: ReadonlySet<string>): string | undefined {
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    let norm = keyCache.get(k);
    if (norm === undefined) {
      norm = keyOf(k);
      if (keyCache.size < 1000) keyCache.set(k, norm);
    }
    if (keys.has(norm)) return k;
  }
  return undefined;
}

/** A short, one-line excerpt of text for error messages. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

/** Candidate JSON regions of a string, most specific first. */
function regions(text: string): string[] {
  const out: string[] = [];
  const fence = /```[a-zA-Z0-9_-]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/.exec(text);
  if (fence?.[1]?.trim()) out.push(fence[1].trim());
  const first = text.search(/[{[]/);
  if (first >= 0) {
    out.push(text.slice(first));
    const last = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
    if (last > first) out.push(text.slice(first, last + 1));
  }
  out.push(text);
  return [...new Set(out)];
}

/**
 * Parses a structured report given as JSON text, as a parsed object, or as a list of findings
 * with a status. Never throws.
 */
export function parseStructuredReport(input: unknown): ParseResult {
  if (typeof input !== 'string') return normalize(input);
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty report text (no JSON)' };
  try {
    return normalize(JSON.parse(text));
  } catch {
    /* not strict JSON: repair below */
  }
  // Prose ("Enteric tube coiled in the upper oesophagus, tip not seen.") has no JSON object or list:
  // repairing it would turn its commas into a list of fragments and score them as findings.
  if (!/[{[]/.test(text)) return { ok: false, reason: `not a structured report: got a string of prose (no JSON object or list): ${excerpt(text)}` };
  let firstReason: string | undefined;
  for (const region of regions(text)) {
    // Only a region that starts a JSON value is repaired; the whole text with prose before the JSON is not.
    if (!/^[{[]/.test(region)) continue;
    let value: unknown;
    try {
      value = JSON.parse(jsonrepair(region));
    } catch (e) {
      firstReason ??= `not JSON even after repair (${(e as Error).message})`;
      continue;
    }
    // Text after an object (prose, a second block) makes jsonrepair return a list of values.
    if (region.startsWith('{') && Array.isArray(value)) {
      firstReason ??= 'text follows the JSON object';
      continue;
    }
    const result = normalize(value);
    if (result.ok) return { ...result, warnings: ['repaired malformed JSON', ...result.warnings] };
    firstReason ??= result.reason;
  }
  return { ok: false, reason: `${firstReason ?? 'not JSON'}: ${excerpt(text)}` };
}

/** Maps a parsed JSON value onto the canonical report. */
export function normalize(value: unknown): ParseResult {
  const warnings: string[] = [];
  const report = toReport(value, warnings, 0);
  if (typeof report === 'string') return { ok: false, reason: report };
  // Built field by field above, so it satisfies StructuredReportSchema (the unit tests check it).
  return { ok: true, report, warnings };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value} (${excerpt(String(value), 40)})`;
}

/** The report, or the reason it is not one. */
function toReport(value: unknown, warnings: string[], depth: number): StructuredReport | string {
  if (Array.isArray(value)) return fromStatusList(value, warnings);
  if (!isObj(value)) return `not a structured report: got ${describe(value)}, expected an object with positive and negative findings`;
  const posKey = findKey(value, POSITIVE_KEYS);
  const negKey = findKey(value, NEGATIVE_KEYS);
  if (posKey !== undefined || negKey !== undefined) {
    return {
      positive: posKey === undefined ? [] : positives(value[posKey], warnings),
      negative: negKey === undefined ? [] : negatives(value[negKey], warnings),
    };
  }
  const listKey = findKey(value, LIST_KEYS);
  if (listKey !== undefined) {
    const inner = value[listKey];
    if (Array.isArray(inner)) return fromStatusList(inner, warnings);
    if (isObj(inner) && depth < 3) return toReport(inner, warnings, depth + 1);
  }
  const keys = Object.keys(value);
  if (keys.length === 0) {
    warnings.push('empty object: no findings');
    return { positive: [], negative: [] };
  }
  // A wrapper such as {"report": {...}} or {"structured_report": {...}}.
  if (keys.length === 1 && (isObj(value[keys[0]!]) || Array.isArray(value[keys[0]!])) && depth < 3) {
    const inner = toReport(value[keys[0]!], warnings, depth + 1);
    if (typeof inner !== 'string') return inner;
  }
  return `not a structured report: no positive or negative findings (keys: ${keys.slice(0, 8).join(', ')})`;
}

/** A list of findings that each say whether they are positive or negative. */
function fromStatusList(list: unknown[], warnings: string[]): StructuredReport {
  const report: StructuredReport = { positive: [], negative: [] };
  list.forEach((item, i) => {
    if (!isObj(item)) {
      const f = positiveOf(item, warnings, `finding ${i + 1}`);
      if (f) {
        warnings.push(`finding ${i + 1} has no status: counted as positive`);
        report.positive.push(f);
      }
      return;
    }
    const statusKey = findKey(item, STATUS_KEYS);
    const status = statusKey === undefined ? undefined : keyOf(String(item[statusKey]));
    const rest = statusKey === undefined ? item : Object.fromEntries(Object.entries(item).filter(([k]) => k !== statusKey));
    if (status !== undefined && NEGATIVE_STATUS.has(status)) {
      const name = nameOf(rest);
      if (name) report.negative.push({ name });
      else warnings.push(`finding ${i + 1} has no name: ignored`);
      return;
    }
    if (status === undefined || !POSITIVE_STATUS.has(status)) warnings.push(`finding ${i + 1} has ${status === undefined ? 'no' : `an unknown (${status})`} status: counted as positive`);
    const f = positiveOf(rest, warnings, `finding ${i + 1}`);
    if (f) report.positive.push(f);
  });
  return report;
}

/** A value's entries as findings: a list, an object keyed by disease, one string, or nothing. */
function entries(value: unknown): { item: unknown; keyName?: string }[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => ({ item }));
  if (isObj(value)) {
    // One finding object ({"name": ...}) or an object keyed by disease.
    if (findKey(value, NAME_KEYS) !== undefined) return [{ item: value }];
    return Object.entries(value).map(([keyName, item]) => ({ item, keyName }));
  }
  if (typeof value === 'string') return value.trim() && !ABSENT_WORDS.has(value.trim().toLowerCase()) ? [{ item: value }] : [];
  return [{ item: value }];
}

function positives(value: unknown, warnings: string[]): PositiveFinding[] {
  const out: PositiveFinding[] = [];
  entries(value).forEach(({ item, keyName }, i) => {
    const where = keyName === undefined ? `positive finding ${i + 1}` : `positive finding "${keyName}"`;
    const f = keyName === undefined ? positiveOf(item, warnings, where) : positiveOf(isObj(item) ? { ...item, name: nameOf(item) ?? keyName } : keyedScalar(keyName, item), warnings, where);
    if (f) out.push(f);
  });
  return out;
}

/** `{"pleural effusion": "mild"}`: a scalar under a disease key is its level; true/1/null mean just the name. */
function keyedScalar(name: string, value: unknown): Obj {
  if (typeof value === 'string' && !ABSENT_WORDS.has(value.trim().toLowerCase())) return { name, level: value };
  return { name };
}

function negatives(value: unknown, warnings: string[]): NegativeFinding[] {
  const out: NegativeFinding[] = [];
  entries(value).forEach(({ item, keyName }, i) => {
    const name = keyName ?? (isObj(item) ? nameOf(item) : scalarName(item));
    if (name) out.push({ name });
    else warnings.push(`negative finding ${i + 1} has no name: ignored`);
  });
  return out;
}

function scalarName(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t && !ABSENT_WORDS.has(t.toLowerCase()) ? t : undefined;
}

function nameOf(o: Obj): string | undefined {
  const k = findKey(o, NAME_KEYS);
  return k === undefined ? undefined : scalarName(o[k]);
}

function positiveOf(item: unknown, warnings: string[], where: string): PositiveFinding | undefined {
  if (!isObj(item)) {
    const name = scalarName(item);
    if (!name) warnings.push(`${where} has no name: ignored`);
    return name ? { name } : undefined;
  }
  const name = nameOf(item);
  if (!name) {
    warnings.push(`${where} has no name: ignored`);
    return undefined;
  }
  const f: PositiveFinding = { name };
  const pk = findKey(item, PROB_KEYS);
  if (pk !== undefined) {
    const p = probabilityOf(item[pk]);
    if (p === 'invalid') warnings.push(`${where} (${name}): probability ${JSON.stringify(item[pk])} is not 1, 2 or 3: treated as absent`);
    else if (p !== undefined) f.probability = p;
  }
  const lk = findKey(item, LEVEL_KEYS);
  if (lk !== undefined) {
    const level = textOf(item[lk]);
    if (level !== undefined) f.level = level;
  }
  const ck = findKey(item, LOC_KEYS);
  if (ck !== undefined) {
    const loc = textOf(item[ck]);
    if (loc !== undefined) f.location = loc;
  }
  return f;
}

/** 1..3 from a number, a numeric string or a hedge word; undefined when absent. */
export function probabilityOf(v: unknown): Probability | undefined | 'invalid' {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return v === 1 || v === 2 || v === 3 ? v : 'invalid';
  if (typeof v !== 'string') return 'invalid';
  const t = v.trim().toLowerCase();
  if (ABSENT_WORDS.has(t)) return undefined;
  if (/^[+]?\d+(\.0+)?$/.test(t)) {
    const n = Number(t);
    return n === 1 || n === 2 || n === 3 ? n : 'invalid';
  }
  return PROB_WORDS[t] ?? 'invalid';
}

/** Text of a level or location: strings trimmed, numbers as written, lists joined by spaces. */
function textOf(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(textOf).filter((x): x is string => x !== undefined);
    return parts.length ? parts.join(' ') : undefined;
  }
  if (typeof v !== 'string') return undefined;
  const t = v.trim().replace(/\s+/g, ' ');
  return ABSENT_WORDS.has(t.toLowerCase()) ? undefined : t;
}
