/**
 * A progress line for long batch runs on stderr: redrawn in place on a TTY
 * (`[#####-----] 4,200/10,000 42% 1,230 rows/s ETA 5s`); nothing when stderr is no TTY (a log
 * or a CI job gets the summary alone, not a stream of progress lines).
 */
export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export class Progress {
  private done = 0;
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressSink,
    private readonly total: number,
    private readonly label: string,
    private readonly skipped = 0,
  ) {}

  add(n: number): void {
    this.done += n;
    const now = Date.now();
    if (this.out.isTTY) {
      if (now - this.lastDraw > 100 || this.done >= this.total) {
        this.lastDraw = now;
        this.out.write(`\r${this.line(now)}\x1b[K`);
      }
    }
  }

  private line(now: number): string {
    const frac = this.total ? this.done / this.total : 1;
    const width = 24;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '-');
    const secs = Math.max((now - this.started) / 1000, 1e-3);
    const rate = this.done / secs;
    const eta = rate > 0 ? Math.ceil((this.total - this.done) / rate) : 0;
    const n = (x: number) => x.toLocaleString('en-US');
    return `${this.label} [${bar}] ${n(this.done)}/${n(this.total)} ${Math.floor(frac * 100)}% ${n(Math.round(rate))} rows/s ETA ${eta}s${this.skipped ? ` (${n(this.skipped)} already scored)` : ''}`;
  }

  end(): void {
    if (this.out.isTTY) this.out.write('\n');
  }
}
