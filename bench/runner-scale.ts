/**
 * Runner at scale (issue 14/16): 50,000 ranking cases × a no-op module metric (µs/case, peak
 * RSS), and 100,000 cases × one metric with the json reporter written to a file (peak RSS).
 * Each measurement is a fresh process (bench/_scale-child.mjs). Prints one row per run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `n` ranking cases with 3 candidates, 100 per file, and a no-op metric module. */
export function generateScaleProject(dir: string, n: number): void {
  mkdirSync(path.join(dir, 'cases'), { recursive: true });
  const sides = ['left', 'right'];
  const findings = ['pleural effusion', 'pneumothorax', 'consolidation', 'atelectasis', 'nodule'];
  for (let f = 0; f * 100 < n; f++) {
    let text = 'defaults: { kind: ranking }\ncases:\n';
    for (let k = f * 100; k < Math.min(n, (f + 1) * 100); k++) {
      const side = sides[k % 2]!;
      const other = sides[(k + 1) % 2]!;
      const finding = findings[k % findings.length]!;
      text += `  - id: scale/${k}\n    capability: laterality\n    reference: Small ${side} ${finding}, case ${k}.\n` +
        `    candidates:\n      exact: Small ${side} ${finding}, case ${k}.\n      wrong: Small ${other} ${finding}, case ${k}.\n      none: No ${finding}.\n` +
        '    expect: [exact >= wrong, exact >= none]\n';
    }
    writeFileSync(path.join(dir, 'cases', `f${f}.yaml`), text);
  }
  writeFileSync(path.join(dir, 'noop.mjs'), `export default { id: 'noop', version: '1', description: 'constant', direction: 'higher',
  range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], batchSize: 1000, score: (rs) => rs.map(() => ({ value: 0.5 })) };\n`);
  writeFileSync(path.join(dir, 'metric-suite.config.yaml'), 'metrics:\n  noop: { module: ./noop.mjs }\n');
}

export function measure(dir: string, argv: string[]): { ms: number; cpuMs: number; rssMB: number; exit: number } {
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', path.join(here, '_scale-child.mjs'), dir, ...argv], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const last = r.stdout.trim().split('\n').at(-1);
  if (!last?.startsWith('{')) throw new Error(`bench child failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return JSON.parse(last) as { ms: number; cpuMs: number; rssMB: number; exit: number };
}

const row = (label: string, n: number, m: { ms: number; cpuMs: number; rssMB: number; exit: number }, extra = ''): string =>
  `  ${label.padEnd(44)} ${m.ms.toFixed(0).padStart(7)} ms  ${((m.ms * 1000) / n).toFixed(1).padStart(6)} µs/case  peak RSS ${m.rssMB.toFixed(0).padStart(5)} MB  exit ${m.exit}${extra}`;

export async function runnerScaleBench(): Promise<void> {
  console.log('runner at scale: ranking cases × 3 candidates, 100 cases per file, fresh process per run');
  const only = process.env.RUNNER_SCALE_ONLY;
  for (const [n, metric, reporter, cache] of [[50_000, 'noop', 'default', '--no-cache'], [100_000, 'noop', 'json', '--no-cache'], [100_000, 'bleu', 'json', '--no-cache']] as const) {
    if (only && !`${n}-${metric}-${reporter}`.includes(only)) continue;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-scale-'));
    try {
      generateScaleProject(dir, n);
      const out = path.join(dir, 'report.json');
      const argv = ['run', '--cases', 'cases/*.yaml', '--metric', metric, cache, ...(reporter === 'json' ? ['--reporter', 'json', '--output-file', `json=${out}`] : [])];
      const m = measure(dir, argv);
      const size = reporter === 'json' ? `  report ${(statSync(out).size / 1e6).toFixed(0)} MB` : '';
      console.log(row(`${n.toLocaleString('en')} cases × ${metric}, ${reporter} reporter`, n, m, size));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export default runnerScaleBench;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await runnerScaleBench();
