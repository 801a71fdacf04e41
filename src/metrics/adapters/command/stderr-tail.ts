/** Keeps the last bytes a worker wrote to stderr, for error messages. */
export class StderrTail {
  private text = '';

  constructor(private readonly maxChars = 8_000) {}

  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.maxChars * 2) this.text = this.text.slice(-this.maxChars);
  }

  /** The last `lines` lines (at most `maxChars` characters), trimmed; empty when nothing was written. */
  tail(lines = 20, maxChars = 2_000): string {
    const all = this.text.trimEnd().split(/\r?\n/);
    let out = all.slice(-lines).join('\n');
    if (out.length > maxChars) out = `…${out.slice(-maxChars)}`;
    return out.trim() ? out : '';
  }

  clear(): void {
    this.text = '';
  }
}

/** `reason`, followed by the stderr tail when there is one. */
export function withStderr(reason: string, tail: string): string {
  return tail ? `${reason}; worker stderr (tail):\n${tail}` : reason;
}
