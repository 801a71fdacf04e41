import { z } from 'zod';

const memo = new WeakMap<z.ZodType, string[]>();

/** Every field name a schema knows, at any depth (from its JSON Schema): the words a typo is compared with. */
export function fieldNames(schema: z.ZodType): string[] {
  const known = memo.get(schema);
  if (known) return known;
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const props = (node as { properties?: unknown }).properties;
    if (props && typeof props === 'object') Object.keys(props).forEach((k) => names.add(k));
    Object.values(node).forEach(walk);
  };
  try {
    walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    /* a schema JSON Schema cannot express: no hints */
  }
  const out = [...names];
  memo.set(schema, out);
  return out;
}
