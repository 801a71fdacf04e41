/** One row of the bench table: what was measured, against what, and whether the goal holds. */
export interface BenchRow {
  /** Short id (`bleu`, `kendall-1e3`, ...), also a `npm run bench -- <id>` argument. */
  id: string;
  what: string;
  /** The project's figure, e.g. `8.1 µs/pair`. */
  project: string;
  /** The reference's figure, or `—`. */
  reference: string;
  /** The compared figure, e.g. `23.4x` or `0.09 s vs 0.10 s`. */
  result: string;
  goal: string;
  met: boolean;
  /** Where the time goes when the goal is not met, or a caveat. */
  note?: string;
  /** When the row was measured (ISO time; the runner adds it). */
  measuredAt?: string;
  /** The load average (1/5/15 min) when the row started. */
  load?: string;
}

/** A group of rows measured together (one input, one reference run). */
export interface BenchGroup {
  id: string;
  /** Ids of the rows it produces. */
  rows: string[];
  run(): Promise<BenchRow[]>;
}

/** `23.4x` with two significant digits below 10. */
export function ratio(x: number): string {
  return `${x >= 10 ? x.toFixed(1) : x.toFixed(2)}x`;
}

/** Checks two output lists are equal (exactly, or within a relative tolerance); throws otherwise. */
export function checkEqual(what: string, ours: readonly number[], theirs: readonly number[], relTol = 0): void {
  if (ours.length !== theirs.length) throw new Error(`${what}: ${ours.length} outputs vs the reference's ${theirs.length}`);
  for (let i = 0; i < ours.length; i++) {
    const a = ours[i]!;
    const b = theirs[i]!;
    const ok = relTol === 0 ? a === b || (Number.isNaN(a) && Number.isNaN(b)) : a === b || Math.abs(a - b) <= relTol * Math.abs(b);
    if (!ok) throw new Error(`${what}: output ${i} differs: ${a} vs the reference's ${b}`);
  }
}
