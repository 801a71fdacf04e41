import { describe, it, expect } from 'vitest';
import { tokenizeReport } from '../../../src/metrics/bleu/tokenize.js';

describe('tokenizeReport', () => {
  it('lowercases by default and splits punctuation off words', () => {
    expect(tokenizeReport('Small left pleural effusion. No pneumothorax!')).toEqual(['small', 'left', 'pleural', 'effusion', '.', 'no', 'pneumothorax', '!']);
  });

  it('keeps case when asked', () => {
    expect(tokenizeReport('No Acute Findings.', { lowercase: false })).toEqual(['No', 'Acute', 'Findings', '.']);
  });

  it('keeps decimals whole but not a sentence-final period', () => {
    expect(tokenizeReport('Nodule measures 2.5 cm.')).toEqual(['nodule', 'measures', '2.5', 'cm', '.']);
    expect(tokenizeReport('Size 2.')).toEqual(['size', '2', '.']);
  });

  it('splits measurements: number from unit, and x between numbers', () => {
    expect(tokenizeReport('2x3cm')).toEqual(['2', 'x', '3', 'cm']);
    expect(tokenizeReport('2.5 X 3.1 mm', { lowercase: false })).toEqual(['2.5', 'X', '3.1', 'mm']);
    expect(tokenizeReport('4cm')).toEqual(tokenizeReport('4 cm'));
    expect(tokenizeReport('3×4')).toEqual(['3', '×', '4']);
    expect(tokenizeReport('x3 box')).toEqual(['x3', 'box']); // no number before: a word
  });

  it('keeps hyphenated and alphanumeric words whole', () => {
    expect(tokenizeReport('Left-sided T2-weighted L4-L5 COVID-19')).toEqual(['left-sided', 't2-weighted', 'l4-l5', 'covid-19']);
    expect(tokenizeReport("patient's")).toEqual(["patient's"]);
    expect(tokenizeReport('19-year-old')).toEqual(['19', '-', 'year-old']);
  });

  it('splits each punctuation character, and handles blank text', () => {
    expect(tokenizeReport('(see above)...')).toEqual(['(', 'see', 'above', ')', '.', '.', '.']);
    expect(tokenizeReport('   \n')).toEqual([]);
    expect(tokenizeReport('')).toEqual([]);
  });

  it('is Unicode-aware and NFC-normalizes', () => {
    expect(tokenizeReport('Épanchement pleural')).toEqual(['épanchement', 'pleural']);
    expect(tokenizeReport('e\u0301panchement')).toEqual(['épanchement']); // decomposed é
    expect(tokenizeReport('Плевральный выпот')).toEqual(['плевральный', 'выпот']);
  });
});
