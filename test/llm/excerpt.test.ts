import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../src/llm/excerpt.js';

describe('excerptOf', () => {
  it('quotes a short reply on one line', () => {
    expect(excerptOf('I am sorry,\n  I cannot help.')).toBe('"I am sorry, I cannot help."');
  });
  it('says when there is nothing', () => {
    expect(excerptOf(null)).toBe('(no content)');
    expect(excerptOf('  \n')).toBe('(empty reply)');
  });
  it('keeps the head and the tail of a long reply, with its length', () => {
    const long = 'a'.repeat(500) + 'THE END';
    const e = excerptOf(long, 100);
    expect(e).toMatch(/^"a{70}" … "a+THE END" \(507 chars\)$/);
  });
});
