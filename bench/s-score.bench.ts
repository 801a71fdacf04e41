/**
 * S-Score throughput (`npm run bench -- s-score`): report pairs per second for `sScore` (parsing,
 * name normalization and the formulas) and for the formulas alone, under the literal and robust
 * readings, plus `s-score:text` (the clinical extractor on free text). When python3 is on the
 * PATH, the same pairs are scored by bench/_python/s_score.py, a straightforward stdlib-only
 * Python implementation of the same formulas, and the means are compared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scorePair, type CanonicalReport } from '../src/metrics/s-score/formulas.js';
import { resolveReadings, type Preset } from '../src/metrics/s-score/options.js';
import type { StructuredReport } from '../src/metrics/s-score/report.js';
import { sScore } from '../src/metrics/s-score/score.js';
import { lexiconVocabulary } from '../src/metrics/s-score/lexicon.js';
import { sScoreTextProvider } from '../src/metrics/s-score/variants.js';
import { mulberry32 } from '../src/util/prng.js';

const PAIRS = 20_000;
const here = path.dirname(fileURLToPath(import.meta.url));

const NAMES = ['pleural effusion', 'pneumothorax', 'consolidation', 'atelectasis', 'cardiomegaly', 'pulmonary edema', 'nodule', 'pneumonia', 'mass', 'rib fracture', 'emphysema', 'hiatal hernia'];
const LEVELS = ['mild', 'moderate', 'severe', 'small', 'large', 'trace'];
const LOCATIONS = ['left', 'right base', 'left lower lobe', 'right upper lobe', 'bilateral', 'in the lower zone of the left lung', 'in the upper zone of the right lung', 'retrocardiac', 'left apex'];

const prng = mulberry32; // deterministic: every run scores the same pairs

function generate(n: number): { reference: StructuredReport; prediction: StructuredReport }[] {
  const rand = prng(4);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const report = (): StructuredReport => {
    const names = [...NAMES].sort(() => rand() - 0.5);
    const nPos = Math.floor(rand() * 4);
    const nNeg = Math.floor(rand() * 4);
    return {
      positive: names.slice(0, nPos).map((name) => ({
        name,
        ...(rand() < 0.9 ? { probability: pick([1, 2, 3] as const) } : {}),
        ...(rand() < 0.8 ? { level: pick(LEVELS) } : {}),
        ...(rand() < 0.8 ? { location: pick(LOCATIONS) } : {}),
      })),
      negative: names.slice(nPos, nPos + nNeg).map((name) => ({ name })),
    };
  };
  // Predictions: half perturb the reference (keep, drop, change an attribute), half are independent.
  return Array.from({ length: n }, () => {
    const reference = report();
    if (rand() < 0.5) return { reference, prediction: report() };
    const prediction: StructuredReport = {
      positive: reference.positive.filter(() => rand() < 0.8).map((f) => (rand() < 0.3 ? { ...f, probability: pick([1, 2, 3] as const), location: pick(LOCATIONS) } : f)),
      negative: reference.negative.filter(() => rand() < 0.8),
    };
    return { reference, prediction };
  });
}

function canonical(r: StructuredReport): CanonicalReport {
  const positive = new Map<string, StructuredReport['positive'][number]>();
  for (const f of r.positive) if (!positive.has(f.name)) positive.set(f.name, f);
  return { positive, negative: new Set(r.negative.map((f) => f.name)) };
}

/** Best of `runs` timings of `fn` over the pairs, as pairs per second; returns the mean score too. */
function time(runs: number, n: number, fn: () => number): { perSecond: number; mean: number } {
  let best = Infinity;
  let sum = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sum = fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { perSecond: (n * 1000) / best, mean: sum / n };
}

const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');

export default async function sScoreBench(): Promise<void> {
  const pairs = generate(PAIRS);
  lexiconVocabulary(); // load the lexicon outside the timings
  console.log(`s-score: ${PAIRS.toLocaleString('en-US')} generated structured report pairs (0-3 positives, 0-3 negatives each), best of 5`);
  const means: Record<string, number> = {};
  for (const preset of ['literal', 'robust'] as Preset[]) {
    const full = time(5, PAIRS, () => pairs.reduce((s, p) => s + sScore(p.reference, p.prediction, { preset }).s, 0));
    const r = resolveReadings({}, preset);
    const canon = pairs.map((p) => ({ reference: canonical(p.reference), prediction: canonical(p.prediction) }));
    const formulas = time(5, PAIRS, () => canon.reduce((s, p) => s + scorePair(p.reference, p.prediction, r).s, 0));
    means[preset] = full.mean;
    console.log(`  ${preset.padEnd(8)} sScore (parse + names + formulas) ${fmt(full.perSecond).padStart(9)} pairs/s   formulas only ${fmt(formulas.perSecond).padStart(9)} pairs/s   mean S ${full.mean.toFixed(6)}`);
  }

  const texts = ['Small left pleural effusion. No pneumothorax.', 'Moderate cardiomegaly with mild pulmonary edema. Possible right lower lobe pneumonia.', 'No acute cardiopulmonary process. Heart size is normal.', 'Large right pneumothorax. Bibasilar atelectasis.'];
  const metric = sScoreTextProvider.create({}, { root: process.cwd() });
  const m = metric instanceof Promise ? await metric : metric;
  const requests = Array.from({ length: 2_000 }, (_, i) => ({ reference: texts[i % texts.length]!, candidate: texts[(i * 7 + 1) % texts.length]! }));
  const signal = new AbortController().signal;
  const text = time(3, requests.length, () => {
    const outs = m.score(requests, { signal }) as { value?: number }[];
    return outs.reduce((s, o) => s + (o.value ?? 0), 0);
  });
  console.log(`  s-score:text (extractor on both reports + robust formulas) ${fmt(text.perSecond).padStart(9)} pairs/s`);

  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  if (python.status !== 0) {
    console.log('  python3 not found: no comparison with bench/_python/s_score.py');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-s-score-'));
  try {
    const file = path.join(dir, 'pairs.json');
    writeFileSync(file, JSON.stringify(pairs));
    for (const preset of ['literal', 'robust']) {
      let best = Infinity;
      let mean = NaN;
      for (let i = 0; i < 3; i++) {
        const r = spawnSync('python3', [path.join(here, '_python', 's_score.py'), file, preset], { encoding: 'utf8', maxBuffer: 1 << 26 });
        if (r.status !== 0) throw new Error(`python s_score.py failed: ${r.stderr}`);
        const out = JSON.parse(r.stdout) as { seconds: number; mean: number };
        best = Math.min(best, out.seconds);
        mean = out.mean;
      }
      const agree = Math.abs(mean - means[preset]!) < 1e-9 ? 'means agree' : `MEANS DIFFER (TypeScript ${means[preset]})`;
      console.log(`  python ${preset.padEnd(8)} (${python.stdout.trim() || python.stderr.trim()}, stdlib) ${fmt(PAIRS / best).padStart(9)} pairs/s   mean S ${mean.toFixed(6)}   ${agree}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
