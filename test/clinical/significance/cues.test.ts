/** Cues a finding's mention carries for its significance: healed, expected, slightly out of place. */
import { describe, expect, it } from 'vitest';
import { significanceCues } from '../../../src/clinical/significance/cues.js';

/** Cues of the first occurrence of `word` in `text`. */
const cues = (text: string, word: string) => {
  const i = text.indexOf(word);
  return significanceCues([i, i + word.length], text);
};

describe('significanceCues', () => {
  it('reads old, healed, remote and chronic fractures, and healing ones apart', () => {
    expect(cues('Old healed fractures of the left 7th and 8th ribs.', 'fractures').chronicity).toBe('healed');
    expect(cues('Remote left rib fractures.', 'fractures').chronicity).toBe('healed');
    expect(cues('Fracture deformity of the left humerus, healed.', 'Fracture').chronicity).toBe('healed');
    expect(cues('Healing fractures of the posterior left ribs with callus formation.', 'fractures').chronicity).toBe('healing');
    expect(cues('Acute fracture of the right 7th rib. Old healed left rib fractures.', 'fracture').chronicity).toBeUndefined();
    // a list of ribs is one phrase; the age word nearest the mention wins
    expect(cues('Old healed right 4th and 5th rib fractures.', 'fractures').chronicity).toBe('healed');
    expect(cues('Old healed left rib fractures and acute right 9th rib fracture.', 'rib fracture.').chronicity).toBeUndefined();
  });

  it('reads a finding the report calls expected after the operation, not an unexpected one', () => {
    expect(cues('Mild widening of the mediastinum is expected postoperatively.', 'widening').expected).toBe(true);
    expect(cues('Mild cardiac enlargement, consistent with postoperative state.', 'enlargement').expected).toBe(true);
    expect(cues('Subcutaneous emphysema in the neck, expected post procedurally.', 'emphysema').expected).toBe(true);
    expect(cues('Unexpected widening of the mediastinum.', 'widening').expected).toBeUndefined();
    expect(cues('Mediastinal widening. The lungs are expected to clear.', 'widening').expected).toBeUndefined();
  });

  it('reads segmental fractures and a flail segment', () => {
    expect(cues('Fractures of the R 3rd through 7th ribs, with segmental fractures of the 5th and 6th ribs.', 'Fractures').flail).toBe(true);
    expect(cues('Fractures of the R 3rd through 7th ribs.', 'Fractures').flail).toBeUndefined();
  });

  it('reads a device only slightly out of place, not a recommendation to move it', () => {
    expect(cues('ETT tip 2 cm above the carina - slightly low.', 'ETT').slight).toBe(true);
    expect(cues('Port catheter tip in the right atrium, slightly deeper than ideal.', 'catheter').slight).toBe(true);
    expect(cues('ETT tip 2 cm above the carina, could be withdrawn 1-2 cm.', 'ETT').slight).toBe(true);
    expect(cues('ETT in the right main bronchus - recommend withdrawal by 3 cm.', 'ETT').slight).toBeUndefined();
  });

  it('reads a size at the upper limit of normal', () => {
    expect(cues('The cardiac silhouette is borderline in size.', 'cardiac silhouette').borderline).toBe(true);
    expect(cues('Heart size at the upper limit of normal.', 'Heart size').borderline).toBe(true);
    expect(cues('The heart is enlarged.', 'heart').borderline).toBeUndefined();
  });

  it('reads a process that has almost gone, not one that is only improving', () => {
    expect(cues('Left basal consolidation, nearly resolved.', 'consolidation').nearlyResolved).toBe(true);
    expect(cues('Near-complete resolution of the right pneumothorax.', 'pneumothorax').nearlyResolved).toBe(true);
    expect(cues('The infiltrate has almost completely regressed.', 'infiltrate').nearlyResolved).toBe(true);
    expect(cues('Left basal consolidation, improving.', 'consolidation').nearlyResolved).toBeUndefined();
    expect(cues('Oedema has improved, with minimal residual haze.', 'Oedema').nearlyResolved).toBe(true);
    expect(cues('Right effusion, slight residual fluid at the base.', 'effusion').nearlyResolved).toBe(true);
  });

  it('reads air confined to a drain or wound site, a whole lung collapsed, a shift toward the lesion, a process that persists', () => {
    expect(cues('A little surgical emphysema around the drain insertion site.', 'surgical emphysema').localSite).toBe(true);
    expect(cues('Gas in the soft tissues at the stab wound site.', 'Gas').localSite).toBe(true);
    expect(cues('Surgical emphysema over the right chest wall and neck.', 'Surgical emphysema').localSite).toBeUndefined();
    expect(cues('Total collapse of the right lung with the ETT in the left main bronchus.', 'collapse').wholeLung).toBe(true);
    expect(cues('Left lower lobe collapse.', 'collapse').wholeLung).toBeUndefined();
    expect(cues('The mediastinum is pulled to the left by the fibrotic upper lobe.', 'mediastinum').towardLesion).toBe(true);
    expect(cues('Contralateral shift of the mediastinum.', 'shift').towardLesion).toBeUndefined();
    expect(cues('Right basal opacity, improved but not yet resolved.', 'opacity').persisting).toBe(true);
    expect(cues('Dialysis catheter tip in the upper SVC, suboptimal.', 'catheter').slight).toBe(true);
    expect(cues('Right upper lobe atelectasis with elevation of the fissure.', 'atelectasis').lobar).toBe(true);
    expect(cues('Subsegmental atelectasis in the right upper lobe.', 'atelectasis').lobar).toBeUndefined();
    expect(cues('Residual loculated pleural collection laterally.', 'collection').loculated).toBe(true);
    expect(cues('The heart appears enlarged on this AP film.', 'enlarged').caveat).toBe(true);
    expect(cues('Cardiomegaly.', 'Cardiomegaly').caveat).toBeUndefined();
    expect(cues('Mild interstitial prominence, likely chronic.', 'interstitial prominence').chronic).toBe(true);
    expect(cues('Effusion now small to moderate.', 'Effusion').fromSmall).toBe(true);
    expect(cues('Rounded opacity at the left base, possibly a nipple shadow.', 'nipple shadow').hedged).toBe(true);
    expect(cues('Bilateral nipple shadows.', 'nipple shadows').hedged).toBeUndefined();
    const fragment = cues('Two bullet fragments in the soft tissues of the left shoulder.', 'fragments');
    expect([fragment.fragment, fragment.outsideChest]).toEqual([true, true]);
    expect(cues('Bullet fragment over the right lower hemithorax.', 'fragment').outsideChest).toBeUndefined();
  });
});
