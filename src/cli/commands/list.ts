import type { Command } from 'commander';
import { redactSecrets } from '../../util/redact.js';
import { knownCapabilities } from '../../cases/lint/capabilities.js';
import { CaseLoader } from '../../cases/load.js';
import { loadConfig } from '../../config/load.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricUnavailableError } from '../../metrics/provider.js';
import { MetricRegistry } from '../../metrics/registry.js';
import { formatProblem, type Problem } from '../../runner/results.js';
import { matchesFilter, selectSuites } from '../../runner/select.js';
import type { Metric } from '../../metrics/contract.js';
import type { CliIO } from '../io.js';
import { radevalListing } from './list-radeval.js';
import { selectionOf, selectionOptions, toOptions, type SelectionFlags } from '../options.js';

/** `metric-suite list`: suites, their cases, and every metric with its declaration. */
export function registerList(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const cmd = program.command('list').description('list suites, cases and metrics (with their declarations)').option('--json', 'print JSON');
  for (const o of toOptions(selectionOptions)) cmd.addOption(o);
  return cmd.action(async (flags: SelectionFlags & { json?: boolean }) => {
    const sel = selectionOf(flags);
    const { config, root, problems: configProblems } = await loadConfig(io.cwd, flags.config);
    const problems: Problem[] = [...configProblems];
    const { suites, problems: suiteProblems } = await selectSuites(root, io.cwd, { ...sel, ...(config.suites ? { suiteGlobs: config.suites } : {}) });
    problems.push(...suiteProblems);
    const loader = new CaseLoader(io.cwd, knownCapabilities(config.capabilities));
    const suiteRows = [];
    for (const s of suites) {
      const { files, problems: p1 } = await loader.resolve(s.cases, s.dir);
      const loaded = await loader.load(files);
      problems.push(...p1, ...loaded.problems);
      const cases = loaded.cases.filter((c) => matchesFilter(c, sel));
      suiteRows.push({ name: s.name, file: loader.display(s.file), metrics: s.metrics, cases: cases.map((c) => ({ id: c.id, kind: c.kind, capability: c.capability ?? '', file: loader.display(c.location.file) })) });
    }
    const registry = new MetricRegistry(builtinProviders, config.metrics, root);
    const metrics: Record<string, unknown>[] = [];
    const ids = registry.ids().filter((m) => !sel.metrics || sel.metrics.includes(m));
    const radeval = radevalListing(ids.filter((id) => id.startsWith('radeval:') && !registry.configures(id)));
    for (const id of ids) {
      if (radeval?.ids.includes(id)) continue;
      try {
        const { metric } = await registry.get(id);
        const { score: _s, close: _c, ...declaration } = metric;
        metrics.push({ ...declaration, id });
      } catch (e) {
        // not configured (no endpoint, no extractor) is a state, not a failure
        metrics.push({ id, error: (e as Error).message, ...(e instanceof MetricUnavailableError ? { unavailable: true } : {}) });
      }
    }
    await registry.closeAll();
    if (flags.json) io.stdout.write(redactSecrets(`${JSON.stringify({ suites: suiteRows, metrics: [...metrics, ...(radeval?.json ?? [])].sort((a, b) => String(a.id).localeCompare(String(b.id))), problems }, null, 2)}\n`));
    else {
      for (const s of suiteRows) {
        io.stdout.write(redactSecrets(`suite ${s.name} (${s.file}): ${s.cases.length} case${s.cases.length === 1 ? '' : 's'} × ${s.metrics.join(', ')}\n`));
        for (const c of s.cases) io.stdout.write(redactSecrets(`  ${c.id}  [${c.kind}${c.capability ? `, ${c.capability}` : ''}]\n`));
      }
      io.stdout.write(redactSecrets('metrics:\n'));
      for (const m of metrics as ListedMetric[]) {
        if ('error' in m) io.stdout.write(redactSecrets(`  ${m.id}  ${m.unavailable ? 'not configured' : 'error'}: ${m.error}\n`));
        else io.stdout.write(redactSecrets(`  ${m.id}@${m.version}  ${m.direction} is better, range [${m.range.join(', ')}], tie ${m.tieTolerance}, ${m.deterministic ? 'deterministic' : 'non-deterministic'}, inputs ${m.inputs.join('/')}${m.symmetric ? ', symmetric' : ''}\n      ${m.description}\n`));
      }
      if (radeval) io.stdout.write(`${radeval.line}\n`);
      for (const p of problems) io.stderr.write(redactSecrets(`${formatProblem(p)}\n`));
    }
    setExit(problems.length > 0 ? 2 : 0);
  });
}

type ListedMetric = { id: string; error: string; unavailable?: boolean } | (Omit<Metric, 'score' | 'close'> & { id: string });
