/**
 * Which words the renderer writes for a finding's name. The lexicon lists every way a report may
 * say a finding, including near-synonyms a reader would not accept as the same statement
 * ("empyema" is read as a pleural effusion, "lung cancer" as a mass). The renderer writes the
 * lexicon's preferred term or one of the true synonyms below, and only those the lexicon lists,
 * so that the extractor maps each back to the same name.
 */
import type { Lexicon, LexiconFinding } from '../../lexicon/types.js';

/** Synonyms a radiologist would accept as saying exactly the finding (besides the preferred term). */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  pneumothorax: ['ptx'],
  'pleural effusion': ['effusion', 'pleural fluid'],
  consolidation: ['airspace consolidation', 'consolidative opacity'],
  'lung opacity': ['opacity', 'airspace opacity', 'pulmonary opacity'],
  'pulmonary edema': ['edema', 'pulmonary oedema'],
  'vascular congestion': ['pulmonary vascular congestion', 'pulmonary venous congestion'],
  'interstitial opacities': ['interstitial markings', 'reticular opacities'],
  fibrosis: ['pulmonary fibrosis', 'fibrotic changes'],
  emphysema: ['emphysematous changes'],
  hyperinflation: ['hyperexpansion'],
  nodule: ['pulmonary nodule', 'nodular opacity'],
  mass: ['pulmonary mass', 'lung mass'],
  granuloma: ['calcified granuloma'],
  'cavitary lesion': ['cavity'],
  bronchiectasis: ['bronchiectatic changes'],
  scarring: ['scar', 'parenchymal scarring'],
  cardiomegaly: ['cardiac enlargement', 'enlarged cardiac silhouette'],
  'widened mediastinum': ['mediastinal widening'],
  pneumomediastinum: ['mediastinal emphysema'],
  'hilar lymphadenopathy': ['hilar adenopathy'],
  'enlarged pulmonary arteries': ['pulmonary artery enlargement'],
  'aortic atherosclerosis': ['aortic calcification', 'atherosclerosis'],
  'tortuous aorta': ['tortuous thoracic aorta', 'aortic tortuosity'],
  'hiatal hernia': ['hiatus hernia'],
  'tracheal deviation': ['tracheal shift'],
  'clavicle fracture': ['clavicular fracture'],
  'vertebral compression fracture': ['compression fracture', 'compression deformity'],
  kyphosis: ['thoracic kyphosis'],
  'degenerative changes': ['degenerative disease'],
  osteopenia: ['demineralization'],
  'lytic bone lesion': ['lytic lesion'],
  'subcutaneous emphysema': ['subcutaneous air', 'soft tissue emphysema'],
  pneumoperitoneum: ['free air', 'free intraperitoneal air'],
  'endotracheal tube': ['ett'],
  'tracheostomy tube': ['tracheostomy', 'trach tube'],
  'enteric tube': ['ng tube', 'nasogastric tube', 'orogastric tube', 'feeding tube', 'og tube'],
  'central venous catheter': ['central line', 'cvc', 'central venous line'],
  picc: ['picc line', 'peripherally inserted central catheter'],
  'pulmonary artery catheter': ['swan ganz catheter', 'pa catheter'],
  'implanted port': ['chest port', 'chest wall port'],
  'chest tube': ['thoracostomy tube', 'pleural drain'],
  pacemaker: ['pacer', 'cardiac pacemaker'],
  'sternotomy wires': ['median sternotomy wires', 'sternal wires'],
  'prosthetic valve': ['valve replacement'],
  'ecg leads': ['ekg leads', 'monitoring leads'],
};

/**
 * Synonyms kept out of rotation because the extractor does not read them back yet, each with
 * the reason. Empty when the extractor agrees with every synonym above.
 */
export const EXCLUDED_TERMS: ReadonlyMap<string, string> = new Map();

export interface NameTerms {
  /** Wordings for one finding; the first is the lexicon's preferred term. */
  singular: string[];
  /** The preferred term's plural, used for bilateral findings ("bilateral pleural effusions"). */
  plural?: string;
}

const cache = new WeakMap<LexiconFinding, NameTerms>();

/** Usable wordings of a finding's name (cached per lexicon entry). */
export function nameTerms(lf: LexiconFinding, lexicon: Lexicon): NameTerms {
  const hit = cache.get(lf);
  if (hit) return hit;
  const terms = new Set(lf.terms.map((t) => t.toLowerCase()));
  const preferred = lf.terms[0]?.toLowerCase() ?? lf.name;
  const synonyms = (SYNONYMS[lf.name] ?? []).filter(
    (t) => terms.has(t) && !EXCLUDED_TERMS.has(t) && !lexicon.findings.some((o) => o !== lf && o.terms.includes(t)),
  );
  // "pneumothoraxes" is in the lexicon for matching, but nobody writes it.
  const plural = preferred.endsWith('x') ? undefined : [`${preferred}s`, `${preferred}es`].find((p) => terms.has(p));
  const out: NameTerms = { singular: [preferred, ...synonyms], ...(plural ? { plural } : {}) };
  cache.set(lf, out);
  return out;
}
