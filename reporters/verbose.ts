/** Like `default`, but prints every case and law verdict as it arrives. */
import { Chalk, type ChalkInstance } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
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

/** `✓ law negation-flip [rouge-l] 100 runs, seed 42`. */
export function lawLine(l: LawResult, c: ChalkInstance): string {
  const head = `${mark(l.verdict, c)} law ${l.law} [${l.metric}]`;
  if (l.verdict === 'skip') return `${head} ${c.dim(`skipped${l.reason ? ` (${l.reason})` : ''}`)}`;
  const tail = l.verdict === 'pass' ? '' : ` ${c.red(`— ${l.verdict === 'fail' ? 'failed' : l.verdict}${l.reason ? `: ${l.reason}` : ''}`)}`;
  return `${head} ${c.dim(`${l.numRuns} runs, seed ${l.seed}`)}${tail}`;
}

export const createVerboseReporter: ReporterFactory = (options) => {
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
      options.write(`\n${renderEnd(report, c)}`);
    },
  };
};

export default createVerboseReporter;
