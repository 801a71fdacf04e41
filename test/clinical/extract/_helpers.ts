import { extractFindings, type SentenceExtractOptions } from '../../../src/clinical/extract/index.js';
import type { Finding } from '../../../src/clinical/model.js';

/** A finding without its bookkeeping (id, sentence, span): what a radiologist would check. */
export type Brief = Omit<Finding, 'id' | 'sentence' | 'span'>;

/** The findings of `text`, without ids, sentence indexes and spans. */
export function brief(text: string, options: SentenceExtractOptions = {}): Brief[] {
  return extractFindings(text, options).map(({ id: _id, sentence: _s, span: _sp, ...rest }) => rest);
}

/** Shorthand for an expected finding. */
export function f(name: string, status: Finding['status'], more: Partial<Brief> = {}): Brief {
  return { name, status, ...(status === 'absent' ? {} : { probability: 3 }), ...more };
}
