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

/**
 * Pairs per batch: the python extractor's batch size (64 requests, up to 128 reports). The
 * metric extracts a batch's reports and scores its pairs at once (scoreWithExtractor), so the
 * annotations it scores are always the ones just decoded from the worker's reply line.
 */
const BATCH = 64;

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * The metric's path: each batch's JSON text decoded (untimed, as the Python side's json.loads
 * is), then its pairs scored (timed, CPU time summed over the batches); best total of
 * `repeats` after one warm-up.
 */
function bestBatched(batches: readonly string[], out: Float64Array, repeats = 3): number {
  let bestCpu = Infinity;
  for (let rep = 0; rep <= repeats; rep++) {
    let cpu = 0;
    let o = 0;
    for (const text of batches) {
      const batch = JSON.parse(text) as [RadGraphAnnotation, RadGraphAnnotation][];
      const c0 = cpuNow();
      for (let i = 0; i < batch.length; i++) {
        const s = radgraphF1(batch[i]![0], batch[i]![1]);
        out[o++] = s.simple;
        out[o++] = s.partial;
        out[o++] = s.complete;
      }
      cpu += cpuNow() - c0;
    }
    if (rep > 0) bestCpu = Math.min(bestCpu, cpu);
  }
  return bestCpu;
}

export const radgraphGroup: BenchGroup = {
  id: 'radgraph-f1',
  rows: ['radgraph-f1'],
  async run(): Promise<BenchRow[]> {
    const rand = mulberry32(21);
    const generated = Array.from({ length: PAIRS }, () => [annotation(rand), annotation(rand)]);
    // Both sides score parsed JSON (every long string its own object, not a shared literal).
    const batches: string[] = [];
    for (let b = 0; b < PAIRS; b += BATCH) batches.push(JSON.stringify(generated.slice(b, b + BATCH)));
    const out = new Float64Array(3 * PAIRS);
    // best of 5 on both sides: the gap between the two is large, a shared machine's noise too
    const oursCpu = bestBatched(batches, out, 5);
    const ref = runPython<number[]>('radgraph_f1.py', { batches }, [], 5);
    checkEqual('radgraph-f1', Array.from(out), ref.outputs.flat());
    const x = ref.cpuSeconds / oursCpu;

    // The same pairs as one pre-parsed corpus (~60 MB of objects, far out of the caches): what
    // a script scoring stored annotations sees; bounded by the first reads of its objects.
    const corpus = JSON.parse(JSON.stringify(generated)) as [RadGraphAnnotation, RadGraphAnnotation][];
    const cold = best(() => {
      for (let i = 0; i < PAIRS; i++) {
        const s = radgraphF1(corpus[i]![0], corpus[i]![1]);
        out[3 * i] = s.simple;
        out[3 * i + 1] = s.partial;
        out[3 * i + 2] = s.complete;
      }
      return out;
    }, 3);
    const coldRef = runPython<number[]>('radgraph_f1.py', { pairs: corpus }, [], 3);
    checkEqual('radgraph-f1 (corpus)', Array.from(cold.value), coldRef.outputs.flat());
    const coldX = coldRef.cpuSeconds / cold.cpuSeconds;
    return [{
      id: 'radgraph-f1',
      what: `RadGraph-F1, all three levels, vs radgraph's \`compute_reward\` (formula ported: bench/_python/radgraph_f1.py), ${PAIRS} pairs of 15-entity annotations, as the metric scores them: batches of ${BATCH} pairs decoded from JSON (untimed on both sides), then every pair scored, nothing kept between pairs (timed)`,
      project: `${duration(oursCpu / PAIRS)}/pair (one pre-parsed ${PAIRS}-pair corpus: ${duration(cold.cpuSeconds / PAIRS)}/pair, ${ratio(coldX)})`,
      reference: `Python ${ref.python}: ${duration(ref.cpuSeconds / PAIRS)}/pair (corpus: ${duration(coldRef.cpuSeconds / PAIRS)}/pair)`,
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
    // Parsed JSON, as the judge's reply reaches computeCrimsonScore and as the Python side reads
    // it (ids and labels are the parser's strings, not shared literals).
    const data = JSON.parse(JSON.stringify(Array.from({ length: PAIRS }, () => evaluation(rand)))) as CrimsonEvaluationInput[];
    const results = new Array<ReturnType<typeof computeCrimsonScore>>(PAIRS);
    // best of 5 on both sides (a shared machine's noise)
    const ours = best(() => {
      for (let i = 0; i < PAIRS; i++) results[i] = computeCrimsonScore(data[i]!);
      return results;
    }, 5);
    const flat = ours.value.flatMap((r) => [r.crimson_score, r.metrics.N_G, r.metrics.E_penalty, r.metrics.correct, r.metrics.S, r.error_counts.false_findings, r.error_counts.missing_findings, r.error_counts.attribute_errors, r.error_counts.location_errors]);
    const ref = runPython<number[]>('crimson_score.py', { evaluations: data }, [], 5);
    checkEqual('crimson-score', flat, ref.outputs.flat());
    const x = ref.cpuSeconds / ours.cpuSeconds;
    return [{
      id: 'crimson-score',
      what: `CRIMSON score of a judge evaluation vs upstream's \`_calculate_crimson\` (formula ported: bench/_python/crimson_score.py), ${PAIRS} evaluations, parsed JSON on both sides`,
      project: `${duration(ours.cpuSeconds / PAIRS)}/evaluation`,
      reference: `Python ${ref.python}: ${duration(ref.cpuSeconds / PAIRS)}/evaluation`,
      result: ratio(x),
      goal: '>= 10x',
      met: x >= 10,
    }];
  },
};
