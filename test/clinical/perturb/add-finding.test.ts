import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import { addFinding, randomPresentFinding } from '../../../src/clinical/perturb/index.js';
import { sideLocationCombos } from '../../../src/clinical/render/applicability.js';
import { mulberry32 } from '../../../src/clinical/render/_internals/prng.js';
import type { Significance } from '../../../src/clinical/model.js';
import { REPORT } from './_fixtures.js';

const lex = getLexicon();

describe('addFinding', () => {
  it('adds one present finding the report does not mention', () => {
    for (let seed = 0; seed < 20; seed++) {
      const r = addFinding({ ...REPORT, seed })!;
      expect(r.findings).toHaveLength(REPORT.findings.length + 1);
      const added = r.findings.find((f) => f.name === r.edit.finding)!;
      expect(REPORT.findings.map((f) => f.name)).not.toContain(added.name);
      expect(added).toMatchObject({ status: 'present', probability: 3 });
      expect(r.findings.filter((f) => f !== added)).toEqual(REPORT.findings);
      expect(r.edit).toMatchObject({ op: 'addFinding', to: 'present', clinical: true, significance: lex.byName.get(added.name)?.significance });
    }
  });

  it.each<Significance>(['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected'])(
    'can add a finding of significance %s',
    (significance) => {
      for (let seed = 0; seed < 10; seed++) {
        const r = addFinding({ ...REPORT, seed, significance })!;
        expect(lex.byName.get(r.edit.finding!)?.significance).toBe(significance);
        expect(r.edit.significance).toBe(significance);
      }
    },
  );

  it('does not apply when every finding of that significance is already there', () => {
    const urgent = lex.findings.filter((f) => f.significance === 'urgent').map((f) => ({ name: f.name, status: 'absent' as const }));
    expect(addFinding({ findings: urgent, seed: 1, significance: 'urgent' })).toBeUndefined();
  });

  it('generates attributes within the applicability tables', () => {
    const rng = mulberry32(5);
    for (const lf of lex.findings) {
      for (let i = 0; i < 5; i++) {
        const f = randomPresentFinding(lf, rng);
        const combo = { ...(f.laterality ? { laterality: f.laterality } : {}), ...(f.location ? { location: f.location[0] } : {}) };
        expect(sideLocationCombos(lf)).toContainEqual(combo);
        if (f.severity) expect(lf.graded).toBe(true);
        if (f.measurementMm !== undefined) expect(lf.measured).toBe(true);
      }
    }
  });
});
