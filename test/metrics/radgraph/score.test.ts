import { describe, expect, it } from 'vitest';
import type { RadGraphAnnotation } from '../../../src/metrics/radgraph/extractors/types.js';
import { radgraphF1, type RadGraphVariant } from '../../../src/metrics/radgraph/score.js';
import { mulberry32 } from '../../../src/util/prng.js';

/** METRICS §2.2 with JSON tuple keys, the obvious way: the oracle for the integer-id path. */
function naive(hyp: RadGraphAnnotation, ref: RadGraphAnnotation, variant: RadGraphVariant) {
  const sets = (a: RadGraphAnnotation) => {
    const tok = (s: string) => (variant === 'head' ? s.toLowerCase() : s);
    const simple = new Set<string>(), partial = new Set<string>(), complete = new Set<string>();
    for (const e of Object.values(a.entities)) {
      simple.add(JSON.stringify([tok(e.tokens), e.label]));
      partial.add(JSON.stringify(e.relations.length ? [tok(e.tokens), e.label, true] : [tok(e.tokens), e.label]));
      if (!e.relations.length) complete.add(JSON.stringify([tok(e.tokens), e.label]));
      for (const [type, target] of e.relations) {
        const t = a.entities[target];
        if (t) complete.add(JSON.stringify([e.tokens.toLowerCase(), e.label, type, t.tokens.toLowerCase()]));
      }
    }
    return { simple, partial, complete };
  };
  const f1 = (h: Set<string>, r: Set<string>) => {
    const inter = [...h].filter((x) => r.has(x)).length;
    const p = h.size ? inter / h.size : 0, q = r.size ? inter / r.size : 0;
    return p + q > 0 ? (2 * p * q) / (p + q) : 0;
  };
  if (!Object.keys(hyp.entities).length || !Object.keys(ref.entities).length) return { simple: 0, partial: 0, complete: 0 };
  const h = sets(hyp), r = sets(ref);
  return { simple: f1(h.simple, r.simple), partial: f1(h.partial, r.partial), complete: f1(h.complete, r.complete) };
}

const LABELS = ['Observation::definitely present', 'Anatomy::definitely present', 'OBS-DA'];
const TYPES = ['modify', 'located_at', 'suggestive_of'];

function annotation(rand: () => number, size: number, words: string[], labels = LABELS, types = TYPES): RadGraphAnnotation {
  const entities: RadGraphAnnotation['entities'] = {};
  for (let i = 1; i <= size; i++) {
    const tokens = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => words[Math.floor(rand() * words.length)]!).join(' ');
    const relations: [string, string][] = [];
    for (let k = Math.floor(rand() * 3); k > 0; k--) relations.push([types[Math.floor(rand() * types.length)]!, String(1 + Math.floor(rand() * (size + 1)))]);
    entities[String(i)] = { tokens, label: labels[Math.floor(rand() * labels.length)]!, start_ix: 0, end_ix: 0, relations };
  }
  return { entities };
}

describe('radgraphF1 (integer tuple ids) against string-keyed tuple sets', () => {
  const words = ['Effusion', 'effusion', 'LEFT', 'left', 'pleural', 'lung', 'İstanbul', 'ΣΑΣ', 'base'];
  it('random report-sized annotations, both variants, dangling relation targets included', () => {
    const rand = mulberry32(17);
    for (let t = 0; t < 2000; t++) {
      const variant: RadGraphVariant = t % 2 ? 'head' : 'pypi';
      const h = annotation(rand, Math.floor(rand() * 12), words), r = annotation(rand, Math.floor(rand() * 12), words);
      expect(radgraphF1(h, r, { variant })).toEqual(naive(h, r, variant));
    }
  });
  it('labels and relation types of one length, empty and NUL strings, parsed from JSON (own string objects)', () => {
    const rand = mulberry32(23);
    const labels = ['OBS-DP', 'OBS-DA', 'OBS-U', 'ANAT-DP', '', '\u0000', 'OBS-DP'];
    const types = ['modify', 'MODIFY', 'x', '\u0000', 'located_at'];
    for (let t = 0; t < 600; t++) {
      const variant: RadGraphVariant = t % 2 ? 'head' : 'pypi';
      const [h, r] = JSON.parse(JSON.stringify([annotation(rand, Math.floor(rand() * 12), words, labels, types), annotation(rand, Math.floor(rand() * 12), words, labels, types)])) as RadGraphAnnotation[];
      expect(radgraphF1(h!, r!, { variant })).toEqual(naive(h!, r!, variant));
    }
  });
  it('annotations with more distinct strings than the membership table holds (sorted packed tuples)', () => {
    const rand = mulberry32(5);
    const many = Array.from({ length: 900 }, (_, i) => `word${i % 7 === 0 ? 'X' : 'x'}${i}`);
    const h = annotation(rand, 400, many), r = annotation(rand, 400, many);
    for (const variant of ['head', 'pypi'] as const) expect(radgraphF1(h, r, { variant })).toEqual(naive(h, r, variant));
  });
  it('annotations with more distinct strings than the packed ids hold (string fallback)', () => {
    const rand = mulberry32(2);
    const many = Array.from({ length: 6000 }, (_, i) => `word${i}`);
    const h = annotation(rand, 3000, many), r = annotation(rand, 3000, many);
    for (const variant of ['head', 'pypi'] as const) expect(radgraphF1(h, r, { variant })).toEqual(naive(h, r, variant));
  });
  it('more labels or relation types in a pair than the small ids hold (string fallback), and the tables cleared between pairs', () => {
    const rand = mulberry32(41);
    // two words, so that many (tokens, label) tuples are shared and a collapsed label would show
    const manyLabels = Array.from({ length: 160 }, (_, i) => `LABEL-${i}`);
    const manyTypes = Array.from({ length: 90 }, (_, i) => `type_${i}`);
    for (const [labels, types] of [[manyLabels, TYPES], [LABELS, manyTypes]] as const) {
      const h = annotation(rand, 300, ['a', 'B'], labels, types), r = annotation(rand, 300, ['a', 'B'], labels, types);
      for (const variant of ['head', 'pypi'] as const) {
        const got = radgraphF1(h, r, { variant });
        expect(got).toEqual(naive(h, r, variant));
        expect(got.simple).toBeGreaterThan(0);
        expect(got.complete).toBeGreaterThan(0);
      }
    }
    // 40 fresh labels a pair: the label table passes its half and is cleared between pairs
    for (let t = 0; t < 60; t++) {
      const labels = Array.from({ length: 40 }, (_, i) => `L${t}-${i}`);
      const [a, b] = JSON.parse(JSON.stringify([annotation(rand, 30, words, labels), annotation(rand, 30, words, labels)])) as RadGraphAnnotation[];
      expect(radgraphF1(a!, b!)).toEqual(naive(a!, b!, 'head'));
    }
  });
  it('relation targets named by non-canonical ids ("01", "5e0", " 3", "+3", "3.0", "0", "a") are the entities of those keys', () => {
    const e = (tokens: string, relations: [string, string][] = []) => ({ tokens, label: 'OBS-DP', start_ix: 0, end_ix: 0, relations });
    const ids = ['01', '5e0', ' 3', '+3', '3.0', '0', 'a', '3', '5', '1000000000', '4294967296'];
    const entities: RadGraphAnnotation['entities'] = {};
    ids.forEach((id, i) => (entities[id] = e(`word${i}`)));
    entities['1'] = e('source', ids.map((id) => ['located_at', id] as [string, string]).concat([['modify', '2'], ['modify', '7']]));
    const hyp: RadGraphAnnotation = JSON.parse(JSON.stringify({ entities })) as RadGraphAnnotation;
    // a number where the id should be a string (loose JSON) names the entity of that key, as before
    const ref: RadGraphAnnotation = JSON.parse(JSON.stringify({ entities: { ...entities, '1': e('source', [['located_at', '01'], ['located_at', '3'], ['located_at', 'a'], ['modify', 5 as unknown as string]]) } })) as RadGraphAnnotation;
    for (const variant of ['head', 'pypi'] as const) {
      const got = radgraphF1(hyp, ref, { variant });
      expect(got).toEqual(naive(hyp, ref, variant));
      expect(got.complete).toBeGreaterThan(0);
      expect(got.complete).toBeLessThan(1);
    }
  });
  it('token strings that share a cache slot (length, first, middle and last character) keep their own ids', () => {
    const slotMates = ['abcd', 'aXcd', 'aYcd', 'ABcd', 'abCd', 'a cd'];
    const rand = mulberry32(3);
    for (let t = 0; t < 300; t++) {
      const variant: RadGraphVariant = t % 2 ? 'head' : 'pypi';
      const h = annotation(rand, 1 + Math.floor(rand() * 8), slotMates), r = annotation(rand, 1 + Math.floor(rand() * 8), slotMates);
      expect(radgraphF1(h, r, { variant })).toEqual(naive(h, r, variant));
    }
  });
});
