/**
 * The `lexicon` entity extractor: the clinical core's findings (src/clinical/extract) turned
 * into RadGraph-XL-style annotations. Offline and deterministic; an APPROXIMATION of the
 * RadGraph-XL model, good enough for prompts and short findings sections (CSEval) and for
 * tests, not a substitute for the model.
 *
 * Per finding (one sentence at a time):
 * - the finding's mention words -> `Observation::<certainty>` (`definitely present`,
 *   `uncertain`, `definitely absent` from the finding's status); leading anatomy words of the
 *   mention (`pleural` effusion, `pulmonary` edema) -> `Anatomy::definitely present`, and the
 *   observation is `located_at` it;
 * - the severity word as written (`moderate`, `small`) -> an Observation with the finding's
 *   certainty that `modify`s the observation;
 * - each location (`lower lobe`, `apical`) -> Anatomy; the observation is `located_at` it;
 * - the side word (`left`, `bilateral`) -> Anatomy that `modify`s the location (or the anatomy
 *   word), else the observation is `located_at` it;
 * - `X concerning for / suggestive of / likely Y` in one sentence -> X `suggestive_of` Y.
 * Tokens are the report's words (splitWords) joined by single spaces; one entity per word
 * range; ids "1".."n" in order of position.
 */
import { extractFindings } from '../../../clinical/extract/index.js';
import { cleanText, splitSentences } from '../../../clinical/extract/sentences.js';
import { getLexicon } from '../../../clinical/lexicon/load.js';
import type { Finding } from '../../../clinical/model.js';
import { splitWords, type Word } from '../words.js';
import type { EntityExtractor, RadGraphAnnotation, RadGraphEntity } from './types.js';

const STATUS_LABEL: Record<Finding['status'], string> = {
  present: 'definitely present',
  uncertain: 'uncertain',
  absent: 'definitely absent',
};

/** Words that name anatomy inside a finding's own phrase (`pleural effusion`). */
const ANATOMY_HEADS = new Set([
  'pleural', 'pulmonary', 'lung', 'lungs', 'cardiac', 'heart', 'mediastinal', 'mediastinum', 'hilar', 'pericardial',
  'aortic', 'aorta', 'vertebral', 'rib', 'ribs', 'clavicle', 'clavicular', 'subcutaneous', 'hiatal', 'tracheal', 'trachea',
  'bronchial', 'interstitial', 'vascular', 'osseous', 'bone', 'bony', 'hemidiaphragm', 'diaphragm', 'diaphragmatic',
]);

const SIDE_WORDS: Record<NonNullable<Finding['laterality']>, string[][]> = {
  left: [['left'], ['lingula'], ['lingular']],
  right: [['right']],
  bilateral: [['bilateral'], ['bilaterally'], ['both'], ['bibasilar'], ['bibasal'], ['biapical'], ['bihilar']],
};

/** Words between two findings that make the first `suggestive_of` the second. */
const SUGGESTIVE_CUES = new Set([
  'concerning', 'suggestive', 'suggesting', 'suggests', 'suspicious', 'likely', 'represent', 'represents', 'reflect',
  'reflects', 'reflecting', 'compatible', 'consistent', 'favor', 'favored', 'worrisome', 'possibly', 'probably',
]);

interface Draft {
  start: number;
  end: number;
  label: string;
  relations: [string, number][];
}

function isPunct(w: Word): boolean {
  return !/[\p{L}\p{N}_]/u.test(w.text);
}

/** Every occurrence of a word sequence (lowercase, punctuation words skipped) inside [lo, hi). */
function occurrences(words: Word[], lo: number, hi: number, phrase: string[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = lo; i < hi; i++) {
    let k = 0;
    let j = i;
    while (j < hi && k < phrase.length) {
      if (isPunct(words[j]!) && k > 0 && words[j]!.text !== ',') {
        j++;
        continue;
      }
      if (words[j]!.text.toLowerCase() !== phrase[k]) break;
      k++;
      j++;
    }
    if (k === phrase.length) out.push([i, j - 1]);
  }
  return out;
}

/** The occurrence closest to the anchor word range, preferring ones before it. */
function nearest(occ: [number, number][], anchorStart: number, anchorEnd: number): [number, number] | undefined {
  let best: [number, number] | undefined;
  let bestD = Infinity;
  for (const o of occ) {
    if (o[0] <= anchorEnd && o[1] >= anchorStart) continue; // overlaps the mention itself
    const d = o[1] < anchorStart ? anchorStart - o[1] : o[0] - anchorEnd + 0.5;
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

function phrasesOf(terms: Iterable<string>): string[][] {
  const out: string[][] = [];
  for (const t of terms) {
    const ws = splitWords(t.toLowerCase().replace(/[-']/g, ' ')).map((w) => w.text);
    if (ws.length > 0) out.push(ws);
  }
  return out.sort((a, b) => b.length - a.length);
}

/** Annotates one report. */
export function annotateWithLexicon(text: string): RadGraphAnnotation {
  if (typeof text !== 'string' || text.length === 0) return { text: text ?? '', entities: {} };
  const words = splitWords(text);
  // RadGraph annotates a sign and its interpretation as two observations (suggestive_of)
  const findings = extractFindings(text, { keepSigns: true });
  const sentences = splitSentences(cleanText(text));
  const lexicon = getLexicon();
  const drafts: Draft[] = [];
  const byRange = new Map<string, number>();

  const entity = (start: number, end: number, label: string): number => {
    const k = `${start}:${end}`;
    const existing = byRange.get(k);
    if (existing !== undefined) return existing;
    drafts.push({ start, end, label, relations: [] });
    byRange.set(k, drafts.length - 1);
    return drafts.length - 1;
  };
  const relate = (from: number, type: string, to: number): void => {
    if (from === to) return;
    const d = drafts[from]!;
    if (!d.relations.some(([t, x]) => t === type && x === to)) d.relations.push([type, to]);
  };

  const observations: { finding: Finding; id: number; start: number; end: number }[] = [];
  for (const f of findings) {
    const idx: number[] = [];
    words.forEach((w, i) => {
      if (w.start < f.span[1] && w.end > f.span[0]) idx.push(i);
    });
    if (idx.length === 0) continue;
    let s = idx[0]!;
    const e = idx[idx.length - 1]!;
    const sentence = sentences.find((x) => x.index === f.sentence);
    let lo = 0;
    let hi = words.length;
    if (sentence) {
      lo = words.findIndex((w) => w.start >= sentence.start);
      if (lo < 0) lo = words.length;
      const h = words.findIndex((w) => w.start >= sentence.end);
      hi = h < 0 ? words.length : h;
    }
    const certainty = STATUS_LABEL[f.status];
    // Leading anatomy words of the mention.
    let head: number | undefined;
    let hs = s;
    while (hs < e && ANATOMY_HEADS.has(words[hs]!.text.toLowerCase())) hs++;
    if (hs > s) {
      head = entity(s, hs - 1, 'Anatomy::definitely present');
      s = hs;
    }
    const obs = entity(s, e, `Observation::${certainty}`);
    observations.push({ finding: f, id: obs, start: s, end: e });
    if (head !== undefined) relate(obs, 'located_at', head);

    if (f.severityText) {
      const at = nearest(occurrences(words, lo, hi, phrasesOf([f.severityText])[0] ?? []), s, e);
      if (at) relate(entity(at[0], at[1], `Observation::${certainty}`), 'modify', obs);
    }
    const locations: number[] = [];
    for (const loc of f.location ?? []) {
      const terms = lexicon.locations.get(loc) ?? [loc];
      let found: [number, number] | undefined;
      for (const p of phrasesOf(terms)) {
        found = nearest(occurrences(words, lo, hi, p), s, e);
        if (found) break;
      }
      if (!found) continue;
      const a = entity(found[0], found[1], 'Anatomy::definitely present');
      locations.push(a);
      relate(obs, 'located_at', a);
    }
    if (f.laterality) {
      let found: [number, number] | undefined;
      for (const p of SIDE_WORDS[f.laterality]) {
        found = nearest(occurrences(words, lo, hi, p), s, e);
        if (found) break;
      }
      if (found) {
        const side = entity(found[0], found[1], 'Anatomy::definitely present');
        const target = locations[0] ?? head;
        if (target !== undefined) relate(side, 'modify', target);
        else relate(obs, 'located_at', side);
      }
    }
  }
  // X (present) ... concerning for / suggestive of ... Y (uncertain), same sentence.
  for (let i = 0; i + 1 < observations.length; i++) {
    const a = observations[i]!;
    const b = observations[i + 1]!;
    if (a.finding.sentence !== b.finding.sentence || b.finding.status !== 'uncertain' || a.finding.status === 'absent') continue;
    const between = words.slice(a.end + 1, b.start).map((w) => w.text.toLowerCase());
    if (between.some((w) => SUGGESTIVE_CUES.has(w))) relate(a.id, 'suggestive_of', b.id);
  }

  // Ids in order of position.
  const order = drafts.map((_, i) => i).sort((x, y) => drafts[x]!.start - drafts[y]!.start || drafts[x]!.end - drafts[y]!.end);
  const idOf = new Map(order.map((d, k) => [d, String(k + 1)]));
  const entities: Record<string, RadGraphEntity> = {};
  for (const d of order) {
    const dr = drafts[d]!;
    entities[idOf.get(d)!] = {
      tokens: words.slice(dr.start, dr.end + 1).map((w) => w.text).join(' '),
      label: dr.label,
      start_ix: dr.start,
      end_ix: dr.end,
      relations: dr.relations.map(([t, x]) => [t, idOf.get(x)!]),
    };
  }
  return { text, entities };
}

/** The offline lexicon extractor (an approximation of RadGraph-XL). */
export const lexiconExtractor: EntityExtractor = {
  id: 'lexicon',
  async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
    const out: RadGraphAnnotation[] = [];
    for (const t of texts) {
      signal?.throwIfAborted();
      out.push(annotateWithLexicon(t));
    }
    return out;
  },
};
