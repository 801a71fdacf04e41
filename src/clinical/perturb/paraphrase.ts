import { renderReport } from '../render/index.js';
import type { Perturbation } from './types.js';

/** How many other seeds to try for a different wording before giving up. */
const ATTEMPTS = 16;

/**
 * Says the same findings in other words: other templates and other synonyms ("effusion" for
 * "pleural effusion", "likely" for "probable"), by rendering with another seed. Not applicable
 * when no other seed gives different text.
 */
export const paraphrase: Perturbation = (input) => {
  const original = renderReport(input.findings, { seed: input.seed });
  for (let k = 1; k <= ATTEMPTS; k++) {
    const text = renderReport(input.findings, { seed: (input.seed + k * 0x9e3779b1) >>> 0 });
    if (text !== original) return { findings: [...input.findings], text, edit: { op: 'paraphrase', clinical: false } };
  }
  return undefined;
};
