import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phraseKey, tokenize, tokenizeByRegex } from '../../../../src/clinical/extract/_internals/tokenize.js';

describe('tokenize', () => {
  it('drops hyphens and apostrophes, keeps decimals and marks', () => {
    expect(tokenize("Ground-glass 1.5 cm, pt's RLL.").map((t) => t.t)).toEqual(['ground', 'glass', '1.5', 'cm', ',', 'pt', 's', 'rll', '.']);
    expect(phraseKey('Left-sided  PICC')).toBe('left sided picc');
  });

  it('an all-ASCII text gives what the regex gives, with the same stop at a token past `to`', () => {
    const chars = fc.constantFrom(...'aZ09.5 -\'`\t\n,;:x(\x01\x7f'.split(''));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 24 }), fc.nat(), fc.nat(), (cs, x, y) => {
        const text = cs.join('');
        const from = x % (text.length + 1);
        const to = from + (y % (text.length - from + 1));
        expect(tokenize(text, from, to)).toEqual(tokenizeByRegex(text, from, to));
      }),
      { numRuns: 2000 },
    );
  });

  it('a text with other characters is read by the regex (letters beyond ASCII join words)', () => {
    expect(tokenize('Épanchement pleural, 2.5 cm').map((t) => t.t)).toEqual(['épanchement', 'pleural', ',', '2.5', 'cm']);
    expect(tokenize('naïve-ab x', 0, 4)).toEqual([]);
  });
});
