import { isMap, isPair, isScalar, isSeq, Scalar, type Node } from 'yaml';

export interface ScalarVisit {
  path: (string | number)[];
  node: Scalar;
}

/** Every scalar value node with its key path (keys themselves are not visited). */
export function scalars(root: Node | null | undefined, path: (string | number)[] = [], out: ScalarVisit[] = []): ScalarVisit[] {
  if (!root) return out;
  if (isScalar(root)) out.push({ path, node: root });
  else if (isMap(root)) {
    for (const item of root.items) {
      if (!isPair(item)) continue;
      const key = isScalar(item.key) ? (item.key.value as string | number) : String(item.key);
      scalars(item.value as Node | null, [...path, key], out);
    }
  } else if (isSeq(root)) root.items.forEach((item, i) => scalars(item as Node, [...path, i], out));
  return out;
}

/**
 * The source offset of `match` found at `index` in the scalar's value: located in the
 * node's source text when it appears there verbatim, else the node's start.
 */
export function offsetIn(source: string, node: Scalar, index: number, match: string): number {
  const [start, , end] = node.range ?? [0, 0, 0];
  const raw = source.slice(start, end);
  const quote = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE ? 1 : 0;
  if (raw.slice(quote + index, quote + index + match.length) === match) return start + quote + index;
  const found = raw.indexOf(match);
  return found >= 0 ? start + found : start;
}
