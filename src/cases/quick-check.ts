/**
 * A quick check of the two common case shapes (ranking and score cases with text reports)
 * before zod: true only where CaseSchema (schema.ts) accepts the entry and returns it as it
 * is; anything else, including every invalid entry, goes to zod, which gives the messages.
 * zod's deep copy and checks cost a third of loading at 100,000 cases; this reads the entry
 * once. test/cases/quick-check.test.ts checks it against zod on shipped and mutated cases.
 */
type Obj = Record<string, unknown>;

const COMMON = new Set(['$schema', 'id', 'title', 'capability', 'tags', 'rationale', 'provenance', 'metrics', 'tolerance', 'context', 'todo', 'kind']);
const RANKING = new Set([...COMMON, 'reference', 'candidates', 'expect']);
const SCORE = new Set([...COMMON, 'reference', 'candidate', 'expect']);
const EXPECTATION = new Set(['value', 'tolerance', 'min', 'max', 'error']);

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype;
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isStrings = (x: unknown): boolean => Array.isArray(x) && x.every((s) => typeof s === 'string');
const optional = (x: unknown, ok: (v: unknown) => boolean): boolean => x === undefined || ok(x);

function onlyKeys(o: Obj, allowed: Set<string>): boolean {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
}

function isContext(x: unknown): boolean {
  if (!isObj(x)) return false;
  for (const k in x) {
    const v = x[k];
    if (!(typeof v === 'string' || typeof v === 'boolean' || isNum(v))) return false;
  }
  return true;
}

function commonOk(o: Obj): boolean {
  return optional(o.$schema, (v) => typeof v === 'string')
    && optional(o.id, (v) => typeof v === 'string' && v.length > 0)
    && optional(o.title, (v) => typeof v === 'string')
    && optional(o.capability, (v) => typeof v === 'string' && v.length > 0)
    && optional(o.tags, isStrings)
    && optional(o.rationale, (v) => typeof v === 'string')
    && optional(o.provenance, provenanceOk)
    && optional(o.tolerance, (v) => isNum(v) && v >= 0)
    && optional(o.context, isContext)
    && optional(o.todo, (v) => typeof v === 'boolean' || (typeof v === 'string' && v.length > 0))
    && optional(o.metrics, (v) => isObj(v) && onlyKeys(v, new Set(['only', 'skip'])) && optional(v.only, isStrings) && optional(v.skip, isStrings));
}

/** ProvenanceSchema is loose: its four fields typed, any other key kept as it is. */
function provenanceOk(p: unknown): boolean {
  if (!isObj(p)) return false;
  const str = (v: unknown) => typeof v === 'string';
  return optional(p.author, str) && optional(p.source, str) && optional(p.license, str) && optional(p.reviewed_by, (v) => str(v) || isStrings(v));
}

function candidateOk(c: unknown): boolean {
  if (typeof c === 'string') return true;
  return isObj(c) && typeof c.text === 'string' && onlyKeys(c, new Set(['text', 'context'])) && optional(c.context, isContext);
}

function expectationOk(e: unknown): boolean {
  if (!isObj(e) || !onlyKeys(e, EXPECTATION)) return false;
  const { value, tolerance, min, max, error } = e;
  return optional(value, isNum) && optional(tolerance, (v) => isNum(v) && v >= 0) && optional(min, isNum) && optional(max, isNum)
    && optional(error, (v) => typeof v === 'boolean' || typeof v === 'string')
    && (min === undefined || max === undefined || (min as number) <= (max as number));
}

/** Whether `raw` (one case entry, defaults merged) is a valid ranking or score case of the common shape. */
export function quickCase(raw: Obj): boolean {
  if (raw.kind === 'ranking') {
    if (!onlyKeys(raw, RANKING) || !commonOk(raw) || typeof raw.reference !== 'string') return false;
    const { candidates, expect } = raw;
    if (!isObj(candidates) || Object.keys(candidates).length === 0 || !Object.values(candidates).every(candidateOk)) return false;
    return typeof expect === 'string' || (Array.isArray(expect) && expect.length > 0 && isStrings(expect));
  }
  if (raw.kind === 'score') {
    if (!onlyKeys(raw, SCORE) || !commonOk(raw) || typeof raw.reference !== 'string' || typeof raw.candidate !== 'string') return false;
    return isObj(raw.expect) && Object.values(raw.expect).every(expectationOk);
  }
  return false;
}
