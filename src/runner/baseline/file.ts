/**
 * The baseline file: JSON, written so that each case × metric is ONE line and every key is
 * sorted, so a review diff shows exactly the verdicts (and scores) that changed:
 *
 *   {
 *     "format": "metric-suite-baseline",
 *     "formatVersion": 1,
 *     "suites": {
 *       "core": {
 *         "bleu": {
 *           "version": "1.0.0",
 *           "cases": {
 *             "laterality/left-right": { "verdict": "fail", "scores": { "exact": 1, "wrong_side": 0.84 } }
 *           },
 *           "laws": {
 *             "bounded": { "verdict": "pass" }
 *           }
 *         }
 *       }
 *     }
 *   }
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RunReport, Verdict } from '../results.js';
import type { Baseline, BaselineEntry, BaselineMetric } from './types.js';

export const DEFAULT_BASELINE_FILE = 'metric-suite.baseline.json';

const VerdictSchema = z.enum(['pass', 'fail', 'error', 'skip', 'inconclusive']);
const EntrySchema = z.object({ verdict: VerdictSchema, scores: z.record(z.string(), z.number()).optional() });
const BaselineSchema = z.object({
  format: z.literal('metric-suite-baseline'),
  formatVersion: z.literal(1),
  suites: z.record(z.string(), z.record(z.string(), z.object({
    version: z.string(),
    cases: z.record(z.string(), EntrySchema).default({}),
    laws: z.record(z.string(), EntrySchema).default({}),
  }))),
});

/** Parses a baseline file's text; throws a message naming the file and the first problems. */
export function parseBaseline(text: string, file = 'baseline'): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON: ${(e as Error).message}`);
  }
  const parsed = BaselineSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${file}: not a metric-suite baseline: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data as Baseline;
}

export async function readBaseline(file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `no baseline file ${file} (record one with \`metric-suite baseline update\`)` : `cannot read ${file}: ${(e as Error).message}`);
  }
  return parseBaseline(text, file);
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;
const sortedKeys = <T>(r: Record<string, T>): string[] => Object.keys(r).sort();

function entryOf(verdict: Verdict, scores?: Record<string, number>): BaselineEntry {
  const kept = Object.entries(scores ?? {}).filter(([, v]) => Number.isFinite(v));
  return kept.length ? { verdict, scores: Object.fromEntries(kept.map(([k, v]) => [k, round(v)])) } : { verdict };
}

/**
 * The baseline of a run. With `previous`, suite × metric pairs the run did not touch are kept;
 * a pair it ran is replaced whole, or, with `partial` (case filters were given), entry by entry.
 */
export function baselineFromReport(report: RunReport, previous?: Baseline, partial = false): Baseline {
  const suites: Baseline['suites'] = structuredClone(previous?.suites ?? {});
  const versions = report.metricVersions ?? {};
  const fresh = new Set<string>();
  const slot = (suite: string, metric: string): BaselineMetric | undefined => {
    const version = versions[metric];
    if (version === undefined) return undefined; // metric not created here (unavailable): keep what was recorded
    const bySuite = (suites[suite] ??= {});
    const key = `${suite}\u0000${metric}`;
    if (!fresh.has(key)) {
      fresh.add(key);
      const old = bySuite[metric];
      bySuite[metric] = partial && old ? { ...old, version } : { version, cases: {}, laws: {} };
    }
    return bySuite[metric];
  };
  for (const g of report.plan?.gates ?? report.gates) slot(g.suite, g.metric);
  for (const r of report.results) {
    const s = slot(r.suite, r.metric);
    if (s) s.cases[r.caseId] = entryOf(r.verdict, r.scores);
  }
  for (const l of report.laws) {
    const s = l.suite === undefined ? undefined : slot(l.suite, l.metric);
    if (s) s.laws[l.law] = entryOf(l.verdict);
  }
  return { format: 'metric-suite-baseline', formatVersion: 1, suites };
}

/** The file text: sorted keys, one line per case or law entry, a final newline. */
export function serializeBaseline(b: Baseline): string {
  const j = JSON.stringify;
  const entry = (e: BaselineEntry): string => {
    const scores = e.scores ? `, "scores": { ${sortedKeys(e.scores).map((k) => `${j(k)}: ${j(e.scores![k])}`).join(', ')} }` : '';
    return `{ "verdict": ${j(e.verdict)}${scores} }`;
  };
  const block = (indent: string, r: Record<string, BaselineEntry>): string => {
    const keys = sortedKeys(r);
    if (keys.length === 0) return '{}';
    return `{\n${keys.map((k) => `${indent}  ${j(k)}: ${entry(r[k]!)}`).join(',\n')}\n${indent}}`;
  };
  const lines = ['{', '  "format": "metric-suite-baseline",', '  "formatVersion": 1,'];
  const suiteNames = sortedKeys(b.suites);
  if (suiteNames.length === 0) lines.push('  "suites": {}');
  else {
    lines.push('  "suites": {');
    suiteNames.forEach((s, si) => {
      const metrics = b.suites[s]!;
      lines.push(`    ${j(s)}: {`);
      sortedKeys(metrics).forEach((m, mi, all) => {
        const x = metrics[m]!;
        lines.push(`      ${j(m)}: {`, `        "version": ${j(x.version)},`, `        "cases": ${block('        ', x.cases)},`, `        "laws": ${block('        ', x.laws)}`);
        lines.push(`      }${mi < all.length - 1 ? ',' : ''}`);
      });
      lines.push(`    }${si < suiteNames.length - 1 ? ',' : ''}`);
    });
    lines.push('  }');
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export async function writeBaseline(file: string, b: Baseline): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, serializeBaseline(b));
}
