import { describe, expect, it } from 'vitest';
import type { Metric } from '../../src/metrics/contract.js';
import { defineMetric } from '../../src/metrics/define.js';
import { metric } from '../runner/_helpers.js';

/** Calls defineMetric with a deliberately wrong object and returns the error message. */
function rejection(fields: Record<string, unknown>): string {
  try {
    defineMetric({ ...metric(), ...fields } as unknown as Metric);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('defineMetric accepted an invalid metric');
}

describe('defineMetric', () => {
  it('returns a valid metric unchanged (same object)', () => {
    const m = metric({ id: 'crimson:lexicon', batchSize: 8, concurrency: 2, timeoutMs: 500, retries: 1, remote: true, cache: false, cost: 1000, symmetric: true });
    const copy = { ...m };
    expect(defineMetric(m)).toBe(m);
    expect(m).toEqual(copy);
  });

  it('accepts ids with ".", "-", "_" and ":" variants', () => {
    for (const id of ['bleu', 'rouge-l', 'green_v2', 'radgraph.f1', 'crimson:lexicon', 'a:b:c']) {
      expect(defineMetric(metric({ id })).id).toBe(id);
    }
  });

  it('rejects bad ids with the field name and the rule', () => {
    for (const id of ['', 'has space', '-leading', 'trailing:', 'a::b']) {
      const msg = rejection({ id });
      expect(msg).toContain('id: ids are words joined by "-", "." or "_", variants after ":"');
    }
  });

  it('names the metric id in the message when it has one', () => {
    expect(rejection({ id: 'good-id', version: '' })).toMatch(/^invalid metric "good-id": version: /);
  });

  it('rejects a reversed range', () => {
    expect(rejection({ range: [1, 0] })).toBe('invalid metric "fake": range: range must be [min, max]');
  });

  it('names every invalid field, separated by "; "', () => {
    const msg = rejection({ direction: 'up', tieTolerance: -1, inputs: [], batchSize: 0, retries: 1.5 });
    expect(msg.startsWith('invalid metric "fake": ')).toBe(true);
    const fields = msg.slice('invalid metric "fake": '.length).split('; ').map((s) => s.split(':')[0]);
    expect(fields).toEqual(['direction', 'tieTolerance', 'inputs', 'batchSize', 'retries']);
  });

  it('rejects an unknown input kind with the array index in the path', () => {
    expect(rejection({ inputs: ['text', 'audio'] })).toMatch(/inputs\.1: /);
  });

  it('rejects missing required fields', () => {
    const { version: _v, deterministic: _d, ...rest } = metric();
    let msg = '';
    try {
      defineMetric(rest as unknown as Metric);
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/version: /);
    expect(msg).toMatch(/deterministic: /);
  });

  it('rejects non-positive timeouts and costs, and non-integer concurrency', () => {
    expect(rejection({ timeoutMs: 0 })).toMatch(/^invalid metric "fake": timeoutMs: /);
    expect(rejection({ cost: -1 })).toMatch(/^invalid metric "fake": cost: /);
    expect(rejection({ concurrency: 2.5 })).toMatch(/^invalid metric "fake": concurrency: /);
  });

  it('leaves out the id when there is none', () => {
    expect(rejection({ id: 42 })).toMatch(/^invalid metric: id: /);
  });

  it('requires score to be a function', () => {
    expect(rejection({ score: 'nope' })).toBe('invalid metric "fake": score must be a function');
  });
});
