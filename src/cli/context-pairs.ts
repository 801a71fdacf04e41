import type { Context } from '../metrics/contract.js';

/** Repeatable `--context k=v` flags: numbers and booleans typed, the rest text ("age=90 or older" stays text). */
export function contextOf(pairs: string[] = []): Context | undefined {
  if (pairs.length === 0) return undefined;
  const out: Context = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new Error(`--context takes key=value, got "${p}"`);
    const v = p.slice(eq + 1);
    out[p.slice(0, eq)] = v === 'true' ? true : v === 'false' ? false : v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  }
  return out;
}
