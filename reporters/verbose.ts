/** Like `default`, but prints every case and law verdict as it arrives. */
import { Chalk, type ChalkInstance } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { neutralised } from '../src/reporting/neutralised.js';
import type { CaseResult, LawResult, Verdict } from '../src/runner/results.js';
import { orderCandidates, scoreLine } from './_internals/format.js';
import { renderEnd } from './_internals/summary.js';

function mark(verdict: Verdict, c: ChalkInstance): string {
  if (verdict === 'pass') return c.green('✓');
  if (verdict === 'skip') return c.yellow('↓');
  if (verdict === 'inconclusive') return c.red('?');
  return c.red('✗');
}

/** `✓ caseId [metric] exact 0.9000 │ wrong_side 0.2000`, `↓ caseId [metric] skipped (reason)`. */
export function caseLine(r: CaseResult, c: ChalkInstance): string {
  const head = `${mark(r.verdict, c)} ${r.caseId} [${r.metric}]`;
  const info = r.informational ? c.dim(' (informational)') : '';
  if (r.verdict === 'skip') return `${head} ${c.dim(`skipped${r.reason ? ` (${r.reason})` : ''}`)}`;
  const scores = scoreLine(orderCandidates(r));
  const line = `${head}${info}${scores ? ` ${c.dim(scores)}` : ''}`;
  if (r.verdict === 'pass') return line;
  const failed = r.expectations.filter((e) => !e.holds).map((e) => e.relation);
  const why = r.verdict === 'fail' && failed.length > 0 ? failed.join(', ') : r.reason;
  return `${line} ${c.red(`— ${r.verdict === 'fail' ? 'failed' : r.verdict}${why ? `: ${why}` : ''}`)}`;
}

/** `✓ law negation-sensitive [rouge-l] 100 runs, seed 42`, with `(expected fail)` and the path when it failed. */
export function lawLine(l: LawResult, c: ChalkInstance): string {
  const unexpected = l.expected === 'fail' && l.verdict === 'pass';
  const head = `${unexpected ? c.red('✗') : l.expected === 'fail' && l.verdict === 'fail' ? c.yellow('✗') : mark(l.verdict, c)} law ${l.law} [${l.metric}]`;
  if (l.verdict === 'skip') return `${head} ${c.dim(`skipped${l.reason ? ` (${l.reason})` : ''}`)}`;
  const runs = `${l.numRuns} runs, seed ${l.seed}${l.path ? `, path ${l.path}` : ''}`;
  let tail = '';
  if (unexpected) tail = ` ${c.red('— unexpected pass: marked expected: fail')}`;
  else if (l.expected === 'fail' && l.verdict === 'fail') tail = ` ${c.yellow(`— failed as expected (known limitation)${l.reason ? `: ${l.reason}` : ''}`)}`;
  else if (l.verdict !== 'pass') tail = ` ${c.red(`— ${l.verdict === 'fail' ? 'failed' : l.verdict}${l.reason ? `: ${l.reason}` : ''}`)}`;
  return `${head} ${c.dim(runs)}${tail}`;
}

export const createVerboseReporter: ReporterFactory = neutralised((options) => {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  return {
    onRunStart(info) {
      const suites = info.suites.join(', ') || '(none)';
      options.write(`${c.bold('metric-suite')} ${c.dim(`${info.total} checks · suites ${suites} · metrics ${info.metrics.join(', ') || '(none)'}`)}\n\n`);
    },
    onCaseResult(result) {
      options.write(`${caseLine(result, c)}\n`);
    },
    onLawResult(result) {
      options.write(`${lawLine(result, c)}\n`);
    },
    onRunEnd(report) {
      options.write(`\n${renderEnd(report, c, 'verbose')}`);
    },
  };
});

export default createVerboseReporter;
