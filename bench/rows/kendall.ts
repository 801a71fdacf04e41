/** Kendall tau-b against scipy.stats.kendalltau at n = 1e3, 2e3 and 1e6, outputs checked equal. */
import { kendallTauB } from '../../src/stats/kendall.js';
import { mulberry32 } from '../../src/util/prng.js';
import { runPython } from '../_lib/python.js';
import { checkEqual, ratio, type BenchGroup, type BenchRow } from '../_lib/row.js';
import { best, duration } from '../_lib/timing.js';

/** Ratings 1-5 (ties) against a continuous metric that follows them loosely, as in agreement. */
function data(n: number, seed: number): { x: number[]; y: number[] } {
  const rand = mulberry32(seed);
  const x = Array.from({ length: n }, () => 1 + Math.floor(rand() * 5));
  const y = x.map((v) => Math.round((v / 5 + rand() * 0.6) * 1e4) / 1e4);
  return { x, y };
}

const SIZES: [string, number, number][] = [['1e3', 1_000, 400], ['2e3', 2_000, 200], ['1e6', 1_000_000, 1]];

export const kendallGroup: BenchGroup = {
  id: 'kendall',
  rows: SIZES.map(([label]) => `kendall-${label}`),
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    for (const [label, n, calls] of SIZES) {
      const { x, y } = data(n, n);
      const ours = best(() => {
        let t = 0;
        for (let i = 0; i < calls; i++) t = kendallTauB(x, y);
        return t;
      }, 3);
      const ref = runPython<number>('kendall_scipy.py', { x, y, calls }, ['numpy', 'scipy'], 3);
      checkEqual(`kendall n=${label}`, [ours.value], ref.outputs);
      const r = ref.cpuSeconds / ours.cpuSeconds;
      rows.push({
        id: `kendall-${label}`,
        what: `Kendall tau-b vs \`scipy.stats.kendalltau\` (numpy arrays in), n = ${label}`,
        project: `${duration(ours.cpuSeconds / calls)}/call`,
        reference: `scipy (Python ${ref.python}): ${duration(ref.cpuSeconds / calls)}/call`,
        result: ratio(r),
        goal: '>= 1x',
        met: r >= 1,
      });
    }
    return rows;
  },
};
