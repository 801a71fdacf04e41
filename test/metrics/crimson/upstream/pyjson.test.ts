import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PyJsonError, pyJsonLoads } from '../../../../src/metrics/crimson/upstream/pyjson.js';

/** What CPython's json.loads says about each input: the value (first-wins keys) or the error message and position. */
function python(inputs: string[]): ({ ok: true; value: unknown } | { ok: false; msg: string; pos: number })[] {
  const script = `
import json, sys
def first(pairs):
    d = {}
    for k, v in pairs:
        if k not in d: d[k] = v
    return d
out = []
for s in json.load(sys.stdin):
    try:
        out.append({"ok": True, "value": json.loads(s, object_pairs_hook=first)})
    except json.JSONDecodeError as e:
        out.append({"ok": False, "msg": e.msg, "pos": e.pos})
print(json.dumps(out, allow_nan=True))
`;
  const text = execFileSync('python3', ['-c', script], { input: JSON.stringify(inputs), encoding: 'utf8' });
  return JSON.parse(text.replace(/\bNaN\b/g, 'null').replace(/-?Infinity/g, 'null'));
}

const INPUTS = [
  '{"a": 1, "a": 2}',
  '{"id": "R1", "x": [1, 2.5, -0, 1e3]}',
  '  {"a": "b"}  ',
  '{"a": "he said "hi" there"}',
  '{"a": 1,}',
  '[1, 2,]',
  '{"a" 1}',
  "{'a': 1}",
  '{"a": "unterminated',
  '{"a": "bad \\q escape"}',
  '{"a": "bad \\u12G4"}',
  '{"a": "raw\nnewline"}',
  '{"a": 1} trailing',
  '```json\n{"a": 1}\n```',
  '',
  '[',
  '{"a": [1 2]}',
  '{"a": tru}',
  '{"a": 01}',
  '{"k": NaN, "m": -Infinity}',
  '{"a": "\\ud83d\\ude00 ok"}',
  '{"__proto__": {"x": 1}, "b": null}',
];

describe('pyJsonLoads matches CPython json.loads (first-wins keys)', () => {
  const expected = python(INPUTS);
  INPUTS.forEach((input, k) => {
    it(JSON.stringify(input), () => {
      const want = expected[k]!;
      let got: { ok: true; value: unknown } | { ok: false; msg: string; pos: number };
      try {
        got = { ok: true, value: pyJsonLoads(input) };
      } catch (e) {
        if (!(e instanceof PyJsonError)) throw e;
        got = { ok: false, msg: e.msg, pos: e.pos };
      }
      if (want.ok) {
        expect(got.ok).toBe(true);
        // NaN and infinities came back from Python as null
        const plain = JSON.parse(JSON.stringify((got as { value: unknown }).value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)));
        expect(plain).toEqual(want.value);
      } else {
        expect(got).toEqual(want);
      }
    });
  });

  it('keeps the first of duplicated keys', () => {
    expect(pyJsonLoads('{"a": 1, "b": {"c": 1, "c": 2}, "a": 3}')).toEqual({ a: 1, b: { c: 1 } });
  });
});
