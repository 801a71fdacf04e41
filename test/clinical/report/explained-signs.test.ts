/** A named diagnosis absorbs the signs that are its evidence, wherever they stand (src/clinical/report/explained-signs.ts). */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/clinical/model.js';
import { absorbExplainedSigns } from '../../../src/clinical/report/explained-signs.js';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { seen } from './_helpers.js';

const evidence = (text: string, name: string): string[] | undefined => extractFindings(text).find((f) => f.name === name)?.evidence;

describe('a diagnosis absorbs its signs across the report', () => {
  it.each([
    ['Multiple small nodular opacities in both upper zones. Impression: simple silicosis.', ['pneumoconiosis:present:bilateral']],
    // a hedged diagnosis is still what its sign is read as
    ['Innumerable tiny nodules throughout both lungs. Appearances could reflect silicosis.', ['pneumoconiosis:uncertain:bilateral']],
    ['The superior mediastinum is widened. Impression: anterior mediastinal mass.', ['mediastinal mass:present']],
    ['Widening of the superior mediastinum, with preserved hilum overlay sign.', ['mediastinal mass:present']],
    ['Thick walled cavity with fluid level in the right mid zone. Impression: probable right lung abscess.', ['lung abscess:uncertain:right']],
    ['Cardiomegaly. Indistinct pulmonary vasculature. Findings could represent mild pulmonary oedema.', ['cardiomegaly:present', 'pulmonary edema:uncertain:bilateral']],
    ['Thick walled cavity with fluid level in the right mid zone. Impression: right lung abscess.', ['lung abscess:present:right']],
    ['Reticular pattern in both lower zones with honeycombing.', ['fibrosis:present:bilateral']],
    // fibrosis is diffuse: a pattern of both lungs is its evidence and puts it in both
    ['Bilateral reticular opacities. Honeycombing at the right base.', ['fibrosis:present:bilateral']],
    ['Mediastinum is widened. The aortic knob contour is indistinct.', ['widened mediastinum:present']],
    ['Left lower lobe collapse, likely due to mucus plugging.', ['lobar collapse:present:left']],
    ['Right upper lobe collapse. ?mucus plugging.', ['lobar collapse:present:right']],
    ['Right upper lobe collapse. Mucus plugging is the probable cause.', ['lobar collapse:present:right']],
    ['Increased vascular congestion with diffuse interstitial thickening. Interstitial pulmonary oedema.', ['vascular congestion:present', 'pulmonary edema:present:bilateral']],
    ['Cardiomegaly. Indistinct pulmonary vasculature and small effusions. Moderate pulmonary oedema.', ['cardiomegaly:present', 'pleural effusion:present', 'pulmonary edema:present:bilateral']],
    ['Bilateral perihilar airspace opacities and interstitial oedema.', ['pulmonary edema:present:bilateral']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('records the sign as the evidence of its diagnosis', () => {
    expect(evidence('Thick walled cavity with fluid level in the right mid zone. Impression: right lung abscess.', 'lung abscess')).toEqual(['cavitary lesion']);
    expect(evidence('Indistinct pulmonary vessels. Impression: pulmonary oedema.', 'pulmonary edema')).toEqual(['vascular congestion']);
    expect(evidence('Mediastinum is widened. The aortic knob contour is indistinct.', 'widened mediastinum')).toEqual(['silhouette sign']);
  });

  it('leaves a sign alone beside a denied diagnosis or one on the other side', () => {
    expect(seen('Thick-walled cavity in the right upper lobe. No features of an abscess.')).toEqual(['cavitary lesion:present:right']);
    expect(seen('Small nodules in both upper zones. Impression: no features of silicosis.')).toEqual(['nodule:present:bilateral']);
    expect(seen('Reticular opacities in the left lower zone. Honeycombing at the right base.')).toEqual(['interstitial opacities:present:left', 'fibrosis:present:right']);
    expect(seen('Cavity in the left upper zone. Right lung abscess.')).toEqual(['cavitary lesion:present:left', 'lung abscess:present:right']);
    expect(seen('Mucus plugging of the right lower lobe bronchus. Left lower lobe atelectasis.')).toEqual(['mucus plugging:present:right', 'atelectasis:present:left']);
  });

  it('keeps what the report offers as a reading of its own', () => {
    // mucus offered beside aspiration, not named as the collapse's cause: the labels list it
    expect(seen('Left lower lobe collapse. Mediastinum shifted to the left. Mucus plugging or aspiration possible.')).toContain('mucus plugging:uncertain');
    // an interstitial pattern with a merely possible oedema among its readings stays the pattern
    expect(seen('Mild diffuse increase in interstitial markings. Impression: mild interstitial oedema versus chronic interstitial change.'))
      .toContain('interstitial opacities:present:bilateral');
    // prominent, engorged vessels are congestion, listed beside the oedema; an aortic knob without a widened mediastinum stays a sign
    expect(seen('Prominent upper lobe vessels. Moderate pulmonary oedema.')).toContain('vascular congestion:present');
    expect(seen('The aortic knob contour is indistinct.')).toEqual(['silhouette sign:present']);
    // a widened mediastinum explains the aortic knob it hides, not a heart border lost in the lung
    expect(seen('Mediastinum is widened. Silhouetting of the right heart border.')).toContain('silhouette sign:present:right');
  });

  it('takes its pairs as a parameter: with none, nothing is absorbed', () => {
    const f = (name: string, sentence: number, status: Finding['status'] = 'present'): Finding =>
      ({ id: '', name, status, sentence, span: [0, 0] }) as unknown as Finding;
    const sign = f('cavitary lesion', 0);
    const dx = f('lung abscess', 1);
    const absorbed = new Set<Finding>();
    absorbExplainedSigns([sign, dx], absorbed, '', []);
    expect(absorbed.size).toBe(0);
    absorbExplainedSigns([sign, dx], absorbed, '', [{ diagnoses: ['lung abscess'], sign: 'cavitary lesion' }]);
    expect([...absorbed]).toEqual([sign]);
    expect(dx.evidence).toEqual(['cavitary lesion']);
  });
});
