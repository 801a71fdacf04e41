import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findingArb, findingSetArb, reportArb } from '../../src/clinical/arbitraries.js';
import { getLexicon } from '../../src/clinical/lexicon/load.js';
import { isHardware, placementFor } from '../../src/clinical/render/applicability.js';
import { renderReport } from '../../src/clinical/render/index.js';
import { DEVICE_POSITIONS, LOCATIONS } from '../../src/clinical/vocabulary.js';
import { assertProperty } from './render/_property.js';

const lex = getLexicon();

describe('findingArb', () => {
  it('generates findings consistent with the lexicon flags and the conventions', () => {
    assertProperty(
      fc.property(findingArb(), (f) => {
        const lf = lex.byName.get(f.name);
        expect(lf, f.name).toBeDefined();
        if (!lf) return;
        expect(Object.values(f)).not.toContain(undefined);
        if (f.status === 'absent') {
          // Absent findings are bare: "no pneumothorax".
          expect(Object.keys(f).sort()).toEqual(['name', 'status']);
          return;
        }
        expect(f.probability).toBe(f.status === 'present' ? 3 : f.probability);
        expect(f.status === 'present' ? [3] : [1, 2]).toContain(f.probability);
        if (f.laterality) expect(lf.lateralized, f.name).toBe(true);
        if (f.severity) expect(lf.graded, f.name).toBe(true);
        if (f.location) {
          expect(lf.located, f.name).toBe(true);
          expect(f.location).toHaveLength(1);
          expect(LOCATIONS).toContain(f.location[0]);
        }
        if (f.measurementMm !== undefined) expect(lf.measured, f.name).toBe(true);
        expect(f.severity !== undefined && f.measurementMm !== undefined && !isHardware(lf)).toBe(false);
        expect(f.temporal).not.toBe('resolved');
        if (isHardware(lf)) {
          expect(f.status).toBe('present');
          expect(f.laterality).not.toBe('bilateral');
        } else {
          expect(f.devicePosition).toBeUndefined();
          expect(f.devicePlacement).toBeUndefined();
        }
        if (f.devicePosition) {
          expect(DEVICE_POSITIONS).toContain(f.devicePosition);
          expect(f.devicePlacement).toBe(placementFor(lf, f.devicePosition));
        }
        if (f.location?.[0] === 'lingula') expect(f.laterality).toBe('left');
        if (f.location?.[0] === 'middle lobe') expect(f.laterality).toBe('right');
      }),
      500,
    );
  });

  it('never puts a side on cardiomegaly', () => {
    for (const f of fc.sample(findingArb({ names: ['cardiomegaly'] }), { seed: 1, numRuns: 200 })) expect(f.laterality).toBeUndefined();
  });

  it('covers every lexicon finding and every status', () => {
    const sample = fc.sample(findingArb(), { seed: 2, numRuns: 3000 });
    expect(new Set(sample.map((f) => f.name)).size).toBe(lex.findings.length);
    expect(new Set(sample.map((f) => f.status))).toEqual(new Set(['present', 'absent', 'uncertain']));
    for (const key of ['severity', 'laterality', 'location', 'measurementMm', 'temporal', 'devicePosition', 'devicePlacement'] as const) {
      expect(sample.some((f) => f[key] !== undefined), key).toBe(true);
    }
  });

  it('can be limited to some names', () => {
    const names = new Set(fc.sample(findingArb({ names: ['pneumothorax', 'picc'] }), { seed: 3, numRuns: 100 }).map((f) => f.name));
    expect(names).toEqual(new Set(['pneumothorax', 'picc']));
    expect(() => findingArb({ names: ['dragon'] })).toThrow(/no lexicon finding/);
  });
});

describe('findingSetArb / reportArb', () => {
  it('generates distinct names within the size bounds', () => {
    assertProperty(
      fc.property(findingSetArb({ minFindings: 2, maxFindings: 4 }), (fs) => {
        expect(fs.length).toBeGreaterThanOrEqual(2);
        expect(fs.length).toBeLessThanOrEqual(4);
        expect(new Set(fs.map((f) => f.name)).size).toBe(fs.length);
      }),
      200,
    );
  });

  it('never sets a sign beside a finding it is a sign of (the report would state one finding)', () => {
    const sampled = new Set<string>();
    assertProperty(
      fc.property(findingSetArb({ minFindings: 3, maxFindings: 6 }), (fs) => {
        const names = new Set(fs.map((f) => f.name));
        for (const f of fs) {
          sampled.add(f.name);
          for (const sign of Object.keys(lex.byName.get(f.name)?.signs ?? {})) expect(names.has(sign), `${sign} with ${f.name}`).toBe(false);
        }
      }),
      300,
    );
    // interpretations and signs are still generated, only not together
    expect([...sampled].some((n) => lex.byName.get(n)?.signs)).toBe(true);
  });

  it('renders the findings with the seed it reports', () => {
    assertProperty(
      fc.property(reportArb({ maxFindings: 3 }), (r) => {
        expect(r.text).toBe(renderReport(r.findings, { seed: r.seed }));
      }),
      100,
    );
    const [list] = fc.sample(reportArb({ minFindings: 2, style: 'list' }), { seed: 4, numRuns: 1 });
    expect(list?.text).toMatch(/^1\. /);
  });
});
