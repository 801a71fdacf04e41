/** Category 3 (issue 12): a sign and its stated interpretation are ONE finding, the sign its evidence. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { judgeByLexicon } from '../../../src/metrics/crimson/lexicon/index.js';
import { computeCrimsonScore } from '../../../src/metrics/crimson/score.js';

const brief = (t: string) => extractFindings(t).map((f) => ({ name: f.name, status: f.status, side: f.side, evidence: f.evidence }));

describe('one finding per sign and interpretation', () => {
  it.each([
    ['Airspace opacity in the right lower lobe compatible with pneumonia.', { name: 'pneumonia', status: 'present', side: 'right', evidence: ['lung opacity'] }],
    ['Left basilar opacity, likely atelectasis.', { name: 'atelectasis', status: 'uncertain', side: 'left', evidence: ['lung opacity'] }],
    ['Patchy consolidation at the right base, which may represent aspiration.', { name: 'aspiration', status: 'uncertain', side: 'right', evidence: ['consolidation'] }],
    ['Right lower lobe opacity; superimposed pneumonia cannot be excluded.', { name: 'pneumonia', status: 'uncertain', side: 'right', evidence: ['lung opacity'] }],
    ['Hazy density at the left base, probably a small effusion.', { name: 'pleural effusion', status: 'uncertain', side: 'left', evidence: ['lung opacity'] }],
  ] as const)('%s', (text, expected) => {
    expect(brief(text)).toEqual([expected]);
  });

  it('reads the sign in the findings and its interpretation in the impression as one finding', () => {
    const text = 'FINDINGS: Dense opacity in the left lower lobe.\nIMPRESSION: Left lower lobe pneumonia.';
    expect(brief(text)).toEqual([{ name: 'pneumonia', status: 'present', side: 'left', evidence: ['lung opacity'] }]);
  });

  it('keeps a sign whose interpretation is stated somewhere else in the chest as its own finding', () => {
    expect(brief('Opacity in the right upper lobe. Left lower lobe pneumonia.').map((f) => f.name)).toEqual(['lung opacity', 'pneumonia']);
  });
});

describe('the judge grades naming only the sign, never a miss plus a false finding', () => {
  const score = (r: string, c: string) => computeCrimsonScore(judgeByLexicon(r, c).evaluation).crimson_score;

  it('gives full credit when both state the same interpretation, with or without the sign', () => {
    expect(score('Opacity in the right lower lobe consistent with pneumonia.', 'Right lower lobe pneumonia.')).toBe(1);
    expect(score('Right basilar opacity, likely atelectasis.', 'Right basilar atelectasis, likely.')).toBe(1);
  });

  it('matches the sign alone to its interpretation with an unspecific error', () => {
    const e = judgeByLexicon('Right lower lobe pneumonia.', 'Right lower lobe opacity.').evaluation;
    expect(e.matched_findings).toEqual([{ ref_id: 'R1', pred_id: 'P1' }]);
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors).toMatchObject([{ error_types: ['unspecific'], severity: 'significant' }]);
    const s = score('Right lower lobe pneumonia.', 'Right lower lobe opacity.');
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(1);
  });

  it('grades consolidation for pneumonia as negligible (METRICS §1.5)', () => {
    expect(score('Right lower lobe pneumonia.', 'Right lower lobe consolidation.')).toBe(1);
  });
});
