/**
 * Exhaustive companion of the round-trip property: every lexicon finding in every kind of
 * statement, over enough seeds to reach each template and synonym, so that a wording the
 * extractor does not read back is named here even when the random property misses it.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import { isHardware, placementFor, positionChoices } from '../../../src/clinical/render/applicability.js';
import { comparableFindings, renderReport, type RenderableFinding } from '../../../src/clinical/render/index.js';

const lex = getLexicon();
const SEEDS = 24;

function variants(): RenderableFinding[] {
  const out: RenderableFinding[] = [];
  for (const lf of lex.findings) {
    const name = lf.name;
    if (isHardware(lf)) {
      out.push({ name, status: 'present', probability: 3 });
      for (const p of positionChoices(lf)) {
        const mm = p === 'above carina' && lf.measured ? { measurementMm: 45 } : {};
        out.push({ name, status: 'present', probability: 3, devicePosition: p, devicePlacement: placementFor(lf, p), ...mm });
      }
      if ((lf.appropriatePositions ?? []).length > 0) {
        out.push({ name, status: 'present', probability: 3, devicePlacement: 'appropriate' });
        out.push({ name, status: 'present', probability: 3, devicePlacement: 'malpositioned' });
      }
      continue;
    }
    out.push({ name, status: 'present', probability: 3 }, { name, status: 'uncertain', probability: 2 });
    out.push({ name, status: 'uncertain', probability: 1 }, { name, status: 'absent' }, { name, status: 'absent', temporal: 'resolved' });
  }
  return out;
}

describe('every finding in every kind of statement round-trips', () => {
  it(`over ${SEEDS} seeds each`, () => {
    const failures: string[] = [];
    for (const f of variants()) {
      for (let seed = 0; seed < SEEDS; seed++) {
        const text = renderReport([f], { seed });
        const got = comparableFindings(extractFindings(text));
        if (JSON.stringify(got) !== JSON.stringify(comparableFindings([f]))) failures.push(`${JSON.stringify(f)}\n    "${text}" -> ${JSON.stringify(got)}`);
      }
    }
    const unique = [...new Set(failures)];
    expect(unique, `${unique.length} wordings not read back:\n${unique.slice(0, 60).join('\n')}`).toEqual([]);
  });
});

describe('several locations of one finding round-trip', () => {
  it.each<RenderableFinding>([
    { name: 'consolidation', status: 'present', probability: 3, laterality: 'right', location: ['lower lobe', 'upper lobe'] },
    { name: 'atelectasis', status: 'present', probability: 3, laterality: 'bilateral', location: ['base', 'perihilar'] },
  ])('$name at $location', (f) => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const text = renderReport([f], { seed });
      expect(comparableFindings(extractFindings(text)), text).toEqual(comparableFindings([f]));
    }
  });
});
