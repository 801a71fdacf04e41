import { describe, expect, it } from 'vitest';
import { reorderSentences } from '../../../src/clinical/perturb/index.js';
import { renderSentences } from '../../../src/clinical/render/index.js';
import { EFFUSION, NO_PTX, REPORT } from './_fixtures.js';

describe('reorderSentences', () => {
  it('permutes the sentences (never the identity) and the findings with them', () => {
    const sentences = renderSentences(REPORT.findings, { seed: REPORT.seed });
    for (let seed = 0; seed < 20; seed++) {
      const r = reorderSentences({ ...REPORT, seed })!;
      expect([...r.findings].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        [...REPORT.findings].sort((a, b) => a.name.localeCompare(b.name)),
      );
      expect(r.findings).not.toEqual(REPORT.findings);
      expect(r.edit).toEqual({ op: 'reorderSentences', clinical: false });
    }
    const r = reorderSentences(REPORT)!;
    const order = r.findings.map((f) => REPORT.findings.indexOf(f));
    expect(r.text).toBe(order.map((i) => sentences[i]).join(' '));
  });

  it('swaps two sentences', () => {
    const r = reorderSentences({ findings: [EFFUSION, NO_PTX], seed: 1 })!;
    expect(r.findings).toEqual([NO_PTX, EFFUSION]);
  });

  it('needs two findings', () => {
    expect(reorderSentences({ findings: [EFFUSION], seed: 1 })).toBeUndefined();
  });
});
