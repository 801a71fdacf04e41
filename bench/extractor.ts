/**
 * Extractor throughput: ~50-word chest X-ray reports built from varied sentence templates
 * (negations, hedges, lists, devices, measurements, normal statements), extracted one after
 * another on this thread after a warm-up. Goal (issue 16): >= 15,000 reports/s on one core. The
 * output of the speed work is checked unchanged by bench/golden-extractor.ts.
 */
import { extractFindings } from '../src/clinical/extract/index.js';
import { mulberry32 } from '../src/util/prng.js';

const REPORTS = 2_000;
const WARMUP_MS = 1_000;
const MEASURE_MS = 3_000;

const rng = mulberry32; // deterministic: every run extracts the same reports

const SIDES = ['left', 'right', 'bilateral'];
const SIZES = ['trace', 'small', 'moderate', 'large', 'small to moderate'];
const TIMES = ['new', 'stable', 'increasing', 'decreased', 'unchanged', 'persistent'];
const LOBES = ['right upper lobe', 'right lower lobe', 'left lower lobe', 'lingula', 'RML', 'left upper lobe'];
const SENTENCES: ((r: () => number) => string)[] = [
  (r) => `There is a ${pick(r, SIZES)} ${pick(r, SIDES)} pleural effusion.`,
  () => 'No pneumothorax, pleural effusion, or focal consolidation.',
  (r) => `${cap(pick(r, TIMES))} ${pick(r, LOBES)} opacity, likely atelectasis, although pneumonia cannot be excluded.`,
  () => 'Heart size is normal and the mediastinal contours are unremarkable.',
  (r) => `Endotracheal tube terminates ${(2 + r() * 5).toFixed(1)} cm above the carina.`,
  () => 'Enteric tube courses below the diaphragm with tip in the stomach.',
  (r) => `${cap(pick(r, SIDES))} PICC with tip in the ${pick(r, ['mid SVC', 'cavoatrial junction', 'right atrium'])}.`,
  (r) => `A ${Math.round(4 + r() * 20)} mm nodule is seen in the ${pick(r, LOBES)}.`,
  () => 'The lungs are clear without focal consolidation.',
  () => 'No change in moderate cardiomegaly with mild pulmonary vascular congestion.',
  () => 'Costophrenic angles are sharp. No acute osseous abnormality.',
  (r) => `${cap(pick(r, SIZES))} ${pick(r, ['left', 'right'])} apical pneumothorax, ${pick(r, TIMES)} since the prior study.`,
  () => 'Degenerative changes of the thoracic spine and a calcified granuloma in the left upper lobe.',
  () => 'Findings may represent atelectasis or early pneumonia in the appropriate clinical setting.',
];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Varied reports of about `words` words each. */
export function generateReports(count: number, words = 50, seed = 42): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const parts = ['FINDINGS:'];
    let n = 1;
    while (n < words - 4) {
      const s = pick(r, SENTENCES)(r);
      parts.push(s);
      n += s.split(/\s+/).length;
    }
    parts.push('IMPRESSION: No acute cardiopulmonary process.');
    out.push(parts.join(' '));
  }
  return out;
}

/** Process CPU seconds (user + system): on a shared machine, the time this thread actually ran. */
const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function runFor(reports: readonly string[], ms: number): { count: number; seconds: number; findings: number } {
  const start = cpuSeconds();
  let count = 0;
  let findings = 0;
  while ((cpuSeconds() - start) * 1000 < ms) {
    for (let i = 0; i < 100; i++) findings += extractFindings(reports[count++ % reports.length]!).length;
  }
  return { count, seconds: cpuSeconds() - start, findings };
}

/** Single-thread throughput on ~`words`-word reports, after a warm-up. */
export function measureExtractor(words = 50): { perSecond: number; avgWords: number; findingsPerReport: number; microsPerReport: number } {
  const reports = generateReports(REPORTS, words);
  const avgWords = reports.reduce((n, r) => n + r.split(/\s+/).length, 0) / reports.length;
  runFor(reports, WARMUP_MS);
  const { count, seconds, findings } = runFor(reports, MEASURE_MS);
  return { perSecond: count / seconds, avgWords, findingsPerReport: findings / count, microsPerReport: (seconds * 1e6) / count };
}

/** Prints the extractor's single-thread throughput (reports per second). */
export async function extractorBench(): Promise<void> {
  const reports = generateReports(REPORTS);
  const avgWords = reports.reduce((n, r) => n + r.split(/\s+/).length, 0) / reports.length;
  console.log(`extractor: ${REPORTS} generated reports, ${avgWords.toFixed(0)} words on average, one thread`);
  runFor(reports, WARMUP_MS);
  const { count, seconds, findings } = runFor(reports, MEASURE_MS);
  const perSecond = count / seconds;
  console.log(`  ${perSecond.toFixed(0).padStart(7)} reports/s  ${((seconds * 1e6) / count).toFixed(1)} µs/report  ${(findings / count).toFixed(1)} findings/report  (goal >= 15000/s)`);
}
