/**
 * "larger on the left THAN PREVIOUSLY", "greater on the right than on the prior study": a side
 * comparison measured against the earlier study also says the finding grew (or shrank) there.
 * The phrase stays the side it names (bilateral, CONVENTIONS §17) and gains the temporal cue
 * (§20), which a bare "larger on the left" (left against right) does not have.
 */
import { F, type Item } from './types.js';

const GROWN = new Set(['larger', 'greater', 'more']);
const SHRUNK = new Set(['smaller', 'less']);
/** Words after `than` that name the earlier study. */
const EARLIER = new Set(['previously', 'before', 'prior', 'previous', 'earlier', 'the prior', 'on the prior', 'on prior', 'last', 'the previous', 'on the previous']);
const ARTICLES = new Set(['on', 'in', 'at', 'the', 'a', 'most', 'recent', 'of']);

function againstEarlier(items: readonly Item[], k: number): boolean {
  if (items[k]?.text !== 'than') return false;
  for (let j = k + 1; j < items.length && j <= k + 4; j++) {
    const t = items[j]!.first;
    if (EARLIER.has(t)) return true;
    if (!ARTICLES.has(t)) return false;
  }
  return false;
}

/** Gives the temporal cue to each side comparison made against the earlier study (items changed in place). */
export function sideChangeSincePrior(items: Item[]): void {
  for (let k = 0; k + 1 < items.length; k++) {
    const it = items[k]!;
    if (!(it.flags & F.LAT) || it.flags & F.TEMP || !it.text.includes(' ')) continue;
    const grown = GROWN.has(it.first);
    if (!grown && !SHRUNK.has(it.first)) continue;
    if (!againstEarlier(items, k + 1)) continue;
    it.flags |= F.TEMP;
    it.temp = grown ? 'increased' : 'decreased';
  }
}
