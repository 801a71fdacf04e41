/**
 * The per-finding chart of image suites: Table 2 of the CSEval paper as a picture. One group
 * of bars per finding type, one bar per metric at its mean per-image score, a whisker of ± one
 * standard deviation (population sd, as finding-summary.ts computes it), and the mean written
 * above the bar. The numbers are those of the text table (`findingSummary`).
 */
import type { CaseResult } from '../../../src/runner/results.js';
import { findingSummary, type FindingSummaryRow } from '../finding-summary.js';
import { colorOf, el, linear, svgRoot, text, ticks, title, yAxis } from '../svg.js';

const L = { left: 46, top: 24, plot: 220, bottom: 40, bar: 22, groupGap: 26, minGroup: 120, legend: 150 } as const;

export function renderFindingChart(rows: readonly FindingSummaryRow[], color: (metric: string) => string = () => colorOf(0)): string {
  const metrics = [...new Set(rows.map((r) => r.metric))];
  const findings = [...new Set(rows.map((r) => r.finding))].sort();
  const lo = Math.min(0, ...rows.map((r) => r.mean - r.sd));
  const hi = Math.max(1, ...rows.map((r) => r.mean + r.sd));
  const y = linear(lo, hi, L.top + L.plot, L.top);
  const groupW = Math.max(L.minGroup, metrics.length * L.bar + L.groupGap);
  const width = L.left + findings.length * groupW + L.legend;
  const base = L.top + L.plot;
  const lx = width - L.legend + 10;
  const legend = metrics.map((m, i) => el('g', { class: 'legend-item' }, el('rect', { x: lx, y: L.top + i * 16, width: 10, height: 10, fill: color(m) }) + text(lx + 14, L.top + i * 16 + 9, m, { class: 'tick' })));
  const groups = findings.map((finding, g) => {
    const x0 = L.left + g * groupW + (groupW - metrics.length * L.bar) / 2;
    const bars = metrics.map((metric, i) => {
      const r = rows.find((x) => x.metric === metric && x.finding === finding);
      if (!r) return '';
      const x = x0 + i * L.bar;
      const top = y(Math.max(0, r.mean));
      const bottom = y(Math.min(0, r.mean));
      const cx = x + L.bar / 2;
      return el(
        'g',
        { class: 'bar-group', 'data-metric': metric, 'data-finding': finding, 'data-mean': String(r.mean), 'data-sd': String(r.sd), 'data-n': r.n },
        el('rect', { class: 'bar', x: x + 1, y: top, width: L.bar - 2, height: Math.max(0.5, bottom - top), fill: color(metric) }, title(`${finding} · ${metric}: ${r.mean.toFixed(3)} ± ${r.sd.toFixed(3)} over ${r.n} images`)) +
          el('line', { class: 'whisker', x1: cx, x2: cx, y1: y(r.mean - r.sd), y2: y(r.mean + r.sd) }) +
          el('line', { class: 'whisker', x1: cx - 4, x2: cx + 4, y1: y(r.mean + r.sd), y2: y(r.mean + r.sd) }) +
          el('line', { class: 'whisker', x1: cx - 4, x2: cx + 4, y1: y(r.mean - r.sd), y2: y(r.mean - r.sd) }) +
          text(cx, y(r.mean + r.sd) - 4, r.mean.toFixed(2), { 'text-anchor': 'middle', class: 'value' }),
      );
    });
    return bars.join('') + text(x0 + (metrics.length * L.bar) / 2, base + 16, finding, { 'text-anchor': 'middle', class: 'row-label' });
  });
  const right = width - L.legend;
  const frame = yAxis(y, L.left, ticks(lo, hi, 5), right) + el('line', { class: 'axis', x1: L.left, x2: right, y1: y(0), y2: y(0) });
  return svgRoot(width, base + L.bottom, 'Mean per-image score by finding type and metric, ± one standard deviation', legend.join('') + frame + groups.join(''));
}

/** The chart of the run's image results, or undefined when none were scored. */
export function findingFigure(results: CaseResult[], color?: (metric: string) => string): string | undefined {
  const rows = findingSummary(results);
  return rows.length ? renderFindingChart(rows, color) : undefined;
}
