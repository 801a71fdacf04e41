import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import { renderReport } from '../../../src/clinical/render/index.js';
import { partsMerge } from '../../../src/clinical/render/_internals/collide.js';

const lex = getLexicon();

describe('partsMerge', () => {
  it('spots a lexicon phrase spanning two parts', () => {
    // "increased interstitial markings" is a term (no temporal cue); "right pulmonary artery" a tip position.
    expect(partsMerge(['increased', 'interstitial markings'], lex)).toBe(true);
    expect(partsMerge(['new', 'right', 'pulmonary artery catheter'], lex)).toBe(true);
  });

  it('accepts ordinary phrases, whatever the case and hyphens', () => {
    expect(partsMerge(['new', 'small', 'left', 'pleural effusion'], lex)).toBe(false);
    expect(partsMerge(['Increasing', 'interstitial markings'], lex)).toBe(false);
    expect(partsMerge(['right-sided', 'pulmonary artery catheter'], lex)).toBe(false);
  });
});

describe('the renderer avoids merged phrases', () => {
  it('never writes "increased interstitial markings" or "right pulmonary artery catheter"', () => {
    for (let seed = 0; seed < 60; seed++) {
      const t = renderReport(
        [
          { name: 'interstitial opacities', status: 'present', probability: 3, temporal: 'increased' },
          { name: 'pulmonary artery catheter', status: 'present', probability: 3, laterality: 'right' },
        ],
        { seed },
      ).toLowerCase();
      expect(t).not.toMatch(/increased interstitial markings/);
      expect(t).not.toMatch(/right pulmonary artery catheter/);
    }
  });
});
