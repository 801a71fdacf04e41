import { chmodSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/cases/load-file.js';
import { formatProblem } from '../../src/runner/results.js';
import { tmpTree } from '../_support/tmp.js';

async function load(content: string, name = 'cases/x/case.yaml') {
  const dir = tmpTree({ [name]: content });
  const r = await loadCaseFile(path.join(dir, name), path.join(dir, 'cases'), name);
  return { ...r, messages: r.problems.map(formatProblem) };
}

const ranking = `kind: ranking
reference: Moderate left pleural effusion.
candidates:
  exact: Moderate left pleural effusion.
  wrong_side: Moderate right pleural effusion.
expect:
  - exact > wrong_side
`;

describe('loadCaseFile', () => {
  it('loads a ranking case with a default id from the path', async () => {
    const r = await load(ranking);
    expect(r.problems).toEqual([]);
    expect(r.cases).toHaveLength(1);
    const c = r.cases[0]!;
    expect(c.id).toBe('x/case');
    expect(c.kind).toBe('ranking');
    expect(c.location).toMatchObject({ line: 1, column: 1 });
    if (c.kind !== 'ranking') throw new Error('kind');
    expect(c.candidates.map((x) => x.label)).toEqual(['exact', 'wrong_side']);
    expect(c.relations).toMatchObject([{ type: 'compare', left: 'exact', op: '>', right: 'wrong_side', index: 0 }]);
  });

  it('merges case and per-candidate context, the candidate winning', async () => {
    const r = await load(`kind: ranking
context: { age: 64, sex: F }
reference: a
candidates:
  a: a
  b: { text: b, context: { age: 30 } }
expect: a = b
`);
    const c = r.cases[0]!;
    if (c.kind !== 'ranking') throw new Error('kind');
    expect(c.candidates[0]!.context).toEqual({ age: 64, sex: 'F' });
    expect(c.candidates[1]!.context).toEqual({ age: 30, sex: 'F' });
  });

  it('reports malformed YAML at its line and column', async () => {
    const r = await load('kind: ranking\nreference: [unclosed\ncandidates: {}\n');
    expect(r.cases).toEqual([]);
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('reports a wrong type at the offending value', async () => {
    const r = await load(ranking.replace('expect:\n  - exact > wrong_side', 'expect: 42'));
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:6:9: expect: /);
  });

  it('reports an unknown kind at the kind value', async () => {
    const r = await load(ranking.replace('kind: ranking', 'kind: rankng'));
    expect(r.messages).toEqual(['cases/x/case.yaml:1:7: unknown kind "rankng" (expected one of ranking, score, image, preference, rating)']);
  });

  it('reports a missing kind and unknown fields at the key', async () => {
    expect((await load(ranking.replace('kind: ranking\n', ''))).messages[0]).toMatch(/:1:1: missing `kind`/);
    const r = await load(`${ranking}rationle: typo\n`);
    expect(r.messages).toEqual(['cases/x/case.yaml:8:1: unknown field "rationle" (did you mean rationale?)']);
  });

  it('reports an unknown label in a relation at the expect item', async () => {
    const r = await load(ranking.replace('exact > wrong_side', 'exact > wrong'));
    expect(r.messages).toEqual(['cases/x/case.yaml:7:5: case "x/case": unknown label "wrong" in "exact > wrong" (candidates: exact, wrong_side)']);
  });

  it('reports a contradictory set of relations at the item that completes it', async () => {
    const r = await load(ranking.replace('  - exact > wrong_side\n', '  - exact > wrong_side\n  - wrong_side >= exact\n'));
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:8:5: case "x\/case": contradictory relations: /);
  });

  it('reports unreadable relations', async () => {
    const r = await load(ranking.replace('exact > wrong_side', 'exact >> wrong_side'));
    expect(r.messages[0]).toMatch(/:7:5: case "x\/case": /);
  });

  it('applies `defaults` to a `cases:` list and reports a duplicate id inside it', async () => {
    const r = await load(`defaults:
  kind: ranking
  capability: severity
  reference: Large right pneumothorax.
cases:
  - id: sev/a
    candidates: { exact: Large right pneumothorax., small: Small right pneumothorax. }
    expect: exact > small
  - id: sev/a
    candidates: { exact: Large right pneumothorax., none: No pneumothorax. }
    expect: exact > none
  - candidates: { exact: x, y: y }
    expect: exact > y
`);
    expect(r.cases.map((c) => [c.id, c.capability])).toEqual([['sev/a', 'severity'], ['x/case#3', 'severity']]);
    expect(r.messages).toEqual(['cases/x/case.yaml:9:9: duplicate case id "sev/a" (first at cases/x/case.yaml:6:9)']);
  });

  it('keeps the good cases of a file whose other case is broken', async () => {
    const r = await load(`cases:
  - { id: good, kind: score, reference: a, candidate: b, expect: { bleu: { min: 0 } } }
  - { id: bad, kind: score, reference: a, expect: { bleu: { min: 0 } } }
`);
    expect(r.cases.map((c) => c.id)).toEqual(['good']);
    expect(r.messages).toEqual(['cases/x/case.yaml:3:5: missing field "candidate": expected the candidate report: text, or a structured report']);
  });

  it('reports keys next to `cases:` that belong under defaults', async () => {
    const r = await load('kind: ranking\ncases:\n  - { id: a, kind: score, reference: a, candidate: b, expect: {} }\n');
    expect(r.messages).toEqual(['cases/x/case.yaml:1:1: unknown key "kind" next to `cases:` (put shared fields under `defaults:`)']);
  });

  it('loads JSON case files with positions', async () => {
    const r = await load('{\n  "kind": "ranking",\n  "reference": "a",\n  "candidates": {"a": "a"},\n  "expect": ["a > b"]\n}\n', 'cases/j.json');
    expect(r.messages).toEqual(['cases/j.json:5:14: case "j": unknown label "b" in "a > b" (candidates: a)']);
  });

  it('reports an unreadable file at 1:1', async () => {
    const dir = tmpTree({ 'cases/locked.yaml': ranking });
    const file = path.join(dir, 'cases/locked.yaml');
    chmodSync(file, 0o000);
    const asRoot = process.getuid?.() === 0; // root reads anything: use a missing file instead
    const target = asRoot ? path.join(dir, 'cases/missing.yaml') : file;
    const r = await loadCaseFile(target, dir, 'cases/f.yaml');
    expect(r.problems.map(formatProblem)[0]).toMatch(/^cases\/f\.yaml:1:1: cannot read case file: (EACCES|ENOENT)$/);
  });

  it('reports duplicate YAML keys', async () => {
    const r = await load(`${ranking}reference: again\n`);
    // our own line, the parser's text and code frame under it
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:8:1: invalid YAML: duplicate key: a key appears twice in one mapping\n {4}Map keys must be unique at line 8, column 1:\n/);
    expect(r.messages).toHaveLength(1);
  });
});
