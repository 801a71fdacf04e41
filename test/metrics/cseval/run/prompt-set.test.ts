import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promptsYaml } from '../../../../src/metrics/cseval/fixtures.js';
import { csevalPrompts } from '../../../../src/metrics/cseval/prompts.js';
import { builtinPromptsFile, loadPromptSet } from '../../../../src/metrics/cseval/run/prompt-set.js';
import { pairedComparison, table2 } from '../../../../src/metrics/cseval/run/table.js';
import type { ManifestEntry } from '../../../../src/metrics/cseval/run/manifest.js';
import { tmpTree } from '../../../_support/tmp.js';

describe('the built-in prompt set', () => {
  it('is the generator\'s output byte for byte (regenerate: npx tsx src/metrics/cseval/generate-cases.ts) and the paper\'s 31 prompts', () => {
    expect(readFileSync(builtinPromptsFile(), 'utf8')).toBe(promptsYaml());
    const set = loadPromptSet(builtinPromptsFile());
    expect(set.map((p) => p.prompt)).toEqual(csevalPrompts().map((p) => p.text));
    expect(set).toHaveLength(31);
  });
  it('rejects a duplicate id and unknown fields', () => {
    const dir = tmpTree({ 'a.yaml': 'prompts:\n  - { id: a, finding: f, prompt: p }\n  - { id: a, finding: f, prompt: q }\n', 'b.yaml': 'prompts:\n  - { id: a, finding: f, prompt: p, colour: red }\n' });
    expect(() => loadPromptSet(`${dir}/a.yaml`)).toThrow('prompt id "a" is used twice');
    expect(() => loadPromptSet(`${dir}/b.yaml`)).toThrow(/colour/);
  });
});

const entry = (finding: string, promptId: string, seed: number, score?: number): ManifestEntry => ({
  key: `${promptId}${seed}`, promptId, finding, prompt: promptId, seed, generator: { id: 'g', version: '1' }, width: 8, height: 8,
  ...(score === undefined ? { error: 'failed' } : { score }),
});

describe('table2 and pairedComparison', () => {
  const a = [entry('e', 'p1', 0, 0.5), entry('e', 'p1', 1, 1), entry('c', 'p2', 0, 0.2), entry('c', 'p2', 1)];
  it('mean and population sd per finding (prompt-set order) and overall; failures counted apart', () => {
    expect(table2(a)).toEqual([
      { finding: 'e', images: 2, mean: 0.75, sd: 0.25, errors: 0 },
      { finding: 'c', images: 1, mean: 0.2, sd: 0, errors: 1 },
      { finding: 'overall', images: 3, mean: (0.5 + 1 + 0.2) / 3, sd: expect.any(Number), errors: 1 },
    ]);
  });
  it('pairs by prompt and seed; p from the paired randomization test', () => {
    const b = [entry('e', 'p1', 0, 0.5), entry('e', 'p1', 1, 0.5), entry('c', 'p2', 0, 0.2), entry('c', 'p2', 1, 0.9)];
    const rows = pairedComparison(a, b, 1000);
    expect(rows.map((r) => [r.finding, r.pairs, r.difference])).toEqual([['e', 2, 0.25], ['c', 1, 0], ['overall', 3, expect.closeTo(0.5 / 3, 12)]]);
    // e: one nonzero difference of two pairs: every swap pattern gives |d| = 0.25, so p = 1
    expect(rows[0]!.p).toBe(1);
  });
});
