/**
 * Which attribute values make sense for which finding. The lexicon flags say whether an
 * attribute applies at all (`lateralized`, `located`, ...); these tables narrow that to values a
 * radiologist would write (a pleural effusion is basal or subpulmonic, never "in the lingula") and
 * that the extractor reads back unambiguously (CONVENTIONS.md §17, §18, §21-23). The renderer,
 * the arbitraries and the perturbations share them so that they agree on what is renderable.
 */
import type { Laterality, Temporal } from '../model.js';
import type { LexiconFinding } from '../lexicon/types.js';
import { isHardware } from './devices.js';

export { isHardware, placementApplies, placementFor, positionChoices, takesDistance } from './devices.js';

const LOBES = ['upper lobe', 'middle lobe', 'lower lobe', 'lingula'];
const AIRSPACE = [...LOBES, 'apex', 'base', 'upper zone', 'mid zone', 'lower zone', 'perihilar', 'retrocardiac'];
const FOCAL = [...LOBES, 'apex', 'base'];
const CHRONIC = ['upper lobe', 'lower lobe', 'apex', 'base'];

/**
 * Plausible locations per finding name. A located finding missing here gets no location: better
 * no location than an implausible one (and the extractor would be tested on nonsense).
 */
export const LOCATION_CHOICES: Readonly<Record<string, readonly string[]>> = {
  consolidation: AIRSPACE,
  pneumonia: AIRSPACE,
  aspiration: ['lower lobe', 'base', 'retrocardiac'],
  atelectasis: AIRSPACE,
  'lung opacity': AIRSPACE,
  'ground-glass opacity': AIRSPACE,
  'lobar collapse': ['upper lobe', 'middle lobe', 'lower lobe'],
  nodule: FOCAL,
  granuloma: FOCAL,
  'cavitary lesion': FOCAL,
  // "mediastinal mass" is its own finding, so a plain mass is pulmonary or hilar.
  mass: [...FOCAL, 'hilum'],
  bronchiectasis: CHRONIC,
  scarring: CHRONIC,
  fibrosis: CHRONIC,
  'interstitial opacities': CHRONIC,
  emphysema: CHRONIC,
  bullae: ['apex', 'upper lobe'],
  pneumothorax: ['apex', 'base'],
  hydropneumothorax: ['apex', 'base'],
  'pleural effusion': ['base', 'subpulmonic'],
  'pleural thickening': ['apex', 'base'],
  'pleural plaques': ['base'],
  'rib fracture': ['lateral', 'posterior', 'anterior'],
};

type Side = Laterality | undefined;
const ANY: readonly Side[] = [undefined, 'left', 'right', 'bilateral'];
const SIDED: readonly Side[] = ['left', 'right', 'bilateral'];
const ONE_SIDE: readonly Side[] = ['left', 'right'];

/**
 * Sides each location can be written with. The middle lobe is only right, the lingula and the
 * retrocardiac region only left (the extractor infers left from "lingula" and "retrocardiac", §17); zones, hila and rib segments are written
 * per side; a lobe without a side reads oddly.
 */
export const LOCATION_SIDES: Readonly<Record<string, readonly Side[]>> = {
  'upper lobe': SIDED,
  'lower lobe': SIDED,
  'middle lobe': ['right'],
  lingula: ['left'],
  apex: ANY,
  base: ANY,
  'upper zone': ONE_SIDE,
  'mid zone': ONE_SIDE,
  'lower zone': ONE_SIDE,
  perihilar: ANY,
  retrocardiac: ['left'],
  hilum: ONE_SIDE,
  subpulmonic: ONE_SIDE,
  lateral: ONE_SIDE,
  posterior: ONE_SIDE,
  anterior: ONE_SIDE,
};

/** Findings that are one-sided by nature: a trachea deviates to one side, one hemidiaphragm is high. */
const NAME_SIDES: Readonly<Record<string, readonly Side[]>> = {
  'tracheal deviation': [undefined, 'left', 'right'],
  'elevated hemidiaphragm': [undefined, 'left', 'right'],
  'tension pneumothorax': [undefined, 'left', 'right'],
  'lobar collapse': [undefined, 'left', 'right'],
};

/** A (laterality, location) pair that can be rendered together. */
export interface SideAndLocation {
  laterality?: Laterality;
  location?: string;
}

/**
 * Every renderable (laterality, location) combination for a finding, the bare one first so that
 * fast-check shrinks towards it. Devices take only a stated left/right (§22): "bilateral chest
 * tube" is two devices.
 */
export function sideLocationCombos(lf: LexiconFinding): SideAndLocation[] {
  const device = isHardware(lf);
  const sides: readonly Side[] = !lf.lateralized ? [undefined] : device ? [undefined, 'left', 'right'] : (NAME_SIDES[lf.name] ?? ANY);
  const locs: readonly (string | undefined)[] = lf.located && !device ? [undefined, ...(LOCATION_CHOICES[lf.name] ?? [])] : [undefined];
  const out: SideAndLocation[] = [];
  for (const location of locs) {
    for (const laterality of sides) {
      if (location !== undefined && !(LOCATION_SIDES[location] ?? []).includes(laterality)) continue;
      out.push(strip({ laterality, location }));
    }
  }
  return out;
}

/**
 * Sizes as reports state them, per finding, in millimetres. The lexicon marks more findings as
 * `measured` (an effusion can be measured), but a size is only usual for these; a nodule of
 * 4 cm would be a mass. Findings not listed get no size.
 */
export const MEASUREMENT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  nodule: [3, 29],
  mass: [30, 110],
  granuloma: [2, 12],
  'cavitary lesion': [10, 60],
  pneumothorax: [5, 50],
  'lytic bone lesion': [5, 40],
  bullae: [20, 80],
  'mediastinal mass': [30, 120],
  'hiatal hernia': [20, 80],
};

/** The size range of a finding, when the lexicon says it is measured and a size is usual. */
export function measurementRange(lf: LexiconFinding): readonly [number, number] | undefined {
  return lf.measured ? MEASUREMENT_RANGES[lf.name] : undefined;
}

/** Findings that do not come and go between films: only "unchanged" is a sensible time word. */
const STEADY = new Set([
  'scoliosis', 'kyphosis', 'degenerative changes', 'osteopenia', 'aortic atherosclerosis', 'tortuous aorta', 'granuloma',
  'scarring', 'pleural plaques', 'pleural thickening', 'emphysema', 'bullae', 'fibrosis', 'bronchiectasis', 'hyperinflation',
  'elevated hemidiaphragm', 'enlarged pulmonary arteries',
]);

/** Temporal values a report would use for the finding ("resolved" implies absent, §20). */
export function temporalChoices(lf: LexiconFinding): readonly Temporal[] {
  if (isHardware(lf)) return ['new', 'unchanged'];
  if (STEADY.has(lf.name)) return ['unchanged'];
  return ['new', 'increased', 'decreased', 'unchanged', 'improved', 'worsened'];
}

/** Drops undefined-valued keys so objects compare equal to the extractor's (which omits them). */
export function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
