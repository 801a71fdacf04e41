/**
 * fast-check arbitraries for findings and rendered reports: the generators behind the renderer's
 * round-trip property, the perturbation laws and, later, the metric laws.
 *
 * Every generated finding is one a radiologist could write and the extractor reads back
 * exactly (CONVENTIONS.md): attributes only where the lexicon flags allow them (no side for
 * cardiomegaly), plausible locations for each finding (render/applicability.ts), absent findings
 * bare (just the name: "no pneumothorax"), devices present with a tip position whose placement
 * is the one the lexicon implies. Generation reads the lexicon when an arbitrary is built.
 */
import fc from 'fast-check';
import { getLexicon } from './lexicon/load.js';
import type { LexiconFinding } from './lexicon/types.js';
import type { Severity } from './model.js';
import {
  isHardware,
  measurementRange,
  placementApplies,
  placementFor,
  positionChoices,
  sideLocationCombos,
  strip,
  takesDistance,
  temporalChoices,
} from './render/applicability.js';
import { renderReport, type RenderableFinding } from './render/index.js';

/** A rendered report with the findings it states and the seed that chose its wording. */
export interface GeneratedReport {
  findings: RenderableFinding[];
  text: string;
  seed: number;
}

const SEVERITIES: readonly Severity[] = ['mild', 'moderate', 'severe'];
const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });
/** An optional value where `cond` holds, else none; lazy because fc.constantFrom() refuses an empty list. */
const when = <T>(cond: boolean, a: () => fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => (cond ? opt(a()) : fc.constant(undefined));

/** A tip distance above the carina that the tube's `carinaDistanceMm` accepts (clamped, so the draws stay as they were). */
function withinCarinaRange(lf: LexiconFinding, mm: number): number {
  const r = lf.carinaDistanceMm;
  return r ? Math.min(Math.max(mm, r.min), r.max) : mm;
}

function hardwareArb(lf: LexiconFinding): fc.Arbitrary<RenderableFinding> {
  const tips = positionChoices(lf);
  return fc
    .record({
      where: fc.constantFrom(...sideLocationCombos(lf)),
      tip: when(tips.length > 0, () => fc.constantFrom(...tips)),
      placement: when(placementApplies(lf), () => fc.constantFrom('appropriate' as const, 'malpositioned' as const)),
      // within the tube's acceptable window above the carina (findings/*.yaml carinaDistanceMm): the stated tip then keeps its placement
      distanceMm: fc.integer({ min: lf.carinaDistanceMm?.min ?? 10, max: lf.carinaDistanceMm?.max ?? 80 }),
      temporal: opt(fc.constantFrom(...temporalChoices(lf))),
    })
    .map(({ where, tip, placement, distanceMm, temporal }) =>
      strip<RenderableFinding>({
        name: lf.name,
        status: 'present',
        probability: 3,
        laterality: where.laterality,
        // within the tube's acceptable distance (§33): a stated tip implies the placement below
        measurementMm: takesDistance(lf, tip) ? withinCarinaRange(lf, distanceMm) : undefined,
        temporal,
        devicePosition: tip,
        // A stated tip implies the placement (§21); only a tipless device states one in words.
        devicePlacement: tip ? placementFor(lf, tip) : placement,
      }),
    );
}

function statedArb(lf: LexiconFinding): fc.Arbitrary<RenderableFinding> {
  const range = measurementRange(lf);
  // A size or a degree, not both: "small effusion measuring 89 mm" says two things.
  const size: fc.Arbitrary<{ severity?: Severity; measurementMm?: number }> = fc.oneof(
    fc.record({ severity: when(lf.graded, () => fc.constantFrom(...SEVERITIES)) }),
    fc.record({ measurementMm: when(range !== undefined, () => fc.integer({ min: range![0], max: range![1] })) }),
  );
  return fc
    .record({
      certainty: fc.constantFrom(['present', 3] as const, ['uncertain', 2] as const, ['uncertain', 1] as const),
      where: fc.constantFrom(...sideLocationCombos(lf)),
      size,
      temporal: opt(fc.constantFrom(...temporalChoices(lf))),
    })
    .map(({ certainty, where, size: { severity, measurementMm }, temporal }) =>
      strip<RenderableFinding>({
        name: lf.name,
        status: certainty[0],
        probability: certainty[1],
        severity,
        laterality: where.laterality,
        location: where.location ? [where.location] : undefined,
        measurementMm,
        temporal,
      }),
    );
}

/** The arbitrary for one lexicon entry: devices and surgical material are present; other findings stated or absent. */
export function findingOfArb(lf: LexiconFinding): fc.Arbitrary<RenderableFinding> {
  if (isHardware(lf)) return hardwareArb(lf);
  return fc.oneof({ arbitrary: statedArb(lf), weight: 3 }, { arbitrary: fc.constant({ name: lf.name, status: 'absent' as const }), weight: 1 });
}

/**
 * Any renderable finding of the lexicon (optionally only the given names). Shrinks towards the
 * bare finding: present, no side, no location, no size.
 */
export function findingArb(options: { names?: readonly string[] } = {}): fc.Arbitrary<RenderableFinding> {
  const lex = getLexicon();
  const entries = options.names ? options.names.map((n) => lex.byName.get(n)).filter((x) => x !== undefined) : lex.findings;
  if (entries.length === 0) throw new Error('findingArb: no lexicon finding matches');
  return fc.oneof(...entries.map(findingOfArb));
}

/** Options of `findingSetArb` and `reportArb`. */
export interface FindingSetOptions {
  /** Default 1. Zero allows the empty (normal) report. */
  minFindings?: number;
  /** Default 6. */
  maxFindings?: number;
}

/** Whether one finding of the set is, in the lexicon, a sign of another (the report would state one finding). */
function signWithItsReading(findings: readonly RenderableFinding[]): boolean {
  const lex = getLexicon();
  const names = new Set(findings.map((f) => f.name));
  return findings.some((f) => Object.keys(lex.byName.get(f.name)?.signs ?? {}).some((s) => names.has(s)));
}

/**
 * A list of findings with distinct names, in report order. A sign never comes with a finding it is a sign of: "mild
 * interstitial opacities. slight lymphangitic carcinomatosis." is one finding with its evidence, not two to edit apart.
 */
export function findingSetArb(options: FindingSetOptions = {}): fc.Arbitrary<RenderableFinding[]> {
  const { minFindings = 1, maxFindings = 6 } = options;
  return fc.uniqueArray(findingArb(), { minLength: minFindings, maxLength: maxFindings, selector: (f) => f.name }).filter((fs) => !signWithItsReading(fs));
}

/** A finding set rendered with a random seed (and style): `{ findings, text, seed }`. */
export function reportArb(
  options: FindingSetOptions & { style?: 'sentences' | 'list' } = {},
): fc.Arbitrary<GeneratedReport> {
  return fc
    .record({ findings: findingSetArb(options), seed: fc.nat({ max: 0x7fffffff }) })
    .map(({ findings, seed }) => ({ findings, seed, text: renderReport(findings, { seed, style: options.style }) }));
}

/** Perturbation specs (operator, position, significance) for the laws; see perturb/arbitrary.ts. */
export { applyPerturbation, perturbationArb, type PerturbationSpec } from './perturb/arbitrary.js';
