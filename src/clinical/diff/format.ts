import type { DiffValue, FindingDiff } from './types.js';

function value(attribute: string | undefined, v: DiffValue | undefined): string {
  if (v === undefined) return 'none';
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.join(', ');
  return attribute === 'measurementMm' ? `${String(v)} mm` : String(v);
}

function named(d: FindingDiff): string {
  return d.laterality ? `${d.laterality} ${d.name}` : d.name;
}

/**
 * One short line per difference, for reports next to the scores:
 * `laterality: left -> right (pleural effusion)`, `added: pneumothorax (present)`,
 * `removed: cardiomegaly`, `status: present -> absent (pneumothorax)`, with the significance in
 * brackets when known (`removed: left pneumothorax [urgent]`). A list gives one line each.
 */
export function formatDiff(d: FindingDiff | readonly FindingDiff[]): string {
  if (Array.isArray(d)) return (d as readonly FindingDiff[]).map((x) => formatDiff(x)).join('\n');
  const one = d as FindingDiff;
  const why = one.significance === undefined ? '' : ` [${one.significance}${one.significanceTo && one.significanceTo !== one.significance ? ` -> ${one.significanceTo}` : ''}]`;
  if (one.kind === 'added') return `added: ${named(one)} (${one.status ?? 'present'})${why}`;
  if (one.kind === 'removed') return `removed: ${named(one)}${one.status === 'absent' ? ' (absent)' : ''}${why}`;
  const attr = one.attribute === 'measurementMm' ? 'measurement' : one.attribute === 'name' || one.attribute === undefined ? 'finding' : one.attribute;
  return `${attr}: ${value(one.attribute, one.from)} -> ${value(one.attribute, one.to)} (${named(one)})${why}`;
}
