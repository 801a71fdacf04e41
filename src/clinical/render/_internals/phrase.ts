/**
 * The noun phrase of one finding: "new small right apical pneumothorax", "nodule in the left
 * upper lobe measuring 1.2 cm", "right PICC". Word order follows report prose (time, size,
 * degree, side, site, name), and every attribute is said once, so the extractor has one reading.
 */
import type { Lexicon, LexiconFinding } from '../../lexicon/types.js';
import type { Temporal } from '../../model.js';
import type { RenderableFinding } from '../types.js';
import { postfixForms, prefixForms, sideWords } from './anatomy.js';
import { partsMerge } from './collide.js';
import { pick, type Rng } from './prng.js';
import { nameTerms } from './terms.js';
import { INTENSITY_SEVERITY, SIZE_SEVERITY, SIZED, TEMPORAL_WORDS, UPPERCASE_WORDS } from './words.js';

export interface NounPhrase {
  np: string;
  plural: boolean;
}

/** Findings whose side is written after the name. */
const SIDE_AFTER = new Set(['tracheal deviation']);

/** Keeps the words the lexicon maps to `value`; falls back to all if the lexicon knows none. */
function known<V>(words: readonly string[], map: ReadonlyMap<string, V>, value: V): readonly string[] {
  const ok = words.filter((w) => map.get(w) === value);
  return ok.length > 0 ? ok : words;
}

function severityWord(f: RenderableFinding, lex: Lexicon, rng: Rng): string | undefined {
  if (!f.severity) return undefined;
  if (f.severityText && lex.severity.get(f.severityText.toLowerCase()) === f.severity) return f.severityText.toLowerCase();
  const table = SIZED.has(f.name) ? SIZE_SEVERITY : INTENSITY_SEVERITY;
  return pick(rng, known(table[f.severity], lex.severity, f.severity));
}

/** A temporal word for the value ("resolved" is said by the template, not in the phrase). */
export function temporalWord(t: Temporal | undefined, lex: Lexicon, rng: Rng): string | undefined {
  if (!t || t === 'resolved') return undefined;
  return pick(rng, known(TEMPORAL_WORDS[t], lex.temporal, t));
}

/** A size as written: in mm, or half the time in cm with one decimal ("1.5 cm"); all dimensions when given. */
export function measurementText(mm: number, rng: Rng, dims?: readonly number[]): string {
  const useCm = rng() < 0.5 && Number.isInteger(mm);
  const fmt = (v: number) => (useCm ? String(Math.round(v) / 10) : String(v));
  const unit = useCm ? 'cm' : 'mm';
  if (dims && dims.length > 1 && Math.max(...dims) === mm) return `${dims.map(fmt).join(' x ')} ${unit}`;
  return `${fmt(mm)} ${unit}`;
}

/** Abbreviations in capitals ("right PICC", "ETT"); everything else as in the lexicon. */
export function caseWords(s: string): string {
  return s.replace(/[a-z]+/g, (w) => (UPPERCASE_WORDS.has(w) ? w.toUpperCase() : w)).replace('swan ganz', 'Swan-Ganz');
}

function termFor(f: RenderableFinding, lf: LexiconFinding, lex: Lexicon, rng: Rng): NounPhrase {
  const terms = nameTerms(lf, lex);
  if (f.laterality === 'bilateral' && terms.plural && rng() < 0.5) return { np: terms.plural, plural: true };
  const np = pick(rng, terms.singular);
  // Canonical plurals ("sternotomy wires", "interstitial opacities") agree as plurals.
  return { np, plural: (/s$/.test(np) && !/(is|us|ss)$/.test(np)) || np.endsWith('ae') };
}

/** Location written after the name, or undefined to write it before. Several lobes share one side. */
function locationForms(f: RenderableFinding, rng: Rng): { pre?: string; post?: string } {
  const locs = f.location ?? [];
  if (locs.length === 0) return {};
  if (locs.length > 1) {
    const lobes = locs.every((l) => l.endsWith(' lobe'));
    const side = f.laterality === 'bilateral' ? 'both' : `the ${f.laterality ?? ''}`.trimEnd();
    if (lobes) return { post: `in ${side} ${locs.map((l) => l.replace(' lobe', '')).join(' and ')} lobes` };
    return { pre: locs.flatMap((l) => prefixForms(l, f.laterality).slice(0, 1)).join(' and ') };
  }
  const loc = locs[0] as string;
  const pre = prefixForms(loc, f.laterality);
  const post = postfixForms(loc, f.laterality);
  if (post.length > 0 && (pre.length === 0 || rng() < 0.5)) return { post: pick(rng, post) };
  return pre.length > 0 ? { pre: pick(rng, pre) } : {};
}

/** One draw of the noun phrase's parts, in order (time, size, degree, site, name, then after). */
function drawParts(f: RenderableFinding, lf: LexiconFinding, lex: Lexicon, rng: Rng): { parts: string[]; plural: boolean } {
  const device = lf.category === 'device';
  const pre: string[] = [];
  const post: string[] = [];
  const tw = temporalWord(f.temporal, lex, rng);
  if (tw) pre.push(tw);
  const sev = device ? undefined : severityWord(f, lex, rng);
  const mm = f.measurementMm;
  // Device distances go into the tip phrase ("4 cm above the carina"), not the noun phrase.
  const deviceDistance = device && f.devicePosition === 'above carina';
  const measure = mm === undefined || deviceDistance ? undefined : measurementText(mm, rng, f.dimensionsMm);
  const measureFirst = measure !== undefined && !sev && !measure.includes(' x ') && rng() < 0.5;
  if (measure && measureFirst) pre.push(measure);
  if (sev) pre.push(sev);
  const where = device ? {} : locationForms(f, rng);
  // "tracheal deviation to the right" (§25): a side before it would read as the trachea's side.
  const sideAfter = f.laterality !== undefined && SIDE_AFTER.has(f.name);
  if (where.pre) pre.push(where.pre);
  else if (!where.post && f.laterality && !sideAfter) pre.push(pick(rng, sideWords(f.laterality)));
  const term = termFor(f, lf, lex, rng);
  pre.push(caseWords(term.np));
  if (where.post) post.push(where.post);
  if (sideAfter) post.push(`to the ${f.laterality}`);
  if (measure && !measureFirst) post.push(`measuring ${measure}`);
  return { parts: [...pre, ...post], plural: term.plural };
}

/** Draws before giving up on a phrase whose parts do not merge (each draw varies every word). */
const DRAWS = 12;

/**
 * The noun phrase of a finding (no determiner; the templates add the cue words). Redraws when
 * two parts would merge into another lexicon phrase ("increased" + "interstitial markings").
 */
export function nounPhrase(f: RenderableFinding, lf: LexiconFinding, lex: Lexicon, rng: Rng): NounPhrase {
  let drawn = drawParts(f, lf, lex, rng);
  for (let i = 1; i < DRAWS && partsMerge(drawn.parts, lex); i++) drawn = drawParts(f, lf, lex, rng);
  return { np: drawn.parts.join(' '), plural: drawn.plural };
}
