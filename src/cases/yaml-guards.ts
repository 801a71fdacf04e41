import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';

/** Limits every YAML read applies alike (validate, list, run): see yaml-file.ts. */
export const YAML_LIMITS = {
  /** yaml's own budget for alias expansion (counts nested expansions, so bombs stop early). */
  maxAliasCount: 100,
  /** Nesting of mappings and lists. */
  maxDepth: 64,
} as const;

/** Keys that would change an object's prototype or shadow its methods when copied. */
const RESERVED_KEYS = new Set(['__proto__']);

/**
 * Cheap pre-scan of the text for flow nesting (`[[[[...`), before the parser recurses into
 * it: very deep flow collections can exhaust memory inside the parser, beyond any catch.
 * Quoted strings and comments are skipped; returns the offset where the limit is passed.
 */
export function flowDepthOverflow(text: string, limit = YAML_LIMITS.maxDepth): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x22 || c === 0x27) {
      // a quote opens a string only at the start of a token
      const prev = i > 0 ? text[i - 1]! : ' ';
      if (/[\s[{,:-]/.test(prev)) i = skipQuoted(text, i);
    } else if (c === 0x23 && (i === 0 || /\s/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    }
  }
  return undefined;
}

function skipQuoted(text: string, start: number): number {
  const q = text[start]!;
  for (let i = start + 1; i < text.length; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return text.length;
}

/** What is refused in a parsed document: where (a node) and why. */
export interface Refusal {
  node: Node | undefined;
  message: string;
}

/**
 * Walks the document iteratively (no recursion, so depth cannot overflow the stack) and
 * refuses tags (read as strings before, silently), reserved keys and too-deep nesting.
 */
export function refuse(doc: Document): Refusal | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!node || typeof node !== 'object' || isAlias(node)) continue;
    const n = node as Node;
    if ('tag' in n && typeof n.tag === 'string' && n.tag.length > 0) {
      return { node: n, message: `YAML tags are not supported (${n.tag}): write plain values` };
    }
    if (isMap(n) || isSeq(n)) {
      if (depth >= YAML_LIMITS.maxDepth) return { node: n, message: `nesting deeper than ${YAML_LIMITS.maxDepth} levels` };
      for (const item of n.items) {
        if (isPair(item)) {
          if (isScalar(item.key) && RESERVED_KEYS.has(String(item.key.value))) {
            return { node: item.key, message: `"${String(item.key.value)}" is a reserved key: rename it` };
          }
          stack.push({ node: item.key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
        } else stack.push({ node: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** The first alias in the document (where an expansion error is reported). */
export function firstAlias(doc: Document): Node | undefined {
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n || typeof n !== 'object') continue;
    if (isAlias(n)) return n;
    if (isMap(n) || isSeq(n)) for (const item of [...n.items].reverse()) stack.push(...(isPair(item) ? [item.value, item.key] : [item]));
  }
  return undefined;
}
