/** One line per suite × metric gate. */
import type { ChalkInstance } from 'chalk';
import type { GateResult } from '../../src/runner/results.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function renderGates(gates: GateResult[], c: ChalkInstance): string[] {
  const names = gates.map((g) => `${g.suite} · ${g.metric}`);
  const width = Math.max(0, ...names.map((n) => n.length));
  return gates.map((g, i) => {
    const mark = g.passed ? c.green('✓') : g.informational ? c.yellow('✗') : c.red('✗');
    const cmp = g.passRate >= g.minPassRate ? '>=' : '<';
    let line = `${mark} ${names[i]!.padEnd(width)}  ${pct(g.passRate).padStart(6)} ${cmp.padEnd(2)} ${pct(g.minPassRate).padStart(6)}`;
    const n = g.counts;
    line += c.dim(`  (${n.passed} passed, ${n.failed} failed, ${plural(n.errors, 'error')}, ${n.skipped} skipped)`);
    if (g.informational) line += c.yellow('  informational');
    if (g.failedRequired.length > 0) line += c.red(`  required failed: ${g.failedRequired.join(', ')}`);
    if (g.reason) line += c.dim(`  ${g.reason}`);
    return line;
  });
}
