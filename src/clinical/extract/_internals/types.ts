/**
 * Internal types of the extractor. A sentence becomes a row of items: each item is one
 * lexicon phrase (longest match) or one plain word/punctuation mark, with bit flags saying
 * what the phrase can mean (a phrase may mean several things: `resolved` is a post-negation
 * and a temporal cue).
 */
import type { Laterality, Severity, Status, Temporal } from '../../model.js';

/** Item flags (bits). Plain numbers, not a const enum, so per-file transpilers keep them. */
export const F = {
  FINDING: 1 << 0,
  LAT: 1 << 1,
  LOC: 1 << 2,
  POS: 1 << 3,
  SEV: 1 << 4,
  TEMP: 1 << 5,
  MEAS: 1 << 6,
  NEGPRE: 1 << 7,
  NEGPOST: 1 << 8,
  HEDGEPRE: 1 << 9,
  HEDGEPOST: 1 << 10,
  PSEUDO: 1 << 11,
  TERM: 1 << 12,
  PLACE: 1 << 13,
  SUBJ: 1 << 14,
  NPRED: 1 << 15,
  PRENORM: 1 << 16,
  APRED: 1 << 17,
  LINK: 1 << 18,
  ADJ: 1 << 19,
  FILLER: 1 << 20,
  IGNORE: 1 << 21,
  ALT: 1 << 22,
  CONJ: 1 << 23,
  BREAK: 1 << 24,
  CLAUSE: 1 << 25,
  WORD: 1 << 26,
  REMOVED: 1 << 27,
  COPULA: 1 << 28,
  /** Opens a scope whose findings are not about this study (questions, limitations, recommendations, history). */
  DROPPRE: 1 << 29,
  DROPPOST: 1 << 30,
} as const;

/** Attribute modifiers an item can carry to a finding. */
export const MODIFIER = F.LAT | F.LOC | F.SEV | F.TEMP | F.MEAS | F.POS;
/** Status cues (negation, certainty, pseudo-negation). */
export const CUE = F.NEGPRE | F.NEGPOST | F.HEDGEPRE | F.HEDGEPOST | F.PSEUDO | F.DROPPRE | F.DROPPOST;

/** What a lexicon phrase means; merged when a phrase sits in several sections. */
export interface Payload {
  flags: number;
  finding?: string;
  lat?: Laterality;
  loc?: string;
  pos?: string;
  sev?: Severity;
  temp?: Temporal;
  /** Certainty probability of a hedge/certainty cue. */
  p?: 1 | 2 | 3;
  place?: 'appropriate' | 'malpositioned';
  /** Statement subject id (language/*.yaml statements.subjects). */
  subj?: string;
}

/** One phrase or word of a sentence. */
export interface Item extends Payload {
  /** Character span [s, e) in the report text. */
  s: number;
  e: number;
  /** Lowercased tokens joined by single spaces. */
  text: string;
  /** First token, lowercased (a severity word as written). */
  first: string;
  /** Measurement dimensions in millimetres. */
  mm?: number[];
}

/**
 * An item with every field present (undefined when unset), so that all items share one object
 * shape: the passes read items millions of times, and a spread per item made them megamorphic.
 */
export function newItem(val: Payload | undefined, flags: number, s: number, e: number, text: string, first: string, mm: number[] | undefined): Item {
  if (val === undefined) {
    return { flags, finding: undefined, lat: undefined, loc: undefined, pos: undefined, sev: undefined, temp: undefined, p: undefined, place: undefined, subj: undefined, s, e, text, first, mm };
  }
  return { flags, finding: val.finding, lat: val.lat, loc: val.loc, pos: val.pos, sev: val.sev, temp: val.temp, p: val.p, place: val.place, subj: val.subj, s, e, text, first, mm };
}

/** A pre-scope cue in force: negation or a certainty probability. */
export interface Scope {
  neg: boolean;
  p: 1 | 2 | 3;
  /** The findings in scope state nothing about this study (a question, limitation, recommendation or history). */
  drop?: boolean;
  /** Id of the cue group that opened it. */
  group: number;
}

/** A finding mention in a sentence, and what the passes learn about it. */
export interface Mention {
  name: string;
  /** First and last item index (inclusive). */
  a: number;
  b: number;
  s: number;
  e: number;
  /** term: a lexicon term; np: "<predicate> of the <subject>"; clause: "<subject> is <predicate>"; normal: a normal statement. */
  kind: 'term' | 'np' | 'clause' | 'normal';
  /** Item index of the statement predicate (its own flags are not attributes). */
  pred?: number;
  /** Where the mention stands for ordering: its start, or a statement's predicate ("lungs are hyperinflated but CLEAR"). */
  at: number;
  removed?: boolean;
  pre?: Scope;
  /** The pre-scope cue group directly before this mention (not inherited through a list). */
  direct?: Scope;
  /** `consider`: the drop came from "should be considered" (a reading put forward, read as possible after a sign: considered.ts). */
  post?: { neg: boolean; p: 1 | 2 | 3; direct: boolean; drop?: boolean; consider?: boolean };
  /** Not a finding of this study (CONVENTIONS §31): left out of the result. */
  dropped?: boolean;
  /** Names of the signs this interpretation absorbed ("opacity, likely atelectasis": atelectasis with evidence [lung opacity]). */
  evidence?: string[];
  /** A sign absorbed into its interpretation: left out of the result. */
  absorbed?: boolean;
  /** The interpretations that absorbed this sign (several: perhaps the alternatives of a differential, differential.ts). */
  into?: Mention[];
  /** Names of the undecided alternatives this sign was said to be ("opacity, atelectasis or pneumonia": [atelectasis, pneumonia]). */
  interpretations?: string[];
  status?: Status;
  p?: 1 | 2 | 3;
  lats: Laterality[];
  locs: string[];
  sev?: Severity;
  sevText?: string;
  mm?: number[];
  temp?: Temporal;
  pos?: string;
  place?: 'appropriate' | 'malpositioned';
}

/** A mention with every field present (one object shape for all mentions; see {@link newItem}). */
export function newMention(name: string, a: number, b: number, s: number, e: number, kind: Mention['kind'], pred: number | undefined, at: number, removed: boolean | undefined): Mention {
  return {
    name, a, b, s, e, kind, pred, at, removed,
    pre: undefined, direct: undefined, post: undefined, dropped: undefined, evidence: undefined, absorbed: undefined, into: undefined, interpretations: undefined,
    status: undefined, p: undefined, lats: [], locs: [], sev: undefined, sevText: undefined, mm: undefined, temp: undefined, pos: undefined, place: undefined,
  };
}

/** Lexicon facts about one finding, as the extractor uses them. */
export interface FindingInfo {
  lateralized: boolean;
  graded: boolean;
  located: boolean;
  measured: boolean;
  device: boolean;
  /** An object inside a lumen (findings/*.yaml `lodged`): it takes a tip position as a device does, with no verdict. */
  lodged: boolean;
  /** A pleural collection or air (findings/*.yaml category `pleura`): a finding of its own even when a hedge names its cause. */
  pleural: boolean;
  appropriate: ReadonlySet<string>;
  /** Findings that may be signs of this one (findings/*.yaml `signs`). */
  signs: ReadonlySet<string>;
  /** Signs that lend it their place but stay findings of their own (lexicon `keeps`). */
  keeps: ReadonlySet<string>;
  /** A sign never reported beside a finding it is a sign of in the same sentence (findings/*.yaml `signOnly`). */
  signOnly: boolean;
  /** findings/*.yaml `nonspecific`. */
  nonspecific: boolean;
  /** location id -> the finding's name there (findings/*.yaml `atLocation`). */
  atLocation?: ReadonlyMap<string, string>;
  /** Acceptable tip distance above the carina (mm), for airway tubes. */
  carina?: { min: number; max: number };
  /** Vertebral level windows where the tip belongs (findings/*.yaml `tipLevels`), as spine indices (see levels.ts). */
  levels?: readonly (readonly [number, number])[];
}
