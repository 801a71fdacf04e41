import { getLexicon } from '../lexicon/load.js';
import type { LexiconFinding } from '../lexicon/types.js';
import type { Severity } from '../model.js';
import {
  isHardware,
  measurementRange,
  placementApplies,
  placementFor,
  positionChoices,
  sideLocationCombos,
  strip,
  takesDistance,
} from '../render/applicability.js';
import { renderReport } from '../render/index.js';
import { int, pick, type Rng } from '../render/_internals/prng.js';
import type { RenderableFinding } from '../render/types.js';
import type { Perturbation } from './types.js';
import { opRng } from './_shared.js';

const SEVERITIES: readonly Severity[] = ['mild', 'moderate', 'severe'];
const PLACEMENTS = ['appropriate', 'malpositioned'] as const;

/**
 * A present finding with seeded attributes, within the same limits as the arbitraries
 * (render/applicability.ts), so that the added finding survives the round trip.
 */
export function randomPresentFinding(lf: LexiconFinding, rng: Rng): RenderableFinding {
  const where = pick(rng, sideLocationCombos(lf));
  if (isHardware(lf)) {
    const tips = positionChoices(lf);
    const tip = tips.length > 0 && rng() < 0.5 ? pick(rng, tips) : undefined;
    const stated = placementApplies(lf) && rng() < 0.5 ? pick(rng, PLACEMENTS) : undefined;
    return strip<RenderableFinding>({
      name: lf.name,
      status: 'present',
      probability: 3,
      laterality: where.laterality,
      devicePosition: tip,
      devicePlacement: tip ? placementFor(lf, tip) : stated,
      measurementMm: takesDistance(lf, tip) ? 20 + int(rng, 50) : undefined,
    });
  }
  const range = measurementRange(lf);
  // A size or a degree, not both (as in the arbitraries).
  const sized = range !== undefined && rng() < 0.5;
  return strip<RenderableFinding>({
    name: lf.name,
    status: 'present',
    probability: 3,
    severity: !sized && lf.graded && rng() < 0.5 ? pick(rng, SEVERITIES) : undefined,
    laterality: where.laterality,
    location: where.location ? [where.location] : undefined,
    measurementMm: sized ? range[0] + int(rng, range[1] - range[0] + 1) : undefined,
  });
}

/**
 * Adds a present finding the report does not mention, at a seeded position. With
 * `input.significance`, only lexicon findings of that default significance are candidates
 * (adding an urgent finding is a worse hallucination than adding a benign one).
 */
export const addFinding: Perturbation = (input) => {
  const rng = opRng(input, 'addFinding');
  const present = new Set(input.findings.map((f) => f.name));
  const candidates = getLexicon().findings.filter(
    (lf) => !present.has(lf.name) && (input.significance === undefined || lf.significance === input.significance),
  );
  if (candidates.length === 0) return undefined;
  const lf = input.target !== undefined ? candidates[Math.abs(Math.trunc(input.target)) % candidates.length]! : pick(rng, candidates);
  const added = randomPresentFinding(lf, rng);
  const at = int(rng, input.findings.length + 1);
  const findings = [...input.findings.slice(0, at), added, ...input.findings.slice(at)];
  return {
    findings,
    text: renderReport(findings, { seed: input.seed }),
    edit: { op: 'addFinding', finding: lf.name, to: 'present', significance: lf.significance, clinical: true },
  };
};
