import { joinSentences, renderSentences } from '../render/index.js';
import { shuffle } from '../render/_internals/prng.js';
import type { Perturbation } from './types.js';
import { opRng } from './_shared.js';

/** Puts the same sentences in another order (never the original one); needs two findings. */
export const reorderSentences: Perturbation = (input) => {
  const n = input.findings.length;
  if (n < 2) return undefined;
  const sentences = renderSentences(input.findings, { seed: input.seed });
  const rng = opRng(input, 'reorderSentences');
  let order = shuffle(rng, [...Array(n).keys()]);
  // A shuffle may return the identity; rotating by one is then a guaranteed change.
  if (order.every((v, i) => v === i)) order = order.map((_, i) => (i + 1) % n);
  return {
    findings: order.map((i) => input.findings[i]!),
    text: joinSentences(order.map((i) => sentences[i]!)),
    edit: { op: 'reorderSentences', clinical: false },
  };
};
