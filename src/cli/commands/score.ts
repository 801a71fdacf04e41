import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config/load.js';
import type { Context, Report } from '../../metrics/contract.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricRegistry } from '../../metrics/registry.js';
import { formatProblem } from '../../runner/results.js';
import { runBatch } from '../../runner/batch.js';
import type { CliIO } from '../io.js';
import type { ScoreInputFlags } from '../batch/command.js';
import { contextOf } from '../context-pairs.js';

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


/** The single-pair flags on top of the batch ones (`--input`). */
interface ScoreFlags extends ScoreInputFlags {
  reference?: string;
  candidate?: string;
  context?: string[];
  config?: string;
}

/** `metric-suite score`: one pair (print value and details), or a whole file of pairs (`--input`). */
export function registerScore(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('score')
    .description('score one candidate against one reference, or every pair of a CSV/JSONL file (--input)')
    .requiredOption('--metric <id>', 'metric id')
    .option('--reference <text>', 'reference report (JSON for a structured report)')
    .option('--candidate <text>', 'candidate report (JSON for a structured report)')
    .option('--context <key=value>', 'patient context (repeatable)', collect)
    .option('--input <file>', 'score every pair of a .csv or .jsonl file (columns reference, candidate, optional id and context)')
    .option('--output <file>', 'with --input: append one JSON line per row here; re-running skips rows already scored')
    .option('--id-column <name>', 'with --input: the id column', 'id')
    .option('--reference-column <name>', 'with --input: the reference column', 'reference')
    .option('--candidate-column <name>', 'with --input: the candidate column', 'candidate')
    .option('--context-columns <names>', 'with --input: comma-separated columns read into the context (also: any context.<key> column)')
    .option('--no-details', 'with --input: write values only, without details')
    .option('--no-cache', 'do not read or write the score cache')
    .option('--cache-dir <dir>', 'cache folder (default .metric-suite/cache)')
    .option('--offline', 'no network: a remote metric without a cached score is an error')
    .option('--json', 'print the outcome (or the corpus summary) as JSON')
    .option('-c, --config <file>', 'config file')
    .action(async (f: ScoreFlags) => {
      const { config, root, problems } = await loadConfig(io.cwd, f.config);
      for (const p of problems) io.stderr.write(`${formatProblem(p)}\n`);
      const registry = new MetricRegistry(builtinProviders, config.metrics, root);
      try {
        if (f.input) {
          const { runScoreInput } = await import('../batch/command.js');
          setExit(await runScoreInput(io, registry, f, config.cacheDir ? path.resolve(root, config.cacheDir) : undefined, problems.length > 0));
          return;
        }
        if (f.reference === undefined || f.candidate === undefined) throw new Error('score needs --reference and --candidate, or --input <file>');
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
