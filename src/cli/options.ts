import { Option } from 'commander';

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
  { flags: '--cases <glob>', description: 'run these case files (repeatable) instead of suite files; needs --metric', repeatable: true },
  { flags: '--metric <id>', description: 'only these metrics (repeatable)', repeatable: true },
  { flags: '--suite <name>', description: 'only these suites (repeatable)', repeatable: true },
  { flags: '-t, --filter <pattern>', description: 'cases whose id or title contains the pattern (or matches /regex/)' },
  { flags: '--tag <tag>', description: 'only cases with this tag (repeatable)', repeatable: true },
  { flags: '--capability <name>', description: 'only cases of this capability (repeatable)', repeatable: true },
  { flags: '-c, --config <file>', description: 'config file (default: metric-suite.config.{ts,js,json,yaml} in the working directory)' },
];

/** Options of `run` alone. */
export const runOptions: OptionSpec[] = [
  { flags: '--reporter <name>', description: 'default, verbose, json, junit, or a module path (repeatable)', repeatable: true },
  { flags: '--output-file <name=path>', description: 'write reporter NAME to PATH instead of stdout (repeatable)', repeatable: true },
  { flags: '--bail [n]', description: 'stop after n gating failures or errors (default 1)', parse: (v) => Number(v) },
  { flags: '--no-cache', description: 'neither read nor write the disk cache' },
  { flags: '--cache-dir <dir>', description: 'cache folder (default .metric-suite/cache)' },
  { flags: '--pass-with-no-cases', description: 'exit 0 when no case matches the suites and filters' },
  { flags: '--offline', description: 'no network: a remote metric whose score is not cached is an error' },
];

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
  passWithNoCases?: boolean;
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
