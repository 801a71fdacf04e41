import { isMap, isPair, isScalar, type Document, type LineCounter, type Node } from 'yaml';

export type Path = readonly (string | number)[];

/**
 * The deepest node along `path` that exists in the document; with `key`, the node of that
 * key inside the map found (for "unknown key" messages). Falls back to the document root.
 */
export function nodeFor(doc: Document, path: Path, key?: string): Node | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    if (node === undefined || node === null || typeof node !== 'object' || !('range' in node)) continue;
    if (key !== undefined && n === path.length && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
      if (pair && isScalar(pair.key)) return pair.key as Node;
    }
    return node;
  }
  return (doc.contents as Node | null) ?? undefined;
}

/** Line and column (1-based) of a node, or of an offset. */
export function positionOf(counter: LineCounter, target: Node | number | undefined): { line: number; column: number } {
  const offset = typeof target === 'number' ? target : (target?.range?.[0] ?? 0);
  const { line, col } = counter.linePos(offset);
  return { line, column: col };
}
