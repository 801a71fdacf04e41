import { describe, expect, it } from 'vitest';
import { buildCase } from '../../src/cases/build.js';
import type { CaseInput } from '../../src/cases/schema.js';
import { CaseSchema } from '../../src/cases/schema.js';
import { quickCase } from '../../src/cases/quick-check.js';

const at = { file: '/x/c.yaml', line: 1, column: 1 };
const build = (input: Record<string, unknown>) => buildCase(CaseSchema.parse(input) as CaseInput, 'c', at).case!;
const ranking = (extra: Record<string, unknown> = {}) => ({ kind: 'ranking', reference: 'Left effusion.', candidates: { a: 'Left effusion.', b: 'Right effusion.' }, expect: 'a > b', ...extra });

describe('todo cases (vitest it.todo)', () => {
  it('a finished case is not todo', () => {
    expect(build(ranking()).todo).toBeUndefined();
  });

  it('scaffold placeholders left in what would be scored make it todo, naming the fields', () => {
    const c = build(ranking({ reference: 'TODO the reference report.', candidates: { a: 'Left effusion.', b: 'TODO one error.' } }));
    expect(c.todo).toBe('scaffold placeholders left: TODO in reference, candidates.b (replace them; `todo: false` scores the case as written)');
    const score = build({ kind: 'score', reference: 'a', candidate: { findings: ['TODO'] }, expect: { bleu: { min: 0 } } });
    expect(score.todo).toMatch(/TODO in candidate \(/);
  });

  it('a TODO only in the title, tags or rationale leaves it scored (validate warns about those)', () => {
    expect(build(ranking({ title: 'TODO say what', tags: ['TODO-topic'], rationale: 'TODO why' })).todo).toBeUndefined();
    // a word that merely contains the letters is no placeholder
    expect(build(ranking({ reference: 'Mastodon-like TODOS.' })).todo).toBeUndefined();
  });

  it('todo: true or a reason marks it; todo: false scores placeholders as written', () => {
    expect(build(ranking({ todo: true })).todo).toBe('marked todo in its case file');
    expect(build(ranking({ todo: 'waiting for a radiologist to review the ranking' })).todo).toBe('waiting for a radiologist to review the ranking');
    expect(build(ranking({ todo: false, reference: 'TODO' })).todo).toBeUndefined();
  });

  it('the quick check takes `todo` as zod does', () => {
    for (const todo of [true, false, 'why']) expect(quickCase(ranking({ todo }))).toBe(true);
    for (const todo of ['', 1, null, ['x']]) {
      expect(quickCase(ranking({ todo }))).toBe(false);
      expect(CaseSchema.safeParse(ranking({ todo })).success).toBe(false);
    }
  });
});
