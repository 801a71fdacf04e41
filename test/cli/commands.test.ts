import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

const good = 'id: g\nkind: ranking\nreference: a b\ncandidates: { a: a b, b: c }\nexpect: a > b\n';
const bad = 'id: b\nkind: score\nreference: a\ncandidate: 3\nexpect: {}\n';

describe('metric-suite validate', () => {
  it('checks case files without running metrics, exit 2 with positions on problems', async () => {
    const cwd = tmpTree({ 'cases/good.yaml': good, 'cases/bad.yaml': bad });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/bad.yaml:4:12: candidate: ');
    expect(r.lastLine).toBe('2 case files, 1 valid case, 1 problem');
    const ok = await cli(['validate', 'cases/good.yaml'], cwd);
    expect(ok.code).toBe(0);
  });

  it('validates the cases of every suite by default', async () => {
    const cwd = tmpTree({ 'cases/good.yaml': good, 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n' });
    const r = await cli(['validate'], cwd);
    expect(r.code).toBe(0);
    expect(r.lastLine).toBe('1 case file, 1 valid case, 0 problems');
  });

  it('reports a broken suite file with its position', async () => {
    const cwd = tmpTree({ 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: bleu\n' });
    const r = await cli(['validate'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('suites/s.yaml:3:10: metrics: ');
  });
});

describe('metric-suite schema', () => {
  it('prints a JSON Schema for case files covering every kind', async () => {
    const r = await cli(['schema'], tmpTree());
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    expect(schema.$schema).toMatch(/json-schema\.org/);
    const text = JSON.stringify(schema);
    for (const kind of ['ranking', 'score', 'image', 'preference']) expect(text).toContain(`"const":"${kind}"`);
    expect((await cli(['schema', 'suite'], tmpTree())).stdout).toContain('minPassRate');
    expect((await cli(['schema', 'nope'], tmpTree())).code).toBe(2);
  });
});

describe('metric-suite score', () => {
  it('prints the value and details of one pair', async () => {
    const r = await cli(['score', '--metric', 'rouge-l', '--reference', 'Small left effusion.', '--candidate', 'Small right effusion.', '--json'], tmpTree());
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.metric).toBe('rouge-l');
    expect(out.value).toBeCloseTo(2 / 3, 12);
  });

  it('exits 1 when the metric returns an error and 2 for an unknown metric', async () => {
    const structured = await cli(['score', '--metric', 'bleu', '--reference', '{"positive": []}', '--candidate', 'x'], tmpTree());
    expect(structured.code).toBe(1);
    expect(structured.stdout).toContain('bleu: error: ');
    const unknown = await cli(['score', '--metric', 'nope', '--reference', 'a', '--candidate', 'b'], tmpTree());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown metric "nope"');
  });

  it('rejects malformed --context', async () => {
    const r = await cli(['score', '--metric', 'bleu', '--reference', 'a', '--candidate', 'a', '--context', 'age'], tmpTree());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--context takes key=value');
  });
});

describe('metric-suite list', () => {
  it('lists suites, cases and metrics with declarations', async () => {
    const cwd = tmpTree({ 'cases/good.yaml': good, 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n' });
    const r = await cli(['list', '--json'], cwd);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.suites[0]).toMatchObject({ name: 's', metrics: ['bleu'], cases: [{ id: 'g', kind: 'ranking' }] });
    expect(out.metrics.find((m: { id: string }) => m.id === 'bleu')).toMatchObject({ direction: 'higher', range: [0, 1], inputs: ['text'] });
    const text = await cli(['list'], cwd);
    expect(text.stdout).toContain('suite s (suites/s.yaml): 1 case × bleu');
  });
});

describe('schema/*.schema.json', () => {
  it('are the committed output of `metric-suite schema` (run `npm run schema` after changing a zod schema)', async () => {
    const { readFileSync } = await import('node:fs');
    for (const kind of ['case', 'suite']) {
      const r = await cli(['schema', kind], tmpTree());
      expect(readFileSync(new URL(`../../schema/${kind}.schema.json`, import.meta.url), 'utf8')).toBe(r.stdout);
    }
  });
});

describe('metric-suite with no suites/ folder', () => {
  it('runs the built-in suites shipped with the package', async () => {
    const r = await cli(['--no-cache'], tmpTree());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('clinical-ranking');
    expect(r.lastLine).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });
});

describe('run option values', () => {
  it('rejects a --bail that is not a positive integer (exit 2)', async () => {
    const r = await cli(['--bail', 'abc', '--no-cache'], tmpTree());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--bail');
  });
});
