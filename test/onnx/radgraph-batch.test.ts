/**
 * Batching is invisible in the output: any encoder, span or pair batch size gives the same
 * annotations as one report at a time, and the model sees radgraph-xl's pre-processed words.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createOnnxExtractor, type OnnxExtractor } from '../../src/metrics/radgraph/extractors/onnx/index.js';
import { tmpTree } from '../_support/tmp.js';
import { writeTinyRadGraphModel } from './_tiny-radgraph.js';

const REPORTS = [
  'There is a moderate left pleural effusion (small).',
  'Small right pneumothorax, lung opacity concerning for pneumonia. Cardiomegaly.',
  '',
  'mild cardiomegaly 30%. left lower lobe opacity',
  'No effusion',
  'effusion '.repeat(30),
];

const opened: OnnxExtractor[] = [];
afterAll(async () => {
  for (const x of opened) await x.close();
});

describe('batched ONNX RadGraph-XL inference', () => {
  it('gives the same annotations for any batch sizes, and one report at a time', async () => {
    const dir = tmpTree();
    writeTinyRadGraphModel(dir, { maxLength: 6, spansPerWord: 0.5 });
    const runs: unknown[] = [];
    for (const o of [{ encoderBatch: 64, spanBatch: 100_000, pairBatch: 100_000 }, { encoderBatch: 1, spanBatch: 3, pairBatch: 5 }, { encoderBatch: 2, spanBatch: 17, pairBatch: 1 }]) {
      const x = await createOnnxExtractor({ modelDir: dir, provider: 'cpu', ...o });
      opened.push(x);
      runs.push(await x.extract(REPORTS));
    }
    const x = await createOnnxExtractor({ modelDir: dir, provider: 'cpu' });
    opened.push(x);
    const single = [];
    for (const t of REPORTS) single.push(...(await x.extract([t])));
    expect(runs[1]).toStrictEqual(runs[0]);
    expect(runs[2]).toStrictEqual(runs[0]);
    expect(single).toStrictEqual(runs[0]);
  });

  it('the model sees radgraph-xl words: `).` and `%.` are split', async () => {
    const dir = tmpTree();
    writeTinyRadGraphModel(dir);
    const x = await createOnnxExtractor({ modelDir: dir, provider: 'cpu' });
    opened.push(x);
    const [a, b] = await x.extract(['left effusion (small).', 'opacity 30%.']);
    expect(a!.text).toBe('left effusion ( small ) .');
    expect(b!.text).toBe('opacity 30 % .');
    for (const e of Object.values(a!.entities)) expect(e.end_ix).toBeLessThan(6);
  });
});
