import { describe, expect, it } from 'vitest';
import { clinicalDiff, formatDiff } from '../../../src/clinical/diff/index.js';

const lines = (a: string, b: string) => formatDiff(clinicalDiff(a, b)).split('\n').filter(Boolean);

describe('clinicalDiff', () => {
  it('sees a side swap as one laterality change', () => {
    expect(clinicalDiff('Small left pleural effusion.', 'Small right pleural effusion.')).toEqual([
      { kind: 'changed', name: 'pleural effusion', attribute: 'laterality', from: 'left', to: 'right', significance: 'actionable_not_urgent' },
    ]);
    expect(lines('Small left pleural effusion.', 'Small right pleural effusion.')).toEqual(['laterality: left -> right (pleural effusion) [actionable_not_urgent]']);
  });

  it('sees added and removed findings', () => {
    expect(lines('No acute cardiopulmonary process.', 'Pneumothorax.')).toEqual(['added: pneumothorax (present) [urgent]']);
    expect(lines('Mild cardiomegaly. No pleural effusion.', 'No pleural effusion.')).toEqual(['removed: cardiomegaly [actionable_not_urgent]']);
  });

  it('sees negation as a status change', () => {
    expect(lines('Pneumothorax.', 'No pneumothorax.')).toEqual(['status: present -> absent (pneumothorax) [urgent]']);
    expect(lines('Right lower lobe pneumonia.', 'Possible right lower lobe pneumonia.')).toEqual([
      'status: present -> uncertain (right pneumonia) [actionable_not_urgent]',
      'probability: 3 -> 1 (right pneumonia) [actionable_not_urgent]',
    ]);
  });

  it('sees severity and size changes', () => {
    expect(lines('Small left pleural effusion.', 'Large left pleural effusion.')).toEqual(['severity: mild -> severe (left pleural effusion) [actionable_not_urgent]']);
    expect(lines('8 mm nodule in the right upper lobe.', '16 mm nodule in the right upper lobe.')).toEqual([
      'measurement: 8 mm -> 16 mm (right nodule) [actionable_not_urgent]',
    ]);
  });

  it('sees no difference between two wordings of the same findings', () => {
    expect(clinicalDiff('The lungs are clear. No pneumothorax.', 'No focal consolidation.  NO PTX.')).toEqual([]);
    expect(clinicalDiff('Small left effusion. Likely atelectasis.', 'Atelectasis is likely. Trace left pleural effusion.')).toEqual([]);
  });

  it('does not count a finding repeated in the impression', () => {
    expect(clinicalDiff('Small left pleural effusion. Impression: Small left pleural effusion.', 'Small left pleural effusion.')).toEqual([]);
  });

  it('says why: the significance each finding got, for the patient when a context is given', () => {
    expect(formatDiff(clinicalDiff('Endotracheal tube tip in the right mainstem bronchus.', 'Endotracheal tube in standard position.'))).toBe(
      'devicePosition: right mainstem bronchus -> none (endotracheal tube) [urgent -> not_actionable_not_urgent]\ndevicePlacement: malpositioned -> appropriate (endotracheal tube) [urgent -> not_actionable_not_urgent]',
    );
    expect(clinicalDiff('Aortic calcification.', 'No acute process.', { age: 80 })).toMatchObject([{ kind: 'removed', significance: 'benign_expected' }]);
    expect(clinicalDiff('Aortic calcification.', 'No acute process.', { age: 30 })).toMatchObject([{ kind: 'removed', significance: 'actionable_not_urgent' }]);
  });

  it('handles empty reports', () => {
    expect(clinicalDiff('', '')).toEqual([]);
    expect(lines('', 'No pneumothorax.')).toEqual(['added: pneumothorax (absent)']);
  });
});
