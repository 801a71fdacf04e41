/**
 * The signs pulmonary oedema is read from, which in a report that names the oedema are its evidence, not findings of their
 * own (report/explained-signs.ts applies them). Septal (Kerley) lines and peribronchial cuffing: "Interstitial oedema with
 * Kerley B lines and peribronchial cuffing" is one finding (26 of 27 reports with septal lines and oedema, 9 of 9 with
 * cuffing). Other interstitial thickening, vessels made indistinct by the fluid around them, and perihilar (bat-wing)
 * opacities are the oedema too. Elsewhere, without oedema, they stay what the lexicon calls them. Upper lobe diversion and
 * engorged or prominent vessels stay apart: that is venous congestion, which reports and labels list beside the oedema; so
 * do basal opacities read as atelectasis or infection.
 */
import type { ExplainedSign } from './explained/rule.js';

const OEDEMA = ['pulmonary edema'];
const SEPTAL = /\b(?:kerley|septal lines?|septal thickening|interlobular septal)\b/i;
/** Vessel margins lost in interstitial fluid ("indistinct pulmonary vessels", "vascular indistinctness"). */
const BLURRED = /\b(?:indistinct\w*|blurr\w*|ill[- ]defined)\b/i;

/** The oedema's signs, by the finding the lexicon reads them as. */
export const OEDEMA_SIGNS: readonly ExplainedSign[] = [
  { diagnoses: OEDEMA, sign: 'interstitial opacities', stated: (_f, span) => SEPTAL.test(span) },
  // any other interstitial pattern only of an oedema at least likely: a merely possible one is a differential the report
  // leaves open ("interstitial prominence, possibly mild interstitial edema versus chronic change"), the labels keep both
  { diagnoses: OEDEMA, sign: 'interstitial opacities', minProbability: 2 },
  { diagnoses: OEDEMA, sign: 'bronchial wall thickening', stated: (_f, span) => /\bcuffing\b/i.test(span) },
  { diagnoses: OEDEMA, sign: 'vascular congestion', stated: (_f, span) => BLURRED.test(span) },
  // perihilar opacities with no reading of their own are alveolar oedema; basal ones are read as atelectasis or infection
  ...['lung opacity', 'ground-glass opacity'].map((sign): ExplainedSign => ({
    diagnoses: OEDEMA, sign, stated: (f) => !!f.location?.includes('perihilar') && !f.interpretations?.length && f.laterality !== 'left' && f.laterality !== 'right',
  })),
];
