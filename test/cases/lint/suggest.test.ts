import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../../src/cases/lint/suggest.js';

describe('editDistance (optimal string alignment)', () => {
  it.each([
    ['laterality', 'laterality', 0],
    ['laterallity', 'laterality', 1],
    ['latreality', 'laterality', 1], // a swap of neighbours is one edit
    ['negaton', 'negation', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s ~ %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closest / didYouMean', () => {
  const known = ['laterality', 'location', 'negation', 'bleu', 'rouge-l'];
  it('finds the near name of a typo, case-insensitively', () => {
    expect(closest('laterallity', known)).toBe('laterality');
    expect(closest('Negaton', known)).toBe('negation');
    expect(closest('bleuu', known)).toBe('bleu');
    expect(didYouMean('rougel', known)).toBe('did you mean rouge-l?');
  });

  it('suggests nothing for a word that is not a typo of any', () => {
    expect(closest('pneumothorax', known)).toBeUndefined();
    expect(closest('blu', ['rouge-l'])).toBeUndefined();
    // short names need a closer match: 'bleh' is two edits from 'bleu'... only one is allowed at 4 letters
    expect(closest('bxyu', known)).toBeUndefined();
    expect(didYouMean('severe-ity-scale', known)).toBe('');
  });
});
