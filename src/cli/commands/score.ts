import type { Command } from 'commander';
import { loadConfig } from '../../config/load.js';
import type { Context, Report } from '../../metrics/contract.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricRegistry } from '../../metrics/registry.js';
import { formatProblem } from '../../runner/results.js';
import { runBatch } from '../../runner/batch.js';
import type { CliIO } from '../io.js';

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** A report argument: JSON when it starts with `{` or `[` (a structured report), else text. */
function reportOf(text: string): Report {
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as Report;
    } catch {
      /* not JSON after all: score it as text */
    }
  }
  return text;
}

/** `--context k=v`: numbers and booleans are typed, the rest stays text. */
export function contextOf(pairs: string[] = []): Context | undefined {
  if (pairs.length === 0) return undefined;
  const out: Context = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new Error(`--context takes key=value, got "${p}"`);
    const v = p.slice(eq + 1);
    out[p.slice(0, eq)] = v === 'true' ? true : v === 'false' ? false : v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  }
  return out;
}

/** `metric-suite score`: score one candidate against one reference and print value and details. */
export function registerScore(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('score')
    .description('score one candidate against one reference (probe a metric)')
    .requiredOption('--metric <id>', 'metric id')
    .requiredOption('--reference <text>', 'reference report (JSON for a structured report)')
    .requiredOption('--candidate <text>', 'candidate report (JSON for a structured report)')
    .option('--context <key=value>', 'patient context (repeatable)', collect)
    .option('--json', 'print the outcome as JSON')
    .option('-c, --config <file>', 'config file')
    .action(async (f: { metric: string; reference: string; candidate: string; context?: string[]; json?: boolean; config?: string }) => {
      const { config, root, problems } = await loadConfig(io.cwd, f.config);
      for (const p of problems) io.stderr.write(`${formatProblem(p)}\n`);
      const registry = new MetricRegistry(builtinProviders, config.metrics, root);
      try {
        const reg = await registry.get(f.metric);
        const context = contextOf(f.context);
        const [outcome] = await runBatch(reg, [{ reference: reportOf(f.reference), candidate: reportOf(f.candidate), ...(context ? { context } : {}) }]);
        if (f.json) io.stdout.write(`${JSON.stringify({ metric: reg.id, ...outcome }, null, 2)}\n`);
        else if (outcome && 'value' in outcome) {
          io.stdout.write(`${reg.id}: ${outcome.value}\n`);
          if (outcome.details) io.stdout.write(`details: ${JSON.stringify(outcome.details, null, 2)}\n`);
        } else io.stdout.write(`${reg.id}: error: ${outcome?.error}\n`);
        setExit(outcome && 'value' in outcome ? (problems.length ? 2 : 0) : 1);
      } catch (e) {
        io.stderr.write(`metric-suite: ${(e as Error).message}\n`);
        setExit(2);
      } finally {
        await registry.closeAll();
      }
    });
}
