import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config/load.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricRegistry } from '../../metrics/registry.js';
import { builtinPromptsFile, loadPromptSet } from '../../metrics/cseval/run/prompt-set.js';
import { createImageGenerator, type ImageGenerator } from '../../metrics/cseval/t2i/index.js';
import { DiskCache } from '../../runner/cache.js';
import { formatProblem } from '../../runner/results.js';
import { runGenerator, type GeneratorRunResult } from '../cseval/pipeline.js';
import { renderHtml } from '../cseval/html.js';
import { renderReport, reportOf } from '../cseval/render.js';
import type { CliIO } from '../io.js';

interface CsevalFlags {
  generator: string[];
  seeds: string;
  prompts?: string;
  metric: string;
  out: string;
  size: string;
  concurrency: string;
  json?: string;
  html?: string;
  cache: boolean;
  offline?: boolean;
  config?: string;
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

function positive(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} takes a positive integer, got "${v}"`);
  return n;
}

/**
 * `metric-suite cseval --generator <name> [--generator <other>] [--seeds 10] [--prompts FILE]`:
 * the CSEval pipeline (seed 000) end to end, Table 2 per generator, a paired comparison of two.
 * Exit 0: every image generated and scored; 1: some failed (listed under errors); 2: usage.
 */
export function registerCseval(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('cseval')
    .description('run a prompt set x seeds through text-to-image generators, a report generator and RadGraph-F1; print Table 2 per finding')
    .requiredOption('--generator <name>', 'an imageGenerators entry of the config (twice for a paired comparison)', collect)
    .option('--seeds <n>', 'images per prompt (seeds 0..n-1)', '10')
    .option('--prompts <file>', 'prompt set (default: the paper\'s 31 prompts, src/metrics/cseval/prompts.yaml)')
    .option('--metric <id>', 'the cseval metric scoring the images (its options name the report generator and extractor)', 'cseval')
    .option('--out <dir>', 'run folders, one per generator (images, manifest.json)', '.metric-suite/cseval')
    .option('--size <WxH>', 'image size', '512x512')
    .option('--concurrency <n>', 'concurrent image generations', '1')
    .option('--json <file>', 'also write the report as JSON ("-" for stdout instead of the table)')
    .option('--html <file>', 'also write the report as one self-contained HTML page (bar chart per finding)')
    .option('--no-cache', 'do not read or write the score cache')
    .option('--offline', 'no network: a remote metric without a cached score is an error')
    .option('-c, --config <file>', 'config file')
    .action(async (f: CsevalFlags) => {
      const { config, root, problems } = await loadConfig(io.cwd, f.config);
      for (const p of problems) io.stderr.write(`${formatProblem(p)}\n`);
      if (problems.length) return setExit(2);
      const registry = new MetricRegistry(builtinProviders, config.metrics, root);
      const generators: { name: string; generator: ImageGenerator }[] = [];
      const stop = { stopped: false };
      const onSigint = () => {
        if (stop.stopped) process.exit(130);
        stop.stopped = true;
        io.stderr.write('\nmetric-suite cseval: stopping after the images in flight; run the same command again to resume\n');
      };
      try {
        if (f.generator.length > 2) throw new Error('--generator: at most two generators (a paired comparison)');
        const seeds = positive('--seeds', f.seeds);
        const concurrency = positive('--concurrency', f.concurrency);
        const size = /^(\d+)x(\d+)$/.exec(f.size);
        if (!size) throw new Error(`--size takes WIDTHxHEIGHT, got "${f.size}"`);
        const [width, height] = [positive('--size', size[1]!), positive('--size', size[2]!)];
        const prompts = loadPromptSet(f.prompts ? path.resolve(io.cwd, f.prompts) : builtinPromptsFile());
        for (const name of f.generator) {
          const spec = config.imageGenerators?.[name];
          if (!spec) throw new Error(`--generator ${name}: no imageGenerators.${name} in ${config.imageGenerators ? 'the config' : 'the config (it has no imageGenerators)'}; see src/metrics/cseval/README.md`);
          generators.push({ name, generator: createImageGenerator(name, spec, root) });
        }
        const reg = await registry.get(f.metric);
        if (!reg.metric.inputs.includes('image+prompt')) throw new Error(`--metric ${f.metric} does not take image+prompt input (use cseval or cseval:lexicon)`);
        const cache = f.cache ? new DiskCache(path.resolve(root, config.cacheDir ?? '.metric-suite/cache')) : undefined;
        process.on('SIGINT', onSigint);
        const runs: (GeneratorRunResult & { dir: string })[] = [];
        for (const { name, generator } of generators) {
          const dir = path.resolve(io.cwd, f.out, name);
          const r = await runGenerator({ name, generator, prompts, seeds, width, height, dir, reg, ...(cache ? { cache } : {}), offline: f.offline === true, concurrency, progress: io.stderr, stop });
          runs.push({ ...r, dir: path.relative(io.cwd, dir) || '.' });
        }
        for (const failure of (await cache?.flush()) ?? []) io.stderr.write(`warning: ${failure}\n`);
        const report = reportOf(reg.id, runs);
        if (f.json === '-') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        else {
          io.stdout.write(renderReport(report));
          if (f.json) writeFileSync(path.resolve(io.cwd, f.json), `${JSON.stringify(report, null, 2)}\n`);
        }
        if (f.html) writeFileSync(path.resolve(io.cwd, f.html), renderHtml(report));
        const failed = runs.some((r) => r.manifest.entries.some((e) => typeof e.score !== 'number'));
        setExit(stop.stopped ? 130 : failed ? 1 : 0);
      } catch (e) {
        io.stderr.write(`metric-suite cseval: ${(e as Error).message}\n`);
        setExit(2);
      } finally {
        process.off('SIGINT', onSigint);
        for (const g of generators) await g.generator.close?.();
        await registry.closeAll();
      }
    });
}
