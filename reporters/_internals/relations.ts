/**
 * Reading relation strings back (`exact > wrong_side`) to find the candidate a case expects
 * to be best and to show the expected order. Deliberately tolerant: an unreadable relation
 * is shown as written and simply ignored here.
 */
import type { ExpectationResult } from '../../src/runner/results.js';

const OPERAND = String.raw`([A-Za-z_][\w.:-]*|-?\d+(?:\.\d+)?(?:e-?\d+)?)`;
const PAIR = new RegExp(String.raw`^\s*${OPERAND}\s*(>=|<=|==|>|<|=)\s*${OPERAND}\s*$`);

export interface Pair {
  left: string;
  op: string;
  right: string;
}

export function parsePair(relation: string): Pair | undefined {
  const m = PAIR.exec(relation);
  return m ? { left: m[1]!, op: m[2]!, right: m[3]! } : undefined;
}

/**
 * The candidate the expectations put on top: better than some candidate and worse than
 * none. Falls back to the first candidate in case order.
 */
export function topExpected(expectations: ExpectationResult[], labels: string[]): string | undefined {
  const known = new Set(labels);
  const better = new Set<string>();
  const worse = new Set<string>();
  for (const e of expectations) {
    const p = parsePair(e.relation);
    if (!p || !known.has(p.left) || !known.has(p.right) || p.op === '=' || p.op === '==') continue;
    const [hi, lo] = p.op.startsWith('>') ? [p.left, p.right] : [p.right, p.left];
    better.add(hi);
    worse.add(lo);
  }
  return labels.find((l) => better.has(l) && !worse.has(l)) ?? labels[0];
}

const rising = (op: string) => op.startsWith('>') || op === '=' || op === '==';

/**
 * Adjacent pairs joined back into chains: `a > b`, `b >= c` reads `a > b >= c`. Only pairs
 * facing the same way join: `a > b` and the bound `b <= 0.5` are two relations, never the
 * chain `a > b <= 0.5`.
 */
export function expectedChain(expectations: ExpectationResult[]): string {
  const parts: string[] = [];
  let tail: string | undefined;
  let last: Pair | undefined;
  for (const e of expectations) {
    const p = parsePair(e.relation);
    const joins = p && last && rising(p.op) === rising(last.op);
    last = p;
    if (p && joins && tail !== undefined && p.left === tail && parts.length > 0) {
      parts[parts.length - 1] += ` ${p.op} ${p.right}`;
    } else {
      parts.push(e.relation.trim());
    }
    tail = p?.right;
  }
  return parts.join(', ');
}
