/**
 * One finding -> one sentence. The kind of statement follows the finding (status, probability,
 * device tip and placement); the template and every wording inside it are drawn from `rng`.
 */
import type { Lexicon, LexiconFinding } from '../lexicon/types.js';
import { placementFor } from './applicability.js';
import { measurementText, nounPhrase } from './_internals/phrase.js';
import { pick, type Rng } from './_internals/prng.js';
import { NORMAL_STATEMENTS, POSITION_PHRASES } from './_internals/words.js';
import { templates, type TemplateContext, type TemplateKind } from './templates.js';
import type { RenderableFinding } from './types.js';

/** A finding with nothing but its name and status (what a normal statement can say). */
function isBare(f: RenderableFinding): boolean {
  return Object.entries(f).every(([k, v]) => k === 'name' || k === 'status' || v === undefined);
}

/** "in the SVC", "4 cm above the carina": the tip phrase of a device. */
function positionPhrase(f: RenderableFinding, rng: Rng): string {
  const pos = f.devicePosition as string;
  const phrase = pick(rng, POSITION_PHRASES[pos] ?? [`in the ${pos}`]);
  const d = f.measurementMm !== undefined && pos === 'above carina' ? `${measurementText(f.measurementMm, rng)} ` : '';
  return phrase.replace('{{d}}', d);
}

function deviceKind(f: RenderableFinding, lf: LexiconFinding): TemplateKind {
  if (f.devicePosition) {
    if (!f.devicePlacement || f.devicePlacement === placementFor(lf, f.devicePosition)) return 'devicePosition';
    return f.devicePlacement === 'appropriate' ? 'devicePositionButAppropriate' : 'devicePositionButMalpositioned';
  }
  if (f.devicePlacement) return f.devicePlacement === 'appropriate' ? 'deviceAppropriate' : 'deviceMalpositioned';
  return 'devicePlain';
}

function statementKind(f: RenderableFinding, lf: LexiconFinding): TemplateKind {
  if (f.status === 'absent') return f.temporal === 'resolved' ? 'resolved' : 'absent';
  if (f.status === 'uncertain') return f.probability === 2 ? 'probable' : 'possible';
  return lf.category === 'device' ? deviceKind(f, lf) : 'present';
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Renders one finding as one sentence.
 * @throws when the name is not in the lexicon (a caller bug: names are canonical ids).
 */
export function renderSentence(f: RenderableFinding, lexicon: Lexicon, rng: Rng): string {
  const lf = lexicon.byName.get(f.name);
  if (!lf) throw new Error(`renderSentence: unknown finding name '${f.name}'`);
  const normal = NORMAL_STATEMENTS[f.name];
  // Normal statements are how most reports say these are absent; use them a third of the time.
  if (f.status === 'absent' && normal && isBare(f) && rng() < 0.34) return pick(rng, normal);
  const kind = statementKind(f, lf);
  const { np, plural } = nounPhrase(f, lf, lexicon, rng);
  const ctx: TemplateContext = { NP: capitalise(np), np, is: plural ? 'are' : 'is' };
  if (kind.startsWith('devicePosition')) ctx.pos = positionPhrase(f, rng);
  return pick(rng, templates(kind))(ctx);
}
