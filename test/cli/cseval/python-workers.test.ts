/**
 * The `maira2` report generator through the persistent Python worker, with STAND-IN
 * transformers/torch/PIL packages (test/fixtures/python/stand-ins), inside the whole
 * `metric-suite cseval` pipeline with the TOY text-to-image worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/program.js';
import type { CsevalReport } from '../../../src/cli/cseval/render.js';
import { createCommandGenerator } from '../../../src/metrics/cseval/generators/command.js';
import { tmpTree } from '../../_support/tmp.js';
import { TOY_T2I_PY } from './toy.js';

const STAND_INS = fileURLToPath(new URL('../../fixtures/python/stand-ins', import.meta.url));

describe('maira2 report generator (stand-in transformers)', () => {
  it('runs the model card recipe and returns the raw grounded sequence; cseval scores it against the prompt', async () => {
    const cwd = tmpTree({
      'toy_t2i.py': TOY_T2I_PY,
      'prompts.yaml': 'prompts:\n  - { id: e/l, finding: pleural effusion, prompt: small left pleural effusion }\n  - { id: c/m, finding: cardiomegaly, prompt: moderate cardiomegaly }\n',
      'metric-suite.config.yaml': [
        'imageGenerators:',
        '  toy: { type: command, handler: toy_t2i.py, init: { forget: severity } }',
        'metrics:',
        '  cseval:lexicon:',
        `    options: { generator: { type: maira2, model: ./models/maira-2, pythonPath: [${JSON.stringify(STAND_INS)}] } }`,
        '',
      ].join('\n'),
    });
    const err: string[] = [];
    const out: string[] = [];
    const code = await main(['cseval', '--generator', 'toy', '--seeds', '2', '--prompts', 'prompts.yaml', '--metric', 'cseval:lexicon', '--size', '8x8', '--json', 'r.json'], {
      cwd, env: {}, stdout: { write: (s: string) => void out.push(s) }, stderr: { write: (s: string) => void err.push(s) },
    });
    expect(err.join('')).not.toMatch(/metric-suite cseval:/);
    expect(code).toBe(0);
    const r = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8')) as CsevalReport;
    // seed 0 forgets the severity ("left pleural effusion"), seed 1 is faithful
    expect(r.generators[0]!.table.find((t) => t.finding === 'overall')).toMatchObject({ images: 4, errors: 0 });
    const manifest = JSON.parse(readFileSync(path.join(cwd, '.metric-suite/cseval/toy/manifest.json'), 'utf8')) as { entries: { seed: number; score: number; findings: string }[] };
    expect(manifest.entries.map((e) => [e.seed, e.findings])).toEqual([
      [0, 'Left pleural effusion.'],
      [1, 'Small left pleural effusion.'],
      [0, 'Cardiomegaly.'],
      [1, 'Moderate cardiomegaly.'],
    ]);
    expect(manifest.entries[1]!.score).toBe(1);
    expect(manifest.entries[0]!.score).toBeLessThan(1);
  });

  it('a diffusers pipeline through metric_suite_workers.diffusers_t2i (stand-in diffusers), read by the stand-in MAIRA-2', async () => {
    const cwd = tmpTree({
      'prompts.yaml': 'prompts:\n  - { id: p/s, finding: pneumothorax, prompt: small right pneumothorax }\n',
      'metric-suite.config.yaml': [
        'imageGenerators:',
        `  sd: { type: command, handler: metric_suite_workers.diffusers_t2i, pythonPath: [${JSON.stringify(STAND_INS)}], init: { model: ./models/sd, steps: 4, guidance: 3.5, dtype: float16 } }`,
        'metrics:',
        '  cseval:lexicon:',
        `    options: { generator: { type: maira2, model: ./models/maira-2, pythonPath: [${JSON.stringify(STAND_INS)}] } }`,
        '',
      ].join('\n'),
    });
    const out: string[] = [];
    const code = await main(['cseval', '--generator', 'sd', '--seeds', '3', '--prompts', 'prompts.yaml', '--metric', 'cseval:lexicon', '--size', '8x8', '--json', '-'], {
      cwd, env: {}, stdout: { write: (s: string) => void out.push(s) }, stderr: { write: () => undefined },
    });
    expect(code).toBe(0);
    const r = JSON.parse(out.join('')) as CsevalReport;
    expect(r.generators[0]!.version).toBe('./models/sd|diffusers unknown|steps 4|guidance 3.5|dtype float16');
    const manifest = JSON.parse(readFileSync(path.join(cwd, '.metric-suite/cseval/sd/manifest.json'), 'utf8')) as { entries: { seed: number; findings: string }[] };
    expect(manifest.entries.map((e) => e.findings)).toEqual(['Right pneumothorax.', 'Small right pneumothorax.', 'Small right pneumothorax.']);
  });

  it('a missing transformers is an error naming the package', async () => {
    const g = createCommandGenerator({ type: 'maira2', model: 'm', maxNewTokens: 450, patientContext: true, grounded: true, startTimeoutMs: 30_000, timeoutMs: 30_000, pythonPath: [] }, tmpTree());
    const png = tmpTree({ 'x.png': Buffer.from('89504e470d0a1a0a', 'hex').toString('latin1') });
    await expect(g.generate({ image: path.join(png, 'x.png'), findings: '' })).rejects.toThrow(/maira2 m: .*(torch|transformers)/);
    await g.close?.();
  });
});
