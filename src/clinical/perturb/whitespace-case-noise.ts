import { renderSentences } from '../render/index.js';
import { pick, type Rng } from '../render/_internals/prng.js';
import type { Perturbation } from './types.js';
import { opRng } from './_shared.js';

/** Inside a sentence only horizontal space: a line break may legitimately end a sentence. */
const INNER_SPACE = ['  ', '   ', '\t', ' \t '];
const BETWEEN = [' ', '  ', '\n', '\n\n', ' \n'];

function noisySentence(s: string, rng: Rng): string {
  const c = rng();
  const cased = c < 0.25 ? s.toUpperCase() : c < 0.5 ? s.toLowerCase() : s;
  return cased.replace(/ /g, () => (rng() < 0.2 ? pick(rng, INNER_SPACE) : ' '));
}

/**
 * Typing noise with no clinical meaning: upper- or lower-cased sentences, doubled spaces and
 * tabs between words, line breaks between sentences, leading and trailing blanks.
 */
export const whitespaceCaseNoise: Perturbation = (input) => {
  const rng = opRng(input, 'whitespaceCaseNoise');
  const sentences = renderSentences(input.findings, { seed: input.seed });
  const noisy = sentences.map((s) => noisySentence(s, rng));
  // Always change something, so "unchanged text" never passes for noise.
  if (noisy.every((s, i) => s === sentences[i])) noisy[0] = noisy[0]!.toUpperCase();
  const body = noisy.map((s, i) => (i === 0 ? s : pick(rng, BETWEEN) + s)).join('');
  return {
    findings: [...input.findings],
    text: `${pick(rng, ['', ' ', '\n'])}${body}${pick(rng, ['', ' ', '\n', '  \n'])}`,
    edit: { op: 'whitespaceCaseNoise', clinical: false },
  };
};
