/**
 * Laws benchmark (issue 6): 12 laws × 5 CPU metrics × 100 runs, through the runner's scheduler
 * (no disk cache), including shrinking of the failures. Goal: under 10 s.
 */
import { defaultSeed, evaluateLaw, LAWS } from '../src/laws/index.js';
import { builtinProviders } from '../src/metrics/builtins.js';
import { MetricRegistry } from '../src/metrics/registry.js';
import { schedulerScorer } from '../src/runner/law-scorer.js';

const scorer = schedulerScorer();

const METRICS = ['bleu', 'bleu-1', 'rouge-l', 's-score:text', 'crimson:lexicon'];
// every law but the two that only some metrics take (symmetric, deterministic): 12
const LAW_IDS = Object.keys(LAWS).filter((id) => id !== 'symmetric' && id !== 'deterministic');

export default async function lawsBench(): Promise<void> {
  const registry = new MetricRegistry(builtinProviders, { 'bleu-1': { use: 'bleu', options: { weights: [1] } } });
  const started = performance.now();
  let requests = 0;
  const verdicts: Record<string, number> = {};
  for (const id of METRICS) {
    const reg = await registry.get(id);
    const t = performance.now();
    for (const lawId of LAW_IDS) {
      const r = await evaluateLaw(LAWS[lawId]!, reg, { score: scorer, numRuns: 100, seed: defaultSeed(lawId) });
      requests += r.requests;
      verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
    }
    console.log(`  ${id.padEnd(16)} ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }
  const s = (performance.now() - started) / 1000;
  console.log(`laws: ${LAW_IDS.length} laws × ${METRICS.length} metrics × 100 runs in ${s.toFixed(2)} s (goal < 10 s; ${requests} requests; verdicts ${JSON.stringify(verdicts)})`);
  await registry.closeAll();
}
