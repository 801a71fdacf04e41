import { InvalidArgumentError, Option } from 'commander';
import { parseShard, type Shard } from '../runner/shard/index.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** One CLI option as data (vitest style): flags, help, and how repeated values combine. */
interface OptionSpec {
  flags: string;
  description: string;
  repeatable?: boolean;
  parse?: (value: string, previous: unknown) => unknown;
}

/** Options that select what runs; shared by `run` and `list`. */
export const selectionOptions: OptionSpec[] = [
  { flags: '--cases <glob>', description: 'these case files (repeatable) instead of the suite files; needs --metric', repeatable: true },
  { flags: '--metric <id>', description: 'only these metrics (repeatable)', repeatable: true },
  { flags: '--suite <name>', description: 'only these suites (repeatable)', repeatable: true },
  { flags: '-t, --filter <pattern>', description: 'cases whose id or title contains the pattern (or matches /regex/)' },
  { flags: '--tag <tag>', description: 'only cases with this tag (repeatable)', repeatable: true },
  { flags: '--capability <name>', description: 'only cases of this capability (repeatable)', repeatable: true },
  { flags: '-c, --config <file>', description: 'config file (default: metric-suite.config.{ts,mts,js,mjs,json,yaml,yml} of the project: the nearest folder upwards with a config or a package.json)' },
];

/** Options of `run` alone. */
export const runOptions: OptionSpec[] = [
  { flags: '--reporter <name>', description: 'a built-in reporter (listed below) or a module path exporting one (repeatable)', repeatable: true },
  { flags: '--output-file <name=path>', description: 'write reporter NAME to PATH instead of stdout (repeatable)', repeatable: true },
  { flags: '--bail [n]', description: 'stop after n gating failures or errors (default 1)', parse: (v) => parseInteger('--bail', v, 1) },
  { flags: '--no-cache', description: 'neither read nor write the disk cache' },
  { flags: '--cache-dir <dir>', description: 'cache folder (default .metric-suite/cache)' },
  { flags: '--pass-with-no-cases', description: 'exit 0 when no case matches the suites and filters' },
  { flags: '--record', description: 'write live report-generator output (cseval) back into the case files as replayable findings' },
  { flags: '--offline', description: 'no network: a remote metric whose score is not cached is an error' },
  { flags: '--law <id>', description: "only this law (repeatable); the suites' cases do not run", repeatable: true },
  { flags: '--seed <n>', description: "fast-check seed of every law (a failure prints its seed)", parse: (v) => parseInteger('--seed', v) },
  { flags: '--law-path <path>', description: 'replay a law counterexample path (with --seed, --law and --metric, as a failure prints them)' },
  { flags: '--num-runs <n>', description: 'runs per law × metric, not scaled by metric cost', parse: (v) => parseInteger('--num-runs', v, 1) },
  { flags: '--shard <i/n>', description: 'run shard i of n of the planned work (merge the blob reports with merge-reports)', parse: (v) => parseShardFlag(v) },
  { flags: '--baseline [file]', description: 'gate only on results newly broken against the baseline (default metric-suite.baseline.json)' },
  { flags: '-u, --update', description: 'after comparing with the baseline (as --baseline), write this run into it (as `baseline update`)' },
  { flags: '-w, --watch', description: 're-run the affected cases when a case file, suite file, the config or a module metric changes' },
  { flags: '--changed [ref]', description: 'only cases in files changed since a git ref (default HEAD: uncommitted and untracked files)' },
  { flags: '--no-color', description: 'no colour (as NO_COLOR=1; FORCE_COLOR=1 forces colour, FORCE_COLOR=0 turns it off)' },
];

/** Flags of `run` alone: the other commands that share runOptions leave these out. */
export const RUN_ONLY = new Set(['--shard <i/n>', '--baseline [file]', '-u, --update', '-w, --watch', '--changed [ref]']);

function parseShardFlag(value: string): Shard {
  try {
    return parseShard(value);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/** An integer flag value; commander reports the error and exits 2 (usage). */
function parseInteger(flag: string, value: string, min = Number.MIN_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`${flag} needs an integer${min > 0 ? ` >= ${min}` : ''}, got "${value}"`);
  return n;
}

/** Turns specs into commander options. */
export function toOptions(specs: OptionSpec[]): Option[] {
  return specs.map((s) => {
    const o = new Option(s.flags, s.description);
    if (s.repeatable) o.argParser(collect);
    else if (s.parse) o.argParser(s.parse);
    return o;
  });
}

/** The parsed flags of `run` and `list`, as commander names them. */
export interface SelectionFlags {
  cases?: string[];
  metric?: string[];
  suite?: string[];
  filter?: string;
  tag?: string[];
  capability?: string[];
  config?: string;
}

export interface RunFlags extends SelectionFlags {
  reporter?: string[];
  outputFile?: string[];
  bail?: number | true;
  cache: boolean;
  cacheDir?: string;
  offline?: boolean;
  record?: boolean;
  passWithNoCases?: boolean;
  law?: string[];
  seed?: number;
  lawPath?: string;
  numRuns?: number;
  shard?: Shard;
  baseline?: string | true;
  update?: boolean;
  watch?: boolean;
  changed?: string | true;
  /** false with --no-color. */
  color?: boolean;
}

/** Maps selection flags onto runner options. */
export function selectionOf(f: SelectionFlags) {
  return {
    ...(f.cases ? { cases: f.cases } : {}),
    ...(f.metric ? { metrics: f.metric } : {}),
    ...(f.suite ? { suites: f.suite } : {}),
    ...(f.filter ? { filter: f.filter } : {}),
    ...(f.tag ? { tags: f.tag } : {}),
    ...(f.capability ? { capabilities: f.capability } : {}),
    ...(f.config ? { config: f.config } : {}),
  };
}

/** Maps the run flags shared by `run` and `baseline update` onto runner options. */
export function runFlagsOf(f: RunFlags) {
  return {
    ...selectionOf(f),
    cache: f.cache,
    ...(f.cacheDir ? { cacheDir: f.cacheDir } : {}),
    ...(f.offline ? { offline: true } : {}),
    ...(f.record ? { record: true } : {}),
    ...(f.passWithNoCases ? { passWithNoCases: true } : {}),
    ...(f.bail !== undefined ? { bail: f.bail === true ? 1 : f.bail } : {}),
    ...(f.law ? { laws: f.law } : {}),
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.lawPath ? { lawPath: f.lawPath } : {}),
    ...(f.numRuns !== undefined ? { numRuns: f.numRuns } : {}),
  };
}
