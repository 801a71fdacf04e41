/**
 * The rater-agreement chart of a preference suite: one row per metric, the majority's pairwise
 * accuracy (without tied ratings) with its 95 % interval on the left, tau-b with its bootstrap
 * CI (case resamples, from the run report) on the right. The run report carries no interval
 * for the accuracy, so the chart draws the Wilson score interval of correct / untied pairs; it
 * treats pairs as independent, which pairs of one case are not, so it is narrower than a
 * case bootstrap would be (said in the legend). Dashed: chance (0.5) and, per row, the raters'
 * mean agreement with each other (a ceiling of sorts).
 */
import type { AgreementResult } from '../../../src/runner/agreement-types.js';
import { colorOf, el, linear, svgRoot, text, title, xAxis } from '../svg.js';

/** Wilson score interval of k successes in n trials (z = 1.96: 95 %); null without trials. */
export function wilson(k: number, n: number, z = 1.959963984540054): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

const L = { label: 130, panel: 300, gap: 40, row: 26, top: 28, bottom: 24 } as const;

const fmt = (x: number | null): string => (x === null ? 'n/a' : x.toFixed(3));

/** One suite's chart over its agreement entries (one per metric). */
export function renderAgreementChart(suite: string, entries: readonly AgreementResult[], colorFor: (metric: string) => string = () => colorOf(0)): string {
  const ax = linear(0, 1, L.label, L.label + L.panel);
  const t0 = L.label + L.panel + L.gap;
  const tx = linear(-1, 1, t0, t0 + L.panel);
  const height = L.top + entries.length * L.row + L.bottom;
  const base = height - L.bottom + 4;
  const rows = entries.map((a, i) => {
    const y = L.top + i * L.row + L.row / 2;
    const acc = a.majority.withoutTies;
    const ci = wilson(a.majority.correctUntied, a.majority.untiedPairs);
    const tau = a.tauB;
    const color = colorFor(a.metric);
    const parts = [text(L.label - 8, y + 4, a.metric, { 'text-anchor': 'end', class: 'row-label' })];
    if (ci) parts.push(el('line', { class: 'ci', x1: ax(ci.low), x2: ax(ci.high), y1: y, y2: y, stroke: color }));
    if (acc !== null) {
      parts.push(el('circle', { class: 'point accuracy', cx: ax(acc), cy: y, r: 5, fill: color }, title(`${a.metric}: accuracy ${fmt(acc)} (${a.majority.correctUntied}/${a.majority.untiedPairs} untied pairs), 95% Wilson ${ci ? `[${fmt(ci.low)}, ${fmt(ci.high)}]` : 'n/a'}`)));
    }
    const ir = a.interRater.meanAgreementWithoutTies;
    if (ir !== null) parts.push(el('line', { class: 'ceiling', x1: ax(ir), x2: ax(ir), y1: y - 8, y2: y + 8 }, title(`raters among themselves: ${fmt(ir)}`)));
    if (tau.low !== null && tau.high !== null) parts.push(el('line', { class: 'ci', x1: tx(tau.low), x2: tx(tau.high), y1: y, y2: y, stroke: color }));
    if (tau.value !== null) {
      parts.push(el('rect', { class: 'point tau-b', x: tx(tau.value) - 4.5, y: y - 4.5, width: 9, height: 9, fill: color }, title(`${a.metric}: tau-b ${fmt(tau.value)} [${fmt(tau.low)}, ${fmt(tau.high)}]`)));
    }
    return el(
      'g',
      {
        class: 'row',
        'data-metric': a.metric,
        'data-accuracy': acc === null ? '' : String(acc),
        'data-low': ci ? String(ci.low) : '',
        'data-high': ci ? String(ci.high) : '',
        'data-tau-b': tau.value === null ? '' : String(tau.value),
        'data-tau-b-low': tau.low === null ? '' : String(tau.low),
        'data-tau-b-high': tau.high === null ? '' : String(tau.high),
      },
      parts.join(''),
    );
  });
  const frame = [
    text(L.label, 14, 'pairwise accuracy vs majority (no ties), 95% Wilson', { class: 'panel-title' }),
    text(t0, 14, 'Kendall tau-b vs mean rating, bootstrap CI', { class: 'panel-title' }),
    xAxis(ax, base, [0, 0.25, 0.5, 0.75, 1], { grid: L.top - 4 }),
    xAxis(tx, base, [-1, -0.5, 0, 0.5, 1], { grid: L.top - 4 }),
    el('line', { class: 'chance', x1: ax(0.5), x2: ax(0.5), y1: L.top - 4, y2: base }, title('chance: 0.5')),
    el('line', { class: 'chance', x1: tx(0), x2: tx(0), y1: L.top - 4, y2: base }, title('no correlation: 0')),
  ];
  return svgRoot(t0 + L.panel + 20, height + 14, `Agreement with raters of suite ${suite}, per metric`, frame.join('') + rows.join(''), { 'data-suite': suite });
}

/** One figure per suite, suites in order of appearance. */
export function agreementFigures(entries: readonly AgreementResult[] | undefined, color?: (metric: string) => string): { suite: string; svg: string }[] {
  const bySuite = new Map<string, AgreementResult[]>();
  for (const a of entries ?? []) (bySuite.get(a.suite) ?? bySuite.set(a.suite, []).get(a.suite)!).push(a);
  return [...bySuite].map(([suite, list]) => ({ suite, svg: renderAgreementChart(suite, list, color) }));
}
