import type { z } from 'zod';

/** What a case field holds, for "missing field" messages (the schema's own words where it has them). */
const EXPECTED: Record<string, string> = {
  kind: 'one of ranking, score, image, preference, rating',
  reference: 'the reference report: text, or a structured report',
  candidate: 'the candidate report: text, or a structured report',
  candidates: 'the candidate reports by label, e.g. `candidates: { exact: ..., wrong_side: ... }`',
  expect: 'relations between labels such as `exact > wrong_side` (score cases: `{ <metric>: { value: ... } }`)',
  prompt: 'the text-to-image prompt, e.g. "small right pneumothorax"',
  images: 'the images by label, each `{ path: ..., findings: ... }`',
  ratings: 'the raters\' scores, e.g. `[{ rater: r1, scores: { A: 4, B: 2 } }]`',
  rater: 'the rater\'s name or id',
  scores: 'a score per candidate label, e.g. `{ A: 4, B: 2 }`',
  name: 'the suite name',
  cases: 'case file globs, e.g. `[../cases/**/*.yaml]`',
  metrics: 'metric ids, e.g. `[bleu, rouge-l]`',
};

const TYPE_WORDS: Record<string, string> = { string: 'text', record: 'a mapping', object: 'a mapping', array: 'a list', number: 'a number', boolean: 'true or false' };

/** The types a zod issue expected, in words ("text, a mapping or a list"). */
function expectedTypes(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'invalid_type') return [TYPE_WORDS[issue.expected] ?? issue.expected];
  if (issue.code === 'invalid_union') return [...new Set(issue.errors.flatMap((branch) => branch.flatMap(expectedTypes)))];
  return [];
}

/**
 * `missing field "reference": expected the reference report: text, or a structured report`
 * when a zod issue is about a field absent from `data` (zod itself says only "Invalid input");
 * undefined for any other issue.
 */
export function missingFieldMessage(issue: z.core.$ZodIssue, data: unknown): string | undefined {
  if ((issue.code !== 'invalid_type' && issue.code !== 'invalid_union') || issue.path.length === 0) return undefined;
  let parent: unknown = data;
  for (const key of issue.path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<PropertyKey, unknown>)[key] : undefined;
  const field = issue.path.at(-1)!;
  if (parent === null || typeof parent !== 'object' || Object.hasOwn(parent, field)) return undefined;
  const types = expectedTypes(issue);
  const words = typeof field === 'string' && EXPECTED[field] ? EXPECTED[field] : types.length ? types.join(' or ') : 'a value';
  return `missing field "${String(field)}": expected ${words}`;
}
