/**
 * The shape of a METRICS §1.5 course or situation rule and the small predicates the rule files
 * share (./course.ts, ./pleural.ts, ./known.ts): first matching rule wins, none keeps the level.
 */
import type { Significance, Severity, Temporal } from '../model.js';
import type { SignificanceCues } from './cues.js';
import type { Situation } from './situation.js';

/** What a course rule reads of a finding. */
export interface CourseInput {
  name: string;
  category: string;
  status: 'present' | 'absent' | 'uncertain';
  severity?: Severity | undefined;
  /** The grade word as written (`massive`, `small`): some rules need more than the three grades. */
  severityText?: string | undefined;
  temporal?: Temporal | undefined;
  cues?: SignificanceCues | undefined;
  /** Where a device tip or a lodged object lies (`esophagus`). */
  devicePosition?: string | undefined;
}

/** One rule: when it applies (given the level so far), the level it sets, and why. */
export interface CourseRule {
  id: string;
  when: (f: CourseInput, s: Situation, base: Significance) => boolean;
  significance: Significance;
  because: string;
}

export const RANK: Record<Significance, number> = { benign_expected: 0, not_actionable_not_urgent: 1, actionable_not_urgent: 2, urgent: 3 };
export const worse = (f: CourseInput): boolean => f.temporal === 'new' || f.temporal === 'increased' || f.temporal === 'worsened';
export const better = (f: CourseInput): boolean => f.temporal === 'decreased' || f.temporal === 'improved';
/** §1.5 children: under 6 a fracture raises non-accidental injury, a lobar collapse an aspirated foreign body. */
export const child = (s: Situation): boolean => s.age !== undefined && s.age <= 5;
/** §1.5: in children unexplained effusions weigh more; the rules that lower an effusion are for adults. */
export const adult = (s: Situation): boolean => s.age === undefined || s.age >= 16;
export const above = (base: Significance, level: Significance): boolean => RANK[base] > RANK[level];
