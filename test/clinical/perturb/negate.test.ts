import { describe, expect, it } from 'vitest';
import { negate } from '../../../src/clinical/perturb/index.js';
import { renderReport } from '../../../src/clinical/render/index.js';
import { CARDIOMEGALY, EFFUSION, NO_PTX, REPORT } from './_fixtures.js';

describe('negate', () => {
  it('makes a stated finding absent, bare', () => {
    const r = negate({ ...REPORT, target: 0 })!;
    expect(r.findings[0]).toEqual({ name: 'pleural effusion', status: 'absent' });
    expect(r.findings.slice(1)).toEqual(REPORT.findings.slice(1));
    expect(r.edit).toEqual({ op: 'negate', finding: 'pleural effusion', attribute: 'status', from: 'present', to: 'absent', clinical: true });
    expect(r.text).toBe(renderReport(r.findings, { seed: REPORT.seed }));
  });

  it('asserts an absent finding', () => {
    const r = negate({ findings: [NO_PTX], seed: 1 })!;
    expect(r.findings).toEqual([{ name: 'pneumothorax', status: 'present', probability: 3 }]);
    expect(r.edit).toMatchObject({ from: 'absent', to: 'present' });
  });

  it('negates hedged findings too', () => {
    expect(negate({ findings: [CARDIOMEGALY], seed: 1 })!.edit).toMatchObject({ from: 'uncertain', to: 'absent' });
  });

  it('chooses by seed when no target is given, and is deterministic', () => {
    const a = negate({ findings: [EFFUSION, NO_PTX], seed: 3 });
    expect(negate({ findings: [EFFUSION, NO_PTX], seed: 3 })).toEqual(a);
    const targets = new Set(Array.from({ length: 20 }, (_, seed) => negate({ findings: [EFFUSION, NO_PTX], seed })!.edit.finding));
    expect(targets.size).toBe(2);
  });

  it('does not apply to an empty report', () => {
    expect(negate({ findings: [], seed: 1 })).toBeUndefined();
  });
});
