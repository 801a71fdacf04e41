/**
 * The wire format of `command` metrics: newline-delimited JSON on the worker's stdin/stdout.
 * See PROTOCOL.md next to this file.
 */

/** The protocol version sent in `hello`; a worker answering another version is refused. */
export const PROTOCOL_VERSION = 1;

export type HostMessage =
  | { type: 'hello'; protocol: number; options: Record<string, unknown> }
  | { type: 'score'; id: number; requests: unknown[] }
  | { type: 'shutdown' };

export type WorkerMessage =
  | { type: 'hello'; protocol: number; declaration: unknown }
  | { type: 'result'; id: number; outcomes: unknown }
  | { type: 'error'; id?: number; error: string };

/** One line on the wire. JSON text never holds a raw newline, so a line is one message. */
export function encode(message: HostMessage): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Parses one line from a worker. Python's `json.dumps` writes `NaN`, `Infinity` and
 * `-Infinity` by default, which JSON.parse rejects; they are read as numbers here so that
 * the value check can name them per request instead of failing the whole batch.
 * @returns the message, or a string saying why the line is not a protocol message.
 */
export function decode(line: string): WorkerMessage | string {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    try {
      data = JSON.parse(line.replace(/("(?:[^"\\]|\\.)*")|(-?Infinity|NaN)\b/g, (m, str: string | undefined) => (str !== undefined ? m : `{"__nonfinite__":"${m}"}`)), reviveNonFinite);
    } catch {
      return `not JSON: ${preview(line)}`;
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return `not a JSON object: ${preview(line)}`;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'hello':
      if (typeof m.protocol !== 'number') return `hello without a protocol version: ${preview(line)}`;
      return { type: 'hello', protocol: m.protocol, declaration: m.declaration };
    case 'result':
      if (typeof m.id !== 'number') return `result without a numeric id: ${preview(line)}`;
      return { type: 'result', id: m.id, outcomes: m.outcomes };
    case 'error':
      return { type: 'error', ...(typeof m.id === 'number' ? { id: m.id } : {}), error: typeof m.error === 'string' && m.error ? m.error : 'worker reported an error without a message' };
    default:
      return `unknown message type ${JSON.stringify(m.type)}: ${preview(line)}`;
  }
}

function reviveNonFinite(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tag = (value as Record<string, unknown>).__nonfinite__;
    if (Object.keys(value).length === 1 && typeof tag === 'string') return tag === 'NaN' ? Number.NaN : tag.startsWith('-') ? -Infinity : Infinity;
  }
  return value;
}

/** A line shortened for error messages. */
export function preview(text: string, max = 120): string {
  const t = text.trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max)}…` : t);
}
