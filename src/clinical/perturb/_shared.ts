/** Helpers shared by the operators: seeded choices and rendering with the report's seed. */
import type { RenderableFinding } from '../render/types.js';
import { renderReport } from '../render/index.js';
import { pick, rngFor, type Rng } from '../render/_internals/prng.js';
import type { ClinicalEdit, PerturbInput, Perturbed } from './types.js';

/** The operator's own PRNG: depends on the seed and the operator, not on call order. */
export function opRng(input: PerturbInput, op: string): Rng {
  return rngFor(input.seed, `perturb:${op}`);
}

/** Index of the finding to edit among those `applies` accepts, or undefined when none does. */
export function chooseTarget(
  input: PerturbInput,
  rng: Rng,
  applies: (f: RenderableFinding) => boolean,
): number | undefined {
  const candidates = input.findings.flatMap((f, i) => (applies(f) ? [i] : []));
  if (candidates.length === 0) return undefined;
  if (input.target !== undefined) return candidates[Math.abs(Math.trunc(input.target)) % candidates.length];
  return pick(rng, candidates);
}

/** The findings with the one at `index` replaced, rendered with the report's seed. */
export function replaceAt(input: PerturbInput, index: number, next: RenderableFinding, edit: ClinicalEdit): Perturbed {
  const findings = input.findings.map((f, i) => (i === index ? next : f));
  return { findings, text: renderReport(findings, { seed: input.seed }), edit };
}

/** A copy without the keys given (attributes a changed value would contradict). */
export function without(f: RenderableFinding, ...keys: (keyof RenderableFinding)[]): RenderableFinding {
  const out = { ...f };
  for (const k of keys) delete out[k];
  return out;
}
