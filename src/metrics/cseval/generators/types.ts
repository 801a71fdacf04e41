/**
 * Report generators: what turns a (synthetic) image into findings text for CSEval. One
 * interface for recorded output (`replay`), OpenAI-compatible vision chat (`openai`, e.g.
 * MedGemma served by vLLM) and a user's JSON service (`http`, e.g. a MAIRA-2 wrapper).
 */
import type { Context } from '../../contract.js';

/** What a generator receives for one image. The conditioning prompt is never sent to a live generator. */
export interface GenerationInput {
  /** Absolute image path (may be missing for replay-only cases). */
  image?: string;
  /** sha256 of the image bytes (hex), when the runner could read the file. */
  imageSha256?: string;
  /** Recorded findings from the case file ('' when none). */
  findings: string;
  /** Patient or study context (indication, view, ...), for generators that accept it. */
  context?: Context;
}

export interface ReportGenerator {
  /** `replay`, `openai`, `http`: part of the metric's version and the details. */
  id: string;
  /** Calls a model (network or GPU): cached, refused offline, recordable. */
  live: boolean;
  /** One line for the metric description: `openai medgemma at http://...`. */
  describe: string;
  generate(input: GenerationInput, signal?: AbortSignal): Promise<string>;
  close?(): Promise<void> | void;
}

/** A generation that failed for a reason worth showing as the request's error. */
export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
}
