import { describe, expect, it } from 'vitest';
import { whitespaceCaseNoise } from '../../../src/clinical/perturb/index.js';
import { renderReport } from '../../../src/clinical/render/index.js';
import { EFFUSION, REPORT } from './_fixtures.js';

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

describe('whitespaceCaseNoise', () => {
  it('changes only case and blanks', () => {
    for (let seed = 0; seed < 30; seed++) {
      const original = renderReport(REPORT.findings, { seed });
      const r = whitespaceCaseNoise({ ...REPORT, seed })!;
      expect(r.text).not.toBe(original);
      expect(squash(r.text)).toBe(squash(original));
      expect(r.findings).toEqual(REPORT.findings);
      expect(r.edit).toEqual({ op: 'whitespaceCaseNoise', clinical: false });
    }
  });

  it('breaks lines only between sentences', () => {
    for (let seed = 0; seed < 30; seed++) {
      const r = whitespaceCaseNoise({ ...REPORT, seed })!;
      for (const line of r.text.split('\n')) if (line.trim()) expect(line.trim()).toMatch(/\.$/);
    }
  });

  it('applies to a one-finding report', () => {
    expect(whitespaceCaseNoise({ findings: [EFFUSION], seed: 1 })).toBeDefined();
  });
});
