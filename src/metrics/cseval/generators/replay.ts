/** `replay`: the findings recorded in the case file (no model, no GPU, no network). */
import { GeneratorError, type ReportGenerator } from './types.js';

export function createReplayGenerator(): ReportGenerator {
  return {
    id: 'replay',
    live: false,
    describe: 'replay of recorded findings',
    async generate(input) {
      if (input.findings.trim() === '') {
        throw new GeneratorError(
          `no recorded findings for ${input.image ?? 'this image'}: add \`findings:\` to the case, or configure a live generator with \`record: true\``,
        );
      }
      return input.findings;
    },
  };
}
