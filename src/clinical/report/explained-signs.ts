/**
 * A named diagnosis absorbs the signs that are its evidence, wherever in the report they stand (CONVENTIONS §35):
 * "Thick-walled cavity with an air-fluid level ... Conclusion: lung abscess" is one finding, the abscess, read from its
 * cavity. Each pair was measured on every development set (the sign listed beside its diagnosis was a false finding far
 * more often than a labelled one); pairs the labellers list apart (upper lobe diversion beside oedema, a cavity beside
 * tuberculosis) are not here.
 */
import { getLexicon } from '../lexicon/load.js';
import type { Finding, Laterality } from '../model.js';
import type { ExplainedSign } from './explained/rule.js';
import { OEDEMA_SIGNS } from './oedema-signs.js';

export type { ExplainedSign } from './explained/rule.js';

/** Where the sentence holding offset `at` begins: after the last full stop or line break before it. */
const sentenceStart = (text: string, at: number): number => Math.max(text.lastIndexOf('.', at - 1), text.lastIndexOf('\n', at - 1)) + 1;

/** The words of the sentence before a mention, and of the sentence before that when the mention opens with `?`. */
function lead(f: Finding, text: string): string {
  const before = text.slice(0, f.span[0]);
  const start = sentenceStart(text, f.span[0]) - 1;
  if (!/^\s*\?\s*$/.test(before.slice(start + 1))) return before.slice(start + 1);
  // "LLL collapse/consolidation. ?mucus plugging.": a bare query restates the sentence before it
  return before.slice(Math.max(before.lastIndexOf('.', start - 1), before.lastIndexOf('\n', start - 1)) + 1, start);
}

const COLLAPSE_BEFORE = /\b(?:collapsed?|atelectasis|atelectatic)\b[^.;]*$/i;
const CAUSE_AFTER = /^[^.;]{0,30}\bcause\b/i;

/** Mucus plugging named as the collapse's cause: after it in its sentence ("collapse, likely due to mucus plugging"), or called its cause. */
const causeOfCollapse = (f: Finding, _span: string, text: string): boolean =>
  COLLAPSE_BEFORE.test(lead(f, text)) || CAUSE_AFTER.test(text.slice(f.span[1]));

/** A collapse of a whole lung ("near complete collapse of the right lung", "collapsed L lung"), not of a lobe. */
const wholeLung = (f: Finding, span: string, text: string): boolean =>
  /\blung\b/i.test(span) || /^\s+(?:of\s+)?(?:the\s+)?(?:(?:right|left|r|l)\s+)?lung\b/i.test(text.slice(f.span[1]));

/** An opaque hemithorax ("R hemithorax completely opacified", "opacified left hemithorax"): the sentence names the hemithorax. */
const hemithorax = (f: Finding, _span: string, text: string): boolean => /\bhemithora(?:x|ces|cic)\b/i.test(sentenceOf(f, text));

/** The sentence a mention stands in. */
function sentenceOf(f: Finding, text: string): string {
  const start = sentenceStart(text, f.span[0]);
  const ends = [text.indexOf('.', f.span[1]), text.indexOf('\n', f.span[1])].filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
}

/** The pairs; a sign that is itself a diagnosis explains its own signs before it is absorbed (a widened mediastinum, its aortic knob). */
export const EXPLAINED_SIGNS: readonly ExplainedSign[] = [
  // the aortic knob lost in a widened mediastinum or an injured aorta is that widening, not a silhouette sign of the lung
  { diagnoses: ['widened mediastinum', 'aortic dissection'], sign: 'silhouette sign', stated: (_f, span) => /\baortic (?:knob|knuckle|arch)\b/i.test(span) },
  { diagnoses: ['mediastinal mass'], sign: 'widened mediastinum' },
  { diagnoses: ['pneumoconiosis'], sign: 'nodule' },
  { diagnoses: ['lung abscess'], sign: 'cavitary lesion' },
  { diagnoses: ['fibrosis'], sign: 'interstitial opacities', diffuse: true },
  { diagnoses: ['lobar collapse', 'atelectasis'], sign: 'mucus plugging', stated: causeOfCollapse },
  // the space a removed lung leaves fills with fluid: its opaque hemithorax is the pneumonectomy, not an opacity of the lung
  { diagnoses: ['pneumonectomy'], sign: 'lung opacity', stated: hemithorax },
  // a lung collapsed by the air around it is the pneumothorax's size, not a collapse of its own
  { diagnoses: ['pneumothorax', 'tension pneumothorax', 'hydropneumothorax'], sign: 'lobar collapse', stated: wholeLung },
  ...OEDEMA_SIGNS,
];

/** A sign's side fits a diagnosis's: the same, one of them unstated, or one side of a bilateral diagnosis. */
const sideFits = (sign: Laterality | undefined, dx: Laterality | undefined, diffuse = false): boolean =>
  sign === dx || sign === undefined || dx === undefined || dx === 'bilateral' || (diffuse && sign === 'bilateral');

/** Absorbs every affirmed sign that `rules` make the evidence of an affirmed, unabsorbed diagnosis of the report. */
export function absorbExplainedSigns(merged: readonly Finding[], absorbed: Set<Finding>, text: string, rules: readonly ExplainedSign[] = EXPLAINED_SIGNS): void {
  for (const rule of rules) {
    for (const sign of merged) {
      if (sign.name !== rule.sign || sign.status === 'absent' || absorbed.has(sign)) continue;
      if (rule.stated && !rule.stated(sign, text.slice(sign.span[0], sign.span[1]), text)) continue;
      const dx = merged.find((d) => d !== sign && rule.diagnoses.includes(d.name) && d.status !== 'absent' && !absorbed.has(d)
        && (d.status === 'present' || (d.probability ?? 1) >= (rule.minProbability ?? 1)) && sideFits(sign.laterality, d.laterality, rule.diffuse));
      if (!dx) continue;
      absorbed.add(sign);
      dx.evidence = [...new Set([...(dx.evidence ?? []), sign.name, ...(sign.evidence ?? [])])];
      // the diagnosis keeps the side of its evidence when it states none (CONVENTIONS §4)
      if (dx.laterality === undefined && sign.laterality !== undefined && getLexicon().byName.get(dx.name)?.lateralized) dx.laterality = sign.laterality;
      // a diffuse process named on one side whose pattern fills both lungs is in both ("bilateral reticulation ... R basal honeycombing")
      if (rule.diffuse && sign.laterality === 'bilateral') dx.laterality = 'bilateral';
    }
  }
}
