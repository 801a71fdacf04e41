import { describe, expect, it } from 'vitest';
import { paraphrase } from '../../../src/clinical/perturb/index.js';
import { renderReport } from '../../../src/clinical/render/index.js';
import { REPORT } from './_fixtures.js';

describe('paraphrase', () => {
  it('says the same findings in other words', () => {
    const r = paraphrase(REPORT)!;
    expect(r.findings).toEqual(REPORT.findings);
    expect(r.text).not.toBe(renderReport(REPORT.findings, { seed: REPORT.seed }));
    expect(r.edit).toEqual({ op: 'paraphrase', clinical: false });
  });

  it('is deterministic', () => {
    expect(paraphrase(REPORT)).toEqual(paraphrase(REPORT));
  });
});
