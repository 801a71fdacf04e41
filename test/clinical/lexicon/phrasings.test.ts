/**
 * Phrasings of known findings that the lexicon reads (issue 12, seventh session): statements of the aorta, the lung
 * volumes, a rib and the left atrium, the missing breast shadow of a mastectomy, upper lobe vessels. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { seen } from '../report/_helpers.js';

describe('lexicon phrasings: statements of known findings', () => {
  it('an aorta that shows or carries calcification is atherosclerotic', () => {
    expect(seen('The aortic arch shows calcification.')).toEqual(['aortic atherosclerosis:present']);
    expect(seen('The descending aorta is ectatic with calcification.')).toContain('aortic atherosclerosis:present');
  });

  it('lung volumes stated lower than before are low volumes; "lower" still names the lower zones', () => {
    expect(seen('Lung volumes are now lower than on the previous film.')).toEqual(['low lung volumes:present']);
    expect(seen('Patchy opacities in both lower and mid zones.')).toEqual(['lung opacity:present:bilateral']);
  });

  it('a missing breast shadow is the mastectomy it shows', () => {
    expect(seen('The right breast shadow is absent.')).toEqual(['mastectomy:present:right']);
    expect(seen('Left breast shadow not seen, in keeping with previous surgery.')).toEqual(['mastectomy:present:left']);
  });

  it('a rib destroyed or eroded is a lytic bone lesion, also stated of one aspect of the rib', () => {
    expect(seen('Destruction of the anterior aspect of the right 3rd rib.')).toEqual(['lytic bone lesion:present:right']);
    expect(seen('The left 6th rib is eroded.')).toEqual(['lytic bone lesion:present:left']);
  });

  it('a prominent left atrial appendage is left atrial enlargement', () => {
    expect(seen('Prominent LA appendage along the left heart border.')).toEqual(['left atrial enlargement:present']);
    expect(seen('The left atrial appendage is prominent.')).toEqual(['left atrial enlargement:present']);
  });

  it('prominent upper lobe vessels are vascular congestion', () => {
    expect(seen('Prominence of the upper lobe vessels.')).toEqual(['vascular congestion:present:bilateral']);
    expect(seen('Dilated upper lobe vessels and small effusions.')).toContain('vascular congestion:present:bilateral');
  });
});
