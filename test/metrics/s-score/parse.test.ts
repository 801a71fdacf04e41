import { describe, expect, it } from 'vitest';
import { excerpt, normalize, parseStructuredReport, probabilityOf, type ParseResult } from '../../../src/metrics/s-score/parse.js';
import { StructuredReportSchema, type StructuredReport } from '../../../src/metrics/s-score/report.js';

const REPORT: StructuredReport = {
  positive: [{ name: 'pleural effusion', probability: 3, level: 'small', location: 'left lower lobe' }],
  negative: [{ name: 'pneumothorax' }],
};
const JSON_TEXT = JSON.stringify(REPORT);

const ok = (r: ParseResult): StructuredReport => {
  if (!r.ok) throw new Error(`expected a report, got: ${r.reason}`);
  return r.report;
};
const reason = (r: ParseResult): string => {
  if (r.ok) throw new Error('expected a failure');
  return r.reason;
};

describe('parseStructuredReport: objects', () => {
  it('returns the canonical report unchanged', () => {
    const r = parseStructuredReport(REPORT);
    expect(r).toEqual({ ok: true, report: REPORT, warnings: [] });
  });

  it('defaults a missing section to empty', () => {
    expect(ok(parseStructuredReport({ positive: [{ name: 'nodule' }] }))).toEqual({ positive: [{ name: 'nodule' }], negative: [] });
    expect(ok(parseStructuredReport({ negative: ['pneumothorax'] }))).toEqual({ positive: [], negative: [{ name: 'pneumothorax' }] });
  });

  it('reads other key spellings', () => {
    const r = ok(parseStructuredReport({
      Positive_Findings: [{ Disease: 'pleural effusion', prob: '3', severity: 'small', anatomical_location: 'left lower lobe' }],
      'negative findings': [{ finding: 'pneumothorax' }],
    }));
    expect(r).toEqual(REPORT);
  });

  it('reads objects keyed by disease, with a scalar as the level', () => {
    const r = ok(parseStructuredReport({
      positive: { 'pleural effusion': { probability: 3, level: 'small', location: 'left lower lobe' }, cardiomegaly: 'mild', nodule: true },
      negative: { pneumothorax: {} },
    }));
    expect(r.positive).toEqual([REPORT.positive[0], { name: 'cardiomegaly', level: 'mild' }, { name: 'nodule' }]);
    expect(r.negative).toEqual([{ name: 'pneumothorax' }]);
  });

  it('reads a single finding object and bare strings', () => {
    const r = ok(parseStructuredReport({ positive: { name: 'nodule', probability: 2 }, negative: 'pneumothorax' }));
    expect(r).toEqual({ positive: [{ name: 'nodule', probability: 2 }], negative: [{ name: 'pneumothorax' }] });
  });

  it('unwraps a single wrapper key and reads status lists', () => {
    expect(ok(parseStructuredReport({ report: REPORT }))).toEqual(REPORT);
    const r = parseStructuredReport({ findings: [
      { name: 'pleural effusion', status: 'present', probability: 3, level: 'small', location: 'left lower lobe' },
      { name: 'pneumothorax', status: 'absent' },
    ] });
    expect(ok(r)).toEqual(REPORT);
    const list = parseStructuredReport([{ name: 'nodule' }, { name: 'pneumothorax', type: 'Negative' }]);
    expect(ok(list)).toEqual({ positive: [{ name: 'nodule' }], negative: [{ name: 'pneumothorax' }] });
    expect(list.ok && list.warnings).toEqual(['finding 1 has no status: counted as positive']);
  });

  it('treats null, blank and filler words as not stated', () => {
    const r = ok(parseStructuredReport({ positive: [{ name: 'cardiomegaly', probability: null, level: 'N/A', location: '  ' }, { name: 'nodule', location: ['right', 'upper lobe'] }] }));
    expect(r.positive).toEqual([{ name: 'cardiomegaly' }, { name: 'nodule', location: 'right upper lobe' }]);
  });

  it('drops findings without a name and invalid probabilities, with warnings', () => {
    const r = parseStructuredReport({ positive: [{ probability: 3 }, { name: 'nodule', probability: 7 }], negative: [{}] });
    expect(ok(r)).toEqual({ positive: [{ name: 'nodule' }], negative: [] });
    expect(r.ok && r.warnings).toEqual([
      'positive finding 1 has no name: ignored',
      'positive finding 2 (nodule): probability 7 is not 1, 2 or 3: treated as absent',
      'negative finding 1 has no name: ignored',
    ]);
  });

  it('reads an empty object as an empty report, with a warning', () => {
    expect(parseStructuredReport({})).toEqual({ ok: true, report: { positive: [], negative: [] }, warnings: ['empty object: no findings'] });
  });

  it('refuses other shapes with the reason', () => {
    expect(reason(parseStructuredReport({ diagnosis: 'effusion', confidence: 'high' }))).toBe('not a structured report: no positive or negative findings (keys: diagnosis, confidence)');
    expect(reason(parseStructuredReport(42))).toMatch(/got a number/);
    expect(reason(parseStructuredReport(null))).toMatch(/got null/);
  });
});

describe('parseStructuredReport: text', () => {
  it('parses strict JSON without warnings', () => {
    expect(parseStructuredReport(JSON_TEXT)).toEqual({ ok: true, report: REPORT, warnings: [] });
  });

  it.each([
    ['a code fence', '```json\n' + JSON_TEXT + '\n```'],
    ['an unterminated code fence', 'Output:\n```\n' + JSON_TEXT],
    ['prose around the JSON', 'Here is the report:\n' + JSON_TEXT + '\nHope this helps.'],
    ['trailing commas', JSON_TEXT.replace(/}]/g, '},]').replace(/}$/, ',}')],
    ['single quotes', JSON_TEXT.replace(/"/g, "'")],
    ['unquoted keys', JSON_TEXT.replace(/"(positive|negative|name|probability|level|location)":/g, '$1:')],
  ])('repairs %s', (_label, text) => {
    const r = parseStructuredReport(text);
    expect(ok(r)).toEqual(REPORT);
    expect(r.ok && r.warnings[0]).toBe('repaired malformed JSON');
  });

  it('closes truncated output (the cut name is kept as written)', () => {
    const r = ok(parseStructuredReport(JSON_TEXT.replace(/"pneumothorax"}]}$/, '"pneumothorax"}, {"name": "cardio')));
    expect(r.negative).toEqual([{ name: 'pneumothorax' }, { name: 'cardio' }]);
  });

  it('fails on text that holds no report, with an excerpt', () => {
    expect(reason(parseStructuredReport('Small left pleural effusion. No pneumothorax.'))).toMatch(/^not a structured report: got a string .*: "Small left pleural effusion. No pneumothorax."$/);
    expect(reason(parseStructuredReport('   '))).toBe('empty report text (no JSON)');
    expect(reason(parseStructuredReport('{"diagnosis": "x"}'))).toMatch(/no positive or negative findings/);
  });
});

describe('helpers', () => {
  it('probabilityOf reads numbers, numeric strings and hedge words', () => {
    expect([1, 2, 3, '3', ' 2 ', '1.0', 'likely', 'Possible', 'definite'].map(probabilityOf)).toEqual([1, 2, 3, 3, 2, 1, 2, 1, 3]);
    expect([undefined, null, 'n/a', ''].map(probabilityOf)).toEqual([undefined, undefined, undefined, undefined]);
    expect([0, 4, 2.5, '7', 'often', true].map(probabilityOf)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
  });

  it('excerpt is one line and bounded', () => {
    expect(excerpt('a\n  b')).toBe('"a b"');
    expect(excerpt('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`);
  });

  it('normalize builds reports that satisfy StructuredReportSchema', () => {
    const inputs: unknown[] = [
      { positive: [{ name: ' nodule ', level: ' mild ', probability: '2' }] },
      { positive: { ' ': { probability: 3 }, effusion: 7 }, negative: [' ', null, 3, { name: '  ' }, 'ptx'] },
      { findings: [{ label: 'x', status: 'present', location: [' ', 'left'] }, { status: 'absent' }, 'y', 5] },
      { Positive: [{ name: 'a', probability: 3.5, level: 2, location: { side: 'left' } }], NEG: { b: null } },
      [{ name: 'a', type: 'weird' }, { name: 'b', present: false }],
    ];
    for (const input of inputs) {
      const r = normalize(input);
      expect(r.ok).toBe(true);
      if (r.ok) expect(StructuredReportSchema.parse(r.report)).toEqual(r.report);
    }
  });
});

describe('prose is not a structured report (issue 12, category 9)', () => {
  it('refuses prose with commas instead of repairing it into a list of fragments', () => {
    for (const text of ['Enteric tube coiled in the upper oesophagus, tip not seen.', 'Right effusion, moderate.', 'Lungs clear, heart normal, no effusion, no pneumothorax']) {
      const r = parseStructuredReport(text);
      expect(r.ok, text).toBe(false);
      expect(r.ok ? '' : r.reason).toMatch(/^not a structured report: got a string of prose \(no JSON object or list\)/);
    }
  });

  it('still repairs malformed JSON and JSON inside prose', () => {
    expect(parseStructuredReport("{positive: [{name: 'effusion'}], negative: []}").ok).toBe(true);
    expect(parseStructuredReport('Here is the report: {"positive": [], "negative": ["pneumothorax"]} thanks').ok).toBe(true);
  });
});
