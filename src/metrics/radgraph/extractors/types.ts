/**
 * RadGraph annotations (METRICS §2.1) and the entity-extractor interface shared by the
 * `lexicon`, `onnx` and `openai` extractors. Stable: CSEval and the RadGraph-F1 metrics build
 * on these types.
 */

/** A relation `[relation_type, target_entity_id]`, e.g. `['located_at', '2']`. */
export type RadGraphRelation = [type: string, target: string];

/** One entity of an annotation. */
export interface RadGraphEntity {
  /** The entity's words joined by single spaces, as they appear in the report. */
  tokens: string;
  /** RadGraph-XL label (`Observation::definitely present`, `Anatomy::definitely present`, ...) or v1 label (`OBS-DP`, ...). */
  label: string;
  /** Word indices of the first and last word (inclusive) in the report's word list. */
  start_ix: number;
  end_ix: number;
  relations: RadGraphRelation[];
}

/** One report's annotation: entities keyed by id ("1", "2", ...). */
export interface RadGraphAnnotation {
  text?: string;
  entities: Record<string, RadGraphEntity>;
}

/** Turns report texts into annotations, one per text, in order. */
export interface EntityExtractor {
  /** `lexicon`, `onnx`, `openai`: part of cache keys and reports. */
  id: string;
  extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]>;
  /** Release resources (ONNX sessions). */
  close?(): Promise<void> | void;
}

/** RadGraph-XL relation types. */
export const RADGRAPH_RELATION_TYPES = ['modify', 'located_at', 'suggestive_of'] as const;
export type RadGraphRelationType = (typeof RADGRAPH_RELATION_TYPES)[number];
