/**
 * The matchers take a metric id: a built-in, or any metric of the project's config (here a
 * Python command metric and a configured built-in), resolved like the CLI resolves it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/vitest/index.js';
import { closeMetrics, metricById } from '../../src/vitest/index.js';
import { tmpTree } from '../_support/tmp.js';

const example = fileURLToPath(new URL('../../examples/python-metric/token_f1.py', import.meta.url));

describe('matchers by metric id', () => {
  afterAll(closeMetrics);

  it('a built-in id', async () => {
    await expect('crimson:lexicon').toRank('Moderate left pleural effusion.', ['Moderate left pleural effusion.', 'Moderate right pleural effusion.']);
    await expect('bleu').toScoreBetween('Small left effusion.', 'Small left effusion.', 0.99, 1);
    await expect('rouge-l').toSatisfyLaw('bounded', { numRuns: 5 });
  });

  it('ids from the config found upwards from the working directory: a Python command metric, a configured built-in', async () => {
    const dir = tmpTree({
      'package.json': '{}',
      'metric-suite.config.json': JSON.stringify({ metrics: { 'token-f1': { command: ['python3', example] }, 'bleu-1': { use: 'bleu', options: { weights: [1] } } } }),
    });
    const before = process.cwd();
    process.chdir(path.join(dir));
    try {
      await expect('token-f1').toScoreBetween('left pleural effusion', 'left pleural effusion', 1, 1);
      await expect('token-f1').not.toRank('left effusion', ['right effusion', 'left effusion']);
      await expect('bleu-1').toScoreBetween('a b c d', 'a b x y', 0.49, 0.51);
      expect((await metricById('token-f1')).metric.id).toBe('token-f1');
    } finally {
      process.chdir(before);
    }
  });

  it('an unknown or unavailable id fails with the reason', async () => {
    await expect(expect('nope').toScoreBetween('a', 'b', 0, 1)).rejects.toThrow(/unknown metric "nope"/);
    await expect(expect('crimson').toScoreBetween('a', 'b', 0, 1)).rejects.toThrow(/no judge endpoint configured/);
  });
});
