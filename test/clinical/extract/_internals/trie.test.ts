/** Terms read across a side word inside them ("widening of the RIGHT paratracheal stripe"). */
import { describe, expect, it } from 'vitest';
import { addPhrase, longestMatchAcross, newNode } from '../../../../src/clinical/extract/_internals/trie.js';
import { F, type Payload } from '../../../../src/clinical/extract/_internals/types.js';
import { brief } from '../_helpers.js';

const toks = (s: string) => s.split(' ').map((t, i) => ({ t, s: i, e: i + 1 }));

describe('longestMatchAcross', () => {
  const root = newNode();
  addPhrase(root, 'thickening of the pleura'.split(' '), { flags: F.FINDING, finding: 'pleural thickening' });
  const side: Payload = { flags: F.LAT, lat: 'left' };
  const sideAt = (words: readonly { t: string }[]) => (j: number, n: number) => (n === 1 && words[j]!.t === 'left' ? side : undefined);

  it('walks over a side word the trie has no path for and returns it', () => {
    const w = toks('thickening of the left pleura');
    expect(longestMatchAcross(root, w, 0, sideAt(w))).toEqual({ len: 5, val: { flags: F.FINDING, finding: 'pleural thickening' }, inside: [side] });
  });

  it('returns nothing when the term has no side inside it, or the walk does not reach a term after it', () => {
    const plain = toks('thickening of the pleura');
    expect(longestMatchAcross(root, plain, 0, sideAt(plain))).toBeUndefined();
    const cut = toks('thickening of the left lung');
    expect(longestMatchAcross(root, cut, 0, sideAt(cut))).toBeUndefined();
  });
});

describe('a side inside a term', () => {
  const found = (t: string) => brief(t).map((x) => `${x.name}:${x.status}:${x.laterality ?? '-'}:${(x.location ?? []).join('+') || '-'}`);

  it.each([
    ['Widening of the right paratracheal stripe.', 'mediastinal lymphadenopathy:present:right:-'],
    ['Thickening of the right pleura.', 'pleural thickening:present:right:-'],
    ['Thickening of the left apical pleura.', 'pleural thickening:present:left:apex'],
    ['Destruction of the left lung from old tuberculosis.', 'destroyed lung:present:left:-'],
  ])('reads the term with the side: %s', (text, expected) => {
    expect(found(text)[0]).toBe(expected);
  });

  it('keeps the hedge after the term', () => {
    expect(found('Widening of the right paratracheal stripe, ?nodes.')).toEqual(['mediastinal lymphadenopathy:uncertain:right:-']);
  });

  it('leaves a side that names the place of the term as it was (a whole hemithorax is no lobe collapsed)', () => {
    expect(found('Complete opacification of the left hemithorax.')).toEqual(['lung opacity:present:left:-']);
  });
});
