/** Categories 2, 3 and 7 (issue 12, third session): general rules learnt from the independent labels, with our own examples. */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';

const CASES: [string, string, string[]][] = [
  // 2. text that is not a finding of this study
  ['a differential list states no finding', 'Cavitating lesion in the left upper lobe. Differential considerations include infection or neoplasm.', ['cavitary lesion:present:left']],
  ['a patient history inside a sentence', 'Reticular opacities at both bases, in keeping with interstitial lung disease in this patient with rheumatoid arthritis.', ['interstitial opacities:present:bilateral']],
  ['a hedge that only names the limits of a supine film', 'No large pneumothorax. A small anterior pneumothorax cannot be excluded on a supine film.', []],
  ['an occult finding is a limitation', 'No nodule is seen, though small nodules may be radiographically occult.', []],
  ['a procedure is not aspiration', 'Small left effusion, no pneumothorax following aspiration.', ['pleural effusion:present:left']],
  ['a treated finding not separately seen', 'The treated nodule is not separately seen.', []],
  ['unlikely is a denial', 'Pulmonary edema is unlikely given the normal heart size.', []],
  ['a later hedge overrides a denial', 'Superimposed pneumonia is less likely but cannot be excluded.', ['pneumonia:uncertain']],
  ['a resolved shift', 'The mediastinum, which was previously shifted to the right, has returned to the midline.', []],
  // 3. a sign and its interpretation across sentences
  ['zones that name the same region', 'R lower zone consolidation. Conclusion: R basal pneumonia.', ['pneumonia:present:right']],
  ['a hedged list interpreting the same sign', 'Patchy bibasilar opacities. IMPRESSION: Bibasilar opacities, which may represent atelectasis or pneumonia.', ['atelectasis:uncertain:bilateral', 'pneumonia:uncertain:bilateral']],
  ['one side of a bilateral interpretation', 'Right upper lobe consolidation. Left lower lobe consolidation. IMPRESSION: Bilateral pneumonia.', ['pneumonia:present:bilateral']],
  ['a sign stated with what it shows', 'Dense right lower lobe opacification with air bronchograms.', ['consolidation:present:right']],
  ['a metastasis seen as a lytic lesion', 'Lytic lesion of the left 6th rib, likely a bone metastasis.', ['lytic bone lesion:present:left']],
  ['a post-surgical sign naming no operation beside one that does', 'IMPRESSION: Post CABG changes. Intact sternotomy wires.', ['sternotomy wires:present']],
  ['a mass at a mediastinal location', 'Large soft tissue mass in the superior mediastinum, narrowing the trachea.', ['mediastinal mass:present']],
];

describe('general rules: non-findings, signs and their interpretation, places', () => {
  it.each(CASES)('%s', (_what, text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
