/**
 * One line per suite × metric gate, with its state: `✓` pass, `✗` fail, `○ not run: <why>`
 * (metric unavailable, nothing selected by the filters or in this shard), `·` informational
 * (never gates: the line says how many results pass, not a comparison with a bar).
 */
import type { ChalkInstance } from 'chalk';
import type { AgreementResult } from '../../src/runner/agreement.js';
import type { GateResult } from '../../src/runner/results.js';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function counts(g: GateResult): string {
  const n = g.counts;
  const parts = [`${n.passed} passed`, `${n.failed} failed`];
  if (n.errors) parts.push(`${n.errors} error${n.errors === 1 ? '' : 's'}`);
  if (n.skipped) parts.push(`${n.skipped} skipped`);
  if (g.todo) parts.push(`${g.todo} todo`);
  return parts.join(', ');
}

function agreementText(g: GateResult): string {
  return (g.agreement ?? []).map((k) => `agreement ${k.stat} ${k.value === null ? 'n/a' : k.value.toFixed(3)} ${k.holds ? '>=' : '<'} ${k.min}`).join(', ');
}

/** Agreement with raters of an informational preference gate: `majority 50.0%, tau-b 0.005`. */
function agreementOf(g: GateResult, agreement: readonly AgreementResult[]): string | undefined {
  const a = agreement.find((x) => x.suite === g.suite && x.metric === g.metric);
  if (!a) return undefined;
  const acc = a.majority.withoutTies === null ? 'n/a' : pct(a.majority.withoutTies);
  return `agreement majority ${acc}, tau-b ${a.tauB.value === null ? 'n/a' : a.tauB.value.toFixed(3)}`;
}

export function renderGates(gates: GateResult[], c: ChalkInstance, agreements: readonly AgreementResult[] = []): string[] {
  const names = gates.map((g) => `${g.suite} · ${g.metric}`);
  const width = Math.max(0, ...names.map((n) => n.length));
  return gates.map((g, i) => {
    const name = names[i]!.padEnd(width);
    if (g.state === 'not run') return `${c.yellow('○')} ${name}  ${c.yellow(`not run: ${g.reason ?? 'nothing to score'}`)}`;
    if (g.informational) {
      const ran = g.counts.passed + g.counts.failed + g.counts.errors;
      const what = ran === 0 ? agreementOf(g, agreements) : undefined;
      return `${c.dim('·')} ${name}  ${c.dim(`informational: ${what ?? `${g.counts.passed}/${ran} passed`} (not gating)`)}`;
    }
    const agreement = agreementText(g);
    const ran = g.counts.passed + g.counts.failed + g.counts.errors;
    // a gate on agreement alone (preference cases, whose verdicts are skip) has no pass rate to show
    const rate = ran === 0 && agreement ? '' : `${pct(g.passRate).padStart(6)} ${(g.passRate >= g.minPassRate ? '>=' : '<').padEnd(2)} ${pct(g.minPassRate).padStart(6)}  ${c.dim(`(${counts(g)})`)}`;
    // the pass rate is on the line already: the reason adds only what it does not say
    const reason = rate ? otherReasons(g.reason) : g.reason;
    // a failing gate whose pass rate and agreement hold fails for another reason: that reason
    // comes first, where the comparison would be, and the comparisons that hold follow, dimmed
    if (g.state === 'fail' && reason && g.passRate >= g.minPassRate && !(g.agreement ?? []).some((k) => !k.holds)) {
      return `${c.red('✗')} ${name}  ${c.red(reason)}  ${c.dim([rate, agreement].filter(Boolean).join('  '))}`.trimEnd();
    }
    let line = `${g.state === 'fail' ? c.red('✗') : c.green('✓')} ${name}  ${[rate, agreement].filter(Boolean).join('  ')}`;
    if (g.state === 'fail' && reason) line += c.red(`  ${reason}`);
    else if (reason) line += c.dim(`  ${reason}`);
    return line.trimEnd();
  });
}

/** A gate's reason without its `pass rate X% < Y%` part (for a line that shows the rate itself). */
export function otherReasons(reason: string | undefined): string | undefined {
  const rest = reason?.split('; ').filter((part) => !/^pass rate [\d.]+% < [\d.]+%$/.test(part)).join('; ');
  return rest || undefined;
}
