/**
 * Finding-level comparison of two finding lists. Mentions of one finding repeated in a report
 * (findings and impression) are merged first, so saying a thing twice is not a difference.
 */
import type { Finding, Laterality } from '../model.js';
import { comparableFinding } from '../render/compare.js';
import { vagueGrade } from './reading.js';
import type { RenderableFinding } from '../render/types.js';
import type { DiffAttribute, FindingDiff } from './types.js';

type F = RenderableFinding;

/** Compared after status, in this order. */
const ATTRIBUTES: readonly DiffAttribute[] = [
  'probability', 'severity', 'laterality', 'location', 'measurementMm', 'temporal', 'devicePosition', 'devicePlacement',
];

/** Merges mentions with the same name, side and status; the first mention of each attribute wins. */
export function mergeMentions(fs: readonly (F | Finding)[]): F[] {
  const out: F[] = [];
  const byKey = new Map<string, F>();
  for (const raw of fs) {
    const f = comparableFinding(raw);
    const key = `${f.name}|${f.laterality ?? ''}|${f.status}`;
    const prev = byKey.get(key);
    if (!prev) {
      const copy = { ...f };
      byKey.set(key, copy);
      out.push(copy);
      continue;
    }
    for (const [k, v] of Object.entries(f)) if ((prev as Record<string, unknown>)[k] === undefined) (prev as Record<string, unknown>)[k] = v;
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Attribute changes between two mentions of one finding. */
function changes(a: F, b: F): FindingDiff[] {
  const side = a.laterality === b.laterality && a.laterality ? { laterality: a.laterality } : {};
  const out: FindingDiff[] = [];
  const push = (attribute: DiffAttribute, from: unknown, to: unknown) =>
    out.push({ kind: 'changed', name: a.name, ...(attribute === 'laterality' ? {} : side), attribute, ...def('from', from), ...def('to', to) });
  if (a.name !== b.name) push('name', a.name, b.name);
  if (a.status !== b.status) {
    push('status', a.status, b.status);
    // An absent finding has no attributes: their disappearance is the status change itself.
    if (a.status === 'absent' || b.status === 'absent') return out;
  }
  for (const k of ATTRIBUTES) if (!same(a[k], b[k])) push(k, a[k], b[k]);
  return out;
}

function def(key: 'from' | 'to', v: unknown): Partial<FindingDiff> {
  return v === undefined ? {} : { [key]: v as FindingDiff['from'] };
}

function onlyIn(kind: 'added' | 'removed', f: F): FindingDiff {
  return { kind, name: f.name, ...(f.laterality ? { laterality: f.laterality } : {}), status: f.status };
}

/** Sides that may be one finding: equal, one unstated, or one side of a bilateral finding. */
function sidesFit(a: Laterality | undefined, b: Laterality | undefined): boolean {
  return a === b || a === undefined || b === undefined || a === 'bilateral' || b === 'bilateral';
}

/** Places that may be one finding: one unstated, or one shared. */
function placesFit(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return !a?.length || !b?.length || a.some((l) => b.includes(l));
}

/**
 * Differences from `before` to `after`. Findings are matched by name, then by laterality (a left
 * and a right effusion are two findings); a left finding that became right is one changed
 * finding; a vaguer or more specific name of one abnormality in the same place (`right lower lobe
 * opacity` -> `right lower lobe pneumonia`) is one finding whose name changed, never a removed and
 * an added one (METRICS §1.5). Order: as in `before`, then additions as in `after`.
 */
export function diffFindings(before: readonly (F | Finding)[], after: readonly (F | Finding)[]): FindingDiff[] {
  const a = mergeMentions(before);
  const b = mergeMentions(after);
  const used = new Set<F>();
  const partner = new Map<F, F>();
  // Pass 1: same name and side; pass 2: same name, any side.
  for (const sameSide of [true, false]) {
    for (const x of a) {
      if (partner.has(x)) continue;
      const y = b.find((c) => !used.has(c) && c.name === x.name && (!sameSide || c.laterality === x.laterality));
      if (y) {
        partner.set(x, y);
        used.add(y);
      }
    }
  }
  // Pass 3: a vague and a specific name, present in both, compatible side and place.
  for (const x of a) {
    if (partner.has(x) || x.status === 'absent') continue;
    const y = b.find((c) => !used.has(c) && c.status !== 'absent' && (vagueGrade(x, c) || vagueGrade(c, x)) && sidesFit(x.laterality, c.laterality) && placesFit(x.location, c.location));
    if (y) {
      partner.set(x, y);
      used.add(y);
    }
  }
  const out: FindingDiff[] = [];
  for (const x of a) {
    const y = partner.get(x);
    out.push(...(y ? changes(x, y) : [onlyIn('removed', x)]));
  }
  for (const y of b) if (!used.has(y)) out.push(onlyIn('added', y));
  return out;
}
