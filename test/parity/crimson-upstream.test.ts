/**
 * crimson:upstream reads a reply as upstream's Python does (pyJsonLoads + readAsUpstream) and
 * then scores it: on every parity vector, serialised to JSON as a judge would send it, the
 * result must equal the reference's, bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { computeCrimsonScore } from '../../src/metrics/crimson/score.js';
import { parseUpstreamReply } from '../../src/metrics/crimson/upstream/parse.js';
import { readAsUpstream } from '../../src/metrics/crimson/upstream/evaluation.js';
import { readJsonl } from './_vectors.js';

interface Row {
  id: string;
  evaluation: unknown;
  expected: { crimson_score: number; N_G: number; E_penalty: number; correct: number; S: number; false_findings: number; missing_findings: number; attribute_errors: number };
}

const rows = readJsonl<Row>('crimson-score.jsonl');

describe('crimson:upstream reading + score parity (crimson-score.jsonl)', () => {
  it.each(rows.map((r) => [r.id, r] as const))('%s', (_id, row) => {
    const got = computeCrimsonScore(readAsUpstream(parseUpstreamReply(JSON.stringify(row.evaluation)).value));
    const want = row.expected;
    expect(Object.is(got.crimson_score, want.crimson_score)).toBe(true);
    expect(Object.is(got.metrics.N_G, want.N_G)).toBe(true);
    expect(Object.is(got.metrics.correct, want.correct)).toBe(true);
    expect(Object.is(got.metrics.S, want.S)).toBe(true);
    expect(got.error_counts.false_findings).toBe(want.false_findings);
    expect(got.error_counts.attribute_errors).toBe(want.attribute_errors);
  });
});
