/**
 * `metric-suite cseval` end to end with a TOY text-to-image command worker and a STAND-IN
 * report generator (toy.ts): prompt set x seeds -> images in the run folder -> report
 * generator -> lexicon entities -> RadGraph-F1 against the prompt -> Table 2, JSON, a paired
 * comparison of two generators, resumption from the run folder, and ratings in the manifest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/program.js';
import type { CsevalReport } from '../../../src/cli/cseval/render.js';
import { tmpTree } from '../../_support/tmp.js';
import { standInReportGenerator, TOY_T2I_PY } from './toy.js';

const PROMPTS = `prompts:
  - { id: cardiomegaly/moderate, finding: cardiomegaly, prompt: moderate cardiomegaly }
  - { id: pleural-effusion/small-left, finding: pleural effusion, prompt: small left pleural effusion }
  - { id: pleural-effusion/moderate-right, finding: pleural effusion, prompt: moderate right pleural effusion }
  - { id: pneumothorax/large-left, finding: pneumothorax, prompt: large left pneumothorax }
`;

let report: Awaited<ReturnType<typeof standInReportGenerator>>;
beforeAll(async () => void (report = await standInReportGenerator()));
afterAll(async () => report.close());

async function cli(cwd: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['cseval', ...args], { cwd, env: {}, stdout: { write: (s: string) => void out.push(s) }, stderr: { write: (s: string) => void err.push(s) } });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

function project(): string {
  return tmpTree({
    'toy_t2i.py': TOY_T2I_PY,
    'prompts.yaml': PROMPTS,
    'metric-suite.config.yaml': [
      'imageGenerators:',
      '  toyA: { type: command, handler: toy_t2i.py, init: { forget: severity } }',
      '  toyB: { type: command, handler: toy_t2i.py, init: { forget: side } }',
      'metrics:',
      '  cseval:lexicon:',
      `    options: { generator: { type: http, url: "${report.url}" } }`,
      '',
    ].join('\n'),
  });
}

describe('metric-suite cseval (toy worker, stand-in report generator)', () => {
  it('prints Table 2 per finding and overall, writes JSON, compares two generators, and resumes from the run folder', async () => {
    const cwd = project();
    const args = ['--generator', 'toyA', '--generator', 'toyB', '--seeds', '3', '--prompts', 'prompts.yaml', '--metric', 'cseval:lexicon', '--size', '16x16', '--json', 'cseval.json', '--html', 'cseval.html'];
    const first = await cli(cwd, args);
    expect(first.stderr).not.toMatch(/metric-suite cseval:/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/CSEval · toyA \(command toy_t2i\.py, version toy-1\) · cseval:lexicon/);
    expect(first.stdout).toMatch(/finding\s+images\s+mean\s+sd/);
    expect(first.stdout).toMatch(/paired comparison toyA vs toyB/);
    const json = JSON.parse(readFileSync(path.join(cwd, 'cseval.json'), 'utf8')) as CsevalReport;
    const [a, b] = json.generators;
    expect(a!.generated).toBe(12);
    expect(a!.table.map((r) => [r.finding, r.images])).toEqual([['cardiomegaly', 3], ['pleural effusion', 6], ['pneumothorax', 3], ['overall', 12]]);
    // toyB drops the side on seed 0 only: cardiomegaly has no side, so it is perfect there
    const cardioB = b!.table.find((r) => r.finding === 'cardiomegaly')!;
    expect([cardioB.mean, cardioB.sd]).toEqual([1, 0]);
    // toyA drops the severity on seed 0: one of three images per prompt scores below 1
    const cardioA = a!.table.find((r) => r.finding === 'cardiomegaly')!;
    expect(cardioA.mean!).toBeLessThan(1);
    expect(cardioA.sd!).toBeGreaterThan(0);
    const overall = json.comparison!.rows.find((r) => r.finding === 'overall')!;
    expect(overall.pairs).toBe(12);
    expect(json.comparison!.rows.find((r) => r.finding === 'cardiomegaly')!.difference!).toBeLessThan(0);
    const calls = readFileSync(path.join(cwd, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls).toHaveLength(24);
    const html = readFileSync(path.join(cwd, 'cseval.html'), 'utf8');
    expect(html.match(/<svg class="table2-chart"/g)).toHaveLength(2);
    expect(html.match(/<rect class="bar/g)).toHaveLength(8); // 3 findings + overall, per generator
    expect(html).toContain('<section class="comparison"><h2>toyA vs toyB</h2>');
    expect(html).not.toMatch(/<script|https?:\/\//);

    // Second run: every image comes from the run folder; the worker is not asked again.
    const again = await cli(cwd, args);
    expect(again.code).toBe(0);
    const json2 = JSON.parse(readFileSync(path.join(cwd, 'cseval.json'), 'utf8')) as CsevalReport;
    expect(json2.generators.map((g) => [g.generated, g.cached])).toEqual([[0, 12], [0, 12]]);
    expect(readFileSync(path.join(cwd, 'calls.log'), 'utf8').trim().split('\n')).toHaveLength(24);
    expect(json2.generators[0]!.table).toEqual(a!.table);
  });

  it('regenerates an image whose file changed, keeps ratings added to the manifest, and correlates them', async () => {
    const cwd = project();
    const args = ['--generator', 'toyA', '--seeds', '3', '--prompts', 'prompts.yaml', '--metric', 'cseval:lexicon', '--size', '16x16', '--json', '-'];
    expect((await cli(cwd, args)).code).toBe(0);
    const file = path.join(cwd, '.metric-suite/cseval/toyA/manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as { entries: { score: number; seed: number; image: string; ratings?: Record<string, number> }[] };
    expect(m.entries).toHaveLength(12);
    // an expert rates each image 2 (aligned) or 1 (partially aligned), a second one likewise
    for (const e of m.entries) e.ratings = { r1: e.seed % 3 === 0 ? 1 : 2, r2: e.score === 1 ? 2 : 1 };
    writeFileSync(file, JSON.stringify(m));
    writeFileSync(path.join(cwd, '.metric-suite/cseval/toyA', m.entries[1]!.image), 'not the image any more');
    const r = await cli(cwd, args);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as CsevalReport;
    expect([json.generators[0]!.generated, json.generators[0]!.cached]).toEqual([1, 11]);
    const ratings = json.generators[0]!.ratings!;
    expect(ratings.reports).toBe(12);
    expect(ratings.kendall.value!).toBeGreaterThan(0.5);
    expect(ratings.byFinding.map((f) => f.finding)).toEqual(['cardiomegaly', 'pleural effusion', 'pneumothorax']);
    expect(ratings.raters.map((x) => x.rater)).toEqual(['r1', 'r2']);
  });

  it('usage errors exit 2 with the reason', async () => {
    const cwd = project();
    expect(await cli(cwd, ['--generator', 'nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no imageGenerators.nope') });
    expect(await cli(cwd, ['--generator', 'toyA', '--seeds', '0'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--seeds takes a positive integer') });
    writeFileSync(path.join(cwd, 'bad.yaml'), 'prompts:\n  - { id: x, prompt: y }\n');
    expect(await cli(cwd, ['--generator', 'toyA', '--prompts', 'bad.yaml'])).toMatchObject({ code: 2, stderr: expect.stringContaining('finding') });
  });
});
