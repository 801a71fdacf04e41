import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../../src/metrics/crimson/lexicon-judge.js';
import { otherCourse } from '../../../../src/metrics/crimson/lexicon/match.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;

describe('crimson:lexicon: a course against the reference\'s is another statement (match.ts otherCourse)', () => {
  it('worse against better, and a change against none, contradict; two words for one course do not', () => {
    expect(otherCourse('increased', 'decreased')).toBe(true);
    expect(otherCourse('new', 'unchanged')).toBe(true);
    expect(otherCourse('improved', 'unchanged')).toBe(true);
    expect(otherCourse('new', 'worsened')).toBe(false);
    expect(otherCourse('improved', 'resolved')).toBe(false);
    expect(otherCourse('new', undefined)).toBe(false);
  });

  it('a tumour called growing where it shrinks on treatment is a false finding and a missed one', () => {
    const ref = 'The right upper lobe mass has decreased in size since the prior study.';
    const e = judge(ref, 'The right upper lobe mass has increased in size since the prior study.');
    expect([e.matched_findings, e.errors.false_findings, e.errors.missing_findings]).toEqual([[], ['P1'], ['R1']]);
    // below a report that leaves the course unsaid (a temporal error of a matched finding)
    expect(score(ref, 'The right upper lobe mass has increased in size since the prior study.')).toBeLessThan(score(ref, 'Right upper lobe mass.'));
  });

  it('a course one report leaves unsaid stays a temporal error of the matched finding', () => {
    const e = judge('Interval increase in the left pleural effusion.', 'Left pleural effusion.');
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors.map((a) => a.error_types[0])).toEqual(['temporal']);
  });
});
