import { describe, expect, it } from 'vitest';
import { parseJsonReply, removeOrphanKeys } from '../../src/llm/json.js';

const ok = (reply: string, expect_: 'object' | 'array' | 'any' = 'object') => {
  const r = parseJsonReply(reply, { expect: expect_ });
  if (!r.ok) throw new Error(`expected a parse, got: ${r.reason} ${r.excerpt}`);
  return r;
};

describe('parseJsonReply', () => {
  it('parses a plain JSON reply with no repairs', () => {
    const r = ok('{"a": 1, "b": [1, 2]}');
    expect(r.value).toEqual({ a: 1, b: [1, 2] });
    expect(r.repairs).toEqual([]);
    expect(r.truncated).toBe(false);
  });

  it('strips markdown code fences, with or without a language', () => {
    expect(ok('```json\n{"a": 1}\n```').value).toEqual({ a: 1 });
    expect(ok('```\n{"a": 1}\n```').repairs).toContain('code fence removed');
    expect(ok('Here you go:\n\n```JSON\n{"a": {"b": "x"}}\n```\nHope this helps!').value).toEqual({ a: { b: 'x' } });
    expect(ok('~~~json\n{"a": 1}\n~~~').value).toEqual({ a: 1 });
  });

  it('takes the fence that holds JSON, not an earlier one', () => {
    expect(ok('```text\nsome notes\n```\n```json\n{"a": 2}\n```').value).toEqual({ a: 2 });
  });

  it('ignores prose before and after the JSON', () => {
    const r = ok('Sure! Here is the evaluation: {"a": "b"} Let me know if you need more.');
    expect(r.value).toEqual({ a: 'b' });
    expect(r.repairs).toEqual(['text before the JSON ignored', 'text after the JSON ignored']);
  });

  it('skips a brace in prose that is not the answer', () => {
    expect(ok('I compared {R1} with the candidate. {"matched": ["R1"]}').value).toEqual({ matched: ['R1'] });
    expect(ok('Note {this}: {"matched": ["R1", "R2"], "x": {"y": 1}}').value).toEqual({ matched: ['R1', 'R2'], x: { y: 1 } });
  });

  it('ignores braces inside strings when finding the end of the JSON', () => {
    expect(ok('{"explanation": "a } inside and a \\" quote {"} trailing').value).toEqual({ explanation: 'a } inside and a " quote {' });
  });

  it('removes reasoning blocks', () => {
    const r = ok('<think>the answer is {maybe}</think>\n{"a": 1}');
    expect(r.value).toEqual({ a: 1 });
    expect(r.repairs).toContain('reasoning block removed');
    expect(parseJsonReply('<think>still thinking about {"a":').ok).toBe(false);
  });

  it('keeps the first value of a duplicated key, as the CRIMSON reference does', () => {
    expect(ok('{"k": "first", "k": "second"}').value).toEqual({ k: 'first' });
    // also after a repair (trailing comma), and in a fenced reply
    expect(ok('```json\n{"k": 1, "k": 2,}\n```').value).toEqual({ k: 1 });
  });

  it('closes a truncated reply and says so', () => {
    const r = ok('{"errors": {"false_findings": ["P1", "P2"], "missing_findings": ["R');
    expect(r.truncated).toBe(true);
    expect(r.repairs).toContain('truncated JSON closed');
    expect((r.value as { errors: Record<string, unknown> }).errors.false_findings).toEqual(['P1', 'P2']);
    const fenced = ok('```json\n{"a": [1, 2');
    expect(fenced.truncated).toBe(true);
    expect(fenced.repairs).toContain('unclosed code fence removed');
  });

  it('a complete object in an unclosed fence is not truncated', () => {
    const r = ok('```json\n{"a": 1}\n');
    expect(r.truncated).toBe(false);
    expect(r.value).toEqual({ a: 1 });
  });

  it('repairs the faults the reference repairs', () => {
    // smart quotes: kept inside values, understood as delimiters
    expect(ok('{"explanation": "called \u201cmild\u201d", "x": 1,}').value).toEqual({ explanation: 'called \u201cmild\u201d', x: 1 });
    expect(ok('{\u201ca\u201d: \u201cx\u201d}').value).toEqual({ a: 'x' });
    // a key missing its opening quote
    expect(ok('{"a": [1],attribute_errors": []}').value).toEqual({ a: [1], attribute_errors: [] });
    // orphan keys
    expect(ok('{"ref_id":"R3","pred_old","pred_id":"P2"}').value).toEqual({ ref_id: 'R3', pred_id: 'P2' });
    expect(ok('{"orphan","key":"val"}').value).toEqual({ key: 'val' });
    // invalid escapes
    expect(ok('{"finding": "R\\_1 \\Left"}').value).toEqual({ finding: 'R\\_1 \\Left' });
    // an array-object hybrid
    expect(ok('{"missing_findings": ["":["R1"]}').value).toEqual({ missing_findings: ['R1'] });
    // unescaped quotes inside a value
    expect(ok('{"explanation": "the "small" effusion", "n": 1}').value).toEqual({ explanation: 'the "small" effusion', n: 1 });
  });

  it('repairs the faults jsonrepair repairs', () => {
    expect(ok("{'a': True, b: None, // comment\n \"c\": [1, 2,]}").value).toEqual({ a: true, b: null, c: [1, 2] });
  });

  it('never drops array elements when removing orphan keys', () => {
    expect(removeOrphanKeys('{"ids": ["P1", "P2", "P3"], "x": "y"}')).toBe('{"ids": ["P1", "P2", "P3"], "x": "y"}');
    expect(removeOrphanKeys('{"a":"b","orphan"}')).toBe('{"a":"b"}');
  });

  it('fails with the reason and a quoted excerpt when there is no usable JSON', () => {
    const refusal = parseJsonReply("I'm sorry, but I can't help with evaluating these reports.");
    expect(refusal.ok).toBe(false);
    if (!refusal.ok) {
      expect(refusal.reason).toBe('no JSON object in the reply');
      expect(refusal.excerpt).toBe(`"I'm sorry, but I can't help with evaluating these reports."`);
    }
    for (const bad of ['', '   ', '[1, 2]', '{"a": 1 "b" 2 ::: }}}']) {
      const r = parseJsonReply(bad);
      expect(r.ok, bad).toBe(false);
    }
    const empty = parseJsonReply(null);
    expect(empty.ok).toBe(false);
  });

  it('reads arrays or any value when asked', () => {
    expect(ok('Result: [1, 2, 3]', 'array').value).toEqual([1, 2, 3]);
    expect(ok('[{"a": 1}]', 'any').value).toEqual([{ a: 1 }]);
  });
});
