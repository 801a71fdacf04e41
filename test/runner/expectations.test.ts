import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexedRelation } from '../../src/cases/consistency.js';
import { parseRelation } from '../../src/cases/relations.js';
import { checkRelation, checkScore } from '../../src/runner/expectations.js';

/** The single relation of a two-operand expression. */
function rel(expr: string): IndexedRelation {
  const [r, ...rest] = parseRelation(expr);
  if (!r || rest.length) throw new Error(`not a single relation: ${expr}`);
  return { ...r, index: 0 };
}

const holds = (expr: string, a: number, b: number, direction: 'higher' | 'lower', tol: number): boolean =>
  checkRelation(rel(expr), { a, b }, direction, tol).holds;

describe('checkRelation between labels', () => {
  it('">" needs the difference in the metric direction to exceed the tolerance', () => {
    expect(checkRelation(rel('a > b'), { a: 0.75, b: 0.5 }, 'higher', 0)).toEqual({ relation: 'a > b', holds: true });
    expect(checkRelation(rel('a > b'), { a: 0.75, b: 0.5 }, 'higher', 0.25)).toEqual({
      relation: 'a > b', holds: false, detail: 'a = 0.75, b = 0.5 (tolerance 0.25)',
    });
    expect(holds('a > b', 0.75, 0.5, 'higher', 0.125)).toBe(true);
    expect(holds('a > b', 0.5, 0.5, 'higher', 0)).toBe(false);
    expect(holds('a > b', 0.5, 0.75, 'higher', 0)).toBe(false);
  });

  it('">" for a lower-is-better metric means a smaller value', () => {
    expect(checkRelation(rel('a > b'), { a: 0.25, b: 0.5 }, 'lower', 0)).toEqual({ relation: 'a > b', holds: true });
    expect(checkRelation(rel('a > b'), { a: 0.75, b: 0.5 }, 'lower', 0)).toEqual({
      relation: 'a > b', holds: false, detail: 'a = 0.75, b = 0.5 (tolerance 0, lower is better)',
    });
    expect(holds('a > b', 0.25, 0.5, 'lower', 0.25)).toBe(false);
    expect(holds('a > b', 0.25, 0.5, 'lower', 0.125)).toBe(true);
  });

  it('">=" holds when better, or worse by at most the tolerance', () => {
    expect(holds('a >= b', 0.5, 0.5, 'higher', 0)).toBe(true);
    expect(holds('a >= b', 0.75, 0.5, 'higher', 0)).toBe(true);
    expect(holds('a >= b', 0.5, 0.75, 'higher', 0)).toBe(false);
    expect(holds('a >= b', 0.5, 0.75, 'higher', 0.25)).toBe(true);
    expect(holds('a >= b', 0.5, 0.875, 'higher', 0.25)).toBe(false);
    expect(holds('a >= b', 0.75, 0.5, 'lower', 0.25)).toBe(true);
    expect(holds('a >= b', 0.875, 0.5, 'lower', 0.25)).toBe(false);
    expect(holds('a >= b', 0.25, 0.5, 'lower', 0)).toBe(true);
  });

  it('"=" holds within the tolerance in either direction, whatever the metric direction', () => {
    for (const direction of ['higher', 'lower'] as const) {
      expect(holds('a = b', 0.5, 0.5, direction, 0)).toBe(true);
      expect(holds('a = b', 0.5, 0.75, direction, 0.25)).toBe(true);
      expect(holds('a = b', 0.75, 0.5, direction, 0.25)).toBe(true);
      expect(holds('a = b', 0.5, 0.875, direction, 0.25)).toBe(false);
      expect(holds('a = b', 0.875, 0.5, direction, 0.25)).toBe(false);
    }
    expect(checkRelation(rel('a == b'), { a: 1, b: 0.5 }, 'higher', 0.1)).toEqual({
      relation: 'a = b', holds: false, detail: 'a = 1, b = 0.5 (tolerance 0.1)',
    });
  });

  it('"<" and "<=" are read with the operands swapped', () => {
    expect(checkRelation(rel('a < b'), { a: 0.25, b: 0.5 }, 'higher', 0)).toEqual({ relation: 'a < b', holds: true });
    expect(checkRelation(rel('a < b'), { a: 0.5, b: 0.25 }, 'higher', 0)).toEqual({
      relation: 'a < b', holds: false, detail: 'b = 0.25, a = 0.5 (tolerance 0)',
    });
    expect(holds('a <= b', 0.5, 0.5, 'higher', 0)).toBe(true);
    expect(holds('a <= b', 0.5, 0.25, 'lower', 0)).toBe(true);
  });

  it('formats long decimals with 6 significant digits', () => {
    expect(checkRelation(rel('a > b'), { a: 0.123456789, b: 0.987654321 }, 'higher', 0).detail).toBe('a = 0.123457, b = 0.987654 (tolerance 0)');
  });

  it('exactly one of a > b, a = b, b > a holds for a few triples', () => {
    const triples: [number, number, number][] = [
      [0.5, 0.5, 0], [0.75, 0.5, 0], [0.5, 0.75, 0], [0.75, 0.5, 0.25], [0.5, 0.75, 0.25],
      [0.9, 0.1, 0.5], [0.1, 0.9, 0.5], [0.3, 0.3, 0.01], [0.30000000000000004, 0.3, 0], [1, 0, 1], [-2, 3, 4.5],
    ];
    for (const [a, b, t] of triples) {
      for (const direction of ['higher', 'lower'] as const) {
        const results = [holds('a > b', a, b, direction, t), holds('a = b', a, b, direction, t), holds('b > a', a, b, direction, t)];
        expect(results.filter(Boolean), `${a} vs ${b}, tolerance ${t}, ${direction}`).toHaveLength(1);
        expect(holds('a >= b', a, b, direction, t)).toBe(results[0] || results[1]);
      }
    }
  });

  it('exactly one of a > b, a = b, b > a holds (property)', () => {
    const score = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(fc.property(score, score, fc.double({ min: 0, max: 5, noNaN: true }), fc.boolean(), (a, b, t, higher) => {
      const direction = higher ? 'higher' : 'lower';
      const gt = holds('a > b', a, b, direction, t);
      const eq = holds('a = b', a, b, direction, t);
      const lt = holds('b > a', a, b, direction, t);
      return [gt, eq, lt].filter(Boolean).length === 1 && holds('a >= b', a, b, direction, t) === (gt || eq);
    }), { numRuns: 500, seed: 42 });
  });

  it('a > b in one direction is b > a in the other', () => {
    expect(holds('a > b', 0.75, 0.5, 'higher', 0)).toBe(holds('b > a', 0.75, 0.5, 'lower', 0));
    expect(holds('a > b', 0.75, 0.5, 'higher', 0)).toBe(true);
  });
});

describe('checkRelation with numeric bounds', () => {
  it('compares raw values, without tolerance or direction', () => {
    expect(checkRelation(rel('a >= 0.8'), { a: 0.8 }, 'higher', 0)).toEqual({ relation: 'a >= 0.8', holds: true });
    expect(checkRelation(rel('a >= 0.8'), { a: 0.79 }, 'higher', 0.1)).toEqual({ relation: 'a >= 0.8', holds: false, detail: 'a = 0.79' });
    expect(checkRelation(rel('a >= 0.8'), { a: 0.9 }, 'lower', 0)).toEqual({ relation: 'a >= 0.8', holds: true });
    expect(checkRelation(rel('a > 0.8'), { a: 0.8 }, 'higher', 0.5).holds).toBe(false);
    expect(checkRelation(rel('a < 0.2'), { a: 0.2 }, 'higher', 0).holds).toBe(false);
    expect(checkRelation(rel('a < 0.2'), { a: 0.1 }, 'higher', 0).holds).toBe(true);
    expect(checkRelation(rel('a <= 0.2'), { a: 0.2 }, 'higher', 0).holds).toBe(true);
    expect(checkRelation(rel('a = 1'), { a: 1 }, 'higher', 0).holds).toBe(true);
    expect(checkRelation(rel('a = 1'), { a: 0.999999 }, 'higher', 0.1)).toEqual({ relation: 'a = 1', holds: false, detail: 'a = 0.999999' });
  });

  it('reads a number on the left as a bound on the label', () => {
    expect(checkRelation(rel('0.2 > a'), { a: 0.1 }, 'higher', 0)).toEqual({ relation: 'a < 0.2', holds: true });
    expect(checkRelation(rel('0.2 > a'), { a: 0.3 }, 'higher', 0)).toEqual({ relation: 'a < 0.2', holds: false, detail: 'a = 0.3' });
  });

  it('a failed bound that no value in the declared range can meet says so', () => {
    const never = "; this bound can never hold: the metric's declared range is [0, 1]";
    expect(checkRelation(rel('a >= 1.5'), { a: 1 }, 'higher', 0, [0, 1])).toEqual({ relation: 'a >= 1.5', holds: false, detail: `a = 1${never}` });
    expect(checkRelation(rel('a < 0'), { a: 0 }, 'higher', 0, [0, 1]).detail).toBe(`a = 0${never}`);
    expect(checkRelation(rel('a = 2'), { a: 1 }, 'higher', 0, [0, 1]).detail).toBe(`a = 1${never}`);
    // reachable bounds fail plainly
    expect(checkRelation(rel('a >= 0.8'), { a: 0.5 }, 'higher', 0, [0, 1]).detail).toBe('a = 0.5');
    expect(checkRelation(rel('a >= 1'), { a: 0.5 }, 'higher', 0, [0, 1]).detail).toBe('a = 0.5');
    expect(checkRelation(rel('a = 0.5'), { a: 0.4 }, 'higher', 0, [0, 1]).detail).toBe('a = 0.4');
  });
});

describe('checkScore', () => {
  it('checks value with the default tolerance of 1e-9', () => {
    expect(checkScore({ value: 0.5 }, { value: 0.5 + 1e-10 })).toEqual([{ relation: 'value = 0.5 ± 1e-9', holds: true }]);
    expect(checkScore({ value: 0.5 }, { value: 0.5001 })).toEqual([{ relation: 'value = 0.5 ± 1e-9', holds: false, detail: 'value = 0.5001' }]);
  });

  it('checks value with a given tolerance, both sides', () => {
    expect(checkScore({ value: 0.5, tolerance: 0.125 }, { value: 0.625 })[0]!.holds).toBe(true);
    expect(checkScore({ value: 0.5, tolerance: 0.125 }, { value: 0.375 })[0]!.holds).toBe(true);
    expect(checkScore({ value: 0.5, tolerance: 0.125 }, { value: 0.75 })).toEqual([{ relation: 'value = 0.5 ± 0.125', holds: false, detail: 'value = 0.75' }]);
    expect(checkScore({ value: 0.5, tolerance: 0.125 }, { value: 0.25 })[0]!.holds).toBe(false);
  });

  it('checks min and max inclusively', () => {
    expect(checkScore({ min: 0.2, max: 0.8 }, { value: 0.2 })).toEqual([
      { relation: 'value >= 0.2', holds: true },
      { relation: 'value <= 0.8', holds: true },
    ]);
    expect(checkScore({ min: 0.2, max: 0.8 }, { value: 0.9 })).toEqual([
      { relation: 'value >= 0.2', holds: true },
      { relation: 'value <= 0.8', holds: false, detail: 'value = 0.9' },
    ]);
    expect(checkScore({ min: 0.2 }, { value: 0.1 })).toEqual([{ relation: 'value >= 0.2', holds: false, detail: 'value = 0.1' }]);
  });

  it('matches details partially and deeply, numbers within the tolerance', () => {
    const details = { counts: { tp: 2.0000000001, fp: 1 }, labels: ['effusion', 'edema'], name: 'x', extra: true };
    expect(checkScore({ details: { counts: { tp: 2 }, labels: ['effusion'], name: 'x' } }, { value: 0.5, details })).toEqual([
      { relation: 'details.counts = {"tp":2}', holds: true },
      { relation: 'details.labels = ["effusion"]', holds: true },
      { relation: 'details.name = "x"', holds: true },
    ]);
  });

  it('reports the first mismatching path in details', () => {
    const details = { counts: { tp: 3, fp: 1 }, labels: ['edema'], name: 'y' };
    expect(checkScore({ details: { counts: { fp: 1, tp: 2 }, labels: ['effusion'], name: 'x', missing: 0 } }, { value: 0.5, details })).toEqual([
      { relation: 'details.counts = {"fp":1,"tp":2}', holds: false, detail: 'counts.tp = 3' },
      { relation: 'details.labels = ["effusion"]', holds: false, detail: 'labels[0] = "edema"' },
      { relation: 'details.name = "x"', holds: false, detail: 'name = "y"' },
      { relation: 'details.missing = 0', holds: false, detail: 'missing = undefined' },
    ]);
  });

  it('uses the expectation tolerance for detail numbers', () => {
    expect(checkScore({ tolerance: 0.25, details: { f1: 0.5 } }, { value: 0, details: { f1: 0.7 } })[0]!.holds).toBe(true);
    expect(checkScore({ details: { f1: 0.5 } }, { value: 0, details: { f1: 0.7 } })[0]).toEqual({ relation: 'details.f1 = 0.5', holds: false, detail: 'f1 = 0.7' });
  });

  it('fails detail expectations when the outcome has no details', () => {
    expect(checkScore({ details: { f1: { micro: 1 } } }, { value: 1 })).toEqual([{ relation: 'details.f1 = {"micro":1}', holds: false, detail: 'f1 = undefined' }]);
  });

  it('returns nothing for an error outcome when no error is expected (the verdict is error)', () => {
    expect(checkScore({ value: 1 }, { error: 'boom' })).toEqual([]);
    expect(checkScore({ value: 1, error: false }, { error: 'boom' })).toEqual([]);
  });

  it('returns nothing for an empty expectation', () => {
    expect(checkScore({}, { value: 0.3 })).toEqual([]);
  });

  it('checks error expectations', () => {
    expect(checkScore({ error: true }, { error: 'cannot parse report' })).toEqual([{ relation: 'error', holds: true }]);
    expect(checkScore({ error: 'parse' }, { error: 'cannot parse report' })).toEqual([{ relation: 'error contains "parse"', holds: true }]);
    expect(checkScore({ error: 'timeout' }, { error: 'cannot parse report' })).toEqual([
      { relation: 'error contains "timeout"', holds: false, detail: 'error was: cannot parse report' },
    ]);
    expect(checkScore({ error: true }, { value: 0.5 })).toEqual([{ relation: 'error', holds: false, detail: 'the metric returned a value' }]);
    expect(checkScore({ error: 'parse', value: 0.5 }, { value: 0.5 })).toEqual([
      { relation: 'error contains "parse"', holds: false, detail: 'the metric returned a value' },
    ]);
  });

  it('ignores `error: false` and checks the value', () => {
    expect(checkScore({ error: false, value: 1 }, { value: 1 })).toEqual([{ relation: 'value = 1 ± 1e-9', holds: true }]);
  });
});
