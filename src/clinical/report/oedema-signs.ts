/**
 * Septal (Kerley) lines and peribronchial cuffing are how interstitial oedema shows on a film: in a report that names
 * the oedema they are its evidence, not findings of their own ("Interstitial oedema with Kerley B lines and peribronchial
 * cuffing" is one finding). Labellers of every development set read them so (26 of 27 reports with septal lines and
 * oedema, 9 of 9 with cuffing). Elsewhere, without oedema, they stay what the lexicon calls them. Upper lobe diversion
 * stays apart: it is venous congestion, which reports and labels list beside the oedema.
 */
import type { Finding } from '../model.js';

/** The span words that make a finding a sign of interstitial oedema, by the finding the lexicon reads them as. */
const OEDEMA_SIGNS: Readonly<Record<string, RegExp>> = {
  'interstitial opacities': /\b(?:kerley|septal lines?|septal thickening|interlobular septal)\b/i,
  'bronchial wall thickening': /\bcuffing\b/i,
};

/** Absorbs the oedema's interstitial signs into the report's (affirmed) pulmonary oedema. */
export function absorbOedemaSigns(merged: readonly Finding[], absorbed: Set<Finding>, text: string): void {
  const oedema = merged.find((f) => f.name === 'pulmonary edema' && f.status !== 'absent' && !absorbed.has(f));
  if (!oedema) return;
  for (const f of merged) {
    const words = OEDEMA_SIGNS[f.name];
    if (!words || f.status === 'absent' || absorbed.has(f) || !words.test(text.slice(f.span[0], f.span[1]))) continue;
    absorbed.add(f);
    oedema.evidence = [...new Set([...(oedema.evidence ?? []), f.name])];
  }
}
