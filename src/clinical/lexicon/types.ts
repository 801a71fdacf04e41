import type { Significance, Severity, Temporal } from '../model.js';

/** A context rule: when the patient matches, the finding's significance changes. */
export interface ContextRule {
  /** Matches when every given condition holds. */
  when: { minAge?: number; maxAge?: number; sex?: 'M' | 'F'; indicationMatches?: string };
  significance: Significance;
  /** Why, for contributors and reports. */
  because: string;
}

/** One finding or device of the lexicon. */
export interface LexiconFinding {
  /** Canonical name (a FINDING_NAMES entry). */
  name: string;
  category: 'pleura' | 'lung' | 'airway' | 'cardiac' | 'vascular' | 'mediastinum' | 'bone' | 'soft tissue' | 'abdomen' | 'device' | 'postsurgical';
  significance: Significance;
  /** Preferred wording first, then synonyms, abbreviations and inflections (all lowercase). */
  terms: string[];
  /** Whether a side is meaningful (effusion yes, cardiomegaly no). */
  lateralized: boolean;
  /** Whether severity words apply (effusion yes, granuloma no). */
  graded: boolean;
  /** Whether a lobe/zone location is meaningful. */
  located: boolean;
  /** Whether a size is usually stated (nodule, mass, pneumothorax depth). */
  measured: boolean;
  /** Devices: tip positions that are appropriate; any other stated tip is malpositioned. */
  appropriatePositions?: string[];
  contextRules?: ContextRule[];
  /**
   * Findings that may be signs of this one, with how much it matters to name only the sign
   * (METRICS §1.5 unspecific/overinterpretation): `pneumonia: { lung opacity: significant, consolidation: negligible }`.
   */
  signs?: Record<string, 'negligible' | 'significant'>;
  /**
   * Signs that stay findings of their own when stated with this one ("RUL consolidation, likely TB": the consolidation and the
   * tuberculosis): the judge still reads one as the other's sign, the extractor lists both.
   */
  keeps?: string[];
  /** An object that lies inside a lumen (an inhaled or swallowed foreign body): where it lies is read like a device tip. */
  lodged?: boolean;
  /** A sign (silhouette sign) that is not reported beside a finding it is a sign of in the same sentence. */
  signOnly?: boolean;
  /** A sign without an interpretation of its own (`lung opacity`): a finding stated with it (`opacity with air bronchograms`) names it. */
  nonspecific?: boolean;
  /** Another name when the finding stands at a location (`mass` in the mediastinum is a `mediastinal mass`). */
  atLocation?: Record<string, string>;
  /** Airway tubes: the acceptable tip distance above the carina, in millimetres (outside it the tube is malpositioned). */
  carinaDistanceMm?: { min: number; max: number };
  /**
   * Lines and tubes placed by a vertebral level (neonatal films): the levels where the tip belongs, each a level or a
   * range (`T8-T9`); a tip stated at a level outside all of them is malpositioned.
   */
  tipLevels?: string[];
  /** Significance set by the finding's own attributes, before patient context; first match wins. */
  attributeRules?: AttributeRule[];
}

/** A significance set by a finding's attributes (size words, severity, size). */
export interface AttributeRule {
  when: { words?: string[]; severity?: Severity[]; unqualified?: boolean; uncertain?: boolean; minMm?: number; maxMm?: number };
  significance: Significance;
  because: string;
}

export interface Lexicon {
  findings: LexiconFinding[];
  /** Canonical name -> finding. */
  byName: ReadonlyMap<string, LexiconFinding>;
  /** Canonical location id -> terms (e.g. `lower lobe` -> [`lower lobe`, `basilar`...]). */
  locations: ReadonlyMap<string, string[]>;
  /** Canonical device tip position -> terms. */
  devicePositions: ReadonlyMap<string, string[]>;
  /** Severity word -> normalised severity. */
  severity: ReadonlyMap<string, Severity>;
  /** Hedge phrase -> probability (3 definite, 2 likely, 1 possible). */
  certainty: ReadonlyMap<string, 1 | 2 | 3>;
  /** Temporal phrase -> temporal value. */
  temporal: ReadonlyMap<string, Temporal>;
  negation: { pre: string[]; post: string[]; pseudo: string[]; terminators: string[] };
  /** Abbreviation -> expansion (`rll` -> `right lower lobe`, `ett` -> `endotracheal tube`). */
  abbreviations: ReadonlyMap<string, string>;
}
