/** The `--baseline` section of the default and verbose reporters: newly broken, newly fixed, version changes. */
import type { ChalkInstance } from 'chalk';
import type { BaselineChange } from '../../src/runner/baseline/types.js';
import type { RunReport } from '../../src/runner/results.js';

const change = (x: BaselineChange): string => `${x.suite} · ${x.metric} · ${x.id}  ${x.before ?? 'not in baseline'} -> ${x.after}`;

export function renderBaseline(report: RunReport, c: ChalkInstance): string[] {
  const b = report.baseline;
  if (!b) return [];
  const out: string[] = [];
  for (const v of b.versionChanges) out.push(c.yellow(`  ${v.suite} · ${v.metric}: version ${v.current} differs from the baseline's ${v.baseline} (compared anyway)`));
  for (const m of b.notInBaseline) out.push(c.yellow(`  ${m.suite} · ${m.metric}: not in the baseline (every failure counts as newly broken)`));
  out.push(b.newlyBroken.length ? c.red(`  newly broken (${b.newlyBroken.length}):`) : c.green('  newly broken: none'));
  for (const x of b.newlyBroken) out.push(c.red(`    ✗ ${change(x)}`));
  out.push(b.newlyFixed.length ? c.green(`  newly fixed (${b.newlyFixed.length}):`) : c.dim('  newly fixed: none'));
  for (const x of b.newlyFixed) out.push(c.green(`    ✓ ${change(x)}`));
  if (b.stillFailing > 0) out.push(c.dim(`  still failing as in the baseline (not gating): ${b.stillFailing}`));
  return out;
}
