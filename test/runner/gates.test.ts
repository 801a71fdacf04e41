import { describe, expect, it } from 'vitest';
import { evaluateGate, gateFor, isKnownFailure, notRunGate } from '../../src/runner/gates.js';
import type { CaseResult, Verdict } from '../../src/runner/results.js';

const result = (caseId: string, verdict: Verdict): CaseResult => ({ suite: 's', caseId, kind: 'ranking', metric: 'm', verdict, scores: {}, expectations: [] });

const mixed = [
  result('laterality/effusion-side', 'pass'),
  result('laterality/pneumothorax-side', 'fail'),
  result('negation/no-pneumothorax', 'pass'),
  result('negation/no-effusion', 'error'),
  result('severity/mild', 'skip'),
  result('severity/moderate', 'pass'),
];

describe('gateFor', () => {
  it('prefers the metric\'s own gate, then "*", then the default', () => {
    const gates = { bleu: { informational: true }, '*': { minPassRate: 0.5 } };
    expect(gateFor(gates, 'bleu')).toEqual({ informational: true });
    expect(gateFor(gates, 'crimson')).toEqual({ minPassRate: 0.5 });
    expect(gateFor({ bleu: { informational: true } }, 'crimson')).toEqual({});
    expect(gateFor(undefined, 'crimson')).toEqual({});
  });
});

describe('evaluateGate', () => {
  it('by default requires every non-skipped case to pass', () => {
    expect(evaluateGate('s', 'm', {}, [result('a', 'pass'), result('b', 'skip')])).toEqual({
      suite: 's', metric: 'm', state: 'pass', passed: true, informational: false, passRate: 1, minPassRate: 1,
      counts: { passed: 1, failed: 0, errors: 0, skipped: 1 }, failedRequired: [], unexpectedPasses: [],
    });
    const failing = evaluateGate('s', 'm', {}, [result('a', 'pass'), result('b', 'fail')]);
    expect(failing.passed).toBe(false);
    expect(failing.passRate).toBe(0.5);
    expect(failing.reason).toBe('pass rate 50.0% < 100.0%');
  });

  it('counts verdicts; errors and inconclusive results count as not passing, skips are excluded', () => {
    const g = evaluateGate('s', 'm', {}, [...mixed, result('x', 'inconclusive')]);
    expect(g.counts).toEqual({ passed: 3, failed: 1, errors: 2, skipped: 1 });
    expect(g.passRate).toBe(3 / 6);
    expect(g.reason).toBe('pass rate 50.0% < 100.0%');
  });

  it('an error alone fails the default gate', () => {
    const g = evaluateGate('s', 'm', {}, [result('a', 'pass'), result('b', 'error')]);
    expect(g.passed).toBe(false);
    expect(g.counts.errors).toBe(1);
    expect(g.reason).toBe('pass rate 50.0% < 100.0%');
  });

  it('passes with minPassRate when the rate is reached exactly, fails just below it', () => {
    const five = [result('a', 'pass'), result('b', 'pass'), result('c', 'pass'), result('d', 'fail'), result('e', 'skip')];
    expect(evaluateGate('s', 'm', { minPassRate: 0.75 }, five)).toMatchObject({ passed: true, passRate: 0.75, minPassRate: 0.75 });
    expect(evaluateGate('s', 'm', { minPassRate: 0.75 }, five).reason).toBeUndefined();
    const below = evaluateGate('s', 'm', { minPassRate: 0.8 }, five);
    expect(below.passed).toBe(false);
    expect(below.reason).toBe('pass rate 75.0% < 80.0%');
  });

  it('minPassRate 0 always passes on rate', () => {
    expect(evaluateGate('s', 'm', { minPassRate: 0 }, [result('a', 'fail'), result('b', 'error')]).passed).toBe(true);
  });

  it('fails a gate whose results were all skipped: it proves nothing; nothing at all is `not run`, never a pass', () => {
    expect(evaluateGate('s', 'm', {}, [result('a', 'skip')])).toMatchObject({ passed: false, passRate: 1, reason: 'nothing was scored: all 1 results were skipped' });
    expect(evaluateGate('s', 'm', { informational: true }, [result('a', 'skip')]).passed).toBe(true);
    // e.g. no case file matched, or the run was interrupted before this suite: it does not fail the run, and does not claim a pass
    expect(evaluateGate('s', 'm', {}, [])).toMatchObject({ state: 'not run', passed: true, reason: 'nothing ran: no case or law of this suite was scored', counts: { passed: 0, failed: 0, errors: 0, skipped: 0 } });
  });

  it('required globs: every matched case must pass; a skipped one was not shown to pass', () => {
    const g = evaluateGate('s', 'm', { minPassRate: 0, required: ['negation/*', 'severity/**'] }, mixed);
    expect(g.failedRequired).toEqual(['negation/no-effusion', 'severity/mild (skipped)']);
    expect(g.passed).toBe(false);
    expect(g.reason).toBe('required cases did not pass: negation/no-effusion, severity/mild (skipped)');
  });

  it('required globs that all pass do not fail the gate', () => {
    const g = evaluateGate('s', 'm', { minPassRate: 0, required: ['laterality/effusion-side', 'severity/moderate'] }, mixed);
    expect(g.failedRequired).toEqual([]);
    expect(g.passed).toBe(true);
    expect(g.reason).toBeUndefined();
  });

  it('a required glob matching nothing fails the gate and says so', () => {
    const g = evaluateGate('s', 'm', { minPassRate: 0, required: ['laterality/*', 'typo/*'] }, mixed);
    expect(g.failedRequired).toEqual(['laterality/pneumothorax-side', 'typo/* (no case matches)']);
    expect(g.reason).toBe('required cases did not pass: laterality/pneumothorax-side, typo/* (no case matches)');
    expect(g.passed).toBe(false);
  });

  it('joins rate and required reasons with "; "', () => {
    const g = evaluateGate('s', 'm', { minPassRate: 0.9, required: ['negation/*'] }, mixed);
    expect(g.reason).toBe('pass rate 60.0% < 90.0%; required cases did not pass: negation/no-effusion');
  });

  it('an informational gate never fails but still reports the reason', () => {
    const g = evaluateGate('s', 'bleu', { informational: true, required: ['missing/*'] }, mixed);
    expect(g).toEqual({
      suite: 's', metric: 'bleu', state: 'pass', passed: true, informational: true, passRate: 0.6, minPassRate: 1,
      counts: { passed: 3, failed: 1, errors: 1, skipped: 1 },
      failedRequired: ['missing/* (no case matches)'],
      unexpectedPasses: [],
      reason: 'pass rate 60.0% < 100.0%; required cases did not pass: missing/* (no case matches)',
    });
  });

  it('leaves known failures out of the rate and fails the gate when one passes', () => {
    const known = (id: string, verdict: CaseResult['verdict']) => ({ ...result(id, verdict), knownFailure: true });
    const ok = evaluateGate('s', 'm', { knownFailures: ['lit/*'] }, [result('a', 'pass'), known('lit/1', 'fail'), known('lit/2', 'error')]);
    expect(ok).toMatchObject({ passed: true, passRate: 1, counts: { passed: 1, failed: 0, errors: 0, skipped: 0 }, unexpectedPasses: [] });
    const fixed = evaluateGate('s', 'm', { knownFailures: ['lit/*'] }, [result('a', 'pass'), known('lit/1', 'pass')]);
    expect(fixed.passed).toBe(false);
    expect(fixed.unexpectedPasses).toEqual(['lit/1']);
    expect(fixed.reason).toBe('known failures now pass (remove them from knownFailures): lit/1');
  });

  it('matches known-failure globs against case ids', () => {
    expect(isKnownFailure({ knownFailures: ['s-score/known/*'] }, 's-score/known/short-location')).toBe(true);
    expect(isKnownFailure({ knownFailures: ['s-score/known/*'] }, 's-score/other')).toBe(false);
    expect(isKnownFailure({}, 'x')).toBe(false);
  });
});

describe('gate states', () => {
  it('a full run: pass or fail; an all-skipped gate still fails (nothing was shown to pass)', () => {
    expect(evaluateGate('s', 'm', {}, [result('a', 'pass')]).state).toBe('pass');
    expect(evaluateGate('s', 'm', {}, [result('a', 'fail')]).state).toBe('fail');
    expect(evaluateGate('s', 'm', {}, [result('a', 'skip')])).toMatchObject({ state: 'fail', passed: false });
  });

  it('under a filter or in a shard, nothing scored is `not run` with the reason, never failed', () => {
    expect(evaluateGate('s', 'm', {}, [], [], undefined, 'filter')).toMatchObject({ state: 'not run', passed: true, reason: 'nothing selected by the filters' });
    expect(evaluateGate('s', 'm', {}, [], [], undefined, 'shard')).toMatchObject({ state: 'not run', reason: 'its cases and laws ran in other shards' });
    expect(evaluateGate('s', 'm', {}, [result('a', 'skip'), result('b', 'skip')], [], undefined, 'filter')).toMatchObject({
      state: 'not run', reason: 'nothing scored under the filters (2 skipped)', counts: { passed: 0, failed: 0, errors: 0, skipped: 2 },
    });
    // a scored failure under a filter still fails
    expect(evaluateGate('s', 'm', {}, [result('a', 'fail')], [], undefined, 'filter').state).toBe('fail');
  });

  it('under a filter, required patterns that match no selected case and agreement checks are left to the full run', () => {
    const g = evaluateGate('s', 'm', { required: ['laterality/*', 'negation/*'], minAgreement: 0.9 }, [result('laterality/a', 'pass')], [], undefined, 'filter');
    expect(g).toMatchObject({ state: 'pass', failedRequired: [] });
    expect(g.agreement).toBeUndefined();
    // without the filter, the same results fail both
    expect(evaluateGate('s', 'm', { required: ['laterality/*', 'negation/*'] }, [result('laterality/a', 'pass')]).failedRequired).toEqual(['negation/* (no case matches)']);
  });

  it('notRunGate keeps the reason and never fails', () => {
    expect(notRunGate('crimson', 'crimson', { minPassRate: 0.9 }, 'no judge endpoint configured')).toMatchObject({
      suite: 'crimson', metric: 'crimson', state: 'not run', passed: true, minPassRate: 0.9, reason: 'no judge endpoint configured',
    });
  });
});
