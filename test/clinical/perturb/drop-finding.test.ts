import { describe, expect, it } from 'vitest';
import { dropFinding } from '../../../src/clinical/perturb/index.js';
import { renderSentences } from '../../../src/clinical/render/index.js';
import { EFFUSION, REPORT } from './_fixtures.js';

describe('dropFinding', () => {
  it('removes one finding and its sentence, the rest word for word', () => {
    const r = dropFinding({ ...REPORT, target: 2 })!;
    expect(r.findings).toEqual(REPORT.findings.filter((_, i) => i !== 2));
    expect(r.edit).toEqual({ op: 'dropFinding', finding: 'pneumothorax', from: 'absent', clinical: true });
    const before = renderSentences(REPORT.findings, { seed: REPORT.seed });
    expect(r.text).toBe(before.filter((_, i) => i !== 2).join(' '));
  });

  it('leaves a normal report when the last finding goes', () => {
    const r = dropFinding({ findings: [EFFUSION], seed: 1 })!;
    expect(r.findings).toEqual([]);
    expect(r.text).toMatch(/^(No acute|Unremarkable)/);
  });

  it('does not apply to an empty report', () => {
    expect(dropFinding({ findings: [], seed: 1 })).toBeUndefined();
  });
});
