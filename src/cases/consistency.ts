import type { Bound, Comparison, Relation } from './relations.js';

/** A relation with the index of the `expect` item it came from (for error positions). */
export type IndexedRelation = Relation & { index: number };

export interface Contradiction {
  /** The `expect` item that completes the contradiction. */
  index: number;
  message: string;
}

interface Edge { to: string; strict: boolean; rel: Comparison & { index: number } }

/**
 * Finds a set of relations no scores can satisfy: a cycle of "better or equal" that contains
 * a strict step (`a > b`, `b >= a`), or bounds on one label with an empty range.
 */
export function findContradiction(relations: IndexedRelation[]): Contradiction | undefined {
  return orderContradiction(relations) ?? boundContradiction(relations);
}

function orderContradiction(relations: IndexedRelation[]): Contradiction | undefined {
  const graph = new Map<string, Edge[]>();
  const add = (from: string, e: Edge) => graph.set(from, [...(graph.get(from) ?? []), e]);
  const compares = relations.filter((r): r is Comparison & { index: number } => r.type === 'compare');
  for (const r of compares) {
    add(r.left, { to: r.right, strict: r.op === '>', rel: r });
    if (r.op === '=') add(r.right, { to: r.left, strict: false, rel: r });
  }
  for (const r of compares) {
    if (r.op !== '>') continue;
    const back = pathBetween(graph, r.right, r.left);
    if (back) {
      const involved = [r, ...back];
      const index = Math.max(...involved.map((x) => x.index));
      const texts = [...new Set(involved.map((x) => x.text))];
      return { index, message: `contradictory relations: ${texts.join(', ')} cannot all hold` };
    }
  }
  return undefined;
}

/** BFS from `from` to `to`; returns the relations along the path, or undefined. */
function pathBetween(graph: Map<string, Edge[]>, from: string, to: string): Edge['rel'][] | undefined {
  const via = new Map<string, Edge['rel'] & { prev: string }>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) {
      const path: Edge['rel'][] = [];
      for (let n = to; n !== from; n = via.get(n)!.prev) path.unshift(via.get(n)!);
      return path;
    }
    for (const e of graph.get(node) ?? []) {
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      via.set(e.to, { ...e.rel, prev: node });
      queue.push(e.to);
    }
  }
  return undefined;
}

function boundContradiction(relations: IndexedRelation[]): Contradiction | undefined {
  const byLabel = new Map<string, (Bound & { index: number })[]>();
  for (const r of relations) if (r.type === 'bound') byLabel.set(r.label, [...(byLabel.get(r.label) ?? []), r]);
  for (const bounds of byLabel.values()) {
    let lo = -Infinity, loStrict = false, hi = Infinity, hiStrict = false;
    for (const b of bounds) {
      if (b.op === '>' || b.op === '>=' || b.op === '=') {
        const strict = b.op === '>';
        if (b.value > lo || (b.value === lo && strict)) [lo, loStrict] = [b.value, strict];
      }
      if (b.op === '<' || b.op === '<=' || b.op === '=') {
        const strict = b.op === '<';
        if (b.value < hi || (b.value === hi && strict)) [hi, hiStrict] = [b.value, strict];
      }
      if (lo > hi || (lo === hi && (loStrict || hiStrict))) {
        return { index: b.index, message: `contradictory bounds: ${bounds.map((x) => x.text).join(', ')} leave no possible score` };
      }
    }
  }
  return undefined;
}
