/**
 * The findings of one report as the lexicon judge weighs them: the report-level findings of the
 * clinical core (present and uncertain only), each with its significance for this patient.
 */
import { comparedFinding } from '../../../clinical/diff/reading.js';
import { extractFindings } from '../../../clinical/extract/index.js';
import type { Finding } from '../../../clinical/model.js';
import { consolidate } from '../../../clinical/report/consolidate.js';
import { significanceCues, significanceOf } from '../../../clinical/significance.js';
import type { Context } from '../../contract.js';
import type { SignificanceLevel } from '../schema.js';
import { descriptorsOf, type DescriptorAxis } from './descriptors.js';

/** A finding of one report, with its significance for this patient. */
export interface Judged {
  id: string;
  f: Finding;
  significance: SignificanceLevel;
  /** Why a size, placement or context rule set the significance, when one did. */
  rule?: string;
  /** The words of its first mention, as written ("infiltrate" for a `lung opacity`). */
  term: string;
  /** Margins, density, calcification, complexity, chronicity as the mention's phrase states them. */
  descriptors: Partial<Record<DescriptorAxis, string>>;
}

/** The judged findings of a report, ids `R1..` or `P1..`. */
export function judgeReport(text: string, prefix: 'R' | 'P', context: Context): Judged[] {
  // a collapse naming no lobe is atelectasis (METRICS §1.5), before mentions merge
  const present = consolidate(extractFindings(text).map((f) => comparedFinding(f, text))).filter((f) => f.status !== 'absent');
  // "moderate right and small left effusions" after each side was described restates them: a
  // finding stated for each side is not a third, bilateral one
  const sided = (f: Finding, side: 'left' | 'right') => present.some((x) => x.name === f.name && x.laterality === side);
  return present
    .filter((f) => !(f.laterality === 'bilateral' && sided(f, 'left') && sided(f, 'right')))
    .map((f, i) => {
      const { significance, rule } = significanceOf(f.name, context, { ...f, cues: significanceCues(f.span, text) });
      return { id: `${prefix}${i + 1}`, f, significance, ...(rule ? { rule } : {}), term: text.slice(f.span[0], f.span[1]), descriptors: descriptorsOf(f.span, text) };
    });
}

/**
 * A short phrase for a finding: `possible small left apex pneumothorax (new)`, with the
 * descriptors the judge read when given (`irregular 20 mm right upper lobe nodule`).
 */
export function describeFinding(f: Finding, descriptors: Partial<Record<DescriptorAxis, string>> = {}): string {
  const hedge = f.status === 'uncertain' ? (f.probability === 2 ? 'likely ' : 'possible ') : '';
  const size = f.measurementMm !== undefined ? `${f.measurementMm} mm ` : '';
  const described = Object.values(descriptors).join(' ');
  const parts = [hedge + described, size + (f.severityText ?? ''), f.laterality ?? '', (f.location ?? []).join(' and '), f.name].filter((x) => x.trim() !== '');
  let s = parts.join(' ').replace(/\s+/g, ' ').trim();
  if (f.devicePosition) s += `, tip ${f.devicePosition}`;
  if (f.devicePlacement === 'malpositioned') s += ' (malpositioned)';
  if (f.temporal) s += ` (${f.temporal})`;
  if (f.evidence?.length) s += ` [from ${f.evidence.join(', ')}]`;
  return s;
}
