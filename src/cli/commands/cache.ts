import { existsSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config/load.js';
import type { CliIO } from '../io.js';

/** A namespace folder of the disk cache (`<metric>-<16 hex>`, src/runner/cache.ts) and its bucket files (`<xx>.jsonl`). */
const NAMESPACE = /^([\w.-]+)-[0-9a-f]{16}$/;
const BUCKET = /^[0-9a-f]{2}\.jsonl$/;

interface CacheFlags {
  config?: string;
  cacheDir?: string;
  json?: boolean;
}

interface CacheStats {
  path: string;
  exists: boolean;
  /** Distinct cached outcomes. */
  entries: number;
  bytes: number;
  /** Entries per metric (namespaces of one metric added up; `laws` is the law memo). */
  metrics: Record<string, number>;
}

/** The cache folder `run` uses: --cache-dir, else the config's cacheDir, else .metric-suite/cache (relative to the project root). */
async function cacheDirOf(flags: CacheFlags, io: CliIO): Promise<{ dir: string; problems: string[] }> {
  const { config, root, problems } = await loadConfig(io.cwd, flags.config);
  return { dir: path.resolve(root, flags.cacheDir ?? config.cacheDir ?? '.metric-suite/cache'), problems: problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`) };
}

/** Every bucket file of the cache, by namespace; other files are not the cache's and are left alone. */
function buckets(dir: string): { ns: string; metric: string; files: string[] }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const m = d.isDirectory() ? NAMESPACE.exec(d.name) : null;
    if (!m) return [];
    const files = readdirSync(path.join(dir, d.name)).filter((f) => BUCKET.test(f)).map((f) => path.join(dir, d.name, f));
    return [{ ns: d.name, metric: m[1]!, files }];
  });
}

/** Counts entries (distinct keys of well-formed lines; a torn line is not an entry) and bytes. */
export function cacheStats(dir: string): CacheStats {
  const stats: CacheStats = { path: dir, exists: existsSync(dir), entries: 0, bytes: 0, metrics: {} };
  for (const { metric, files } of buckets(dir)) {
    for (const file of files) {
      stats.bytes += statSync(file).size;
      const keys = new Set<string>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const k = /^\{"k":"([0-9a-f]{64})"/.exec(line)?.[1];
        if (k && line.endsWith('}')) keys.add(k);
      }
      stats.entries += keys.size;
      stats.metrics[metric] = (stats.metrics[metric] ?? 0) + keys.size;
    }
  }
  return stats;
}

/** Bytes as people read them. */
export function humanBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) (v /= 1024), u++;
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

const entries = (n: number) => `${n.toLocaleString('en-US')} entr${n === 1 ? 'y' : 'ies'}`;

/** `metric-suite cache info|clear`: where the score cache is, what it holds, and removing it. */
export function registerCache(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const group = program.command('cache').description('show (info) or remove (clear) the disk cache of metric scores');
  const common = (cmd: Command) => cmd.option('-c, --config <file>', 'config file').option('--cache-dir <dir>', 'cache folder (default: the config\'s cacheDir, else .metric-suite/cache)');
  common(group.command('info').description('print the cache folder, its entries per metric and its size').option('--json', 'print JSON')).action(async (flags: CacheFlags) => {
    const { dir, problems } = await cacheDirOf(flags, io);
    for (const p of problems) io.stderr.write(`${p}\n`);
    const s = cacheStats(dir);
    if (flags.json) io.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
    else {
      const per = Object.entries(s.metrics).sort(([a], [b]) => a.localeCompare(b)).map(([m, n]) => `${m} ${n.toLocaleString('en-US')}`);
      io.stdout.write(`path:    ${dir}${s.exists ? '' : ' (not created yet)'}\nentries: ${s.entries.toLocaleString('en-US')}${per.length ? ` (${per.join(', ')})` : ''}\nsize:    ${humanBytes(s.bytes)}\n`);
    }
    setExit(problems.length ? 2 : 0);
  });
  common(group.command('clear').description('remove every cached score (the next run scores again)')).action(async (flags: CacheFlags) => {
    const { dir, problems } = await cacheDirOf(flags, io);
    for (const p of problems) io.stderr.write(`${p}\n`);
    if (problems.length) return setExit(2);
    const s = cacheStats(dir);
    for (const { ns, files } of buckets(dir)) {
      for (const f of files) unlinkSync(f);
      removeIfEmpty(path.join(dir, ns));
    }
    removeIfEmpty(dir);
    const left = existsSync(dir) ? ` (other files in ${path.relative(io.cwd, dir) || dir} were left alone)` : '';
    io.stdout.write(s.exists ? `cleared ${dir}: ${entries(s.entries)}, ${humanBytes(s.bytes)}${left}\n` : `no cache at ${dir}: nothing to clear\n`);
    setExit(0);
  });
  return group;
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // gone already, or not ours to remove
  }
}
