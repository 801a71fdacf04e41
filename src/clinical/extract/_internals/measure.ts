/**
 * Measurements: `8 mm`, `1.5 cm`, `2 x 3 cm`, `2 cm x 3 cm`, ranges `1-2 cm` / `1 to 2 cm`.
 * A range keeps its upper end (as severity ranges do).
 */

const NUM = String.raw`(?:\d+(?:\.\d+)?|\.\d+)`;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The measurement regex for these unit words (longest first so `cm` never shadows `centimeters`). */
export function buildMeasureRegex(units: string[]): RegExp {
  const unit = `(?:${[...units].sort((a, b) => b.length - a.length).map(escape).join('|')})`;
  const range = `${NUM}\\s*(?:-|–|—|to)\\s*${NUM}[\\s-]*${unit}`;
  const dims = `${NUM}(?:\\s*${unit})?(?:\\s*(?:x|×|by)\\s*${NUM}(?:\\s*${unit})?){0,2}[\\s-]*${unit}`;
  return new RegExp(`(?<![\\p{L}\\p{N}.])(?:${range}|${dims})(?![\\p{L}\\p{N}])`, 'giu');
}

const PART = new RegExp(`(${NUM})\\s*([\\p{L}]+)?`, 'u');
const RANGE = new RegExp(`^(${NUM})\\s*(?:-|–|—|to)\\s*(${NUM})`);
const LAST_UNIT = /([\p{L}]+)\s*$/u;
const TIMES = /\s*(?:x|×|\bby\b)\s*(?=[\d.])/;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function unitOf(units: ReadonlyMap<string, number>, u: string | undefined): number | undefined {
  return u === undefined ? undefined : units.get(u);
}

/** Millimetre dimensions of a matched measurement, as written (a range gives its upper end). */
export function parseMeasurement(raw: string, units: ReadonlyMap<string, number>): number[] {
  const text = raw.toLowerCase();
  const last = LAST_UNIT.exec(text)?.[1];
  const lastFactor = unitOf(units, last) ?? 1;
  const range = RANGE.exec(text);
  if (range) return [round(Math.max(Number(range[1]), Number(range[2])) * lastFactor)];
  const out: number[] = [];
  for (const part of text.split(TIMES)) {
    const m = PART.exec(part.trim());
    if (!m) continue;
    out.push(round(Number(m[1]) * (unitOf(units, m[2]) ?? lastFactor)));
  }
  return out;
}
