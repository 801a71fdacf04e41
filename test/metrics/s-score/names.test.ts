import { describe, expect, it } from 'vitest';
import { buildNameIndex, DEFAULT_SEVERITY, levelText, nameKey, severityOf, TEXT_NAMES } from '../../../src/metrics/s-score/names.js';

describe('nameKey', () => {
  it('lowercases, drops apostrophes and edge punctuation, turns _ - / into spaces, collapses spaces', () => {
    expect(nameKey('  Pleural_Effusion. ')).toBe('pleural effusion');
    expect(nameKey('Ground-glass  opacity')).toBe('ground glass opacity');
    expect(nameKey("Kerley's lines")).toBe('kerleys lines');
    expect(nameKey('ＰＴＸ')).toBe('ptx');
  });
});

describe('buildNameIndex', () => {
  const index = buildNameIndex(
    [
      { name: 'pleural effusion', terms: ['pleural effusion', 'effusion', 'effusions', 'pleural fluid'] },
      { name: 'ground-glass opacity', terms: ['ground-glass opacity', 'ggo'] },
      { name: 'nodule', terms: ['nodule'] },
      { name: 'mass', terms: ['mass'] },
    ],
    new Map([['pe', 'pleural effusion']]),
  );

  it('maps terms, the canonical name and abbreviations to the canonical name', () => {
    expect(index.resolve('Pleural Fluid')).toEqual({ name: 'pleural effusion', known: true });
    expect(index.resolve('EFFUSIONS')).toEqual({ name: 'pleural effusion', known: true });
    expect(index.resolve('ground glass opacity')).toEqual({ name: 'ground-glass opacity', known: true });
    expect(index.resolve('PE')).toEqual({ name: 'pleural effusion', known: true });
  });

  it('tries a plural without s or es', () => {
    expect(index.resolve('nodules')).toEqual({ name: 'nodule', known: true });
    expect(index.resolve('masses')).toEqual({ name: 'mass', known: true });
  });

  it('keeps an unknown name as its key', () => {
    expect(index.resolve(' Azygos  Lobe ')).toEqual({ name: 'azygos lobe', known: false });
  });
});

describe('TEXT_NAMES', () => {
  it('compares names as lowercased text only', () => {
    expect(TEXT_NAMES.resolve('Effusion')).toEqual({ name: 'effusion', known: false });
    expect(TEXT_NAMES.resolve('Pleural  Effusion')).toEqual({ name: 'pleural effusion', known: true });
  });
});

describe('severityOf', () => {
  it('normalizes severity words (CONVENTIONS.md rule 16)', () => {
    expect(severityOf('Small')).toBe('mild');
    expect(severityOf('trace')).toBe('mild');
    expect(severityOf('moderate')).toBe('moderate');
    expect(severityOf('Large')).toBe('severe');
    expect(severityOf('massive')).toBe('severe');
  });

  it('takes the higher end of a range', () => {
    expect(severityOf('small to moderate')).toBe('moderate');
    expect(severityOf('mild-moderate')).toBe('moderate');
  });

  it('compares a level without severity words as normalized text', () => {
    expect(severityOf('  Loculated. ')).toBe('loculated');
    expect(levelText('Mild  ')).toBe('mild');
  });

  it('uses the given severity words', () => {
    expect(severityOf('grade two', new Map([['two', 'moderate']]))).toBe('moderate');
    expect(DEFAULT_SEVERITY.get('small')).toBe('mild');
  });
});
