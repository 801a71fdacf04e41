/**
 * Scores the public extractor against one labelled report of the independent development set
 * (format: README.md in this folder). Only abnormal findings count (labelled present or
 * uncertain, devices included); labels and extractions are matched by taxonomy concept, then side.
 */
import type { ReportFinding } from '../../src/clinical/report/index.js';

/** One labelled finding (DEVSET-FORMAT). */
export interface Label {
  concept: string;
  status: 'present' | 'uncertain' | 'absent';
  side?: 'left' | 'right' | 'bilateral' | null;
  severity?: string | null;
  temporal?: string | null;
  position?: 'appropriate' | 'malpositioned' | null;
  significance?: string | null;
  span?: string;
}

/** One labelled report. */
export interface LabelledReport {
  id: string;
  context?: Record<string, string | number | boolean>;
  text: string;
  findings: Label[];
}

/** A matched (label, extraction) pair and whether each attribute agrees (undefined: not compared). */
export interface Pair {
  label: Label;
  found: ReportFinding;
  concept: string;
  status: boolean;
  side: boolean;
  severity?: boolean;
  significance?: boolean;
  position?: boolean;
}

export interface ReportScore {
  id: string;
  pairs: Pair[];
  misses: Label[];
  /** Extracted abnormal findings that match no labelled abnormal finding (concept given). */
  falses: { found: ReportFinding; concept: string }[];
  /** Extracted abnormal findings that repeat an already matched label (a bilateral finding stated per side): neither right nor wrong. */
  repeats: number;
}

/**
 * A taxonomy concept as written by a labeller: lowercase, without a trailing parenthesis ("nodule (< 3 cm)"),
 * hyphens as spaces, British spellings as US ones (`haemorrhage`, `oedema`, `oesophageal`, `tumour`), so that
 * free-text `other: ...` names written by different labellers compare equal.
 */
export function conceptKey(concept: string): string {
  return concept
    .toLowerCase()
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/(?<=\w)-(?=\w)/g, ' ')
    .replace(/haem/g, 'hem')
    .replace(/\boe(?=d|s)/g, 'e')
    .replace(/our\b/g, 'or')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The labellers' severity words on the extractor's three grades (CONVENTIONS §16). */
const GRADE: Record<string, string> = { trace: 'mild', minimal: 'mild', small: 'mild', mild: 'mild', tiny: 'mild', moderate: 'moderate', large: 'severe', severe: 'severe', massive: 'severe' };

const abnormal = (s: string): boolean => s === 'present' || s === 'uncertain';

function pairOf(label: Label, found: ReportFinding, concept: string): Pair {
  const pair: Pair = { label, found, concept, status: label.status === found.status, side: (label.side ?? undefined) === found.side };
  if (label.severity || found.severity) pair.severity = (label.severity ? GRADE[label.severity] ?? label.severity : undefined) === found.severity;
  if (label.significance) pair.significance = label.significance === found.significance;
  if (label.position) pair.position = label.position === found.devicePlacement;
  return pair;
}

/** Matches one report's extractions to its labels. `toConcept` maps an extractor name to a taxonomy concept. */
export function scoreReport(report: LabelledReport, found: readonly ReportFinding[], toConcept: (name: string) => string | readonly string[]): ReportScore {
  const labels = report.findings.filter((l) => abnormal(l.status));
  const extracted = found.filter((f) => abnormal(f.status)).map((f) => {
    const c = toConcept(f.name);
    const concepts = typeof c === 'string' ? [c] : c;
    return { f, concept: concepts[0]!, concepts };
  });
  const used = new Set<number>();
  const matched = new Map<Label, number>();
  // Same concept and side first, then same concept on any side (a side error, still a match).
  for (const sameSide of [true, false]) {
    for (const l of labels) {
      if (matched.has(l)) continue;
      const i = extracted.findIndex((x, k) => !used.has(k) && x.concepts.includes(conceptKey(l.concept)) && (!sameSide || (l.side ?? undefined) === x.f.side));
      if (i >= 0) [matched.set(l, i), used.add(i)];
    }
  }
  const pairs = [...matched].map(([l, i]) => pairOf(l, extracted[i]!.f, conceptKey(l.concept)));
  const misses = labels.filter((l) => !matched.has(l));
  const matchedConcepts = new Set(pairs.map((p) => p.concept));
  let repeats = 0;
  const falses: ReportScore['falses'] = [];
  extracted.forEach((x, k) => {
    if (used.has(k)) return;
    if (x.concepts.some((c) => matchedConcepts.has(c))) repeats++;
    else falses.push({ found: x.f, concept: x.concept });
  });
  return { id: report.id, pairs, misses, falses, repeats };
}
