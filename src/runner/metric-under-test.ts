/**
 * `metric-suite test <metric>` (and `run --metric <id>` when no suite names it): every built-in
 * suite's cases and every law, retargeted at one metric, with a gate of their own. The built-in
 * case files are resolved from the package root, never by a glob through node_modules, so this
 * works the same in a clone and in a project that installed the package.
 */
import path from 'node:path';
import { glob } from 'glob';
import { CaseLoader } from '../cases/load.js';
import type { Problem } from '../cases/problem.js';
import { lawIds } from '../laws/index.js';
import type { RegisteredMetric } from '../metrics/registry.js';
import { findSuiteFiles, loadSuite } from '../suite/load.js';
import type { Gate, LawSelection, Suite } from '../suite/schema.js';
import { packageRoot } from '../util/package-root.js';
import { skipReason } from './evaluate.js';

export interface MetricUnderTestOptions {
  /** Share of the scored cases (per suite) and of the laws that must pass; undefined: report only. */
  minPassRate?: number;
}

/** Why a built-in suite was left out for this metric (every case skips it). */
export interface LeftOutSuite {
  suite: string;
  reason: string;
}

const lawOf = (s: LawSelection) => (typeof s === 'string' ? s : s.law);

/**
 * A built-in law selection for one metric: its `metrics` list (the built-in suite's) is dropped,
 * and of its `expected` marks only this metric's is kept (a documented limitation of a built-in).
 */
function forMetric(l: LawSelection, id: string): LawSelection {
  if (typeof l === 'string') return l;
  const { metrics: _metrics, expected, ...rest } = l;
  const mine = expected?.[id];
  return mine ? { ...rest, expected: { [id]: mine } } : rest;
}

/** The built-in case files of a suite, resolved from the package root as plain absolute paths. */
async function caseFiles(suite: Suite): Promise<string[]> {
  const root = packageRoot();
  const found = await Promise.all(suite.cases.map((pattern) => {
    const rel = path.relative(root, path.resolve(suite.dir, pattern)).split(path.sep).join('/');
    return glob(rel, { cwd: root, absolute: true, nodir: true });
  }));
  return [...new Set(found.flat().filter((f) => /\.(ya?ml|json)$/i.test(f)))].sort();
}

/**
 * The suites that test one metric: each built-in case suite with at least one case the metric
 * can take (suites over the same case files run once), then one `laws` suite with every law
 * (the built-in laws suite's settings kept, so a built-in metric keeps its documented
 * `expected: fail` marks). Gates: `minPassRate` per suite (default 0: report only) and `maxErrors: 0`
 * (an errored result fails its gate, as it fails `test`); laws gate only with a `minPassRate`, else they are informational.
 */
export async function suitesForMetric(reg: RegisteredMetric, options: MetricUnderTestOptions = {}): Promise<{ suites: Suite[]; leftOut: LeftOutSuite[]; problems: Problem[] }> {
  const id = reg.id;
  const problems: Problem[] = [];
  const leftOut: LeftOutSuite[] = [];
  const loader = new CaseLoader(packageRoot());
  const builtins: Suite[] = [];
  for (const file of await findSuiteFiles(path.join(packageRoot(), 'suites'))) {
    const loaded = await loadSuite(file, file);
    problems.push(...loaded.problems);
    if (loaded.suite) builtins.push(loaded.suite);
  }
  builtins.sort((a, b) => a.name.localeCompare(b.name));
  const suites: Suite[] = [];
  const seen = new Set<string>();
  const lawSelections = new Map<string, LawSelection>();
  for (const suite of builtins) {
    for (const l of suite.laws ?? []) if (!lawSelections.has(lawOf(l))) lawSelections.set(lawOf(l), forMetric(l, id));
    if (suite.cases.length === 0) continue;
    const files = await caseFiles(suite);
    const key = files.join('\n');
    if (files.length === 0 || seen.has(key)) continue;
    seen.add(key);
    const { cases } = await loader.load(files);
    const applicable = cases.filter((c) => skipReason(c, reg) === undefined);
    if (applicable.length === 0) {
      const reason = cases.length ? skipReason(cases[0]!, reg)! : 'no cases';
      leftOut.push({ suite: suite.name, reason: `every case skips ${id} (e.g. ${reason})` });
      continue;
    }
    const builtinGate = suite.gate?.[id];
    const preference = applicable.every((c) => c.kind === 'preference');
    const gate: Gate = {
      minPassRate: options.minPassRate ?? 0,
      // `test` exits 1 when a result errors (a metric failure is never a score): the gate says so too
      maxErrors: 0,
      ...(builtinGate?.knownFailures ? { knownFailures: builtinGate.knownFailures } : {}),
      // Preference cases are scored and reported as agreement, never pass/fail alone.
      ...(preference ? { minAgreement: { majorityWithTies: 0 } } : {}),
    };
    suites.push({ name: suite.name, description: suite.description, cases: files, metrics: [id], gate: { [id]: gate }, file: suite.file, dir: packageRoot(), metricAt: {} });
  }
  const laws = lawIds().map((l) => lawSelections.get(l) ?? l);
  const lawGate: Gate = options.minPassRate === undefined ? { informational: true } : { minPassRate: options.minPassRate, maxErrors: 0 };
  suites.push({ name: 'laws', description: 'every clinical law', cases: [], metrics: [id], laws, gate: { [id]: lawGate }, file: '(metric-suite test)', dir: packageRoot(), metricAt: {}, rerunWith: ['test', id] });
  return { suites, leftOut, problems };
}
