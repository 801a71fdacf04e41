/**
 * Timing for rows that compare with a reference on a shared machine: process CPU time (user +
 * system) as well as wall time. On a loaded machine the wall time of a single-threaded loop
 * includes the time it waited for a core; its CPU time does not, so the ratio of CPU times is
 * the stable one. Node's CPU time also counts its GC and compiler threads (against us).
 */
export interface Timed<T> {
  cpuSeconds: number;
  wallSeconds: number;
  value: T;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Best (lowest CPU) of `repeats` runs of `fn`, after `warmup` untimed runs. */
export function best<T>(fn: () => T, repeats = 3, warmup = 1): Timed<T> {
  for (let i = 0; i < warmup; i++) fn();
  let result: Timed<T> | undefined;
  for (let i = 0; i < repeats; i++) {
    const c0 = cpuNow();
    const w0 = performance.now();
    const value = fn();
    const cpuSeconds = cpuNow() - c0;
    const wallSeconds = (performance.now() - w0) / 1000;
    if (!result || cpuSeconds < result.cpuSeconds) result = { cpuSeconds, wallSeconds, value };
  }
  return result!;
}

/** `12.3 µs`, `4.56 ms`, `1.23 s`. */
export function duration(seconds: number): string {
  if (seconds < 1e-3) return `${(seconds * 1e6).toPrecision(3)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toPrecision(3)} ms`;
  return `${seconds.toPrecision(3)} s`;
}
