/**
 * What a round trip preserves. The extractor's id, sentence and span describe the text, and
 * severityText / dimensionsMm its wording, so comparisons leave them out.
 */
import type { Finding } from '../model.js';
import type { RenderableFinding } from './types.js';

/** The compared attributes, in a stable order (also the diff's order). */
export const COMPARED_KEYS = [
  'name', 'status', 'probability', 'severity', 'laterality', 'location', 'measurementMm', 'temporal',
  'devicePosition', 'devicePlacement',
] as const;

/** A finding reduced to the compared attributes, undefined keys and empty locations omitted, locations sorted. */
export function comparableFinding(f: RenderableFinding | Finding): RenderableFinding {
  const out: Record<string, unknown> = {};
  for (const k of COMPARED_KEYS) {
    const v = f[k];
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = k === 'location' ? [...(v as string[])].sort() : v;
  }
  return out as unknown as RenderableFinding;
}

/** `comparableFinding` over a list, keeping the order. */
export function comparableFindings(fs: readonly (RenderableFinding | Finding)[]): RenderableFinding[] {
  return fs.map(comparableFinding);
}
