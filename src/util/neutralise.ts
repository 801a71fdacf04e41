/**
 * Case text made safe for a terminal or a CI log. Case files are data written by anyone: a
 * newline in a title must not start a new output line (where `::warning ...` becomes a GitHub
 * Actions workflow command) and raw escape codes must not reach the terminal.
 */

// C0 controls except tab and newline, DEL, C1 controls, and the bidi overrides.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// A workflow command is `::name ...::` at the start of a line (GitHub trims leading blanks).
const COMMAND = /^([ \t]*):(?=:)/gm;

const visible = (ch: string): string => (ch === '\r' ? '\\r' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** One-line text (ids, titles, labels): control characters and newlines shown escaped. */
export function neutraliseLine(text: string): string {
  return text.replace(/\n/g, '\\n').replace(CONTROL, visible).replace(COMMAND, '$1:\u200b');
}

/** Multi-line text (reports, reasons): newlines kept, other controls escaped, no line can start a workflow command. */
export function neutraliseBlock(text: string): string {
  return text.replace(CONTROL, visible).replace(COMMAND, '$1:\u200b');
}

const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|::/;

/** Fields that hold one line; every other string may span lines. */
const LINE_FIELDS = new Set(['title', 'caseId', 'suite', 'metric', 'file', 'capability', 'tags', 'relation', 'law', 'kind', 'rater', 'suites', 'metrics']);

/**
 * Fields that are machine data, never printed as text: a run's `plan` holds a work key per
 * case × metric (NUL-separated), and neutralising 100,000 of them cost a second at the end of
 * a run for nothing.
 */
const OPAQUE_FIELDS = new Set(['plan']);

/**
 * A copy of `value` with every string neutralised (keys and one-line fields as lines, the rest
 * as blocks). Copy on write: clean objects are returned as they are, so a large clean report
 * costs one walk and no allocation.
 */
export function neutralise<T>(value: T, line = false): T {
  if (typeof value === 'string') {
    if (!UNSAFE.test(value)) return value;
    return (line ? neutraliseLine(value) : neutraliseBlock(value)) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const safe = neutralise(item, line);
      if (safe !== item) (out ??= [...value])[i] = safe;
    }
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | undefined;
  // Object.keys once, not Object.entries: a pair array per property cost a third of the walk
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (OPAQUE_FIELDS.has(key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const safeKey = neutralise(key, true);
    const safe = neutralise(item, line || LINE_FIELDS.has(key));
    if (safeKey !== key) {
      out ??= { ...(value as Record<string, unknown>) };
      delete out[key];
      out[safeKey] = safe;
    } else if (safe !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = safe;
  }
  return (out ?? value) as T;
}
