import { describe, expect, it } from 'vitest';
import { parseUpstreamReply } from '../../../../src/metrics/crimson/upstream/parse.js';

describe('parseUpstreamReply: upstream CRIMSON reply repairs', () => {
  it('plain JSON parses raw; duplicated keys keep the FIRST value', () => {
    expect(parseUpstreamReply('{"a": 1, "a": 2}')).toEqual({ value: { a: 1 }, step: 'raw' });
  });

  it('smart quotes inside strings become escaped quotes', () => {
    const r = parseUpstreamReply('{"explanation": "called \u201cmild\u201d"}');
    expect(r.value).toEqual({ explanation: 'called "mild"' });
  });

  it('single smart quotes become \\\' which the escape repair then keeps as a backslash and quote', () => {
    const r = parseUpstreamReply('{"e": "patient\u2019s"}');
    expect(r).toEqual({ value: { e: "patient\\'s" }, step: 'escapes' });
  });

  it('an array written like an object is mended', () => {
    expect(parseUpstreamReply('{"missing_findings": ["":["R1"]}').value).toEqual({ missing_findings: ['R1'] });
  });

  it('a key that lost its opening quote gets it back (structural positions only)', () => {
    expect(parseUpstreamReply('{"a": [], attribute_errors": []}').value).toEqual({ a: [], attribute_errors: [] });
    expect(parseUpstreamReply('{a": 1}').value).toEqual({ a: 1 });
  });

  it('orphan keys (bare strings in an object) are removed', () => {
    const r = parseUpstreamReply('{"ref_id": "R3", "pred_old", "pred_id": "P2"}');
    expect(r).toEqual({ value: { ref_id: 'R3', pred_id: 'P2' }, step: 'orphan-keys' });
    expect(parseUpstreamReply('{"orphan", "k": 1}').value).toEqual({ k: 1 });
  });

  it('invalid backslash escapes are doubled', () => {
    expect(parseUpstreamReply('{"f": "R\\L lobe \\_x"}')).toEqual({ value: { f: 'R\\L lobe \\_x' }, step: 'escapes' });
  });

  it('unescaped quotes inside a string value are escaped one by one', () => {
    const r = parseUpstreamReply('{"explanation": "the report says "small" not "large" here", "x": 1}');
    expect(r).toEqual({ value: { explanation: 'the report says "small" not "large" here', x: 1 }, step: 'quotes' });
  });

  it('markdown fences and prose are not stripped (upstream fails on them)', () => {
    expect(() => parseUpstreamReply('```json\n{"a": 1}\n```')).toThrow(/Failed to parse model response as JSON/);
    expect(() => parseUpstreamReply('Here is the evaluation: {"a": 1}')).toThrow(/Failed to parse/);
  });

  it('a non-object JSON value is returned as is (the scorer decides)', () => {
    expect(parseUpstreamReply('[1, 2]').value).toEqual([1, 2]);
  });
});
