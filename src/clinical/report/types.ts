/**
 * The finding type of the public extractor, apart from its code so that the report's helpers
 * (weigh.ts) can name it without an import cycle.
 */
import type { Laterality, Severity, Significance, Status, Temporal } from '../model.js';

/** A finding of a report as `extractFindings` returns it. Optional fields are absent when not stated. */
export interface ReportFinding {
  /** `F1`, `F2`, ... in order of first mention. */
  id: string;
  /** Canonical finding name (src/clinical/vocabulary.ts), e.g. `pleural effusion`. */
  name: string;
  status: Status;
  /** 3 definite, 2 likely, 1 possible; absent findings have none. */
  probability?: 1 | 2 | 3;
  side?: Laterality;
  /** Canonical anatomy ids, sorted (`lower lobe`, `apex`...). */
  location?: string[];
  severity?: Severity;
  /** The severity word as written (`trace`, `small`, `large`). */
  severityText?: string;
  /** Stated size or distance: the largest dimension and every dimension, in millimetres. */
  size?: { mm: number; dimensionsMm: number[] };
  temporal?: Temporal;
  /** Devices: canonical tip position and whether it is acceptable. */
  devicePosition?: string;
  devicePlacement?: 'appropriate' | 'malpositioned';
  /** Signs the finding was read from ("opacity, likely atelectasis": [`lung opacity`]). */
  evidence?: string[];
  /** Readings of this sign an undecided differential names ("opacity, atelectasis or pneumonia": [`atelectasis`, `pneumonia`]). */
  interpretations?: string[];
  /** CRIMSON significance for this patient (METRICS §1.5). */
  significance: Significance;
  /** Why, when a size, placement or patient-context rule set it. */
  significanceRule?: string;
  /** Character span [start, end) of the first mention in the text, and that text. */
  span: [number, number];
  text: string;
}
