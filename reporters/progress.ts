/**
 * A progress line for long runs on a terminal: `metric-suite 12/40 30% · rouge-l · ETA 8s`,
 * redrawn in place with `\r` on stderr, at most every `intervalMs`, and cleared when the run
 * ends so the final report starts on a clean line. The CLI adds it by itself when stdout is a
 * TTY and CI is not set (shouldShowProgress); it never writes into a file or a pipe.
 */
import type { Reporter } from '../src/reporting/reporter.js';

export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** Clock in ms (tests). */
  now?: () => number;
  /** Minimum ms between redraws (default 100). */
  intervalMs?: number;
  /** Stay silent until the run has taken this long (default 300 ms), so quick runs print nothing. */
  delayMs?: number;
}

const CLEAR = '\r\u001b[K';

/** True on a terminal outside CI (CI set to anything but '', '0' or 'false' counts as CI). */
export function shouldShowProgress(isTTY: boolean | undefined, env: Record<string, string | undefined>): boolean {
  const ci = env.CI;
  const inCI = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return isTTY === true && !inCI;
}

/** `850ms`-free human durations for the ETA: `8s`, `2m05s`, `1h02m`. */
export function fmtEta(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The line itself (no control characters), cut to the terminal width. */
export function progressLine(done: number, total: number, current: string | undefined, elapsedMs: number, columns?: number): string {
  const parts = [`metric-suite ${done}/${total}`];
  if (total > 0) parts[0] += ` ${Math.floor((Math.min(done, total) / total) * 100)}%`;
  if (current) parts.push(current);
  if (done > 0 && total > done) parts.push(`ETA ${fmtEta((elapsedMs / done) * (total - done))}`);
  const line = parts.join(' · ');
  const width = columns && columns > 1 ? columns - 1 : undefined;
  return width !== undefined && line.length > width ? `${line.slice(0, Math.max(0, width - 1))}…` : line;
}

export function createProgressReporter(options: ProgressOptions): Reporter {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 100;
  const delay = options.delayMs ?? 300;
  let start = now();
  let total = 0;
  let done = 0;
  let current: string | undefined;
  let lastDraw = -Infinity;
  let shown = false;

  const draw = (force = false): void => {
    const t = now();
    if (t - start < delay) return;
    if (!force && t - lastDraw < interval) return;
    lastDraw = t;
    shown = true;
    options.stream.write(CLEAR + progressLine(done, total, current, t - start, options.stream.columns));
  };

  return {
    onRunStart(info) {
      start = now();
      total = info.total;
      done = 0;
      current = undefined;
    },
    onCaseResult(result) {
      done++;
      current = result.metric;
      draw(done === total);
    },
    onLawResult(result) {
      current = `law ${result.law} [${result.metric}]`;
      draw();
    },
    onRunEnd() {
      if (shown) options.stream.write(CLEAR);
      shown = false;
    },
  };
}

export default createProgressReporter;
