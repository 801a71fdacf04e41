import { describe, expect, it } from 'vitest';
import { PyException, readAsUpstream } from '../../../../src/metrics/crimson/upstream/evaluation.js';
import { pyJsonLoads } from '../../../../src/metrics/crimson/upstream/pyjson.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';
import { scoreJudgeReply } from '../../../../src/metrics/crimson/judge.js';

const score = (json: string) => computeCrimsonScore(readAsUpstream(pyJsonLoads(json))).crimson_score;

const benign = JSON.stringify({
  reference_findings: [
    { id: 'R1', finding: 'pneumothorax', clinical_significance: 'urgent' },
    { id: 'R2', finding: 'aortic calcification', clinical_significance: 'Benign expected' },
  ],
  predicted_findings: [{ id: 'P1', finding: 'pneumothorax', clinical_significance: 'urgent' }],
  matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
  errors: { false_findings: [], missing_findings: ['R2'], attribute_errors: [] },
});

describe('readAsUpstream: the reply as upstream reads it', () => {
  it('an unnormalised label ("Benign expected") weighs 0.25, as upstream: 0.8, where the built-in crimson says 1', () => {
    expect(score(benign)).toBe(0.8);
    const builtIn = scoreJudgeReply(benign);
    expect('value' in builtIn && builtIn.value).toBe(1);
  });

  it('ids compare as Python dict keys: 1 and "1" differ, 1 and 1.0 and true are one key', () => {
    const ev = (missing: string) =>
      `{"reference_findings": [{"id": 1, "clinical_significance": "urgent"}, {"id": 2, "clinical_significance": "urgent"}],
        "matched_findings": [{"ref_id": 1}], "errors": {"missing_findings": [${missing}]}}`;
    // "2" names no finding: E_miss 0, N_G = 2 -> (1 - 0) / 2
    expect(score(ev('"2"'))).toBe(0.5);
    expect(computeCrimsonScore(readAsUpstream(pyJsonLoads(ev('2.0')))).weighted_error_counts.missing_findings).toBe(1);
    expect(computeCrimsonScore(readAsUpstream(pyJsonLoads(ev('true')))).weighted_error_counts.missing_findings).toBe(1);
    const one = `{"reference_findings": [{"id": 1, "clinical_significance": "urgent"}], "matched_findings": [{"ref_id": true}]}`;
    expect(score(one)).toBe(1);
  });

  it('missing top-level keys are empty lists', () => {
    expect(score('{"reference_findings": [], "predicted_findings": []}')).toBe(1);
    expect(score('{}')).toBe(1);
    expect(score('{"predicted_findings": [{"id": "P1", "clinical_significance": "urgent"}], "errors": {"false_findings": ["P1"]}}')).toBe(-0.5);
  });

  it('a dict in a list position iterates its keys; a string its characters', () => {
    const r = readAsUpstream(pyJsonLoads('{"errors": {"missing_findings": {"R1": true}, "false_findings": ""}}'));
    expect(r.errors!.missing_findings).toEqual(['R1']);
    expect(r.errors!.false_findings).toEqual([]);
  });

  it('what would raise in Python raises PyException (then upstream asks again)', () => {
    const raises = (json: string, msg: RegExp) => expect(() => readAsUpstream(pyJsonLoads(json))).toThrow(msg);
    raises('[1]', /AttributeError: 'list' object has no attribute 'get'/);
    raises('{"reference_findings": [{"finding": "x"}]}', /KeyError: 'id'/);
    raises('{"reference_findings": "R1"}', /TypeError: str indices/);
    raises('{"reference_findings": [{"id": ["R1"]}]}', /unhashable type: 'list'/);
    raises('{"errors": null}', /'NoneType' object has no attribute 'get'/);
    raises('{"matched_findings": 3}', /'int' object is not iterable/);
    raises('{"errors": {"attribute_errors": [{"ref_id": "R1", "error_types": 5}]}}', /argument of type 'int' is not iterable/);
    expect(() => readAsUpstream([])).toThrow(PyException);
  });

  it('error_types as a string counts by substring, as Python `in` does', () => {
    const r = computeCrimsonScore(readAsUpstream(pyJsonLoads('{"errors": {"attribute_errors": [{"ref_id": "R1", "error_types": "location_error", "severity": "significant"}]}}')));
    expect(r.error_counts.location_errors).toBe(1);
  });
});
