import { describe, expect, it } from 'vitest';
import { diffFindings, mergeMentions } from '../../../src/clinical/diff/match.js';
import type { Finding } from '../../../src/clinical/model.js';
import type { RenderableFinding } from '../../../src/clinical/render/types.js';

const eff = (over: Partial<RenderableFinding> = {}): RenderableFinding => ({
  name: 'pleural effusion',
  status: 'present',
  probability: 3,
  laterality: 'left',
  ...over,
});
const ptx: RenderableFinding = { name: 'pneumothorax', status: 'absent' };

describe('diffFindings', () => {
  it('finds nothing between equal lists, whatever the order', () => {
    expect(diffFindings([eff(), ptx], [ptx, eff()])).toEqual([]);
  });

  it('reports additions and removals with their status and side', () => {
    expect(diffFindings([eff()], [eff(), { name: 'pneumothorax', status: 'present', probability: 3 }])).toEqual([
      { kind: 'added', name: 'pneumothorax', status: 'present' },
    ]);
    expect(diffFindings([eff(), { name: 'cardiomegaly', status: 'present', probability: 3 }], [eff()])).toEqual([
      { kind: 'removed', name: 'cardiomegaly', status: 'present' },
    ]);
    expect(diffFindings([eff()], [])).toEqual([{ kind: 'removed', name: 'pleural effusion', laterality: 'left', status: 'present' }]);
  });

  it('matches by name, then side: a left effusion that became right is one change', () => {
    expect(diffFindings([eff()], [eff({ laterality: 'right' })])).toEqual([
      { kind: 'changed', name: 'pleural effusion', attribute: 'laterality', from: 'left', to: 'right' },
    ]);
  });

  it('keeps left and right findings apart when both exist', () => {
    const before = [eff(), eff({ laterality: 'right', severity: 'mild' })];
    const after = [eff({ laterality: 'right', severity: 'severe' }), eff()];
    expect(diffFindings(before, after)).toEqual([
      { kind: 'changed', name: 'pleural effusion', laterality: 'right', attribute: 'severity', from: 'mild', to: 'severe' },
    ]);
  });

  it('reports only the status when a finding becomes or stops being absent', () => {
    expect(diffFindings([eff({ severity: 'mild', location: ['base'] })], [{ name: 'pleural effusion', status: 'absent' }])).toEqual([
      { kind: 'changed', name: 'pleural effusion', attribute: 'status', from: 'present', to: 'absent' },
    ]);
    expect(diffFindings([ptx], [{ name: 'pneumothorax', status: 'present', probability: 3, laterality: 'right' }])).toEqual([
      { kind: 'changed', name: 'pneumothorax', attribute: 'status', from: 'absent', to: 'present' },
    ]);
  });

  it('reports hedging as status and probability', () => {
    const pna = (o: Partial<RenderableFinding>): RenderableFinding => ({ name: 'pneumonia', status: 'present', probability: 3, ...o });
    expect(diffFindings([pna({})], [pna({ status: 'uncertain', probability: 1 })])).toEqual([
      { kind: 'changed', name: 'pneumonia', attribute: 'status', from: 'present', to: 'uncertain' },
      { kind: 'changed', name: 'pneumonia', attribute: 'probability', from: 3, to: 1 },
    ]);
  });

  it('reports attributes gained and lost, and location lists', () => {
    const nod = (o: Partial<RenderableFinding>): RenderableFinding => ({ name: 'nodule', status: 'present', probability: 3, laterality: 'right', ...o });
    expect(diffFindings([nod({ measurementMm: 8 })], [nod({ location: ['upper lobe'], temporal: 'new' })])).toEqual([
      { kind: 'changed', name: 'nodule', laterality: 'right', attribute: 'location', to: ['upper lobe'] },
      { kind: 'changed', name: 'nodule', laterality: 'right', attribute: 'measurementMm', from: 8 },
      { kind: 'changed', name: 'nodule', laterality: 'right', attribute: 'temporal', to: 'new' },
    ]);
  });

  it('ignores ids, spans, sentence indices, severity words and dimensions', () => {
    const a: Finding = { id: 'F1', sentence: 0, span: [0, 5], ...eff({ severity: 'mild' }), severityText: 'small', dimensionsMm: [3] };
    const b: Finding = { id: 'F4', sentence: 3, span: [40, 52], ...eff({ severity: 'mild' }), severityText: 'trace' };
    expect(diffFindings([a], [b])).toEqual([]);
  });
});

describe('mergeMentions', () => {
  it('merges a finding repeated in findings and impression, first value winning', () => {
    const merged = mergeMentions([eff({ severity: 'mild' }), ptx, eff({ location: ['base'], severity: 'moderate' })]);
    expect(merged).toEqual([eff({ severity: 'mild', location: ['base'] }), ptx]);
  });

  it('keeps contradictory statements about one finding apart', () => {
    expect(mergeMentions([eff(), eff({ status: 'absent', probability: undefined })])).toHaveLength(2);
  });

  it('so a repeated mention is not a difference', () => {
    expect(diffFindings([eff(), eff()], [eff()])).toEqual([]);
  });
});
