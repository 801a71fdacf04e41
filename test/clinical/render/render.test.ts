import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import { comparableFinding, renderReport, renderSentences, type RenderableFinding } from '../../../src/clinical/render/index.js';
import { nameTerms } from '../../../src/clinical/render/_internals/terms.js';
import { templateSources, type TemplateKind } from '../../../src/clinical/render/templates.js';

const lex = getLexicon();
const effusion: RenderableFinding = { name: 'pleural effusion', status: 'present', probability: 3, severity: 'mild', laterality: 'left' };
const ptx: RenderableFinding = { name: 'pneumothorax', status: 'absent' };
const cardiomegaly: RenderableFinding = { name: 'cardiomegaly', status: 'uncertain', probability: 1 };

describe('renderReport', () => {
  it('is deterministic for a seed', () => {
    expect(renderReport([effusion, ptx], { seed: 5 })).toBe(renderReport([effusion, ptx], { seed: 5 }));
  });

  it('varies the wording with the seed', () => {
    const texts = new Set(Array.from({ length: 40 }, (_, seed) => renderReport([effusion], { seed })));
    expect(texts.size).toBeGreaterThan(8);
  });

  it('writes one sentence per finding, in order', () => {
    const s = renderSentences([effusion, ptx, cardiomegaly], { seed: 1 });
    expect(s).toHaveLength(3);
    for (const x of s) expect(x).toMatch(/^[A-Z].*\.$/);
    expect(renderReport([effusion, ptx, cardiomegaly], { seed: 1 })).toBe(s.join(' '));
  });

  it('keeps the other sentences word for word when one finding changes', () => {
    const a = renderSentences([effusion, ptx, cardiomegaly], { seed: 9 });
    const b = renderSentences([effusion, { name: 'pneumothorax', status: 'present', probability: 3 }, cardiomegaly], { seed: 9 });
    expect([b[0], b[2]]).toEqual([a[0], a[2]]);
    expect(renderSentences([effusion, cardiomegaly], { seed: 9 })).toEqual([a[0], a[2]]);
  });

  it('renders a numbered list', () => {
    const text = renderReport([effusion, ptx], { seed: 2, style: 'list' });
    const lines = text.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^1\. [A-Z]/);
    expect(lines[1]).toMatch(/^2\. [A-Z]/);
  });

  it('renders the empty report as a global normal statement', () => {
    expect(renderReport([], { seed: 3 })).toMatch(/^(No acute|Unremarkable)/);
  });

  it('writes no HTML entities (templates compiled with noEscape)', () => {
    const text = renderReport([{ name: 'ground-glass opacity', status: 'present', probability: 3 }], { seed: 0 });
    expect(text).not.toMatch(/&[a-z#0-9]+;/);
  });

  it('writes what the attributes say', () => {
    const nodule: RenderableFinding = {
      name: 'nodule', status: 'present', probability: 3, laterality: 'right', location: ['upper lobe'], measurementMm: 8,
    };
    for (let seed = 0; seed < 20; seed++) {
      const t = renderReport([nodule], { seed });
      expect(t).toMatch(/right/i);
      expect(t).toMatch(/upper lobe/i);
      expect(t).toMatch(/8 mm|0\.8 cm/);
    }
    const ett: RenderableFinding = {
      name: 'endotracheal tube', status: 'present', probability: 3, measurementMm: 40, devicePosition: 'above carina', devicePlacement: 'appropriate',
    };
    for (let seed = 0; seed < 10; seed++) expect(renderReport([ett], { seed })).toMatch(/(40 mm|4 cm) above the carina/);
    expect(renderReport([{ name: 'tracheal deviation', status: 'present', probability: 3, laterality: 'right' }])).toMatch(/to the right/);
  });

  it('uses severity words and dimensions when given', () => {
    const t = renderReport([{ ...effusion, severityText: 'trace' }], { seed: 4 });
    expect(t).toMatch(/trace/i);
    const mass: RenderableFinding = { name: 'mass', status: 'present', probability: 3, measurementMm: 30, dimensionsMm: [20, 30] };
    const texts = Array.from({ length: 10 }, (_, seed) => renderReport([mass], { seed }));
    expect(texts.some((x) => /(20 x 30 mm|2 x 3 cm)/.test(x))).toBe(true);
  });

  it('says resolution for absent findings with temporal resolved', () => {
    const resolved: RenderableFinding = { name: 'pneumothorax', status: 'absent', laterality: 'left', temporal: 'resolved' };
    for (let seed = 0; seed < 6; seed++) expect(renderReport([resolved], { seed })).toMatch(/no longer seen|Interval resolution of the left/);
  });

  it('refuses names outside the lexicon', () => {
    expect(() => renderReport([{ name: 'dragon', status: 'present', probability: 3 }])).toThrow(/unknown finding name 'dragon'/);
  });
});

describe('templates and terms', () => {
  const cues: Record<string, 1 | 2> = { probable: 2, possible: 1 };
  it.each(Object.entries(cues))('every %s template carries a lexicon cue of that probability', (kind, p) => {
    for (const src of templateSources(kind as TemplateKind)) {
      const text = src.replace(/\{\{\w+\}\}/g, ' ').toLowerCase().replace(/[.]/g, ' ');
      const hit = [...lex.certainty].some(([cue, v]) => v === p && new RegExp(`(^|\\s)${cue.replace(/[.?]/g, '\\$&')}(\\s|$)`).test(text));
      expect(hit, src).toBe(true);
    }
  });

  it('uses only lexicon terms for names, preferred term first', () => {
    for (const lf of lex.findings) {
      const t = nameTerms(lf, lex);
      expect(t.singular[0]).toBe(lf.terms[0]);
      for (const w of [...t.singular, ...(t.plural ? [t.plural] : [])]) expect(lf.terms, `${lf.name}: ${w}`).toContain(w);
    }
  });

  it('compares findings without ids, spans and wording details', () => {
    expect(
      comparableFinding({ id: 'F1', sentence: 0, span: [0, 3], name: 'mass', status: 'present', probability: 3, location: ['lower lobe', 'hilum'], dimensionsMm: [3] }),
    ).toEqual({ name: 'mass', status: 'present', probability: 3, location: ['hilum', 'lower lobe'] });
  });
});
