import { describe, expect, it } from 'vitest';
import { formatReport, scoreItems, validateFixture, type ExpectedFinding, type PredictedFinding } from './score.js';

const effusion: ExpectedFinding = {
  name: 'pleural effusion',
  status: 'present',
  probability: 3,
  severity: 'mild',
  laterality: 'left',
};
const ptxAbsent: ExpectedFinding = { name: 'pneumothorax', status: 'absent' };
/** A prediction as the extractor returns it, with the fields the scorer ignores. */
const pred = (f: ExpectedFinding, extra: Partial<PredictedFinding> = {}) => ({
  id: 'F1',
  sentence: 0,
  span: [0, 1] as [number, number],
  ...f,
  ...extra,
});

describe('scoreItems', () => {
  it('gives 1 everywhere for a perfect match', () => {
    const s = scoreItems([{ text: 't', expected: [effusion, ptxAbsent], got: [pred(ptxAbsent), pred(effusion)] }]);
    expect(s).toMatchObject({ tp: 2, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1 });
    expect(s.attributes.probability).toEqual({ correct: 1, total: 1, accuracy: 1 });
    expect(s.attributes.severity).toEqual({ correct: 1, total: 1, accuracy: 1 });
    // attributes neither side has are not scored
    expect(s.attributes.temporal).toEqual({ correct: 0, total: 0, accuracy: 1 });
    expect(s.mismatches).toEqual([]);
  });

  it('lowers recall, not precision, for a missing finding', () => {
    const s = scoreItems([{ text: 't', expected: [effusion, ptxAbsent], got: [pred(effusion)] }]);
    expect(s).toMatchObject({ tp: 1, fp: 0, fn: 1, precision: 1, recall: 0.5 });
    expect(s.f1).toBeCloseTo(2 / 3);
    expect(s.mismatches).toEqual([{ text: 't', kind: 'missing', expected: 'pneumothorax/absent' }]);
  });

  it('lowers precision for a spurious finding', () => {
    const s = scoreItems([{ text: 't', expected: [], got: [pred(ptxAbsent)] }]);
    expect(s).toMatchObject({ tp: 0, fp: 1, fn: 0, precision: 0, recall: 1, f1: 0 });
    expect(s.mismatches[0]).toMatchObject({ kind: 'spurious', got: 'pneumothorax/absent' });
  });

  it('counts a wrong status as a miss (one fn and one fp)', () => {
    const s = scoreItems([{ text: 't', expected: [ptxAbsent], got: [pred({ name: 'pneumothorax', status: 'present', probability: 3 })] }]);
    expect(s).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0 });
  });

  it('counts a wrong laterality as a miss, and a missing laterality too', () => {
    const right = scoreItems([{ text: 't', expected: [effusion], got: [pred(effusion, { laterality: 'right' })] }]);
    expect(right).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    const { laterality: _, ...noSide } = effusion;
    const none = scoreItems([{ text: 't', expected: [effusion], got: [pred(noSide)] }]);
    expect(none).toMatchObject({ tp: 0, fp: 1, fn: 1 });
  });

  it('matches a multiset greedily in order', () => {
    const a = { ...ptxAbsent, temporal: 'resolved' as const };
    const s = scoreItems([
      { text: 't', expected: [a, ptxAbsent], got: [pred(ptxAbsent), pred(ptxAbsent), pred(ptxAbsent)] },
    ]);
    expect(s).toMatchObject({ tp: 2, fp: 1, fn: 0 });
    // the first expected (with temporal) took the first prediction (without): one temporal error
    expect(s.attributes.temporal).toEqual({ correct: 0, total: 1, accuracy: 0 });
  });

  it('scores attributes over matched pairs where either side has them', () => {
    const e: ExpectedFinding = { ...effusion, location: ['apex', 'base'], measurementMm: 11, temporal: 'new' };
    const s = scoreItems([
      { text: 'a', expected: [e], got: [pred(e, { location: ['base', 'apex'], measurementMm: 11.000000000000002 })] },
      { text: 'b', expected: [effusion], got: [pred(effusion, { severity: 'moderate', temporal: 'unchanged' })] },
      { text: 'c', expected: [e], got: [pred(e, { location: ['apex'], measurementMm: undefined })] },
    ]);
    expect(s).toMatchObject({ tp: 3, fp: 0, fn: 0, f1: 1 });
    // location: set equality (a ok, c wrong); b has none on either side
    expect(s.attributes.location).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    // measurement: float noise tolerated (a), missing on one side is wrong (c)
    expect(s.attributes.measurementMm).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    // severity wrong in b; temporal: a and c right, b has a spurious one
    expect(s.attributes.severity).toEqual({ correct: 2, total: 3, accuracy: 2 / 3 });
    expect(s.attributes.temporal).toEqual({ correct: 2, total: 3, accuracy: 2 / 3 });
    expect(s.attributes.devicePosition.total).toBe(0);
    expect(s.mismatches.filter((m) => m.kind === 'attribute').map((m) => `${m.text}:${m.attribute}`)).toEqual([
      'b:severity',
      'b:temporal',
      'c:location',
      'c:measurementMm',
    ]);
  });

  it('aggregates over items and reports extractor errors', () => {
    const s = scoreItems([
      { text: 'a', expected: [effusion], got: [pred(effusion)] },
      { where: 'f#1', text: 'b', expected: [ptxAbsent], got: [], error: 'boom' },
    ]);
    expect(s).toMatchObject({ items: 2, expected: 2, predicted: 1, tp: 1, fn: 1, recall: 0.5 });
    expect(s.mismatches[0]).toEqual({ where: 'f#1', text: 'b', kind: 'error', got: 'boom' });
    const report = formatReport(s);
    expect(report).toContain('recall 50.0%');
    expect(report).toContain('missing  pneumothorax/absent');
  });

  it('gives precision, recall and F1 of 1 for an empty run', () => {
    expect(scoreItems([])).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });
});

describe('validateFixture', () => {
  const ok = {
    items: [
      { text: 'No effusion.', findings: [{ name: 'pleural effusion', status: 'absent' }] },
      { text: 'Unremarkable.', findings: [] },
    ],
  };

  it('accepts a well-formed fixture', () => {
    const r = validateFixture(ok, 'x.yaml');
    expect(r.problems).toEqual([]);
    expect(r.items.map((i) => i.where)).toEqual(['x.yaml#0', 'x.yaml#1']);
  });

  it.each([
    ['an unknown name', { name: 'effusion', status: 'absent' }, /not in FINDING_NAMES/],
    ['a bad status', { name: 'pneumothorax', status: 'negative' }, /status/],
    ['a probability on an absent finding', { name: 'pneumothorax', status: 'absent', probability: 3 }, /no probability/],
    ['a present finding without probability', { name: 'pneumothorax', status: 'present' }, /probability 3/],
    ['an uncertain finding with probability 3', { name: 'pneumothorax', status: 'uncertain', probability: 3 }, /1 or 2/],
    ['an unknown location', { name: 'pneumothorax', status: 'absent', location: ['top'] }, /LOCATIONS/],
    ['an unsorted location', { name: 'nodule', status: 'absent', location: ['upper lobe', 'lower lobe'] }, /sorted/],
    ['an unknown device position', { name: 'picc', status: 'present', probability: 3, devicePosition: 'heart' }, /DEVICE_POSITIONS/],
    ['a forbidden key', { name: 'pneumothorax', status: 'absent', span: [0, 2] }, /unknown key "span"/],
    ['resolved on a present finding', { name: 'pneumothorax', status: 'present', probability: 3, temporal: 'resolved' }, /resolved/],
    ['a bad measurement', { name: 'nodule', status: 'present', probability: 3, measurementMm: '8 mm' }, /measurementMm/],
  ])('rejects %s', (_label, finding, message) => {
    const r = validateFixture({ items: [{ text: 't', findings: [finding] }] }, 'x.yaml');
    expect(r.problems.length).toBeGreaterThan(0);
    expect(r.problems.join('\n')).toMatch(message);
    expect(r.problems[0]).toMatch(/^x\.yaml#0 finding 0: /);
  });

  it('rejects a malformed file or item', () => {
    expect(validateFixture({}, 'x.yaml').problems).toHaveLength(1);
    expect(validateFixture({ items: [{ text: '', findings: [] }] }, 'x.yaml').problems[0]).toMatch(/text/);
    expect(validateFixture({ items: [{ text: 'a' }] }, 'x.yaml').problems[0]).toMatch(/findings/);
    expect(validateFixture({ items: [{ text: 'a', findings: [], note: 1 }] }, 'x.yaml').problems[0]).toMatch(/note/);
  });
});
