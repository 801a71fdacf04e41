/**
 * Processes that fill both lungs when a report names them without a side (CONVENTIONS §17): pulmonary
 * oedema, emphysema and interstitial opacities. A radiologist writing "interstitial
 * oedema" means both lungs; the labels of four of the five independent sets read such a finding as
 * bilateral (the first set left it unsided). Hyperinflation and bronchial wall thickening joined them in the thirteenth
 * session: over every set the labels give an unsided mention "bilateral" 70 and 49 times, no side 32 and 8 times (a one-sided
 * hyperinflation names its side). Low lung volumes and vascular congestion, unsided in two labels of three (56 / 27, 52 / 29),
 * keep no side.
 */
import type { Finding } from '../model.js';

/** Findings that are bilateral unless a side is stated. */
export const DIFFUSE: ReadonlySet<string> = new Set(['pulmonary edema', 'emphysema', 'interstitial opacities', 'hyperinflation', 'bronchial wall thickening']);

/** The finding, bilateral when it is a diffuse process stated present or possible without a side (a new object only then). */
export function diffuseSide(f: Finding): Finding {
  return DIFFUSE.has(f.name) && f.laterality === undefined && f.status !== 'absent' ? { ...f, laterality: 'bilateral' } : f;
}
