/**
 * Shared fast-check settings for the clinical properties: a fixed seed so runs are reproducible
 * (override with FC_SEED=<n> to explore), and the seed printed when a property fails.
 */
import fc from 'fast-check';

export const FC_SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20_241_129;

/** Runs a property with the fixed seed; on failure the thrown message starts with the seed. */
export function assertProperty<T>(property: fc.IProperty<T>, numRuns: number): void {
  try {
    fc.assert(property, { numRuns, seed: FC_SEED, endOnFailure: false });
  } catch (e) {
    const err = e as Error;
    err.message = `fast-check seed ${FC_SEED} (rerun with FC_SEED=${FC_SEED})\n${err.message}`;
    throw err;
  }
}
