/** extractFindings: ids, sentence indexes, spans, merging, sections, normal statements. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { brief, f } from './_helpers.js';

describe('extractFindings', () => {
  it('numbers findings F1..Fn in text order with sentence index and span', () => {
    const t = 'Small left effusion. No pneumothorax.';
    const out = extractFindings(t);
    expect(out.map((x) => [x.id, x.name, x.sentence])).toEqual([['F1', 'pleural effusion', 0], ['F2', 'pneumothorax', 1]]);
    expect(out.map((x) => t.slice(...x.span))).toEqual(['effusion', 'pneumothorax']);
  });

  it('reports a finding repeated in findings and impression twice', () => {
    const out = extractFindings('FINDINGS: Small left effusion. IMPRESSION: Small left effusion.');
    expect(out.map((x) => [x.id, x.sentence])).toEqual([['F1', 0], ['F2', 1]]);
  });

  it('merges repeated mentions of one (name, laterality) in a sentence', () => {
    expect(brief('The heart is enlarged, consistent with mild cardiomegaly.')).toEqual([f('cardiomegaly', 'present', { severity: 'mild', severityText: 'mild' })]);
    expect(brief('Left effusion and right effusion.').map((x) => x.laterality)).toEqual(['left', 'right']);
  });

  it('reads nothing from history, indication and comparison sections', () => {
    const t = 'INDICATION: Rule out pneumonia.\nHISTORY: Pneumothorax.\nFINDINGS: Lungs are clear.';
    expect(extractFindings(t)).toEqual([
      { id: 'F1', name: 'consolidation', status: 'absent', sentence: 2, span: [t.indexOf('Lungs'), t.indexOf(' clear') + 6] },
    ]);
  });

  it.each([
    ['Heart size is normal.', ['cardiomegaly']],
    ['Normal heart size.', ['cardiomegaly']],
    ['The heart is not enlarged.', ['cardiomegaly']],
    ['Normal cardiac silhouette.', ['cardiomegaly']],
    ['Cardiomediastinal silhouette is normal.', ['cardiomegaly', 'widened mediastinum']],
    ['The cardiomediastinal silhouette is within normal limits.', ['cardiomegaly', 'widened mediastinum']],
    ['Lungs are clear.', ['consolidation']],
    ['Clear lungs.', ['consolidation']],
    ['Costophrenic angles are sharp.', ['pleural effusion']],
    ['The costophrenic angles are clear.', ['pleural effusion']],
    ['Mediastinal contours are normal.', ['widened mediastinum']],
    ['The mediastinum is not widened.', ['widened mediastinum']],
    ['Pulmonary vascularity is normal.', ['vascular congestion']],
    ['Heart size and pulmonary vascularity are within normal limits.', ['cardiomegaly', 'vascular congestion']],
  ])('normal statement "%s" makes %j absent', (t, names) => {
    expect(brief(t)).toEqual(names.map((n) => f(n, 'absent')));
  });

  it.each(['No acute cardiopulmonary process.', 'No acute abnormality.', 'Unremarkable chest radiograph.', 'No acute osseous abnormality.', 'Normal chest x-ray.'])(
    'global statement "%s" names no finding',
    (t) => expect(extractFindings(t)).toEqual([]),
  );
});
