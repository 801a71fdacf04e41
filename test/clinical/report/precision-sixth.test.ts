/**
 * Issue 12, sixth set: signs listed before the finding they are read as, a whole lobe's atelectasis, and words that
 * name no finding of this study where they stand.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { seen } from './_helpers.js';

const withEvidence = (t: string) => extractFindings(t).filter((f) => f.status !== 'absent').map((f) => `${f.name}${f.side ? `:${f.side}` : ''}${f.evidence ? ` <- ${[...f.evidence].sort().join(', ')}` : ''}`);

describe('the signs of a collapse listed before it', () => {
  it('a raised hilum and a pulled trachea are the collapse they are read as', () => {
    expect(withEvidence('Dense right upper zone opacity, hilum pulled up and trachea deviated to the right, in keeping with right upper lobe collapse.'))
      .toEqual(['lobar collapse:right <- hilar retraction, lung opacity, tracheal deviation']);
    expect(withEvidence('Band of density at the left base with mild tracheal shift to the left, compatible with left basal atelectasis.'))
      .toEqual(['atelectasis:left <- lung opacity, tracheal deviation']);
  });

  it('stated alone, in their own sentence, they stay findings', () => {
    expect(seen('The trachea is deviated to the right. Right upper lobe collapse.')).toEqual(['tracheal deviation:present:right', 'lobar collapse:present:right']);
  });
});

describe("a lobe's atelectasis", () => {
  it('atelectasis of a named lobe is that lobe collapsed', () => {
    expect(seen('Atelectasis of the right middle lobe with loss of the right heart border.')).toEqual(['lobar collapse:present:right']);
  });

  it('a part of the lobe, or its start, is atelectasis', () => {
    expect(seen('Early atelectasis of the left lower lobe.')).toEqual(['atelectasis:present:left']);
    expect(seen('Partial atelectasis of the right lower lobe is seen.')).toEqual(['atelectasis:present:right']);
    expect(seen('Right lower lobe atelectasis.')).toEqual(['atelectasis:present:right']);
  });
});

describe('a change of the lungs, a proposal and a limit of the film', () => {
  it('a change said of the volumes, with a finding that follows, is no low volume', () => {
    expect(seen('Lung volumes are better, with decreased hazy opacification.')).toEqual(['lung opacity:present']);
    expect(seen('Lung volumes are reduced.')).toEqual(['low lung volumes:present']);
  });

  it('a procedure proposed for later is no finding of this study', () => {
    expect(seen('Pleural drainage and talc pleurodesis to be discussed with the respiratory team.')).toEqual([]);
    expect(seen('Chest drain insertion could be considered.')).toEqual([]);
  });

  it('a hedge said of what the examination can show is a limitation', () => {
    expect(seen('A pulmonary embolus cannot be excluded by chest radiography.')).toEqual([]);
    expect(seen('Small pneumothorax is not excluded on a single supine view.')).toEqual([]);
    expect(seen('Underlying consolidation cannot be excluded.')).toEqual(['consolidation:uncertain']);
  });
});
