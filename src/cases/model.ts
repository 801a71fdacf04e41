import type { Context, Report } from '../metrics/contract.js';
import type { IndexedRelation } from './consistency.js';
import type { ScoreExpectation } from './schema.js';

/** Where something was written. Lines and columns count from 1. */
export interface Location {
  file: string;
  line: number;
  column: number;
}

export interface Candidate {
  label: string;
  text: Report;
  /** The case context merged with the candidate's own (the candidate wins). */
  context?: Context;
  /** CSEval: image path (absolute) and the prompt it was generated from. */
  image?: string;
  /** CSEval: `faithful` (counted in the per-finding summary) or `corrupted` (a deliberate corruption). */
  role?: 'faithful' | 'corrupted';
  /** Ratings of this image (image cases) or report (rating cases), one per rater. */
  ratings?: Rating[];
}

/** One rater's rating of a report or image; higher = better. */
export interface Rating {
  rater: string;
  score: number;
}

interface CaseBase {
  id: string;
  title?: string;
  capability?: string;
  tags: string[];
  rationale?: string;
  provenance?: Record<string, unknown>;
  metrics?: { only?: string[]; skip?: string[] };
  tolerance?: number;
  context?: Context;
  location: Location;
  /**
   * Set when the case is not finished (like vitest's `it.todo`): why (`todo: "<why>"` in the
   * file, or the scaffold placeholders left in its reports). Reported as todo, never scored.
   */
  todo?: string;
}

export interface RankingCase extends CaseBase {
  kind: 'ranking';
  reference: Report;
  candidates: Candidate[];
  relations: IndexedRelation[];
}

export interface ScoreCase extends CaseBase {
  kind: 'score';
  reference: Report;
  candidate: Report;
  expect: Record<string, ScoreExpectation>;
}

export interface ImageCase extends CaseBase {
  kind: 'image';
  prompt: string;
  /** Candidates are the images; `text` holds the recorded findings ('' when none). */
  candidates: Candidate[];
  relations: IndexedRelation[];
}

export interface PreferenceCase extends CaseBase {
  kind: 'preference';
  reference: Report;
  candidates: Candidate[];
  ratings: { rater: string; scores: Record<string, number> }[];
}

/** One candidate (label `candidate`) rated by raters; scored, agreement reported per suite. */
export interface RatingCase extends CaseBase {
  kind: 'rating';
  reference: Report;
  /** Exactly one, labelled `candidate`, with its `ratings`. */
  candidates: Candidate[];
  ratings: Rating[];
}

/** A case after loading: defaults applied, id assigned, relations parsed and checked. */
export type Case = RankingCase | ScoreCase | ImageCase | PreferenceCase | RatingCase;
