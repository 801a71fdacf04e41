import { describe, expect, it } from 'vitest';
import { TextMemo } from '../../../src/metrics/bleu/_internals/memo.js';

describe('TextMemo', () => {
  it('computes each text once and returns the same value', () => {
    let calls = 0;
    const m = new TextMemo((t) => (calls++, t.split(' ')));
    const a = m.get('small left effusion');
    expect(m.get('small left effusion')).toBe(a);
    expect(calls).toBe(1);
    expect(m.get('no effusion')).toEqual(['no', 'effusion']);
    expect(calls).toBe(2);
  });
  it('holds at most its limit, dropping the oldest text first', () => {
    let calls = 0;
    const m = new TextMemo((t) => (calls++, t.length), 2);
    m.get('a');
    m.get('bb');
    m.get('ccc');
    expect(m.size).toBe(2);
    m.get('bb');
    expect(calls).toBe(3);
    m.get('a');
    expect(calls).toBe(4);
  });
});
