import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../../src/metrics/crimson/lexicon-judge.js';
import { kindDifferences, partOf, sameCore } from '../../../../src/metrics/crimson/lexicon/kinds.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;
const graded = (reference: string, candidate: string) => judge(reference, candidate).errors.attribute_errors.map((a) => [a.error_types[0], a.severity]);
const oneFinding = (reference: string, candidate: string) => {
  const e = judge(reference, candidate);
  return e.matched_findings.length > 0 && e.errors.false_findings.length === 0 && e.errors.missing_findings.length === 0;
};

describe('kinds of one pleural finding (METRICS §1.5): one matched finding with an attribute error', () => {
  it('names of one core finding', () => {
    expect(sameCore('tension pneumothorax', 'pneumothorax')).toBe(true);
    expect(sameCore('hydropneumothorax', 'pleural effusion')).toBe(true);
    expect(sameCore('hemothorax', 'empyema')).toBe(true);
    expect(sameCore('pneumothorax', 'pleural effusion')).toBe(false);
    expect(sameCore('hemothorax', 'tension pneumothorax')).toBe(false);
    expect(sameCore('pneumothorax', 'pneumothorax')).toBe(false);
    expect(partOf('pleural effusion', 'hydropneumothorax')).toBe(true);
    expect(partOf('pneumothorax', 'hemothorax')).toBe(false);
  });

  it('a report naming both parts of a hydropneumothorax states it whole', () => {
    expect(kindDifferences('hydropneumothorax', 'pneumothorax', [], ['pleural effusion'])).toEqual([]);
    expect(kindDifferences('hydropneumothorax', 'pneumothorax')).toHaveLength(1);
    // a tension pneumothorax has one part: naming the air twice states no tension
    expect(kindDifferences('tension pneumothorax', 'pneumothorax', [], ['pneumothorax'])).toHaveLength(1);
  });

  it('simple for tension pneumothorax: a significant severity error, not a miss and a false finding', () => {
    expect(oneFinding('Large left tension pneumothorax.', 'Large left pneumothorax.')).toBe(true);
    expect(graded('Large left tension pneumothorax.', 'Large left pneumothorax.')).toEqual([['severity', 'significant']]);
    expect(graded('Small right pneumothorax.', 'Small right tension pneumothorax.')).toEqual([['severity', 'significant']]);
    expect(score('Large left tension pneumothorax.', 'Large left pneumothorax.')).toBeLessThan(1);
    expect(score('Large left tension pneumothorax.', 'Large left pneumothorax.')).toBeGreaterThan(score('Large left tension pneumothorax.', 'No acute findings.'));
  });

  it('on the other side: another finding, as for any pleural finding (match.ts wrongSide)', () => {
    expect(oneFinding('Left tension pneumothorax.', 'Right pneumothorax.')).toBe(false);
    expect(oneFinding('Right haemothorax.', 'Left pleural effusion.')).toBe(false);
  });

  it('hydropneumothorax for pneumothorax, haemothorax or empyema for effusion: a descriptor error', () => {
    expect(graded('Right hydropneumothorax.', 'Right pneumothorax.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Right pleural effusion.', 'Right hydropneumothorax.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Large left haemothorax.', 'Large left pleural effusion.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Left pleural effusion.', 'Left empyema.')).toEqual([['descriptor', 'significant']]);
    // two kinds of one collection: one descriptor error; tension against fluid: one of each
    expect(graded('Right haemothorax.', 'Right empyema.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Left tension pneumothorax.', 'Left hydropneumothorax.')).toEqual([['severity', 'significant'], ['descriptor', 'significant']]);
  });

  it('a pneumothorax and an effusion on its side are the hydropneumothorax, either way round', () => {
    expect(score('Left hydropneumothorax.', 'Left pneumothorax and left pleural effusion.')).toBe(1);
    expect(score('Left pneumothorax with a small left pleural effusion.', 'Left hydropneumothorax.')).toBe(1);
    // on the other side the effusion is another finding
    expect(judge('Left hydropneumothorax.', 'Left pneumothorax and right pleural effusion.').errors.false_findings).toHaveLength(1);
  });

  it('a kind named apart from its core in one report is that one finding ("pneumothorax under tension")', () => {
    const e = judge('Large left pneumothorax under tension.', 'Large left tension pneumothorax.');
    expect(e.reference_findings).toHaveLength(1);
    expect(score('Large left pneumothorax under tension.', 'Large left tension pneumothorax.')).toBe(1);
    expect(score('Large left tension pneumothorax.', 'Large left pneumothorax with features of tension.')).toBe(1);
  });
});
