import { describe, expect, it } from 'vitest';
import { countPacked } from '../../../src/metrics/radgraph/packed-set.js';
import { mulberry32 } from '../../../src/util/prng.js';

function oracle(a: number[], b: number[]): number[] {
  const sa = new Set(a), sb = new Set(b);
  return [sa.size, sb.size, [...sa].filter((x) => sb.has(x)).length];
}

describe('countPacked (stamped open-addressing set counts)', () => {
  const out = new Int32Array(3);
  const run = (a: number[], b: number[]) => {
    countPacked(Float64Array.from(a), a.length, Float64Array.from(b), b.length, out);
    return Array.from(out);
  };
  it('matches Set sizes and intersection on random lists with repeats, across table growth', () => {
    const rand = mulberry32(9);
    for (let t = 0; t < 500; t++) {
      const n = t < 450 ? Math.floor(rand() * 40) : 200 + Math.floor(rand() * 3000);
      const range = 1 + Math.floor(rand() * 2 * n + 1);
      // integers up to 2^52: both 32-bit halves vary
      const scale = t % 3 === 0 ? 2 ** 40 : t % 3 === 1 ? 4 : 1;
      const list = (k: number) => Array.from({ length: k }, () => Math.floor(rand() * range) * scale + (t % 4));
      const a = list(n), b = list(Math.floor(rand() * 40));
      expect(run(a, b)).toEqual(oracle(a, b));
    }
  });
  it('keys that share a slot (same low word) stay distinct; a call sees nothing of the one before', () => {
    const a = [0, 2 ** 32, 2 ** 33, 2 ** 32 * 3, 5];
    const b = [2 ** 33, 7, 7, 0];
    expect(run(a, b)).toEqual([5, 3, 2]);
    expect(run([1], [2 ** 32])).toEqual([1, 1, 0]);
    expect(run([], [])).toEqual([0, 0, 0]);
  });
});
