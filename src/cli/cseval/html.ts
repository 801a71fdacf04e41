/**
 * `metric-suite cseval --html FILE`: one self-contained page (no scripts, no external assets):
 * per generator, Table 2 as a bar chart (mean per finding, a whisker of ± sd, the image count)
 * and as a table; with two generators, the paired comparison table.
 */
import type { CsevalReport } from './render.js';

const esc = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const f3 = (x: number | null): string => (x === null ? '—' : x.toFixed(3));

/** Horizontal bars on a 0..1 axis, one per finding (the metric's range for cseval). */
function chart(rows: CsevalReport['generators'][number]['table']): string {
  const W = 420;
  const left = 140;
  const rowH = 26;
  const h = rows.length * rowH + 24;
  const x = (v: number) => left + Math.max(0, Math.min(1, v)) * W;
  const bars = rows.map((r, i) => {
    const y = i * rowH + 4;
    const label = `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${esc(r.finding)}</text>`;
    if (r.mean === null) return `${label}<text x="${left + 4}" y="${y + 15}">no image scored</text>`;
    const sd = r.sd ?? 0;
    return `${label}<rect class="bar${r.finding === 'overall' ? ' overall' : ''}" x="${left}" y="${y}" width="${(x(r.mean) - left).toFixed(1)}" height="18"><title>${esc(r.finding)}: ${f3(r.mean)} ± ${f3(r.sd)} (${r.images} images)</title></rect>` +
      `<line class="sd" x1="${x(r.mean - sd).toFixed(1)}" x2="${x(r.mean + sd).toFixed(1)}" y1="${y + 9}" y2="${y + 9}"/>` +
      `<text x="${(x(Math.min(1, r.mean + sd)) + 6).toFixed(1)}" y="${y + 15}" class="n">${f3(r.mean)} (n=${r.images})</text>`;
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => `<line class="tick" x1="${x(t)}" x2="${x(t)}" y1="0" y2="${h - 18}"/><text x="${x(t)}" y="${h - 4}" text-anchor="middle">${t}</text>`);
  return `<svg class="table2-chart" role="img" viewBox="0 0 ${left + W + 120} ${h}" width="${left + W + 120}" height="${h}">${ticks.join('')}${bars.join('')}</svg>`;
}

const table = (head: string[], rows: string[][]): string =>
  `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

export function renderHtml(r: CsevalReport): string {
  const sections = r.generators.map((g) => `<section class="generator" data-generator="${esc(g.name)}">
<h2>${esc(g.name)} <small>${esc(g.describe)} · version ${esc(g.version)}</small></h2>
<p>${g.generated} images generated, ${g.cached} from the run folder${g.failed ? `, ${g.failed} failed` : ''}. Score: ${esc(r.metric)} (mean ± population sd per finding; failed images under errors, never 0).</p>
${chart(g.table)}
${table(['finding', 'images', 'mean', 'sd', 'errors'], g.table.map((t) => [t.finding, String(t.images), f3(t.mean), f3(t.sd), String(t.errors)]))}
${g.ratings && g.ratings.reports > 0 ? `<p>Agreement with ratings (${g.ratings.reports} rated images): Kendall tau-b ${f3(g.ratings.kendall.value)} [${f3(g.ratings.kendall.low)}, ${f3(g.ratings.kendall.high)}], Spearman ${f3(g.ratings.spearman.value)} [${f3(g.ratings.spearman.low)}, ${f3(g.ratings.spearman.high)}]</p>` : ''}
</section>`);
  const cmp = r.comparison
    ? `<section class="comparison"><h2>${esc(r.comparison.a)} vs ${esc(r.comparison.b)}</h2><p>Same prompt and seed; paired randomization test (${r.comparison.rows[0]?.trials ?? 0} trials, seed 0).</p>${table(
        ['finding', 'pairs', r.comparison.a, r.comparison.b, 'difference', 'p'],
        r.comparison.rows.map((p) => [p.finding, String(p.pairs), f3(p.meanA), f3(p.meanB), f3(p.difference), p.p === null ? '—' : p.p.toFixed(4)]),
      )}</section>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSEval · ${esc(r.generators.map((g) => g.name).join(' vs '))}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}
svg text{font-size:12px}.bar{fill:#4a7fb5}.bar.overall{fill:#2b4c6f}.sd{stroke:#111;stroke-width:1.5}.tick{stroke:#ddd}.n{fill:#333}small{color:#666;font-weight:normal}</style></head>
<body><h1>CSEval: Table 2 per finding</h1>
${sections.join('\n')}
${cmp}
</body></html>
`;
}
