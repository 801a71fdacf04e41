/** lexicon/spelling.ts: misspelt long lexicon words read as the word, real words left alone. */
import { describe, expect, it } from 'vitest';
import { makeSpeller } from '../../../src/clinical/lexicon/spelling.js';
import { seen } from '../report/_helpers.js';

const WORDS = new Set(['pleural', 'effusion', 'subcutaneous', 'emphysema', 'pneumothorax', 'atelectasis', 'contusion', 'findings', 'notching', 'stricture', 'cardiac']);

describe('makeSpeller', () => {
  const spell = makeSpeller(WORDS, new Set(['structure']));

  it.each([
    ['subcutanous', 'subcutaneous'], // a letter dropped
    ['plueral', 'pleural'], // neighbours swapped
    ['pneumothroax', 'pneumothorax'],
    ['effussion', 'effusion'], // a letter doubled
    ['atelectesis', 'atelectasis'], // one vowel for another
  ])('%s -> %s', (typo, word) => {
    expect(spell(typo)).toBe(word);
  });

  it.each([
    ['pleural', 'a known word'],
    ['confusion', 'a consonant for another (contusion)'],
    ['finding', 'a dropped last letter (findings)'],
    ['nothing', 'a dropped letter in a 7-letter word (notching)'],
    ['structure', 'a real word kept (stricture)'],
  ])('%s stays (%s)', (word) => {
    expect(spell(word)).toBeUndefined();
  });

  it('reads swapped neighbours in a 7-letter word but not a changed first letter', () => {
    expect(spell('cardaic')).toBe('cardiac');
    expect(spell('lpeural')).toBeUndefined();
  });

  it('gives nothing when two lexicon words are one slip away', () => {
    const two = makeSpeller(new Set(['atelectasis', 'atelectesis']));
    expect(two('atelectosis')).toBeUndefined();
    expect(makeSpeller(new Set(['abcdefgh']))('abcdefgk')).toBeUndefined(); // a consonant for another: never tried
  });

  it('leaves digits, punctuation and non-ASCII words alone', () => {
    expect(spell('pleural2')).toBeUndefined();
    expect(spell('pléural')).toBeUndefined();
  });
});

describe('the extractor reads misspelt reports', () => {
  it.each([
    ['Right chest wall subcutanous emphysema.', ['subcutaneous emphysema:present:right']],
    ['Small left plueral effusion.', ['pleural effusion:present:left']],
    ['No pneumothroax.', []],
    ['Findings suspicous for pneumonia in the RLL.', ['pneumonia:uncertain:right']],
    ['Mild bibasilar atelactasis.', ['atelectasis:present:bilateral']],
    ['Confusion after a fall. Lungs clear.', []],
    ['Bony structure intact.', []],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
