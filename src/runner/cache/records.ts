/**
 * The cache's line format: one JSON record a line, `{"k":key,"v":value,"d":details,"c":checksum}`
 * (`d` absent without details), each written with a leading newline so a line torn by a crash
 * never swallows the next record. The checksum is the first 16 hex digits of
 * sha256(`key \0 [value,details]`): a torn or hand-edited line fails it and is not used.
 */
import { createHash } from 'node:crypto';
import type { ScoreOutcome } from '../../metrics/contract.js';

export type Entry = Extract<ScoreOutcome, { value: number }>;

/**
 * The record line of an entry, newlines included. Byte for byte `JSON.stringify` of the record
 * object, but the details are serialised once (for the checksum and the line alike): they are
 * most of the line (a judge's whole evaluation), and serialising them twice showed in profiles.
 */
export function recordLine(key: string, e: Entry): string {
  const v = JSON.stringify(e.value);
  const d = e.details === undefined ? undefined : JSON.stringify(e.details);
  // JSON.stringify([value, details ?? null]) without building it again
  const c = digest(`${key}\0[${v},${d ?? 'null'}]`);
  const k = JSON.stringify(key);
  return d === undefined ? `\n{"k":${k},"v":${v},"c":"${c}"}\n` : `\n{"k":${k},"v":${v},"d":${d},"c":"${c}"}\n`;
}

/** The checksum of an entry as read back. */
export function checksum(key: string, e: Entry): string {
  return digest(`${key}\0${JSON.stringify([e.value, e.details ?? null])}`);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Parses a bucket's lines into `out` (the last valid line of a key wins); returns how many lines failed. */
export function parseBucket(text: string, out: Map<string, Entry>): number {
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    let r: { k?: unknown; v?: unknown; d?: unknown; c?: unknown };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      bad++; // torn by a crash, or edited by hand
      continue;
    }
    if (typeof r?.k !== 'string' || typeof r.v !== 'number') {
      bad++;
      continue;
    }
    const e: Entry = r.d === undefined ? { value: r.v } : { value: r.v, details: r.d as Record<string, unknown> };
    if (r.c !== checksum(r.k, e)) {
      bad++;
      continue;
    }
    out.set(r.k, e);
  }
  return bad;
}
