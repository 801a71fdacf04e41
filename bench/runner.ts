import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CASES = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes 10,000 ranking cases with 3 candidates, as `perFile` cases per file. */
function generate(dir: string, perFile: number): void {
  mkdirSync(path.join(dir, 'cases'), { recursive: true });
  const sides = ['left', 'right'];
  const findings = ['pleural effusion', 'pneumothorax', 'consolidation', 'atelectasis', 'nodule'];
  for (let f = 0; f < CASES / perFile; f++) {
    const cases = [];
    for (let i = 0; i < perFile; i++) {
      const n = f * perFile + i;
      const side = sides[n % 2]!;
      const finding = findings[n % findings.length]!;
      cases.push(`  - id: bench/${n}\n    capability: laterality\n    reference: Small ${side} ${finding} number ${n}.\n` +
        `    candidates:\n      exact: Small ${side} ${finding} number ${n}.\n      wrong: Small ${sides[(n + 1) % 2]} ${finding} number ${n}.\n      none: No ${finding}.\n` +
        `    expect: [exact >= wrong, exact >= none]\n`);
    }
    writeFileSync(path.join(dir, 'cases', `f${f}.yaml`), `defaults: { kind: ranking }\ncases:\n${cases.join('')}`);
  }
  writeFileSync(path.join(dir, 'noop.mjs'), `export default { id: 'noop', version: '1', description: 'constant', direction: 'higher',
  range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], batchSize: 1000, score: (rs) => rs.map(() => ({ value: 0.5 })) };\n`);
  writeFileSync(path.join(dir, 'metric-suite.config.yaml'), 'metrics:\n  noop: { module: ./noop.mjs }\n');
}

/** One CLI run in a fresh process: wall time and peak RSS as the child measures them. */
function measure(dir: string, extra: string[]): { ms: number; rssMB: number; exit: number } {
  const child = path.join(here, '_runner-child.mjs');
  const r = spawnSync(process.execPath, [child, dir, ...extra], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ms: number; rssMB: number; exit: number };
}

export async function runnerBench(): Promise<void> {
  console.log(`runner: ${CASES} ranking cases × 3 candidates, no-op module metric, default reporter to a null sink`);
  for (const perFile of [1, 100]) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-bench-'));
    try {
      generate(dir, perFile);
      const label = perFile === 1 ? 'one case per file' : `${perFile} cases per file`;
      for (const [name, flags] of [['no cache', ['--no-cache']], ['cold cache', []], ['warm cache', []]] as const) {
        const { ms, rssMB, exit } = measure(dir, [...flags]);
        console.log(`  ${label.padEnd(20)} ${name.padEnd(11)} ${ms.toFixed(0).padStart(6)} ms  ${((ms * 1000) / CASES).toFixed(1).padStart(6)} µs/case  peak RSS ${rssMB.toFixed(0)} MB  exit ${exit}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

