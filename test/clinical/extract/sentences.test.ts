/** Sentence splitting with offsets: decimals, abbreviations, lists, newlines, headers, HTML. */
import { describe, expect, it } from 'vitest';
import { cleanText, splitSentences } from '../../../src/clinical/extract/sentences.js';

const texts = (t: string): string[] => splitSentences(t).map((s) => t.slice(s.start, s.end));

describe('splitSentences', () => {
  it('splits at sentence ends and keeps offsets into the original text', () => {
    const t = 'No effusion.  Small pneumothorax!  Possible nodule?';
    const s = splitSentences(t);
    expect(s.map((x) => x.index)).toEqual([0, 1, 2]);
    expect(texts(t)).toEqual(['No effusion.', 'Small pneumothorax!', 'Possible nodule?']);
    expect(s[1]!.start).toBe(t.indexOf('Small'));
  });

  it('does not split decimals or known abbreviations', () => {
    expect(texts('Nodule measures 1.5 cm. Atelectasis vs. pneumonia. Approx. 2 cm mass, e.g. in the RUL.')).toEqual([
      'Nodule measures 1.5 cm.',
      'Atelectasis vs. pneumonia.',
      'Approx. 2 cm mass, e.g. in the RUL.',
    ]);
  });

  it('drops list numbers and bullets but keeps the items apart', () => {
    expect(texts('IMPRESSION:\n1. No acute process.\n2. Stable 1.5 cm nodule.\n- Small effusion')).toEqual([
      'No acute process.',
      'Stable 1.5 cm nodule.',
      'Small effusion',
    ]);
    expect(texts('1. No pneumothorax. 2. Small effusion.')).toEqual(['No pneumothorax.', 'Small effusion.']);
  });

  it('splits at blank lines and before a capitalised line, not inside wrapped text', () => {
    expect(texts('No pneumothorax\nSmall left effusion')).toEqual(['No pneumothorax', 'Small left effusion']);
    expect(texts('There is a small left\npleural effusion.')).toEqual(['There is a small left\npleural effusion.']);
    expect(texts('Heart normal\n\nlungs clear')).toEqual(['Heart normal', 'lungs clear']);
  });

  it('removes headers and marks history/indication/comparison sections as skipped', () => {
    const t = 'INDICATION: Fever, evaluate for pneumonia.\nCOMPARISON: None.\nFINDINGS: The lungs are clear. IMPRESSION: Normal.';
    const s = splitSentences(t);
    expect(texts(t)).toEqual(['Fever, evaluate for pneumonia.', 'None.', 'The lungs are clear.', 'Normal.']);
    expect(s.map((x) => x.skip)).toEqual([true, true, false, false]);
  });

  it('ends a skipped section at its line break when no header follows', () => {
    const t = 'HISTORY: Cough, rule out pneumonia.\nThe lungs are clear. No effusion.';
    expect(splitSentences(t).map((x) => [t.slice(x.start, x.end), x.skip])).toEqual([
      ['Cough, rule out pneumonia.', true],
      ['The lungs are clear.', false],
      ['No effusion.', false],
    ]);
  });

  it('ends a study header at its first sentence when an impression follows on its line (the findings have no header)', () => {
    const skips = (t: string) => splitSentences(t).map((x) => [t.slice(x.start, x.end), x.skip]);
    expect(skips('Comparison: 2 days ago. Patchy left basal opacity. IMPRESSION: Early pneumonia.')).toEqual([
      ['2 days ago.', true],
      ['Patchy left basal opacity.', false],
      ['Early pneumonia.', false],
    ]);
    // a blank (`___`) is no sentence of its own
    expect(skips('Comparison: ___. Patchy left basal opacity. IMPRESSION: Early pneumonia.').map((x) => x[1])).toEqual([false, false]);
    expect(skips('Technique: AP supine. Right apical pneumothorax. Conclusion: Pneumothorax.').map((x) => x[1])).toEqual([true, false, false]);
    // a history may run over several sentences up to the impression; before a findings header the study header keeps its run
    expect(skips('History: Fall. ?Rib fracture. Impression: No fracture.').map((x) => x[1])).toEqual([true, true, false]);
    expect(skips('Comparison: Prior film. Pleural effusion then. Findings: Clear lungs.').map((x) => x[1])).toEqual([true, true, false]);
  });

  it('keeps unknown "Label:" text such as "Lungs: clear" inside the sentence', () => {
    expect(texts('Lungs: Clear. Heart: normal size.')).toEqual(['Lungs: Clear.', 'Heart: normal size.']);
  });

  it('recognises a header alone on its line and headers in capitals mid-line', () => {
    expect(texts('Findings\nNo effusion.\nImpression\nNormal chest.')).toEqual(['No effusion.', 'Normal chest.']);
    expect(texts('Small effusion FINDINGS AND IMPRESSION: none')).toEqual(['Small effusion', 'none']);
  });

  it('skips advice and differential lines, also when a dash stands where the colon would', () => {
    const t = 'Impression: Cavity in the R upper zone.\nDD - lung abscess, cavitating tumour.\nAdv: sputum culture, CT.\nRec: repeat film in 6 weeks.';
    expect(splitSentences(t).map((x) => [t.slice(x.start, x.end), x.skip])).toEqual([
      ['Cavity in the R upper zone.', false],
      ['lung abscess, cavitating tumour.', true],
      ['sputum culture, CT.', true],
      ['repeat film in 6 weeks.', true],
    ]);
  });

  it('keeps a sentence whose first words and a dash are no header', () => {
    expect(texts('Right effusion - moderate.')).toEqual(['Right effusion - moderate.']);
  });

  it('returns [] for empty or blank text and cuts very long runs into bounded pieces', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n\n  ')).toEqual([]);
    const long = 'word '.repeat(3000);
    const pieces = splitSentences(long);
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces) expect(p.end - p.start).toBeLessThanOrEqual(1000);
  });
});

describe('cleanText', () => {
  it('blanks HTML tags and entities without moving offsets', () => {
    const html = '<p>No effusion.</p><br/>Small&nbsp;pneumothorax.';
    const clean = cleanText(html);
    expect(clean.length).toBe(html.length);
    expect(clean.indexOf('No effusion.')).toBe(html.indexOf('No effusion.'));
    expect(clean).not.toMatch(/[<>&]/);
    expect(texts(clean).map((x) => x.replace(/\s+/g, ' '))).toEqual(['No effusion.', 'Small pneumothorax.']);
  });

  it('leaves plain text untouched', () => {
    const t = 'Heart size is normal.';
    expect(cleanText(t)).toBe(t);
  });
});
