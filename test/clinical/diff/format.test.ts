import { describe, expect, it } from 'vitest';
import { formatDiff } from '../../../src/clinical/diff/format.js';
import type { FindingDiff } from '../../../src/clinical/diff/types.js';

describe('formatDiff', () => {
  it.each<[FindingDiff, string]>([
    [{ kind: 'changed', name: 'pleural effusion', attribute: 'laterality', from: 'left', to: 'right' }, 'laterality: left -> right (pleural effusion)'],
    [{ kind: 'added', name: 'pneumothorax', status: 'present' }, 'added: pneumothorax (present)'],
    [{ kind: 'added', name: 'pneumonia', laterality: 'right', status: 'uncertain' }, 'added: right pneumonia (uncertain)'],
    [{ kind: 'removed', name: 'cardiomegaly', status: 'present' }, 'removed: cardiomegaly'],
    [{ kind: 'removed', name: 'pneumothorax', status: 'absent' }, 'removed: pneumothorax (absent)'],
    [{ kind: 'changed', name: 'pneumothorax', attribute: 'status', from: 'present', to: 'absent' }, 'status: present -> absent (pneumothorax)'],
    [
      { kind: 'changed', name: 'nodule', laterality: 'right', attribute: 'measurementMm', from: 8, to: 16 },
      'measurement: 8 mm -> 16 mm (right nodule)',
    ],
    [{ kind: 'changed', name: 'nodule', attribute: 'location', to: ['lower lobe', 'upper lobe'] }, 'location: none -> lower lobe, upper lobe (nodule)'],
    [{ kind: 'changed', name: 'atelectasis', attribute: 'severity', from: 'mild' }, 'severity: mild -> none (atelectasis)'],
    // the "why": the significance the finding got
    [{ kind: 'removed', name: 'pneumothorax', laterality: 'left', status: 'present', significance: 'urgent' }, 'removed: left pneumothorax [urgent]'],
    [
      { kind: 'changed', name: 'endotracheal tube', attribute: 'devicePlacement', from: 'malpositioned', to: 'appropriate', significance: 'urgent', significanceTo: 'not_actionable_not_urgent' },
      'devicePlacement: malpositioned -> appropriate (endotracheal tube) [urgent -> not_actionable_not_urgent]',
    ],
  ])('%j', (d, line) => {
    expect(formatDiff(d)).toBe(line);
  });

  it('gives one line per difference for a list', () => {
    const ds: FindingDiff[] = [
      { kind: 'added', name: 'pneumothorax', status: 'present' },
      { kind: 'removed', name: 'cardiomegaly', status: 'present' },
    ];
    expect(formatDiff(ds)).toBe('added: pneumothorax (present)\nremoved: cardiomegaly');
    expect(formatDiff([])).toBe('');
  });
});
