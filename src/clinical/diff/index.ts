/**
 * Clinical diff: what changed between two reports, finding by finding ("laterality: left ->
 * right (pleural effusion)"), for reporters to show next to the scores. Text goes through the
 * extractor, so two wordings of the same findings show no difference.
 */
import { extractFindings } from '../extract/index.js';
import type { Finding } from '../model.js';
import { significanceCues, significanceOf, type PatientContext } from '../significance.js';
import { diffFindings } from './match.js';
import { comparedFinding } from './reading.js';
import type { FindingDiff } from './types.js';

export type { DiffAttribute, DiffValue, FindingDiff } from './types.js';
export { diffFindings, mergeMentions } from './match.js';
export { formatDiff } from './format.js';
export { comparedFinding, vagueGrade, type Grade } from './reading.js';

/**
 * Finding-level differences from report `a` to report `b` (e.g. reference to candidate):
 * `removed` = only in `a`, `added` = only in `b`, `changed` = one attribute differs. Each
 * difference carries the significance its finding got for the patient in `context` (the "why"
 * of a failing ranking case).
 */
export function clinicalDiff(a: string, b: string, context: PatientContext = {}): FindingDiff[] {
  // a collapse that names no lobe is atelectasis (METRICS §1.5), as the lexicon judge reads it
  const fa = extractFindings(a).map((f) => comparedFinding(f, a));
  const fb = extractFindings(b).map((f) => comparedFinding(f, b));
  const weigh = (fs: readonly Finding[], d: FindingDiff, text: string) => {
    const f = fs.find((x) => x.name === d.name && (d.laterality === undefined || x.laterality === d.laterality) && x.status !== 'absent') ?? fs.find((x) => x.name === d.name);
    return f && f.status !== 'absent' ? significanceOf(f.name, context, { ...f, cues: significanceCues(f.span, text) }).significance : undefined;
  };
  return diffFindings(fa, fb).map((d) => {
    const from = d.kind === 'added' ? undefined : weigh(fa, d, a);
    const to = d.kind === 'removed' ? undefined : weigh(fb, d.attribute === 'name' ? { ...d, name: String(d.to) } : d, b);
    const significance = from ?? to;
    if (significance === undefined) return d;
    return { ...d, significance, ...(from && to && to !== from ? { significanceTo: to } : {}) };
  });
}
