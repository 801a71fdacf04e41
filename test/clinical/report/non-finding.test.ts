/** Category 2 (issue 12): text that states no finding about this study gives none; quantified absence is absence. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { seen } from './_helpers.js';

describe('text that is not a finding', () => {
  it.each([
    'Evaluate for pneumonia.',
    'Rule out pneumothorax after line placement.',
    'Question pneumonia.',
    'Assess for interval change in the effusions.',
    'Subtle consolidation at the left base may be obscured by overlying soft tissue.',
    'A small pneumothorax could be missed on this supine film.',
    'Recommend CT to further evaluate for a pulmonary nodule.',
    'Follow-up radiograph is advised to document resolution of pneumonia.',
    'History of left lobectomy.',
  ])('%s', (text) => {
    expect(seen(text)).toEqual([]);
  });

  it('keeps the finding stated next to a recommendation', () => {
    expect(seen('8 mm nodule in the right upper lobe; recommend CT.')).toEqual(['nodule:present:right']);
  });
});

describe('quantified absence is absence', () => {
  it.each([
    ['No appreciable pleural effusion.', 'pleural effusion'],
    ['No large pneumothorax.', 'pneumothorax'],
    ['No significant consolidation.', 'consolidation'],
    ['No findings suggestive of pneumonia.', 'pneumonia'],
    ['No opacity to suggest pneumonia.', 'pneumonia'],
    ['There is no focal airspace opacity concerning for pneumonia.', 'pneumonia'],
  ])('%s', (text, name) => {
    const fs = extractFindings(text);
    expect(fs.filter((f) => f.status !== 'absent')).toEqual([]);
    expect(fs.find((f) => f.name === name)?.status).toBe('absent');
  });
});
