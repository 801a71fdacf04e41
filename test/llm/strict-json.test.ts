import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonFirstWins } from '../../src/llm/strict-json.js';

describe('parseJsonFirstWins', () => {
  it('parses what JSON.parse parses', () => {
    const texts = ['{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9\\"/"], "b": {}}', '[]', '"s"', '0', '-0.125', ' {"nested": [[{"k": [1]}]]} '];
    for (const t of texts) expect(parseJsonFirstWins(t)).toEqual(JSON.parse(t));
  });

  it('keeps the FIRST value of a duplicated key (JSON.parse keeps the last)', () => {
    const text = '{"score": 1, "inner": {"x": "first", "x": "second"}, "score": 2}';
    expect(parseJsonFirstWins(text)).toEqual({ score: 1, inner: { x: 'first' } });
    expect(JSON.parse(text)).toEqual({ score: 2, inner: { x: 'second' } });
  });

  it('makes __proto__ an own property, never the prototype', () => {
    const v = parseJsonFirstWins('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects what strict JSON rejects, with the position', () => {
    for (const bad of ['{"a": 1,}', "{'a': 1}", '{a: 1}', '[1 2]', '{"a": "\\x"}', '{"a": 01}', '{"a": 1} x', '{"a": "line\nbreak"}', '{"a": [1', '']) {
      expect(() => parseJsonFirstWins(bad), bad).toThrow(JsonSyntaxError);
    }
    expect(() => parseJsonFirstWins('{"a": 1,}')).toThrow(expect.objectContaining({ position: 8 }));
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(() => parseJsonFirstWins('['.repeat(10_000) + ']'.repeat(10_000))).toThrow(/nesting too deep/);
  });

  it('finds a duplicated key wherever it is: in arrays of objects, deep, beside colons and escaped quotes in strings', () => {
    const cases: [string, unknown][] = [
      ['{"a": "x:y", "b": "say \\"k\\": 1", "c": [{"d": 1, "d": 2}]}', { a: 'x:y', b: 'say "k": 1', c: [{ d: 1 }] }],
      ['{"a": "x:y", "b": "say \\"k\\": 1", "c": [{"d": 1, "e": 2}]}', { a: 'x:y', b: 'say "k": 1', c: [{ d: 1, e: 2 }] }],
      ['[{"k": {"k": {"k": 1, "k": 2}}}, {"z": "\\\\"}]', [{ k: { k: { k: 1 } } }, { z: '\\' }]],
      ['{"errors": {"missing_findings": ["R2"], "missing_findings": []}, "x": ":::"}', { errors: { missing_findings: ['R2'] }, x: ':::' }],
      ['{"__proto__": 1, "__proto__": 2}', Object.defineProperty({}, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true })],
    ];
    for (const [text, expected] of cases) expect(parseJsonFirstWins(text), text).toEqual(expected);
  });
});
