/** lexicon/variants.ts: closed compounds also read when written split at their prefix. */
import { describe, expect, it } from 'vitest';
import { splitVariants } from '../../../src/clinical/lexicon/variants.js';
import { seen } from '../report/_helpers.js';

describe('splitVariants', () => {
  const P = ['sub', 'peri', 'pneumo', 'hydro', 'bi'];

  it('splits each prefixed word once, then all together', () => {
    expect(splitVariants(['subcutaneous', 'emphysema'], P)).toEqual([['sub', 'cutaneous', 'emphysema']]);
    expect(splitVariants(['perihilar', 'subpleural'], P)).toEqual([
      ['peri', 'hilar', 'subpleural'],
      ['perihilar', 'sub', 'pleural'],
      ['peri', 'hilar', 'sub', 'pleural'],
    ]);
  });

  it('takes the longest prefix and leaves short rests and unprefixed phrases alone', () => {
    expect(splitVariants(['hydropneumothorax'], P)).toEqual([['hydro', 'pneumothorax']]);
    expect(splitVariants(['bias'], P)).toEqual([]);
    expect(splitVariants(['pleural', 'effusion'], P)).toEqual([]);
  });
});

describe('the extractor reads split compounds', () => {
  it.each([
    ['Sub-cutaneous emphysema in the right chest wall.', ['subcutaneous emphysema:present:right']],
    ['Small left pneumo thorax.', ['pneumothorax:present:left']],
    ['Reticulo-nodular shadowing at both bases.', ['interstitial opacities:present:bilateral']],
    ['Bi-basal atelectasis.', ['atelectasis:present:bilateral']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
