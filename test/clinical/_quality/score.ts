/**
 * Pure scoring and validation for the labelled extraction evaluation set
 * (test/fixtures/clinical/extraction/*.yaml). Independent of the extractor: it only knows the
 * `Finding` shape (src/clinical/model.ts) and the canonical ids (src/clinical/vocabulary.ts).
 */
import { DEVICE_POSITIONS, FINDING_NAMES, LOCATIONS } from '../../../src/clinical/vocabulary.js';

export const STATUSES = ['present', 'absent', 'uncertain'] as const;
export const LATERALITIES = ['left', 'right', 'bilateral'] as const;
export const SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export const TEMPORALS = ['new', 'increased', 'decreased', 'unchanged', 'improved', 'resolved', 'worsened'] as const;
export const PLACEMENTS = ['appropriate', 'malpositioned'] as const;

/** Attributes scored over matched pairs, in table order. */
export const ATTRIBUTES = [
  'probability',
  'severity',
  'location',
  'measurementMm',
  'temporal',
  'devicePosition',
  'devicePlacement',
] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** A labelled finding: the extractor's `Finding` less id, sentence, span, severityText, dimensionsMm. */
export interface ExpectedFinding {
  name: string;
  status: (typeof STATUSES)[number];
  probability?: 1 | 2 | 3;
  severity?: (typeof SEVERITIES)[number];
  laterality?: (typeof LATERALITIES)[number];
  location?: string[];
  measurementMm?: number;
  temporal?: (typeof TEMPORALS)[number];
  devicePosition?: string;
  devicePlacement?: (typeof PLACEMENTS)[number];
}

/** What the scorer reads from a predicted finding (extra fields such as id or span are ignored). */
export interface PredictedFinding {
  name: string;
  status: string;
  probability?: number;
  severity?: string;
  laterality?: string;
  location?: readonly string[];
  measurementMm?: number;
  temporal?: string;
  devicePosition?: string;
  devicePlacement?: string;
}

export interface FixtureItem {
  /** `file#index` (index 0-based within the file). */
  where: string;
  text: string;
  findings: ExpectedFinding[];
}

export interface ScoredItem {
  where?: string;
  text: string;
  expected: readonly ExpectedFinding[];
  got: readonly PredictedFinding[];
  /** Set when the extractor threw on this item (got is then empty). */
  error?: string;
}

export interface Mismatch {
  where?: string;
  text: string;
  kind: 'missing' | 'spurious' | 'attribute' | 'error';
  attribute?: Attribute;
  expected?: string;
  got?: string;
}

export interface AttributeScore {
  correct: number;
  total: number;
  /** correct / total; 1 when total is 0 (nothing to score). */
  accuracy: number;
}

export interface Score {
  items: number;
  expected: number;
  predicted: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  attributes: Record<Attribute, AttributeScore>;
  mismatches: Mismatch[];
}

// ---------------------------------------------------------------------------------------------
// Matching and scoring

const key = (f: { name: string; status: string; laterality?: string | undefined }): string =>
  `${f.name}|${f.status}|${f.laterality ?? ''}`;

function has(f: ExpectedFinding | PredictedFinding, a: Attribute): boolean {
  const v = (f as unknown as Record<string, unknown>)[a];
  if (v === undefined || v === null) return false;
  if (Array.isArray(v) && v.length === 0) return false;
  return true;
}

function normLocation(v: unknown): string {
  return Array.isArray(v) ? [...new Set(v.map(String))].sort().join(',') : String(v);
}

/** Whether an attribute agrees between the two sides of a matched pair (both missing counts as agreement). */
export function attributeEqual(a: Attribute, expected: ExpectedFinding, got: PredictedFinding): boolean {
  const e = has(expected, a) ? (expected as unknown as Record<string, unknown>)[a] : undefined;
  const g = has(got, a) ? (got as unknown as Record<string, unknown>)[a] : undefined;
  if (e === undefined || g === undefined) return e === g;
  if (a === 'location') return normLocation(e) === normLocation(g);
  if (a === 'measurementMm') return typeof g === 'number' && Math.abs((e as number) - g) < 0.05;
  return e === g;
}

function showAttr(f: ExpectedFinding | PredictedFinding, a: Attribute): string {
  if (!has(f, a)) return '-';
  const v = (f as unknown as Record<string, unknown>)[a];
  return Array.isArray(v) ? `[${normLocation(v)}]` : String(v);
}

/** Compact one-line rendering: `name/status/laterality{attr=value,...}`. */
export function formatFinding(f: ExpectedFinding | PredictedFinding): string {
  const attrs = ATTRIBUTES.filter((a) => has(f, a)).map((a) => `${a}=${showAttr(f, a)}`);
  return `${f.name}/${f.status}${f.laterality ? `/${f.laterality}` : ''}${attrs.length ? `{${attrs.join(',')}}` : ''}`;
}

const ratio = (num: number, den: number): number => (den === 0 ? 1 : num / den);

/**
 * Scores predictions against labels. Per item, each expected finding (in order) is matched to the
 * first unused predicted finding with the same (name, status, laterality): multiset matching,
 * greedy in order. Unmatched expected findings are false negatives, unmatched predicted ones false
 * positives. Attributes are compared over matched pairs, each on the pairs where either side has it.
 */
export function scoreItems(items: readonly ScoredItem[]): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let expectedTotal = 0;
  let predictedTotal = 0;
  const attributes = Object.fromEntries(ATTRIBUTES.map((a) => [a, { correct: 0, total: 0, accuracy: 1 }])) as Record<
    Attribute,
    AttributeScore
  >;
  const mismatches: Mismatch[] = [];

  for (const item of items) {
    const base = { ...(item.where !== undefined ? { where: item.where } : {}), text: item.text };
    if (item.error !== undefined) mismatches.push({ ...base, kind: 'error', got: item.error });
    expectedTotal += item.expected.length;
    predictedTotal += item.got.length;
    const used = new Array<boolean>(item.got.length).fill(false);
    for (const e of item.expected) {
      const k = key(e);
      const j = item.got.findIndex((g, i) => !used[i] && key(g) === k);
      if (j < 0) {
        fn++;
        mismatches.push({ ...base, kind: 'missing', expected: formatFinding(e) });
        continue;
      }
      used[j] = true;
      tp++;
      const g = item.got[j]!;
      for (const a of ATTRIBUTES) {
        if (!has(e, a) && !has(g, a)) continue;
        const s = attributes[a];
        s.total++;
        if (attributeEqual(a, e, g)) s.correct++;
        else
          mismatches.push({
            ...base,
            kind: 'attribute',
            attribute: a,
            expected: `${formatFinding(e)} ${a}=${showAttr(e, a)}`,
            got: `${a}=${showAttr(g, a)}`,
          });
      }
    }
    item.got.forEach((g, i) => {
      if (used[i]) return;
      fp++;
      mismatches.push({ ...base, kind: 'spurious', got: formatFinding(g) });
    });
  }

  for (const a of ATTRIBUTES) attributes[a].accuracy = ratio(attributes[a].correct, attributes[a].total);
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    items: items.length,
    expected: expectedTotal,
    predicted: predictedTotal,
    tp,
    fp,
    fn,
    precision,
    recall,
    f1,
    attributes,
    mismatches,
  };
}

/** A compact text report: headline figures, per-attribute accuracy, and the first `limit` mismatches. */
export function formatReport(s: Score, limit = 40): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `extraction quality: ${s.items} items, ${s.expected} expected, ${s.predicted} predicted findings`,
    `  match on (name, status, laterality): tp ${s.tp}  fp ${s.fp}  fn ${s.fn}`,
    `  precision ${pct(s.precision)}  recall ${pct(s.recall)}  F1 ${pct(s.f1)}`,
    '  attribute        accuracy   correct/scored',
    ...ATTRIBUTES.map(
      (a) =>
        `  ${a.padEnd(16)} ${pct(s.attributes[a].accuracy).padStart(8)}   ${s.attributes[a].correct}/${s.attributes[a].total}`,
    ),
    `  mismatches: ${s.mismatches.length}${s.mismatches.length > limit ? ` (first ${limit} shown)` : ''}`,
  ];
  for (const m of s.mismatches.slice(0, limit)) {
    const where = m.where ? `${m.where} ` : '';
    const what =
      m.kind === 'missing'
        ? `missing  ${m.expected}`
        : m.kind === 'spurious'
          ? `spurious ${m.got}`
          : m.kind === 'error'
            ? `error    ${m.got}`
            : `attr     expected ${m.expected}, got ${m.got}`;
    lines.push(`  - ${where}${JSON.stringify(m.text)}\n      ${what}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Fixture validation

const FINDING_KEYS = new Set([
  'name',
  'status',
  'probability',
  'severity',
  'laterality',
  'location',
  'measurementMm',
  'temporal',
  'devicePosition',
  'devicePlacement',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (v: unknown, xs: readonly unknown[]) => xs.includes(v);

function findingProblems(f: unknown): string[] {
  if (!isObject(f)) return ['finding is not a mapping'];
  const p: string[] = [];
  for (const k of Object.keys(f)) if (!FINDING_KEYS.has(k)) p.push(`unknown key "${k}"`);
  if (!oneOf(f.name, FINDING_NAMES)) p.push(`name ${JSON.stringify(f.name)} is not in FINDING_NAMES`);
  if (!oneOf(f.status, STATUSES)) p.push(`status ${JSON.stringify(f.status)} is not one of ${STATUSES.join('/')}`);
  if (f.status === 'absent' && f.probability !== undefined) p.push('an absent finding has no probability');
  if (f.status === 'present' && f.probability !== 3) p.push('a present finding needs probability 3');
  if (f.status === 'uncertain' && f.probability !== 1 && f.probability !== 2)
    p.push('an uncertain finding needs probability 1 or 2');
  if (f.severity !== undefined && !oneOf(f.severity, SEVERITIES)) p.push(`bad severity ${JSON.stringify(f.severity)}`);
  if (f.laterality !== undefined && !oneOf(f.laterality, LATERALITIES))
    p.push(`bad laterality ${JSON.stringify(f.laterality)}`);
  if (f.location !== undefined) {
    const loc = f.location;
    if (!Array.isArray(loc) || loc.length === 0) p.push('location must be a non-empty list');
    else {
      for (const l of loc) if (!oneOf(l, LOCATIONS)) p.push(`location ${JSON.stringify(l)} is not in LOCATIONS`);
      const sorted = [...new Set(loc as string[])].sort();
      if (sorted.join('\u0000') !== (loc as string[]).join('\u0000')) p.push('location must be sorted and unique');
    }
  }
  if (f.measurementMm !== undefined && !(typeof f.measurementMm === 'number' && f.measurementMm > 0))
    p.push('measurementMm must be a positive number');
  if (f.temporal !== undefined && !oneOf(f.temporal, TEMPORALS)) p.push(`bad temporal ${JSON.stringify(f.temporal)}`);
  if (f.temporal === 'resolved' && f.status !== 'absent') p.push('temporal "resolved" goes with status absent');
  if (f.devicePosition !== undefined && !oneOf(f.devicePosition, DEVICE_POSITIONS))
    p.push(`devicePosition ${JSON.stringify(f.devicePosition)} is not in DEVICE_POSITIONS`);
  if (f.devicePlacement !== undefined && !oneOf(f.devicePlacement, PLACEMENTS))
    p.push(`bad devicePlacement ${JSON.stringify(f.devicePlacement)}`);
  return p;
}

/**
 * Validates one parsed fixture file (`{ items: [{ text, findings: [...] }] }`). Returns the items and
 * every problem found, as `file#index: message` lines; a fixture with problems must not be scored.
 */
export function validateFixture(data: unknown, file: string): { items: FixtureItem[]; problems: string[] } {
  const problems: string[] = [];
  const items: FixtureItem[] = [];
  if (!isObject(data) || !Array.isArray(data.items) || data.items.length === 0) {
    return { items, problems: [`${file}: expected a mapping with a non-empty "items" list`] };
  }
  for (const k of Object.keys(data)) if (k !== 'items') problems.push(`${file}: unknown top-level key "${k}"`);
  data.items.forEach((raw: unknown, i: number) => {
    const where = `${file}#${i}`;
    if (!isObject(raw)) {
      problems.push(`${where}: item is not a mapping`);
      return;
    }
    for (const k of Object.keys(raw)) if (k !== 'text' && k !== 'findings') problems.push(`${where}: unknown key "${k}"`);
    if (typeof raw.text !== 'string' || raw.text.trim() === '') problems.push(`${where}: text must be a non-empty string`);
    if (!Array.isArray(raw.findings)) {
      problems.push(`${where}: findings must be a list (possibly empty)`);
      return;
    }
    raw.findings.forEach((f: unknown, j: number) => {
      for (const m of findingProblems(f)) problems.push(`${where} finding ${j}: ${m}`);
    });
    items.push({ where, text: String(raw.text), findings: raw.findings as ExpectedFinding[] });
  });
  return { items, problems };
}
