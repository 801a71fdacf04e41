/**
 * The findings of one report as the lexicon judge weighs them: the report-level findings of the
 * clinical core (present and uncertain only), each with its significance for this patient.
 */
import { comparedFinding } from '../../../clinical/diff/reading.js';
import { extractFindings } from '../../../clinical/extract/index.js';
import { getLexicon } from '../../../clinical/lexicon/load.js';
import type { Finding } from '../../../clinical/model.js';
import { consolidate } from '../../../clinical/report/consolidate.js';
import { significanceCues, significanceOf } from '../../../clinical/significance.js';
import type { Context } from '../../contract.js';
import type { SignificanceLevel } from '../schema.js';
import { SIGNIFICANCE_WEIGHTS } from '../score.js';
import { descriptorsOf, type DescriptorAxis } from './descriptors.js';
import { foldKinds } from './kinds.js';

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
  /**
   * The readings of an undecided differential this sign was given ("opacity, atelectasis or
   * pneumonia": `Finding.interpretations`), each weighed as a possible finding for this patient.
   * The judged finding weighs as its weightiest reading.
   */
  readings?: Reading[];
}

/** One reading of a sign's differential and its significance (as a possible finding). */
export interface Reading {
  name: string;
  significance: SignificanceLevel;
}

/** The judged findings of a report, ids `R1..` or `P1..`. */
export function judgeReport(text: string, prefix: 'R' | 'P', context: Context): Judged[] {
  // a collapse naming no lobe is atelectasis (METRICS §1.5), before mentions merge
  // ("left pneumothorax under tension" is one tension pneumothorax, kinds.ts)
  const present = foldKinds(consolidate(extractFindings(text).map((f) => comparedFinding(f, text))).filter((f) => f.status !== 'absent'));
  // "moderate right and small left effusions" after each side was described restates them: a
  // finding stated for each side is not a third, bilateral one
  const sided = (f: Finding, side: 'left' | 'right') => present.some((x) => x.name === f.name && x.laterality === side);
  return present
    .filter((f) => !(f.laterality === 'bilateral' && sided(f, 'left') && sided(f, 'right')))
    .map((f, i) => {
      const cues = significanceCues(f.span, text);
      const own = significanceOf(f.name, context, { ...f, cues });
      // each reading of a differential is possible (CONVENTIONS §7: alternatives are uncertain 1)
      const readings = (f.interpretations ?? []).filter((n) => n !== f.name).map((name): Reading => ({ name, significance: significanceOf(name, context, { ...f, status: 'uncertain', cues }).significance }));
      const top = readings.reduce((a, b) => (weightOf(b.significance) > weightOf(a.significance) ? b : a), { name: f.name, significance: own.significance });
      const { significance, rule } = top.name === f.name ? own : { significance: top.significance, rule: `weighed as its weightiest reading, ${top.name}` };
      const judged: Judged = { id: `${prefix}${i + 1}`, f, significance, ...(rule ? { rule } : {}), term: text.slice(f.span[0], f.span[1]), descriptors: descriptorsOf(f.span, text) };
      if (readings.length) judged.readings = readings;
      return judged;
    });
}

const weightOf = (s: SignificanceLevel): number => SIGNIFICANCE_WEIGHTS[s] ?? 0;

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
  if (f.devicePosition) s += getLexicon().byName.get(f.name)?.lodged ? ` in the ${f.devicePosition}` : `, tip ${f.devicePosition}`;
  if (f.devicePlacement === 'malpositioned') s += ' (malpositioned)';
  if (f.interpretations?.length) s += ` (${f.interpretations.join(' or ')}?)`;
  if (f.temporal) s += ` (${f.temporal})`;
  if (f.evidence?.length) s += ` [from ${f.evidence.join(', ')}]`;
  return s;
}
