/** A source of uniform floats in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32: a 32-bit seeded PRNG, two lines long. Everything seeded in the project uses it
 * (phrasings, perturbations, bootstrap resamples, randomization tests, benchmarks), so a seed
 * printed by a failure reproduces the same draws anywhere; nothing uses Math.random.
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
