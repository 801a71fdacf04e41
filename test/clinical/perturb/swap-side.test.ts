import { describe, expect, it } from 'vitest';
import { swapSide } from '../../../src/clinical/perturb/index.js';
import { CARDIOMEGALY, NO_PTX, REPORT } from './_fixtures.js';

describe('swapSide', () => {
  it('moves a left finding to the right and back', () => {
    const r = swapSide({ ...REPORT, target: 0 })!;
    expect(r.findings[0]).toEqual({ ...REPORT.findings[0], laterality: 'right' });
    expect(r.edit).toEqual({ op: 'swapSide', finding: 'pleural effusion', attribute: 'laterality', from: 'left', to: 'right', clinical: true });
    expect(r.text).toMatch(/right/i);
    const back = swapSide({ findings: r.findings, seed: 1, target: 0 })!;
    expect(back.findings[0]).toEqual(REPORT.findings[0]);
  });

  it('targets only findings with one side', () => {
    const r = swapSide({ ...REPORT, target: 1 })!;
    expect(r.edit.finding).toBe('nodule');
    expect(r.findings[1]?.laterality).toBe('left');
  });

  it('does not apply without a left/right finding', () => {
    expect(swapSide({ findings: [NO_PTX, CARDIOMEGALY], seed: 1 })).toBeUndefined();
    expect(swapSide({ findings: [{ name: 'pleural effusion', status: 'present', probability: 3, laterality: 'bilateral' }], seed: 1 })).toBeUndefined();
  });

  it.each([
    ['right', 'middle lobe'],
    ['left', 'lingula'],
    ['left', 'retrocardiac'],
  ] as const)('leaves a %s %s finding alone (the site exists on one side only)', (laterality, location) => {
    const f = { name: 'atelectasis', status: 'present' as const, probability: 3 as const, laterality, location: [location] };
    expect(swapSide({ findings: [f], seed: 1 })).toBeUndefined();
  });
});
