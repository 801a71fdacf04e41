import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Metric } from '../../../src/metrics/contract.js';
import { MetricRegistry } from '../../../src/metrics/registry.js';
import { builtinProviders } from '../../../src/metrics/builtins.js';
import { createPythonExtractor } from '../../../src/metrics/radgraph/extractors/python.js';
import { radgraphF1 } from '../../../src/metrics/radgraph/score.js';
import { MetricUnavailableError } from '../../../src/metrics/provider.js';
import { tmpTree } from '../../_support/tmp.js';

const STAND_INS = path.resolve('test/fixtures/python/stand-ins');
const opened: { close(): Promise<unknown> | unknown }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((x) => x.close()));
  delete process.env.STANDIN_RADGRAPH_LOG;
});

describe('radgraph `python` extractor (stand-in radgraph package)', () => {
  it('loads RadGraph(model_type) once and annotates a whole batch in one call, in order, in the package format', async () => {
    const dir = tmpTree();
    process.env.STANDIN_RADGRAPH_LOG = path.join(dir, 'calls.log');
    const x = await createPythonExtractor({ pythonPath: [STAND_INS] });
    opened.push(x);
    expect(x.id).toBe('python');
    expect(x.info).toEqual({ version: '0.0.0-standin', modelType: 'radgraph-xl', device: 'cpu' });
    const [a, b, c] = await x.extract(['Small effusion in the left lung.', 'No pneumothorax.', '']);
    expect(a).toEqual({
      text: 'Small effusion in the left lung .',
      entities: {
        '1': { tokens: 'Small', label: 'Observation::definitely present', start_ix: 0, end_ix: 0, relations: [] },
        '2': { tokens: 'effusion', label: 'Observation::definitely present', start_ix: 1, end_ix: 1, relations: [['located_at', '3']] },
        '3': { tokens: 'left', label: 'Anatomy::definitely present', start_ix: 4, end_ix: 4, relations: [] },
        '4': { tokens: 'lung', label: 'Anatomy::definitely present', start_ix: 5, end_ix: 5, relations: [] },
      },
    });
    expect(b!.entities['1']).toMatchObject({ tokens: 'pneumothorax', label: 'Observation::definitely absent' });
    expect(c!.text).toBe('None'); // the package's own handling of an empty report
    await x.extract(['Heart size normal.']);
    expect(readFileSync(process.env.STANDIN_RADGRAPH_LOG!, 'utf8')).toBe('1 3\n1 1\n');
  });

  it('radgraph-f1 runs on it; details and description say what ran', async () => {
    const registry = new MetricRegistry(builtinProviders, {
      'radgraph-f1': { options: { extractor: 'python', python: { pythonPath: [STAND_INS] } } },
    });
    opened.push({ close: () => registry.closeAll() });
    const reg = await registry.get('radgraph-f1');
    const m: Metric = reg.metric;
    expect(m.description).toMatch(/python extractor \(radgraph 0\.0\.0-standin radgraph-xl on cpu\)/);
    const ref = 'Large effusion in the left lung.';
    const hyp = 'Large effusion in the right lung.';
    const [o] = await m.score([{ reference: ref, candidate: hyp }], { signal: new AbortController().signal });
    const x = await createPythonExtractor({ pythonPath: [STAND_INS] });
    opened.push(x);
    const [h, r] = await x.extract([hyp, ref]);
    const want = radgraphF1(h!, r!, { hypText: hyp, refText: ref });
    expect(o).toMatchObject({ value: want.partial, details: { simple: want.simple, complete: want.complete, extractor: 'python', runtime: 'radgraph 0.0.0-standin radgraph-xl on cpu' } });
  });

  it('cseval uses it too', async () => {
    const registry = new MetricRegistry(builtinProviders, { cseval: { options: { extractor: 'python', python: { pythonPath: [STAND_INS] } } } });
    opened.push({ close: () => registry.closeAll() });
    const { metric } = await registry.get('cseval');
    const prompt = 'moderate left pleural effusion';
    const [o] = await metric.score([{ reference: prompt, prompt, candidate: 'Moderate effusion in the left pleural space.', image: 'img.png' }], { signal: new AbortController().signal });
    expect(o).toMatchObject({ details: { extractor: 'python', runtime: 'radgraph 0.0.0-standin radgraph-xl on cpu' } });
    expect((o as { value: number }).value).toBeGreaterThan(0);
  });

  it('is unavailable (skipped with the reason) when the radgraph package is missing', async () => {
    const e = await createPythonExtractor({}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MetricUnavailableError);
    expect((e as Error).message).toMatch(/needs the radgraph package .*No module named 'radgraph'/);
  });
});
