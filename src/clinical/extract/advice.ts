/**
 * Advice to move a device (CONVENTIONS §23): "recommend withdrawing the ETT by 2 cm", "advance NGT 10 cm", "retraction by
 * about 2 cm could be considered", an advice line under `Recommendation:` — the radiologist asks for the tip to be moved,
 * so the device is malpositioned, whether the advice names it, calls it "the tube", or stands in a section of its own.
 */
import type { Finding } from '../model.js';
import type { Grammar } from './_internals/grammar.js';
import { F, type Item, type Mention } from './_internals/types.js';

/** Words asking for a tip to be moved (not `withdrawn` or `advanced`: a move that was made, or a grade). */
const MOVE = /^(?:withdraw|withdrawal|withdrawing|advance|advancing|advancement|retract|retraction|retracting|reposition|repositioning|pull|pulling)$/;
/** Words that make the move advice. */
const ADVICE = /^(?:recommend\w*|suggest(?:s|ed|ing)?|advis\w*|advice|consider(?:s|ed|ing)?|should|could|may|might|can|needs?|require[sd]?|please|would)$/;
/** Cheap test before the items are read: most sentences have no move word. */
const ANY_MOVE = /\b(?:withdraw|advanc|retract|reposition|pull(?:ing)? back)/i;

/** Whether the sentence might advise a move (a quick look at its text, before any items are built). */
export function mayAdviseMove(text: string, start: number, end: number): boolean {
  return ANY_MOVE.test(text.slice(start, end));
}

/**
 * The item of the move word when the sentence advises a move: an advice word anywhere in it ("recommend withdrawing"), the
 * move as its first word ("Advance NGT 10 cm"), or an amount after it ("withdrawal by 2 cm"). "pull" only with "back".
 */
function moveAt(items: readonly Item[]): number {
  const words = items.flatMap((it, k) => it.text.split(' ').map((w) => [w, k] as const));
  const advice = words.some(([w], i) => ADVICE.test(w) || (w === 'to' && words[i + 1]?.[0] === 'be'));
  for (let i = 0; i < words.length; i++) {
    const [w, k] = words[i]!;
    const pull = w === 'pull' || w === 'pulling';
    if (!MOVE.test(w) || (pull && words[i + 1]?.[0] !== 'back')) continue;
    const j = pull ? i + 2 : i + 1; // the word after the move ("pull BACK 2 cm")
    const measure = (n: number): boolean => n < words.length && items[words[n]![1]]!.flags === F.MEAS;
    const amount = measure(j) || (words[j]?.[0] === 'by' && measure(j + 1));
    if (advice || i === 0 || amount) return k;
  }
  return -1;
}

const isDevice = (g: Grammar) => (f: Finding): boolean => f.status !== 'absent' && g.info.get(f.name)?.device === true;

/** The earlier device the advice means when it names none: the last one, a tube when it says "tube", a line when "line". */
function lastDevice(items: readonly Item[], before: readonly Finding[], g: Grammar): Finding | undefined {
  const words = new Set(items.flatMap((it) => it.text.split(' ')));
  const tube = words.has('tube');
  const line = words.has('line') || words.has('catheter');
  return before.findLast((f) => isDevice(g)(f) && (!tube || f.name.endsWith('tube')) && (!line || !f.name.endsWith('tube')));
}

/**
 * Marks the device a move is advised for as malpositioned: the devices named after the move word in the sentence, else the
 * nearest one before it, else the last device of the report before the sentence. `mentions` are the sentence's; its own
 * findings are `out` from `first` on (none for a skipped sentence, whose named devices are found among the earlier ones).
 */
export function adviseMove(items: readonly Item[], mentions: readonly Mention[], out: readonly Finding[], first: number, g: Grammar): void {
  const k = moveAt(items);
  if (k < 0) return;
  const at = items[k]!.s;
  const own = out.slice(first).filter(isDevice(g));
  const named = new Set(mentions.filter((m) => !m.dropped && g.info.get(m.name)?.device && m.a > k).map((m) => m.name));
  let targets: Finding[] = own.filter((f) => f.span[0] > at);
  // the sentence's own placement words already chose among its devices ("ETT 1 cm above the carina, recommend withdrawal")
  if (!targets.length && own.some((f) => f.devicePlacement === 'malpositioned')) return;
  if (!targets.length && named.size) targets = [...named].flatMap((n) => out.slice(0, first).findLast((f) => isDevice(g)(f) && f.name === n) ?? []);
  if (!targets.length) targets = own.filter((f) => f.span[0] < at).slice(-1);
  if (!targets.length) targets = [lastDevice(items, out.slice(0, first), g)].filter((f) => f !== undefined);
  for (const f of targets) f.devicePlacement = 'malpositioned';
}
