/**
 * Issue 12, fifth set: words read alone out of their phrase (a risk, a differential, a range that starts at normal, a
 * complete regression), a mediastinal shift that is the sign of what moved it, and interpretations stated of "the findings".
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { seen } from './_helpers.js';

const withEvidence = (t: string) => extractFindings(t).filter((f) => f.status !== 'absent').map((f) => `${f.name}${f.side ? `:${f.side}` : ''}${f.evidence ? ` <- ${[...f.evidence].sort().join(', ')}` : ''}`);

describe('words that name no finding in their phrase', () => {
  it.each([
    'Repeat film tomorrow because of the pneumothorax risk.',
    'Heart failure is favoured; fluid overload and atypical infection are the main differentials.',
    'The trachea is midline to minimally shifted to the left, as expected after the operation.',
    'Lung volumes normal to mildly increased.',
    'The anterior mediastinal mass has completely regressed.',
    'Complete regression of the hilar mass.',
  ])('%s', (text) => {
    expect(seen(text)).toEqual([]);
  });

  it('a negated finding hedged only for the film it is read on stays absent', () => {
    expect(extractFindings('No effusion, although a small one cannot be excluded in the supine position.').filter((f) => f.status !== 'absent')).toEqual([]);
    expect(seen('No pneumothorax; a shallow anterior pneumothorax cannot be excluded on this supine view.')).toEqual([]);
  });

  it('a regression that is not complete leaves the finding present', () => {
    expect(seen('The right lower lobe consolidation is nearly completely regressed.')).toEqual(['consolidation:present:right']);
  });
});

describe('a mediastinal shift read as the sign of what moved it', () => {
  it('towards a collapsed lung, listed after the volume loss', () => {
    expect(withEvidence('Complete collapse of the right lung with loss of volume and shift of the mediastinum to the right.')).toEqual(['lobar collapse:right <- mediastinal shift, volume loss']);
  });

  it('away from a lung that traps air', () => {
    expect(withEvidence('On expiration the left lung stays hyperexpanded with the mediastinum shifted to the right, indicating air trapping on the left.'))
      .toEqual(['air trapping:left <- hyperinflation, mediastinal shift']);
  });

  it('after a pneumonectomy, with the falling fluid level of a fistula stated (a suspected one leaves the shift a finding)', () => {
    expect(withEvidence('New air-fluid level in the right pneumonectomy space with contralateral mediastinal shift, in keeping with a bronchopleural fistula.'))
      .toEqual(['pneumonectomy:right', 'bronchopleural fistula <- mediastinal shift']);
    expect(withEvidence('New air-fluid level in the right pneumonectomy space with contralateral mediastinal shift, suspicious for a bronchopleural fistula.'))
      .toEqual(['pneumonectomy:right', 'mediastinal shift:left', 'bronchopleural fistula']);
  });

  it('a shift named after one lung takes no side from it', () => {
    expect(seen('Left lung hyperexpansion with mediastinal shift.')).toEqual(['hyperinflation:present:left', 'mediastinal shift:present']);
  });
});

describe('an interpretation stated of the findings described before it', () => {
  it('takes the patterns described, wherever they were placed', () => {
    expect(withEvidence('Coarse interstitial markings in both lungs. Impression: Appearances most in keeping with transient tachypnoea of the newborn.'))
      .toEqual(['transient tachypnea of the newborn:bilateral <- interstitial opacities']);
    expect(withEvidence('Dense consolidation in the left upper zone with a sharp lateral edge. Findings compatible with radiation fibrosis.'))
      .toEqual(['fibrosis:left <- consolidation']);
  });

  it('an interpretation of its own place does not take a sign placed elsewhere', () => {
    expect(seen('Opacity in the right upper lobe. Left lower lobe pneumonia.')).toEqual(['lung opacity:present:right', 'pneumonia:present:left']);
  });
});

describe('an enlarged cardiac silhouette read as pericardial fluid', () => {
  it('in its sentence, the enlargement is the evidence', () => {
    expect(withEvidence('Globular enlargement of the cardiac shadow - ? pericardial effusion.')).toEqual(['pericardial effusion <- cardiomegaly']);
  });

  it('hedged in the next sentence, the same', () => {
    expect(withEvidence('The heart shadow has enlarged rapidly since the last film. A pericardial effusion cannot be excluded.')).toEqual(['pericardial effusion <- cardiomegaly']);
  });

  it('an enlarged heart beside a stated effusion of another place stays', () => {
    expect(seen('Cardiomegaly. Small left pleural effusion.')).toEqual(['cardiomegaly:present', 'pleural effusion:present:left']);
  });
});

describe('what a statement is about', () => {
  it('an interpretation between a subject and a later predicate ends the subject clause', () => {
    expect(seen('The left lung is hyperlucent with sparse vascular markings, consistent with emphysema, and has grown in volume.')).not.toContain('vascular congestion:present');
  });

  it('a finding coordinated with the predicate keeps the subject', () => {
    expect(seen('The descending aorta is unfolded and calcified.')).toEqual(['tortuous aorta:present', 'aortic atherosclerosis:present']);
  });
});

describe('zones across sentences', () => {
  it('a retrocardiac sign is at the base of its side', () => {
    expect(withEvidence('Left retrocardiac opacity. Impression: Left basal atelectasis.')).toEqual(['atelectasis:left <- lung opacity']);
  });
});

describe('degrees of resolution and doubt', () => {
  it('a significant resolution leaves the finding present, improving', () => {
    expect(seen('Significant resolution of the left lower zone pneumonia.')).toEqual(['pneumonia:present:left']);
  });
});

describe('the curled tip of a catheter is no drain', () => {
  it('a pigtail tip belongs to its catheter', () => {
    expect(seen('Ventricular assist catheter across the aortic valve, its pigtail tip over the left ventricle.')).not.toContain('chest tube:present');
    expect(seen('Left basal pigtail drain in the pleural space.')).toEqual(['chest tube:present:left']);
  });
});

describe('an opacity said to be in the lung', () => {
  it('is no pleural collection stated in another sentence', () => {
    expect(seen('Stable bilateral airspace opacities. Small bilateral pleural effusions, unchanged.')).toEqual(['lung opacity:present:bilateral', 'pleural effusion:present:bilateral']);
  });

  it('a hazy basal density read as fluid elsewhere in the report still is', () => {
    expect(seen('Hazy density at the right base. Impression: Small right effusion.')).toEqual(['pleural effusion:present:right']);
  });
});
