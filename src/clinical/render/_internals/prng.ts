/**
 * A tiny seeded PRNG (mulberry32) and helpers. The renderer and the perturbations must be
 * reproducible from a seed alone (a failing law prints its seed), so nothing here touches
 * Math.random.
 */

import { mulberry32, type Rng } from '../../../util/prng.js';

export { mulberry32, type Rng };

/** FNV-1a of a string, so a finding's phrasing can depend on its name and not on its index. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A PRNG for one (seed, key) pair: independent streams per finding keep edits local. */
export function rngFor(seed: number, key: string): Rng {
  return mulberry32((hashString(key) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
}

/** An integer in [0, n). */
export function int(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

/** One element of a non-empty list. */
export function pick<T>(rng: Rng, xs: readonly T[]): T {
  if (xs.length === 0) throw new Error('pick from an empty list');
  return xs[int(rng, xs.length)] as T;
}

/** A shuffled copy (Fisher-Yates). */
export function shuffle<T>(rng: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
