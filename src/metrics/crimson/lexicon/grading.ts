/** Vague against specific names for the lexicon judge: METRICS §1.5, shared with the clinical diff. */
import { vagueGrade as gradeNames, type Grade } from '../../../clinical/diff/reading.js';
import type { Judged } from './judged.js';

export type { Grade };

/** The grade of naming `general`'s finding for `specific`'s (either report may hold either), or undefined. */
export function vagueGrade(general: Judged, specific: Judged): Grade | undefined {
  return gradeNames({ name: general.f.name, term: general.term }, { name: specific.f.name });
}
