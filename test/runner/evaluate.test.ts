import { describe, expect, it } from 'vitest';
import { buildCase } from '../../src/cases/build.js';
import type { IndexedRelation } from '../../src/cases/consistency.js';
import type { Case, ImageCase, PreferenceCase, RankingCase, ScoreCase } from '../../src/cases/model.js';
import { parseRelation } from '../../src/cases/relations.js';
import { CaseSchema } from '../../src/cases/schema.js';
import type { ScoreOutcome } from '../../src/metrics/contract.js';
import { PREFERENCE_REASON, requestsOf, skipReason, skipped, verdictOf, type Task } from '../../src/runner/evaluate.js';
import { registered } from './_helpers.js';

const location = { file: '/cases/c.yaml', line: 3, column: 5 };

function relations(...exprs: string[]): IndexedRelation[] {
  return exprs.flatMap((e, index) => parseRelation(e).map((r) => ({ ...r, index })));
}

function ranking(fields: Partial<RankingCase> = {}): RankingCase {
  return {
    id: 'laterality/effusion-side',
    kind: 'ranking',
    tags: [],
    location,
    reference: 'Moderate left pleural effusion.',
    candidates: [
      { label: 'exact', text: 'Moderate left pleural effusion.' },
      { label: 'wrong', text: 'Moderate right pleural effusion.' },
    ],
    relations: relations('exact > wrong'),
    ...fields,
  };
}

function scoreCase(fields: Partial<ScoreCase> = {}): ScoreCase {
  return {
    id: 'score/identical',
    kind: 'score',
    tags: [],
    location,
    reference: 'No acute findings.',
    candidate: 'No acute findings.',
    expect: { fake: { value: 1 } },
    ...fields,
  };
}

function imageCase(fields: Partial<ImageCase> = {}): ImageCase {
  return {
    id: 'image/effusion',
    kind: 'image',
    tags: [],
    location,
    prompt: 'Chest x-ray with a left pleural effusion',
    candidates: [
      { label: 'good', text: 'left effusion', image: '/img/good.png', context: { view: 'PA' } },
      { label: 'bad', text: '' },
    ],
    relations: relations('good > bad'),
    ...fields,
  };
}

function preference(): PreferenceCase {
  return {
    id: 'pref/one',
    kind: 'preference',
    tags: [],
    location,
    reference: 'r',
    candidates: [{ label: 'a', text: 'a' }, { label: 'b', text: 'b' }],
    ratings: [{ rater: 'dr', scores: { a: 1, b: 2 } }],
  };
}

const task = (c: Case, fields: Partial<Task> = {}): Task => ({ suite: 'core', case: c, metricId: 'fake', informational: false, file: 'cases/c.yaml', ...fields });
const text = registered();

describe('skipReason', () => {
  it('runs a text ranking case on a text metric', () => {
    expect(skipReason(ranking(), text)).toBeUndefined();
  });

  it('honours metrics.only', () => {
    expect(skipReason(ranking({ metrics: { only: ['crimson', 'green'] } }), text)).toBe('case runs only on crimson, green');
    expect(skipReason(ranking({ metrics: { only: ['fake'] } }), text)).toBeUndefined();
  });

  it('honours metrics.skip', () => {
    expect(skipReason(ranking({ metrics: { skip: ['fake'] } }), text)).toBe('case skips fake');
    expect(skipReason(ranking({ metrics: { skip: ['other'] } }), text)).toBeUndefined();
  });

  it('uses the registered id (config key), not the metric\'s own id', () => {
    const alias = registered({ id: 'bleu' }, { id: 'bleu-2' });
    expect(skipReason(ranking({ metrics: { skip: ['bleu-2'] } }), alias)).toBe('case skips bleu-2');
    expect(skipReason(ranking({ metrics: { skip: ['bleu'] } }), alias)).toBeUndefined();
  });

  it('scores preference cases (their agreement is reported per suite)', () => {
    expect(skipReason(preference(), text)).toBeUndefined();
    expect(skipReason(preference(), registered({ inputs: ['structured'] }))).toBe('fake does not take text reports');
  });

  it('skips a score case without an expectation for the metric', () => {
    expect(skipReason(scoreCase({ expect: { other: { value: 1 } } }), text)).toBe('no expectation for fake in this case');
    expect(skipReason(scoreCase(), text)).toBeUndefined();
  });

  it('skips structured reports for a text-only metric, and text for a structured-only one', () => {
    const structuredRef = ranking({ reference: { findings: [{ name: 'effusion', side: 'left' }] } });
    expect(skipReason(structuredRef, text)).toBe('fake does not take structured reports');
    const structuredCandidate = ranking({ candidates: [{ label: 'exact', text: 'x' }, { label: 'wrong', text: ['effusion'] }] });
    expect(skipReason(structuredCandidate, text)).toBe('fake does not take structured reports');
    const sscore = registered({ id: 'sscore', inputs: ['structured'] });
    expect(skipReason(ranking(), sscore)).toBe('sscore does not take text reports');
    expect(skipReason(structuredCandidate, sscore)).toBe('sscore does not take text reports');
    expect(skipReason(scoreCase({ expect: { sscore: {} }, reference: {}, candidate: {} }), sscore)).toBeUndefined();
    const both = registered({ inputs: ['text', 'structured'] });
    expect(skipReason(structuredCandidate, both)).toBeUndefined();
  });

  it('names both kinds when a metric takes neither', () => {
    const imageOnly = registered({ id: 'cseval', inputs: ['image+prompt'] });
    expect(skipReason(ranking({ reference: { a: 1 } }), imageOnly)).toBe('cseval does not take structured or text reports');
    const textFirst = ranking({ candidates: [{ label: 'exact', text: 'x' }, { label: 'wrong', text: { a: 1 } }] });
    expect(skipReason(textFirst, imageOnly)).toBe('cseval does not take text or structured reports');
  });

  it('skips image cases for metrics without image+prompt input, and runs them otherwise', () => {
    expect(skipReason(imageCase(), text)).toBe('fake does not take image+prompt input');
    expect(skipReason(imageCase(), registered({ inputs: ['image+prompt'] }))).toBeUndefined();
  });

  it('checks only/skip before the kind', () => {
    expect(skipReason({ ...preference(), metrics: { only: ['y'] } }, registered({}, { id: 'x' }))).toBe('case runs only on y');
    expect(skipReason({ ...preference(), metrics: { skip: ['fake'] } }, text)).toBe('case skips fake');
  });
});

describe('requestsOf', () => {
  it('makes one request per ranking candidate, with each candidate\'s context', () => {
    const c = ranking({
      context: { age: 70 },
      candidates: [
        { label: 'exact', text: 'A', context: { age: 70, sex: 'F' } },
        { label: 'wrong', text: 'B' },
      ],
    });
    expect(requestsOf(c)).toEqual([
      { label: 'exact', request: { reference: 'Moderate left pleural effusion.', candidate: 'A', context: { age: 70, sex: 'F' } } },
      { label: 'wrong', request: { reference: 'Moderate left pleural effusion.', candidate: 'B' } },
    ]);
    expect('context' in requestsOf(c)[1]!.request).toBe(false);
  });

  it('merges the case context into each candidate\'s (candidate wins) for a built case', () => {
    const input = CaseSchema.parse({
      kind: 'ranking',
      reference: 'Left effusion.',
      context: { age: 70, sex: 'F', indication: 'dyspnoea' },
      candidates: { a: 'Left effusion.', b: { text: 'Right effusion.', context: { sex: 'M', view: 'AP' } } },
      expect: 'a > b',
    });
    const built = buildCase(input, 'ctx', location);
    expect(built.issues).toEqual([]);
    expect(requestsOf(built.case!).map((r) => r.request.context)).toEqual([
      { age: 70, sex: 'F', indication: 'dyspnoea' },
      { age: 70, sex: 'M', indication: 'dyspnoea', view: 'AP' },
    ]);
  });

  it('makes a single `candidate` request for a score case, with the case context', () => {
    expect(requestsOf(scoreCase({ context: { age: 3 } }))).toEqual([
      { label: 'candidate', request: { reference: 'No acute findings.', candidate: 'No acute findings.', context: { age: 3 } } },
    ]);
    expect(requestsOf(scoreCase())).toEqual([{ label: 'candidate', request: { reference: 'No acute findings.', candidate: 'No acute findings.' } }]);
  });

  it('uses the prompt as reference and passes the image for image cases', () => {
    const prompt = 'Chest x-ray with a left pleural effusion';
    expect(requestsOf(imageCase())).toEqual([
      { label: 'good', request: { reference: prompt, candidate: 'left effusion', prompt, image: '/img/good.png', context: { view: 'PA' } } },
      { label: 'bad', request: { reference: prompt, candidate: '', prompt } },
    ]);
  });
});

describe('verdictOf', () => {
  const outcomes = (values: Record<string, ScoreOutcome>) => Object.entries(values).map(([label, outcome]) => ({ label, outcome }));

  it('passes when every relation holds, with the full result shape', () => {
    const c = ranking({ title: 'Side matters', capability: 'laterality', tags: ['easy'] });
    const r = verdictOf(task(c), text, outcomes({ exact: { value: 0.9, details: { tp: 3 } }, wrong: { value: 0.4 } }));
    expect(r).toEqual({
      suite: 'core',
      caseId: 'laterality/effusion-side',
      kind: 'ranking',
      capability: 'laterality',
      title: 'Side matters',
      tags: ['easy'],
      file: 'cases/c.yaml',
      line: 3,
      column: 5,
      metric: 'fake',
      verdict: 'pass',
      scores: { exact: 0.9, wrong: 0.4 },
      details: { exact: { tp: 3 } },
      expectations: [{ relation: 'exact > wrong', holds: true }],
      texts: { reference: 'Moderate left pleural effusion.', candidates: { exact: 'Moderate left pleural effusion.', wrong: 'Moderate right pleural effusion.' } },
      direction: 'higher',
    });
  });

  it('fails with a reason giving the scores and tolerance', () => {
    const c = ranking({ relations: relations('exact > wrong', 'wrong >= 0.5') });
    const r = verdictOf(task(c), text, outcomes({ exact: { value: 0.4 }, wrong: { value: 0.45 } }));
    expect(r.verdict).toBe('fail');
    expect(r.reason).toBe('exact > wrong (exact = 0.4, wrong = 0.45 (tolerance 0)); wrong >= 0.5 (wrong = 0.45)');
    expect(r.expectations.map((e) => e.holds)).toEqual([false, false]);
  });

  it('uses the case tolerance over the metric tie tolerance, and the metric direction', () => {
    const lower = registered({ direction: 'lower', tieTolerance: 0.5 });
    const scores = outcomes({ exact: { value: 0.25 }, wrong: { value: 0.5 } });
    expect(verdictOf(task(ranking()), lower, scores).verdict).toBe('fail');
    expect(verdictOf(task(ranking()), lower, scores).reason).toBe('exact > wrong (exact = 0.25, wrong = 0.5 (tolerance 0.5, lower is better))');
    expect(verdictOf(task(ranking({ tolerance: 0.125 })), lower, scores).verdict).toBe('pass');
    expect(verdictOf(task(ranking()), lower, scores).direction).toBe('lower');
  });

  it('is an error when a candidate errors, naming each one', () => {
    const r = verdictOf(task(ranking()), text, outcomes({ exact: { value: 0.9 }, wrong: { error: 'fake threw: boom' } }));
    expect(r.verdict).toBe('error');
    expect(r.reason).toBe('wrong: fake threw: boom');
    expect(r.errors).toEqual({ wrong: 'fake threw: boom' });
    expect(r.scores).toEqual({ exact: 0.9 });
    expect(r.expectations).toEqual([]);
    const both = verdictOf(task(ranking()), text, outcomes({ exact: { error: 'e1' }, wrong: { error: 'e2' } }));
    expect(both.reason).toBe('exact: e1; wrong: e2');
  });

  it('marks informational results', () => {
    expect(verdictOf(task(ranking(), { informational: true }), text, outcomes({ exact: { value: 1 }, wrong: { value: 0 } })).informational).toBe(true);
    expect('informational' in verdictOf(task(ranking()), text, outcomes({ exact: { value: 1 }, wrong: { value: 0 } }))).toBe(false);
  });

  it('serialises structured reports into texts', () => {
    const c = ranking({ reference: { findings: ['effusion'] }, candidates: [{ label: 'exact', text: { findings: ['effusion'] } }, { label: 'wrong', text: 'none' }] });
    const r = verdictOf(task(c), text, outcomes({ exact: { value: 1 }, wrong: { value: 0 } }));
    expect(r.texts).toEqual({ reference: '{"findings":["effusion"]}', candidates: { exact: '{"findings":["effusion"]}', wrong: 'none' } });
  });

  it('checks a score case against its expectation', () => {
    expect(verdictOf(task(scoreCase()), text, outcomes({ candidate: { value: 1 } }))).toMatchObject({ verdict: 'pass', scores: { candidate: 1 } });
    const fail = verdictOf(task(scoreCase()), text, outcomes({ candidate: { value: 0.75 } }));
    expect(fail.verdict).toBe('fail');
    expect(fail.reason).toBe('value = 1 ± 1e-9 (value = 0.75)');
    expect(fail.texts).toEqual({ reference: 'No acute findings.', candidates: { candidate: 'No acute findings.' } });
  });

  it('a score case error is an error verdict unless the case expects an error', () => {
    const err = verdictOf(task(scoreCase()), text, outcomes({ candidate: { error: 'cannot parse' } }));
    expect(err).toMatchObject({ verdict: 'error', reason: 'cannot parse', errors: { candidate: 'cannot parse' } });
    const expected = verdictOf(task(scoreCase({ expect: { fake: { error: 'parse' } } })), text, outcomes({ candidate: { error: 'cannot parse' } }));
    expect(expected.verdict).toBe('pass');
    expect(expected.expectations).toEqual([{ relation: 'error contains "parse"', holds: true }]);
    const missing = verdictOf(task(scoreCase({ expect: { fake: { error: true } } })), text, outcomes({ candidate: { value: 0.5 } }));
    expect(missing).toMatchObject({ verdict: 'fail', reason: 'error (the metric returned a value)' });
  });

  it('reports preference cases as skipped, with their scores', () => {
    expect(verdictOf(task(preference()), text, outcomes({ a: { value: 1 }, b: { value: 0 } }))).toMatchObject({ verdict: 'skip', reason: PREFERENCE_REASON, scores: { a: 1, b: 0 } });
  });

  it('evaluates image cases with the prompt as reference text', () => {
    const r = verdictOf(task(imageCase()), registered({ inputs: ['image+prompt'] }), outcomes({ good: { value: 0.8 }, bad: { value: 0.1 } }));
    expect(r.verdict).toBe('pass');
    expect(r.texts).toEqual({ reference: 'Chest x-ray with a left pleural effusion', candidates: { good: 'left effusion', bad: '' } });
  });
});

describe('skipped', () => {
  it('builds a skip result with the reason, with or without a metric', () => {
    expect(skipped(task(ranking()), text, 'why')).toMatchObject({ verdict: 'skip', reason: 'why', metric: 'fake', direction: 'higher', scores: {}, expectations: [] });
    expect('direction' in skipped(task(ranking()), undefined, 'no metric')).toBe(false);
  });
});

describe('verdictOf: clinical differences', () => {
  it('explains a failing text case with each candidate’s clinical differences from the reference', () => {
    const c = ranking({
      reference: 'Moderate left pleural effusion.',
      candidates: [
        { label: 'exact', text: 'Moderate left pleural effusion.' },
        { label: 'wrong_side', text: 'Moderate right pleural effusion.' },
      ],
      relations: relations('exact > wrong_side'),
    });
    const r = verdictOf(task(c), text, [
      { label: 'exact', outcome: { value: 0.5 } },
      { label: 'wrong_side', outcome: { value: 0.9 } },
    ]);
    expect(r.verdict).toBe('fail');
    expect(r.clinical).toEqual({ exact: [], wrong_side: ['laterality: left -> right (pleural effusion) [actionable_not_urgent]'] });
  });

  it('leaves passing results without them', () => {
    const c = ranking({ reference: 'a', candidates: [{ label: 'a', text: 'a' }], relations: relations('a >= 0') });
    expect(verdictOf(task(c), text, [{ label: 'a', outcome: { value: 1 } }]).clinical).toBeUndefined();
  });
});

describe('errorReason: each message once', () => {
  it('groups the candidates that share a message', async () => {
    const { errorReason } = await import('../../src/runner/evaluate.js');
    expect(errorReason({ a: 'judge timed out', b: 'judge timed out', c: 'judge timed out' }, 3)).toBe('all 3 candidates: judge timed out');
    expect(errorReason({ a: 'x', c: 'x' }, 3)).toBe('a, c: x');
    expect(errorReason({ a: 'x', b: 'y' }, 2)).toBe('a: x; b: y');
  });
});
