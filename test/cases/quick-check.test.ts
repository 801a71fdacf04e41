import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { quickCase } from '../../src/cases/quick-check.js';
import { CaseSchema } from '../../src/cases/schema.js';
import { mulberry32 } from '../../src/util/prng.js';

/**
 * The quick check before zod (src/cases/quick-check.ts) may only say yes where zod accepts the
 * entry and returns the same data; everything else goes to zod. Checked on every shipped case
 * entry and on 20,000 seeded variants of them (a field set to a value of another type, a bad
 * bound, an unknown key).
 */
const CASES = path.resolve(import.meta.dirname, '../../cases');
const entries: Record<string, unknown>[] = readdirSync(CASES, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
  .flatMap((e) => {
    const data = parse(readFileSync(path.join(e.parentPath, e.name), 'utf8')) as Record<string, unknown>;
    const defaults = (data.defaults ?? {}) as Record<string, unknown>;
    return Array.isArray(data.cases) ? (data.cases as Record<string, unknown>[]).map((c) => ({ ...defaults, ...c })) : [data];
  });
entries.push(
  { kind: 'score', reference: 'r', candidate: 'c', expect: { bleu: { min: 0, max: 1 }, rouge: { value: 0.5, tolerance: 0.1 }, x: { error: 'timed out' } } },
  { kind: 'ranking', reference: 'r', candidates: { a: 'x', b: { text: 'y', context: { age: 3, sex: 'F', urgent: true } } }, expect: ['a > b'], metrics: { only: ['bleu'] }, tags: ['t'] },
);

const VALUES: unknown[] = [undefined, '', 'x', 0, -1, 1.5, Infinity, Number.NaN, null, true, [], ['a'], [1], {}, { a: 1 }, { a: 'x' }, { text: 't' }, { text: 't', extra: 1 },
  { text: { nested: 1 } }, { min: 2, max: 1 }, { min: 0, max: 1 }, { only: ['a'], other: 1 }, { only: 'a' }, { bleu: { min: 1 } }, { bleu: { details: {} } }, { bleu: { value: '1' } }, { author: 'a', reviewed_by: ['b'], extra: { x: 1 } }, { author: 1 }, { reviewed_by: [1] }];
const FIELDS = ['id', 'provenance', 'provenance', 'title', 'capability', 'tags', 'rationale', 'metrics', 'tolerance', 'context', 'reference', 'candidate', 'candidates', 'expect', 'provenance', 'extra', '$schema'];

function check(raw: Record<string, unknown>): boolean {
  if (!quickCase(raw)) return false;
  const zod = CaseSchema.safeParse(raw);
  expect(zod.success, JSON.stringify(raw)).toBe(true);
  expect(zod.data, JSON.stringify(raw)).toEqual(raw);
  return true;
}

describe('quick case check', () => {
  it('agrees with zod on the shipped entries, and is taken for most of them', () => {
    expect(entries.length).toBeGreaterThan(50);
    const taken = entries.filter(check).length;
    expect(taken).toBeGreaterThan(entries.filter((e) => e.kind === 'ranking' || e.kind === 'score').length / 2);
  });

  it('never accepts what zod rejects, nor reads it differently (20,000 seeded variants)', () => {
    const rnd = mulberry32(1416);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    let taken = 0;
    for (let i = 0; i < 20_000; i++) {
      const v: Record<string, unknown> = structuredClone(pick(entries));
      for (let k = 1 + Math.floor(rnd() * 2); k > 0; k--) {
        const field = pick(FIELDS);
        const value = pick(VALUES);
        if (rnd() < 0.3 && v.candidates && typeof v.candidates === 'object') (v.candidates as Record<string, unknown>)[pick(['a', 'exact', 'new'])] = value;
        else if (rnd() < 0.2 && v.expect && typeof v.expect === 'object' && !Array.isArray(v.expect)) (v.expect as Record<string, unknown>)[pick(['bleu', 'm'])] = value;
        else if (value === undefined) delete v[field];
        else v[field] = structuredClone(value);
      }
      if (check(v)) taken++;
    }
    expect(taken).toBeGreaterThan(500);
  });
});
