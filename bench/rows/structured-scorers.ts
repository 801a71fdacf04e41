/**
 * RadGraph-F1 and the CRIMSON score against small Python ports of their published formulas
 * (bench/_python/radgraph_f1.py, crimson_score.py: the packages cannot be installed here), on
 * the same generated annotations and judge evaluations, outputs checked equal.
 */
import { computeCrimsonScore, type CrimsonEvaluationInput } from '../../src/metrics/crimson/score.js';
import type { RadGraphAnnotation } from '../../src/metrics/radgraph/extractors/types.js';
import { radgraphF1 } from '../../src/metrics/radgraph/score.js';
import { mulberry32 } from '../../src/util/prng.js';
import { runPython } from '../_lib/python.js';
import { checkEqual, ratio, type BenchGroup, type BenchRow } from '../_lib/row.js';
import { best, duration } from '../_lib/timing.js';

const PAIRS = Number(process.env.BENCH_STRUCTURED_PAIRS ?? 20_000);

const OBSERVATIONS = ['effusion', 'pneumothorax', 'opacity', 'consolidation', 'atelectasis', 'edema', 'cardiomegaly', 'nodule', 'fracture', 'tube', 'catheter', 'congestion', 'Effusion', 'Opacity'];
const ANATOMY = ['left', 'right', 'pleural', 'lower lobe', 'base', 'apex', 'heart', 'lung', 'mediastinum', 'rib', 'SVC', 'basilar'];
const MODIFIERS = ['small', 'moderate', 'large', 'mild', 'increased', 'new', 'stable', 'trace'];
const LABELS = ['Observation::definitely present', 'Observation::definitely absent', 'Observation::uncertain', 'Anatomy::definitely present'];

/** A report-sized annotation: 15 entities, observations located at anatomy, modifiers on both. */
function annotation(rand: () => number, size = 15): RadGraphAnnotation {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const entities: RadGraphAnnotation['entities'] = {};
  for (let i = 1; i <= size; i++) {
    const kind = i % 3;
    const tokens = kind === 0 ? pick(ANATOMY) : kind === 1 ? pick(OBSERVATIONS) : pick(MODIFIERS);
    const label = kind === 0 ? LABELS[3]! : pick(LABELS.slice(0, 3));
    const relations: [string, string][] = [];
    if (kind === 1 && i + 2 <= size) relations.push(['located_at', String(i + 2)]);
    if (kind === 2 && i > 1) relations.push(['modify', String(i - 1)]);
    if (kind === 1 && rand() < 0.2 && i > 3) relations.push(['suggestive_of', String(i - 3)]);
    entities[String(i)] = { tokens, label, start_ix: i, end_ix: i, relations };
  }
  return { entities };
}

export const radgraphGroup: BenchGroup = {
  id: 'radgraph-f1',
  rows: ['radgraph-f1'],
  async run(): Promise<BenchRow[]> {
    const rand = mulberry32(21);
    // Scored from parsed JSON, as the Python side is (and as annotations reach the metric from
    // the cache or the Python worker): every string its own object, not a shared literal.
    const data = JSON.parse(JSON.stringify(Array.from({ length: PAIRS }, () => [annotation(rand), annotation(rand)]))) as [RadGraphAnnotation, RadGraphAnnotation][];
    const out = new Float64Array(3 * PAIRS);
    const ours = best(() => {
      for (let i = 0; i < PAIRS; i++) {
        const s = radgraphF1(data[i]![0], data[i]![1]);
        out[3 * i] = s.simple;
        out[3 * i + 1] = s.partial;
        out[3 * i + 2] = s.complete;
      }
      return out;
    }, 3);
    const ref = runPython<number[]>('radgraph_f1.py', { pairs: data }, [], 3); // best of 3, as ours
    checkEqual('radgraph-f1', Array.from(ours.value), ref.outputs.flat());
    const x = ref.cpuSeconds / ours.cpuSeconds;
    return [{
      id: 'radgraph-f1',
      what: `RadGraph-F1, all three levels, vs radgraph's \`compute_reward\` (formula ported: bench/_python/radgraph_f1.py), ${PAIRS} pairs of 15-entity annotations`,
      project: `${duration(ours.cpuSeconds / PAIRS)}/pair`,
      reference: `Python ${ref.python}: ${duration(ref.cpuSeconds / PAIRS)}/pair`,
      result: ratio(x),
      goal: '>= 10x',
      met: x >= 10,
    }];
  },
};

const SIGNIFICANCE = ['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected', 'unclear'];
const TYPES = ['location', 'severity', 'descriptor', 'measurement', 'certainty', 'unspecific', 'overinterpretation', 'temporal'];

/** A judge evaluation of a report pair: 1-8 findings a side, matches, false/missing/attribute errors. */
function evaluation(rand: () => number): CrimsonEvaluationInput {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const nRef = Math.floor(rand() * 8) + 1;
  const nPred = Math.floor(rand() * 8) + 1;
  const refs = Array.from({ length: nRef }, (_, i) => ({ id: `R${i + 1}`, finding: `finding ${i}`, clinical_significance: pick(SIGNIFICANCE) }));
  const preds = Array.from({ length: nPred }, (_, i) => ({ id: `P${i + 1}`, finding: `finding ${i}`, clinical_significance: pick(SIGNIFICANCE) }));
  const matched = [];
  for (let i = 0; i < Math.min(nRef, nPred); i++) if (rand() < 0.6) matched.push({ ref_id: `R${i + 1}`, pred_id: `P${i + 1}` });
  const matchedRef = new Set(matched.map((m) => m.ref_id));
  const matchedPred = new Set(matched.map((m) => m.pred_id));
  return {
    reference_findings: refs,
    predicted_findings: preds,
    matched_findings: matched,
    errors: {
      false_findings: preds.map((p) => p.id).filter((id) => !matchedPred.has(id)),
      missing_findings: refs.map((r) => r.id).filter((id) => !matchedRef.has(id)),
      attribute_errors: matched.filter(() => rand() < 0.4).map((m) => ({
        ref_id: m.ref_id, pred_id: m.pred_id, severity: pick(['significant', 'negligible', 'moderate']),
        error_types: [pick(TYPES), ...(rand() < 0.3 ? [pick(TYPES)] : [])], explanation: 'differs',
      })),
    },
  };
}

export const crimsonGroup: BenchGroup = {
  id: 'crimson-score',
  rows: ['crimson-score'],
  async run(): Promise<BenchRow[]> {
    const rand = mulberry32(22);
    const data = Array.from({ length: PAIRS }, () => evaluation(rand));
    const results = new Array<ReturnType<typeof computeCrimsonScore>>(PAIRS);
    const ours = best(() => {
      for (let i = 0; i < PAIRS; i++) results[i] = computeCrimsonScore(data[i]!);
      return results;
    }, 3);
    const flat = ours.value.flatMap((r) => [r.crimson_score, r.metrics.N_G, r.metrics.E_penalty, r.metrics.correct, r.metrics.S, r.error_counts.false_findings, r.error_counts.missing_findings, r.error_counts.attribute_errors, r.error_counts.location_errors]);
    const ref = runPython<number[]>('crimson_score.py', { evaluations: data }, [], 3);
    checkEqual('crimson-score', flat, ref.outputs.flat());
    const x = ref.cpuSeconds / ours.cpuSeconds;
    return [{
      id: 'crimson-score',
      what: `CRIMSON score of a judge evaluation vs upstream's \`_calculate_crimson\` (formula ported: bench/_python/crimson_score.py), ${PAIRS} evaluations`,
      project: `${duration(ours.cpuSeconds / PAIRS)}/evaluation`,
      reference: `Python ${ref.python}: ${duration(ref.cpuSeconds / PAIRS)}/evaluation`,
      result: ratio(x),
      goal: '>= 10x',
      met: x >= 10,
    }];
  },
};
