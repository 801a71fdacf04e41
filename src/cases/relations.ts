/**
 * The relation grammar of `expect` (DESIGN §2):
 *
 *   chain   := operand (op operand)+
 *   op      := '>' | '>=' | '=' | '==' | '<' | '<='
 *   operand := label | number
 *
 * A chain means each adjacent pair (`a > b >= c` is `a > b` and `b >= c`). Two labels
 * compare scores in the metric's direction ("better"); a label and a number is a bound on
 * the raw value (`a >= 0.8`). `<`/`<=` between labels are rewritten as `>`/`>=` flipped.
 */

export type Op = '>' | '>=' | '=' | '<' | '<=';

/** `left` is better than / at least as good as / tied with `right`. */
export interface Comparison {
  type: 'compare';
  left: string;
  op: '>' | '>=' | '=';
  right: string;
  /** The pair as the user would read it. */
  text: string;
}

/** A bound on one candidate's raw score. */
export interface Bound {
  type: 'bound';
  label: string;
  op: Op;
  value: number;
  text: string;
}

export type Relation = Comparison | Bound;

const TOKEN = /\s*(>=|<=|==|>|<|=|-?\d+(?:\.\d+)?(?:e-?\d+)?|[A-Za-z_][\w.-]*)\s*/gy;
const NUMBER = /^-?\d/;

/** Split an expression into tokens; throws on anything it cannot read, naming the offset. */
function tokenize(expr: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(expr);
    if (!m) throw new Error(`cannot read "${expr.slice(at)}" in "${expr}"`);
    tokens.push(m[1]!);
  }
  return tokens;
}

const isOp = (t: string): boolean => /^(>=|<=|==|>|<|=)$/.test(t);
const flip: Record<Op, Op> = { '>': '<', '>=': '<=', '=': '=', '<': '>', '<=': '>=' };

function pair(a: string, rawOp: string, b: string): Relation {
  const op = (rawOp === '==' ? '=' : rawOp) as Op;
  const aNum = NUMBER.test(a);
  const bNum = NUMBER.test(b);
  if (aNum && bNum) throw new Error(`"${a} ${rawOp} ${b}" compares two numbers`);
  if (bNum) return { type: 'bound', label: a, op, value: Number(b), text: `${a} ${op} ${b}` };
  if (aNum) return { type: 'bound', label: b, op: flip[op], value: Number(a), text: `${b} ${flip[op]} ${a}` };
  const text = `${a} ${op} ${b}`;
  if (op === '<') return { type: 'compare', left: b, op: '>', right: a, text };
  if (op === '<=') return { type: 'compare', left: b, op: '>=', right: a, text };
  return { type: 'compare', left: a, op, right: b, text };
}

const parsed = new Map<string, Relation[]>();

/**
 * Parse one expression (possibly a chain) into pairwise relations. Results are memoised:
 * a corpus repeats the same few expressions thousands of times. Callers must not mutate them.
 * @throws Error saying what could not be read.
 */
export function parseRelation(expr: string): Relation[] {
  let out = parsed.get(expr);
  if (!out) {
    out = parseUncached(expr);
    parsed.set(expr, out);
  }
  return out;
}

function parseUncached(expr: string): Relation[] {
  const tokens = tokenize(expr.trim());
  if (tokens.length < 3 || tokens.length % 2 === 0) {
    throw new Error(`"${expr}" is not a relation: write "a > b", "a = b", "a > b >= c" or "a >= 0.8"`);
  }
  const out: Relation[] = [];
  for (let i = 0; i + 2 < tokens.length; i += 2) {
    const [a, op, b] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (isOp(a) || !isOp(op) || isOp(b)) throw new Error(`"${expr}": expected operand, operator, operand near "${a} ${op} ${b}"`);
    out.push(pair(a, op, b));
  }
  return out;
}

/** Labels a relation names. */
export function labelsOf(r: Relation): string[] {
  return r.type === 'compare' ? [r.left, r.right] : [r.label];
}
