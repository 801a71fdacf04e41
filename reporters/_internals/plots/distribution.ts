/**
 * Per-metric score distributions of each capability: one histogram per capability × metric of
 * every finite candidate score (a case scored by several suites counts once). A metric's bins
 * span the same range in every capability, [min(0, lowest), max(1, highest)], so a column of
 * panels compares capabilities directly. Counting is one pass over the results: the plot costs
 * the same at 100 and at 100,000 results.
 */
import type { CaseResult } from '../../../src/runner/results.js';
import { NO_CAPABILITY } from '../report-model.js';
import { el, linear, px, svgRoot, text, title, tickLabel } from '../svg.js';

export const BINS = 20;

export interface Histogram {
  capability: string;
  metric: string;
  /** Scores counted. */
  n: number;
  mean: number;
  /** The metric's range (shared by all capabilities). */
  lo: number;
  hi: number;
  counts: number[];
}

export interface Distributions {
  capabilities: string[];
  metrics: string[];
  get(capability: string, metric: string): Histogram | undefined;
}

export function scoreDistributions(results: Iterable<CaseResult>, bins = BINS): Distributions {
  const values = new Map<string, Map<string, number[]>>();
  const range = new Map<string, [number, number]>();
  const seen = new Set<string>();
  const metrics: string[] = [];
  for (const r of results) {
    const once = `${r.caseId}\u0000${r.metric}`;
    if (seen.has(once)) continue;
    seen.add(once);
    const scores = Object.values(r.scores).filter((v) => Number.isFinite(v));
    if (scores.length === 0) continue;
    const cap = r.capability ?? NO_CAPABILITY;
    let byMetric = values.get(cap);
    if (!byMetric) values.set(cap, (byMetric = new Map()));
    let list = byMetric.get(r.metric);
    if (!list) byMetric.set(r.metric, (list = []));
    list.push(...scores);
    const [lo, hi] = range.get(r.metric) ?? (metrics.push(r.metric), [0, 1]);
    range.set(r.metric, [Math.min(lo, ...scores), Math.max(hi, ...scores)]);
  }
  const hist = new Map<string, Histogram>();
  for (const [capability, byMetric] of values) {
    for (const [metric, list] of byMetric) {
      const [lo, hi] = range.get(metric)!;
      const counts = new Array<number>(bins).fill(0);
      let sum = 0;
      for (const v of list) {
        sum += v;
        counts[Math.min(bins - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * bins)))]!++;
      }
      hist.set(`${capability}\u0000${metric}`, { capability, metric, n: list.length, mean: sum / list.length, lo, hi, counts });
    }
  }
  return { capabilities: [...values.keys()].sort(), metrics, get: (c, m) => hist.get(`${c}\u0000${m}`) };
}

const PANEL = { w: 150, h: 56, gap: 18, top: 30, bottom: 18, left: 6 } as const;

/** One SVG per capability: a histogram panel for each metric, in the metrics' order. */
export function renderDistribution(d: Distributions, capability: string, color: (metric: string) => string): string {
  const width = PANEL.left + d.metrics.length * (PANEL.w + PANEL.gap);
  const height = PANEL.top + PANEL.h + PANEL.bottom;
  const panels = d.metrics.map((metric, i) => {
    const x0 = PANEL.left + i * (PANEL.w + PANEL.gap);
    const h = d.get(capability, metric);
    const head = text(x0, 12, metric, { class: 'panel-title' });
    if (!h) return el('g', { class: 'panel empty', 'data-metric': metric }, head + text(x0, PANEL.top + PANEL.h / 2, 'no scores', { class: 'tick' }));
    const max = Math.max(...h.counts);
    const x = linear(h.lo, h.hi, x0, x0 + PANEL.w);
    const y = linear(0, max, PANEL.top + PANEL.h, PANEL.top);
    const bw = PANEL.w / h.counts.length;
    // empty bins draw nothing (their count is 0 by absence)
    const bars = h.counts.map((c, b) => {
      if (c === 0) return '';
      const a = h.lo + ((h.hi - h.lo) * b) / h.counts.length;
      const z = h.lo + ((h.hi - h.lo) * (b + 1)) / h.counts.length;
      const range = `${a.toFixed(3)} to ${z.toFixed(3)}`;
      return el('rect', { class: 'bar', x: x0 + b * bw + 0.5, y: y(c), width: Math.max(0, bw - 1), height: PANEL.top + PANEL.h - y(c), fill: color(metric), 'data-bin': b, 'data-count': c }, title(`${metric}, ${capability}: ${c} scores ${range}`));
    });
    const base = PANEL.top + PANEL.h;
    return el(
      'g',
      { class: 'panel', 'data-metric': metric, 'data-n': h.n, 'data-mean': String(h.mean) },
      head +
        text(x0, 24, `n ${h.n} · mean ${h.mean.toFixed(3)}`, { class: 'tick' }) +
        bars.join('') +
        el('line', { class: 'axis', x1: x0, x2: x0 + PANEL.w, y1: base, y2: base }) +
        el('line', { class: 'mean', x1: x(h.mean), x2: x(h.mean), y1: PANEL.top - 2, y2: base }, title(`mean ${h.mean.toFixed(4)}`)) +
        text(x0, base + 12, tickLabel(h.lo), { class: 'tick' }) +
        text(x0 + PANEL.w, base + 12, tickLabel(h.hi), { class: 'tick', 'text-anchor': 'end' }),
    );
  });
  return svgRoot(width, height, `Score distributions of ${capability}, one histogram per metric`, panels.join(''), { 'data-capability': capability, style: `min-width:${px(width)}px` });
}

/** Every capability's figure, for the template (`{{{svg}}}`: built from escaped parts only). */
export function distributionFigures(results: Iterable<CaseResult>, color: (metric: string) => string): { capability: string; svg: string }[] {
  const d = scoreDistributions(results);
  return d.capabilities.map((capability) => ({ capability, svg: renderDistribution(d, capability, color) }));
}
