import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_SEVERITY_WEIGHTS, SIGNIFICANCE_WEIGHTS, computeCrimsonScore, type CrimsonEvaluationInput } from '../../../src/metrics/crimson/score.js';
import { pyRound } from '../../../src/metrics/crimson/round.js';
import { mulberry32 } from '../../../src/util/prng.js';

/** METRICS §1.2 with Maps and Sets throughout, the obvious way: the oracle for the scanning path. */
function oracle(e: CrimsonEvaluationInput) {
  const w = (t: Record<string, number>, l: unknown) => (typeof l === 'string' && Object.hasOwn(t, l) ? t[l]! : 0.25);
  const refs = e.reference_findings ?? [], preds = e.predicted_findings ?? [], matched = e.matched_findings ?? [];
  const errs = e.errors ?? {}, attrs = errs.attribute_errors ?? [];
  const rw = new Map(refs.map((r) => [r.id, w(SIGNIFICANCE_WEIGHTS, r.clinical_significance)]));
  const pw = new Map(preds.map((p) => [p.id, w(SIGNIFICANCE_WEIGHTS, p.clinical_significance)]));
  const eFalse = (errs.false_findings ?? []).reduce((s: number, id) => s + (pw.get(id) ?? 0), 0);
  const eMiss = (errs.missing_findings ?? []).reduce((s: number, id) => s + (rw.get(id) ?? 0), 0);
  let nG = refs.reduce((s, r) => s + w(SIGNIFICANCE_WEIGHTS, r.clinical_significance), 0);
  if (nG === 0 && refs.length === 0) nG = matched.length + eMiss;
  const seen = new Set<unknown>();
  let correct = 0;
  for (const m of matched) {
    if (seen.has(m.ref_id)) continue;
    seen.add(m.ref_id);
    const b = rw.get(m.ref_id) ?? 0;
    const own = attrs.filter((a) => new Map([[a.ref_id, 1]]).has(m.ref_id));
    if (!own.length) correct += b;
    else {
      const a = own.reduce((s, x) => s + w(ATTRIBUTE_SEVERITY_WEIGHTS, x.severity), 0);
      correct += b * (b + a > 0 ? b / (b + a) : 0);
    }
  }
  const more = eFalse - correct;
  const S = nG === 0 ? (eFalse === 0 && eMiss === 0 ? 1 : -(eFalse + eMiss + 1)) : (correct - eFalse) / nG;
  return { crimson_score: pyRound(S >= 0 ? S : more > 0 ? (-1 * more) / (1 + more) : 0, 4), N_G: nG, E_penalty: eFalse, correct, S };
}

describe('computeCrimsonScore: the scanning path (few findings) and the indexed path (many) agree with Maps', () => {
  it('random evaluations with repeated, numeric and NaN ids, unknown labels, 1-60 findings a side', () => {
    const rand = mulberry32(31);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const labels = [...Object.keys(SIGNIFICANCE_WEIGHTS), 'unclear', undefined, 'constructor'];
    for (let t = 0; t < 3000; t++) {
      const n = t % 5 === 0 ? 40 + Math.floor(rand() * 20) : 1 + Math.floor(rand() * 8);
      const id = (p: string) => pick<unknown>([`${p}${Math.floor(rand() * n)}`, Math.floor(rand() * 3), Number.NaN, `${p}1`]);
      const refs = Array.from({ length: n }, () => ({ id: id('R'), clinical_significance: pick(labels) }));
      const preds = Array.from({ length: n }, () => ({ id: id('P'), clinical_significance: pick(labels) }));
      const matched = Array.from({ length: Math.floor(rand() * n) }, () => ({ ref_id: id('R'), pred_id: id('P') }));
      const attrs = Array.from({ length: Math.floor(rand() * (n + 2)) }, () => ({ ref_id: id('R'), pred_id: id('P'), severity: pick(['significant', 'negligible', 'moderate', undefined]), error_types: ['location'] }));
      const e: CrimsonEvaluationInput = { reference_findings: refs, predicted_findings: preds, matched_findings: matched, errors: { false_findings: preds.map((p) => p.id).slice(0, 3), missing_findings: refs.map((r) => r.id).slice(0, 3), attribute_errors: attrs } };
      const got = computeCrimsonScore(e);
      const want = oracle(e);
      for (const [k, v] of Object.entries({ crimson_score: got.crimson_score, ...got.metrics })) {
        if (k in want) expect(Object.is(v, want[k as keyof typeof want]), `${k}: ${v} vs ${want[k as keyof typeof want]}`).toBe(true);
      }
    }
  });
});
