/**
 * How a comparison reads findings where the guideline (METRICS §1.5) draws lines the extractor's
 * names do not: only lobar words make a collapse lobar, and a vaguer and a more specific name of
 * one abnormality (an opacity and pneumonia) are one finding named two ways, graded.
 */
import { getLexicon } from '../lexicon/load.js';
import type { Finding } from '../model.js';

export type Grade = 'significant' | 'negligible';

interface Pair {
  general: string;
  specific: string;
  grade: Grade;
  /** Only when the general finding was written with these words. */
  written?: RegExp;
}

/**
 * §1.5 pairs the lexicon's `signs` (findings/*.yaml) do not link, or grade by the words used; they
 * win over the lexicon where both state a grade.
 */
const GUIDELINE_PAIRS: readonly Pair[] = [
  // "infiltrate" names airspace disease: infiltrate ~ pneumonia is negligible, unlike a bare opacity
  { general: 'lung opacity', specific: 'pneumonia', grade: 'negligible', written: /\binfiltrat/i },
  { general: 'lung opacity', specific: 'aspiration', grade: 'negligible', written: /\binfiltrat/i },
  // consolidation ~ edema: the same airspace filling, another cause and another treatment
  { general: 'consolidation', specific: 'pulmonary edema', grade: 'significant' },
  // (this project's reading, not a §1.5 row) vascular congestion is the mildest stage of the
  // hydrostatic edema §1.5 lists by its signs (vascular markings): one finding, graded apart
  { general: 'vascular congestion', specific: 'pulmonary edema', grade: 'significant' },
];

/** A finding name and, when known, the words it was written with. */
export interface Named {
  name: string;
  term?: string;
}

/**
 * The grade of naming `general` where `specific` is meant (METRICS §1.5 "unspecific /
 * overinterpretation": `lung opacity` for `pneumonia` significant, `consolidation` for `pneumonia`
 * negligible), or undefined when the two are not a vague and a specific name of one abnormality.
 */
export function vagueGrade(general: Named, specific: Named): Grade | undefined {
  for (const p of GUIDELINE_PAIRS) {
    if (p.general === general.name && p.specific === specific.name && (!p.written || p.written.test(general.term ?? ''))) return p.grade;
  }
  return getLexicon().byName.get(specific.name)?.signs?.[general.name];
}

/** Places that are a whole lobe (a segment, the base or the apex is not). */
const LOBES = new Set(['upper lobe', 'middle lobe', 'lower lobe', 'lingula']);

/** Words of a mention that state a whole lobe or lung ("collapse of the right upper lobe", "complete collapse", "collapsed lung"). */
const LOBAR_WORDS = /\b(?:lobe|lobes|lobar|lung|lungs|lingula|lingular|complete|completely|whole|total|totally|hemithorax)\b/i;

/**
 * The finding as a comparison should read it. A `lobar collapse` that names no lobe, lung or
 * completeness ("subsegmental collapse at the left base", "basal collapse") is atelectasis: the
 * word "collapse" alone is used for any volume loss, and only lobar collapse is actionable.
 * `text` is the report the finding was extracted from (its `span` points into it).
 */
export function comparedFinding<T extends Finding>(f: T, text: string): T {
  if (f.name !== 'lobar collapse') return f;
  if (f.location?.some((l) => LOBES.has(l))) return f;
  if (LOBAR_WORDS.test(mentionText(f, text))) return f;
  return { ...f, name: 'atelectasis' };
}

/** The mention's own words, widened to its clause ("collapse of the right upper lobe" has its lobe after the name). */
function mentionText(f: Finding, text: string): string {
  const [a, b] = f.span;
  const start = Math.max(text.lastIndexOf('.', a - 1), text.lastIndexOf(';', a - 1), text.lastIndexOf(',', a - 1)) + 1;
  const ends = ['.', ';', ','].map((c) => text.indexOf(c, b)).filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
}
