/**
 * How a (laterality, location) pair is written, before the finding ("right upper lobe
 * consolidation") or after it ("consolidation in the right upper lobe"). Each form is one that
 * CONVENTIONS.md §17-18 map back to exactly that pair: "bibasilar" is bilateral + base, "at the
 * lung bases" is base without a side, "lingular" is left + lingula.
 */
import type { Laterality } from '../../model.js';

type Side = Laterality | undefined;

const LOBE_LIKE = new Set(['upper lobe', 'lower lobe']);
const ZONES = new Set(['upper zone', 'mid zone', 'lower zone']);
const SIDED_ADJECTIVES: Readonly<Record<string, string>> = {
  hilum: 'hilar',
  subpulmonic: 'subpulmonic',
  lateral: 'lateral',
  posterior: 'posterior',
  anterior: 'anterior',
};

/** Side words without a location. */
export function sideWords(side: Laterality): string[] {
  return side === 'bilateral' ? ['bilateral'] : [side, `${side}-sided`];
}

/** Forms written before the finding name; empty when the pair has none. */
export function prefixForms(location: string, side: Side): string[] {
  const s = side ?? '';
  if (LOBE_LIKE.has(location)) return side ? [`${side === 'bilateral' ? 'bilateral' : s} ${location}`] : [];
  if (location === 'middle lobe') return side === 'right' ? ['right middle lobe'] : [];
  if (location === 'lingula') return side === 'left' ? ['lingular'] : [];
  if (location === 'apex') return [side ? `${s} apical` : 'apical'];
  if (location === 'base') {
    if (side === 'bilateral') return ['bibasilar', 'bilateral basilar'];
    return [side ? `${s} basilar` : 'basilar'];
  }
  if (location === 'perihilar') return [side ? `${s} perihilar` : 'perihilar'];
  if (location === 'retrocardiac') return side === 'left' ? ['left retrocardiac'] : side ? [] : ['retrocardiac'];
  const adjective = SIDED_ADJECTIVES[location];
  if (adjective && (side === 'left' || side === 'right')) return [`${side} ${adjective}`];
  return [];
}

/** Forms written after the finding name; empty when the pair has none. */
export function postfixForms(location: string, side: Side): string[] {
  const oneSide = side === 'left' || side === 'right';
  if (LOBE_LIKE.has(location)) {
    if (side === 'bilateral') return [`in both ${location}s`];
    return oneSide ? [`in the ${side} ${location}`] : [];
  }
  if (location === 'middle lobe') return side === 'right' ? ['in the right middle lobe'] : [];
  if (location === 'lingula') return side === 'left' ? ['in the lingula'] : [];
  if (location === 'apex') return oneSide ? [`at the ${side} apex`] : [];
  if (location === 'base') {
    if (oneSide) return [`at the ${side} base`, `at the ${side} lung base`];
    return side ? [] : ['at the lung bases'];
  }
  if (ZONES.has(location)) return oneSide ? [`in the ${side} ${location}`] : [];
  return [];
}
