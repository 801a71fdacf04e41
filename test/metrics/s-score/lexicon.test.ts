import { describe, expect, it } from 'vitest';
import { FINDING_NAMES } from '../../../src/clinical/vocabulary.js';
import { lexiconVocabulary, vocabularyFor } from '../../../src/metrics/s-score/lexicon.js';

describe('lexiconVocabulary', () => {
  const { names, severity } = lexiconVocabulary();

  it('knows every canonical finding name', () => {
    for (const name of FINDING_NAMES) expect(names.resolve(name)).toEqual({ name, known: true });
  });

  it('maps lexicon synonyms and abbreviations (CONVENTIONS.md rule 2)', () => {
    expect(names.resolve('Effusions').name).toBe('pleural effusion');
    expect(names.resolve('pleural fluid').name).toBe('pleural effusion');
    expect(names.resolve('PTX').name).toBe('pneumothorax');
    expect(names.resolve('ETT').name).toBe('endotracheal tube');
    expect(names.resolve('enlarged heart').name).toBe('cardiomegaly');
    expect(names.resolve('ground glass opacity').name).toBe('ground-glass opacity');
  });

  it('has the lexicon\'s severity words', () => {
    expect(severity.get('small')).toBe('mild');
    expect(severity.get('large')).toBe('severe');
  });

  it('is built once', () => {
    expect(lexiconVocabulary()).toBe(lexiconVocabulary());
    expect(vocabularyFor('canonical')).toBe(lexiconVocabulary());
    expect(vocabularyFor('text').names.resolve('Effusions')).toEqual({ name: 'effusions', known: false });
  });
});
