import { describe, it, expect, afterEach } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinProviders } from '../../../src/metrics/builtins.js';
import { radgraphF1 as fromRoot } from '../../../src/index.js';
import { radgraphF1Provider, radgraphF1LexiconProvider, radgraphF1 } from '../../../src/metrics/radgraph/index.js';
import { MetricUnavailableError } from '../../../src/metrics/provider.js';
import { annotateWithLexicon, lexiconExtractor } from '../../../src/metrics/radgraph/extractors/lexicon.js';
import { annotationFromReply, createOpenAIExtractor } from '../../../src/metrics/radgraph/extractors/openai.js';
import { isErrorOutcome, type Metric } from '../../../src/metrics/contract.js';
import { tmpTree } from '../../_support/tmp.js';
import { writeTinyRadGraphModel } from '../../onnx/_tiny-radgraph.js';

const env = { root: '/' };
const ctx = () => ({ signal: new AbortController().signal });
const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

describe('radgraph metrics', () => {
  it('are registered and radgraphF1 is exported from the root', () => {
    const ids = builtinProviders.map((p) => p.id);
    expect(ids).toContain('radgraph-f1');
    expect(ids).toContain('radgraph-f1:lexicon');
    expect(fromRoot).toBe(radgraphF1);
  });

  it('radgraph-f1 is unavailable with no extractor configured', async () => {
    await expect(radgraphF1Provider.create({}, env)).rejects.toBeInstanceOf(MetricUnavailableError);
    await expect(radgraphF1Provider.create({}, env)).rejects.toThrow(/no entity extractor configured/);
    await expect(radgraphF1Provider.create({ extractor: 'openai' }, env)).rejects.toBeInstanceOf(MetricUnavailableError);
    await expect(radgraphF1Provider.create({ bogus: 1 }, env)).rejects.toThrow(/invalid radgraph-f1 options/);
  });

  it('radgraph-f1:lexicon scores partial as the value with all levels in details', async () => {
    const m = (await radgraphF1LexiconProvider.create({}, env)) as Metric;
    expect(m.description).toMatch(/approximation/);
    const out = await m.score(
      [
        { reference: 'Moderate left pleural effusion.', candidate: 'moderate left pleural effusion' },
        { reference: 'Moderate left pleural effusion.', candidate: 'Small right pleural effusion.' },
        { reference: 'Moderate left pleural effusion.', candidate: '' },
        { reference: 'Comparison: ___.', candidate: 'PA and lateral views.' },
        { reference: { a: 1 }, candidate: 'x' },
      ],
      ctx(),
    );
    const [same, wrongSide, empty, noEntities, structured] = out;
    expect(same).toMatchObject({ value: 1, details: { simple: 1, partial: 1, complete: 1, extractor: 'lexicon', variant: 'head', level: 'partial' } });
    expect(!isErrorOutcome(wrongSide!) && wrongSide!.value).toBeGreaterThan(0);
    expect(!isErrorOutcome(wrongSide!) && wrongSide!.value).toBeLessThan(1);
    expect(empty).toMatchObject({ value: 0 });
    expect(noEntities).toMatchObject({ value: 0 }); // two reports without entities score 0, not 1
    expect(isErrorOutcome(structured!)).toBe(true);
  });

  it('level option picks the value', async () => {
    const m = (await radgraphF1LexiconProvider.create({ level: 'simple', variant: 'pypi' }, env)) as Metric;
    const [o] = await m.score([{ reference: 'Moderate left pleural effusion.', candidate: 'Small left pleural effusion.' }], ctx());
    expect(o).toMatchObject({ details: { level: 'simple', variant: 'pypi' } });
    expect(!isErrorOutcome(o!) && o!.value).toBe(!isErrorOutcome(o!) && o!.details!.simple);
  });

  it('radgraph-f1 runs with the onnx extractor on a generated model', async () => {
    const dir = tmpTree();
    writeTinyRadGraphModel(dir);
    const m = (await radgraphF1Provider.create({ onnx: { modelDir: dir } }, env)) as Metric;
    const [a, b] = await m.score(
      [
        { reference: 'moderate left pleural effusion', candidate: 'moderate left pleural effusion' },
        { reference: 'moderate left pleural effusion', candidate: '' },
      ],
      ctx(),
    );
    expect(a).toMatchObject({ value: 1, details: { extractor: 'onnx' } });
    expect(b).toMatchObject({ value: 0 });
    await m.close?.();
  });
});

describe('lexicon extractor', () => {
  it('gives RadGraph-XL-style entities and relations from the report words', () => {
    const a = annotateWithLexicon('Moderate left pleural effusion. Right lower lobe opacity concerning for pneumonia. No pneumothorax.');
    const byTokens = Object.fromEntries(Object.values(a.entities).map((e) => [e.tokens, e]));
    expect(byTokens['effusion']!.label).toBe('Observation::definitely present');
    expect(byTokens['pleural']!.label).toBe('Anatomy::definitely present');
    expect(byTokens['pneumonia']!.label).toBe('Observation::uncertain');
    expect(byTokens['pneumothorax']!.label).toBe('Observation::definitely absent');
    const tokensOf = (id: string) => a.entities[id]!.tokens;
    const rel = (from: string) => byTokens[from]!.relations.map(([t, id]) => `${t} ${tokensOf(id)}`);
    expect(rel('effusion')).toContain('located_at pleural');
    expect(rel('Moderate')).toContain('modify effusion');
    expect(rel('left')).toContain('modify pleural');
    expect(rel('opacity')).toEqual(expect.arrayContaining(['located_at lobe', 'suggestive_of pneumonia']));
    expect(rel('Right')).toContain('modify lobe');
    expect(rel('lower')).toContain('modify lobe');
    // ids in order of position; positions index the words
    const starts = Object.values(a.entities).map((e) => e.start_ix);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });
  it('handles empty and entity-free text', async () => {
    expect(await lexiconExtractor.extract(['', 'PA and lateral views.'])).toEqual([
      { text: '', entities: {} },
      { text: 'PA and lateral views.', entities: {} },
    ]);
  });
});

describe('openai extractor', () => {
  function server(reply: (body: any) => unknown): Promise<{ url: string; bodies: any[] }> {
    const bodies: any[] = [];
    const s = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const body = JSON.parse(data);
        bodies.push(body);
        const content = JSON.stringify(reply(body));
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      });
    });
    servers.push(s);
    return new Promise((r) => s.listen(0, '127.0.0.1', () => r({ url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, bodies })));
  }

  const good = {
    entities: [
      { id: 'a', tokens: 'effusion', label: 'Observation::definitely present', relations: [{ type: 'located_at', target: 'b' }] },
      { id: 'b', tokens: 'pleural', label: 'Anatomy::definitely present', relations: [] },
      { id: 'c', tokens: 'Left', label: 'Anatomy::definitely present', relations: [{ type: 'modify', target: 'b' }] },
      { id: 'd', tokens: 'unicorn', label: 'Observation::definitely present', relations: [] },
    ],
  };

  it('turns a validated reply into positions from the report words', () => {
    const { annotation, dropped } = annotationFromReply('Left pleural effusion.', good as never);
    expect(dropped).toEqual(['unicorn']);
    expect(annotation.entities).toEqual({
      '1': { tokens: 'Left', label: 'Anatomy::definitely present', start_ix: 0, end_ix: 0, relations: [['modify', '2']] },
      '2': { tokens: 'pleural', label: 'Anatomy::definitely present', start_ix: 1, end_ix: 1, relations: [] },
      '3': { tokens: 'effusion', label: 'Observation::definitely present', start_ix: 2, end_ix: 2, relations: [['located_at', '2']] },
    });
  });

  it('extracts over a local OpenAI-compatible server and feeds radgraph-f1', async () => {
    const { url, bodies } = await server(() => good);
    const x = createOpenAIExtractor({ baseURL: url, model: 'test-model', retries: 0 });
    const [a] = await x.extract(['Left pleural effusion.']);
    expect(Object.keys(a!.entities)).toHaveLength(3);
    expect(bodies[0].model).toBe('test-model');
    expect(bodies[0].messages[1].content).toContain('Left pleural effusion.');
    const m = (await radgraphF1Provider.create({ openai: { baseURL: url, model: 'test-model', retries: 0 } }, env)) as Metric;
    expect(m.remote).toBe(true);
    const [o] = await m.score([{ reference: 'Left pleural effusion.', candidate: 'Left pleural effusion.' }], ctx());
    expect(o).toMatchObject({ value: 1, details: { extractor: 'openai' } });
  });

  it('a reply that breaks the schema is an error outcome, not a score', async () => {
    const { url } = await server(() => ({ entities: [{ id: 1, tokens: 'effusion', label: 'Finding::yes' }] }));
    const m = (await radgraphF1Provider.create({ openai: { baseURL: url, model: 'm', retries: 0 } }, env)) as Metric;
    const [o] = await m.score([{ reference: 'effusion', candidate: 'effusion' }], ctx());
    expect(isErrorOutcome(o!) && o.error).toMatch(/does not match the schema/);
  });
});
