import { describe, expect, it } from 'vitest';
import { createProgressReporter, fmtEta, progressLine, shouldShowProgress } from '../../reporters/progress.js';
import { createReporters } from '../../src/cli/reporters.js';
import type { CliIO } from '../../src/cli/io.js';
import { sampleReport, sampleStart } from './_fixtures/sample-report.js';

/** A fake terminal: records writes and keeps what the screen line shows. */
class FakeTTY {
  isTTY = true;
  columns = 80;
  writes: string[] = [];
  write(text: string): boolean {
    this.writes.push(text);
    return true;
  }
  /** The visible line after interpreting `\r` and erase-line. */
  get screen(): string {
    let line = '';
    for (const w of this.writes) {
      for (const part of w.split(/(\r|\u001b\[K)/)) {
        if (part === '\r' || part === '\u001b[K') line = '';
        else line += part;
      }
    }
    return line;
  }
}

async function drive(tty: FakeTTY, step = 1000, opts: { delayMs?: number; intervalMs?: number } = {}) {
  let t = 0;
  const r = createProgressReporter({ stream: tty, now: () => t, ...opts });
  await r.onRunStart?.(sampleStart);
  const seen: string[] = [];
  for (const result of sampleReport.results) {
    t += step;
    await r.onCaseResult?.(result);
    seen.push(tty.screen);
  }
  return { r, seen, at: () => t };
}

describe('progress reporter', () => {
  it('shows cases done / total, the metric and an ETA, redrawn in place', async () => {
    const tty = new FakeTTY();
    const { seen } = await drive(tty);
    const total = sampleReport.results.length;
    expect(seen[0]).toBe(`metric-suite 1/${total} 9% · rouge-l · ETA 10s`);
    expect(seen[3]).toBe(`metric-suite 4/${total} 36% · rouge-l · ETA 7s`);
    expect(seen[7]).toBe(`metric-suite 8/${total} 72% · crimson:lexicon · ETA 3s`);
    expect(seen.at(-1)).toBe(`metric-suite ${total}/${total} 100% · rouge-l`);
    expect(tty.writes.every((w) => w.startsWith('\r\u001b[K') && !w.includes('\n'))).toBe(true);
  });

  it('clears the line when the run ends', async () => {
    const tty = new FakeTTY();
    const { r } = await drive(tty);
    await r.onRunEnd?.(sampleReport);
    expect(tty.screen).toBe('');
    expect(tty.writes.at(-1)).toBe('\r\u001b[K');
  });

  it('stays silent for quick runs and throttles redraws', async () => {
    const quick = new FakeTTY();
    const { r } = await drive(quick, 10, { delayMs: 300 });
    await r.onRunEnd?.(sampleReport);
    expect(quick.writes).toEqual([]);

    const fast = new FakeTTY();
    await drive(fast, 40, { delayMs: 0, intervalMs: 100 });
    // 11 results 40 ms apart: a draw at most every 100 ms, plus the final one
    expect(fast.writes.length).toBeLessThanOrEqual(6);
    expect(fast.screen).toBe(`metric-suite 11/11 100% · rouge-l`);
  });

  it('shows laws as the current work and fits the terminal width', async () => {
    const tty = new FakeTTY();
    tty.columns = 30;
    const { r } = await drive(tty);
    await r.onLawResult?.(sampleReport.laws[0]!);
    expect(tty.screen.length).toBeLessThanOrEqual(29);
    expect(tty.screen.endsWith('…')).toBe(true);
    expect(progressLine(11, 11, 'law negation-lowers-score [rouge-l]', 5000)).toBe('metric-suite 11/11 100% · law negation-lowers-score [rouge-l]');
  });

  it('formats ETAs', () => {
    expect(fmtEta(8_400)).toBe('8s');
    expect(fmtEta(125_000)).toBe('2m05s');
    expect(fmtEta(3_720_000)).toBe('1h02m');
  });

  it('is shown only on a TTY outside CI', () => {
    expect(shouldShowProgress(true, {})).toBe(true);
    expect(shouldShowProgress(false, {})).toBe(false);
    expect(shouldShowProgress(undefined, {})).toBe(false);
    expect(shouldShowProgress(true, { CI: 'true' })).toBe(false);
    expect(shouldShowProgress(true, { CI: '1' })).toBe(false);
    expect(shouldShowProgress(true, { CI: 'false' })).toBe(true);
  });

  it('is added by the CLI first, writing to stderr, only on a TTY outside CI', async () => {
    const make = (isTTY: boolean, env: Record<string, string | undefined>) => {
      const out = { stdout: '', stderr: '' };
      const io: CliIO = {
        stdout: { write: (t: string) => (out.stdout += t), isTTY },
        stderr: { write: (t: string) => (out.stderr += t) },
        cwd: process.cwd(),
        env: { NO_COLOR: '1', ...env },
      };
      return { io, out };
    };
    const tty = make(true, {});
    const active = await createReporters(['json'], [], tty.io);
    expect(active.reporters).toHaveLength(2);
    await active.reporters[0]!.onRunStart?.(sampleStart);
    await active.reporters[0]!.onCaseResult?.(sampleReport.results[0]!);
    await active.reporters[0]!.onRunEnd?.(sampleReport);
    expect(tty.out.stdout).toBe('');
    expect((await createReporters(['json'], [], make(true, { CI: 'true' }).io)).reporters).toHaveLength(1);
    expect((await createReporters(['json'], [], make(false, {}).io)).reporters).toHaveLength(1);
  });
});
