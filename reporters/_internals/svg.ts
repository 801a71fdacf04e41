/**
 * The few SVG pieces the html report's plots need, written out as strings: inline SVG needs no
 * library, no script and no network. Every text and attribute value goes through `esc`.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Coordinates at 0.1 px: enough on screen, and a 100-panel page stays small. */
export const px = (x: number): string => String(Math.round(x * 10) / 10);

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? px(v) : esc(v!)}"`)
    .join('');
}

/** One element; `body` is markup already built (escaped) by these helpers. */
export function el(tag: string, a: Attrs, body?: string): string {
  return body === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${body}</${tag}>`;
}

export const text = (x: number, y: number, s: string, a: Attrs = {}): string => el('text', { x, y, ...a }, esc(s));

/** A tooltip for the enclosing element. */
export const title = (s: string): string => `<title>${esc(s)}</title>`;

/** The root element: a fixed-size picture, labelled for screen readers. */
export function svgRoot(width: number, height: number, label: string, body: string, a: Attrs = {}): string {
  return el('svg', { viewBox: `0 0 ${px(width)} ${px(height)}`, width, height, role: 'img', 'aria-label': label, class: 'chart', ...a }, `${title(label)}${body}`);
}

/** A linear map from the domain [d0, d1] to the range [r0, r1] (a zero-width domain maps to the middle). */
export function linear(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (x) => r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);
}

/** About `count` round tick values covering [lo, hi] (steps of 1, 2 or 5 × 10^k). */
export function ticks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  return out.map((v) => Number(v.toPrecision(12)) + 0); // + 0: no -0
}

/** A tick label: no trailing zeros, at most 3 decimals. */
export const tickLabel = (v: number): string => String(Number(v.toFixed(3)));

/** Colour-blind-safe categorical colours (Okabe & Ito), one per metric. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#7f7f7f', '#000000'] as const;
export const colorOf = (i: number): string => PALETTE[i % PALETTE.length]!;

/** A horizontal axis at y with ticks over [lo, hi] mapped by `x`. */
export function xAxis(x: (v: number) => number, y: number, values: number[], a: { grid?: number } = {}): string {
  const parts = [el('line', { x1: x(values[0]!), x2: x(values.at(-1)!), y1: y, y2: y, class: 'axis' })];
  for (const v of values) {
    if (a.grid !== undefined) parts.push(el('line', { x1: x(v), x2: x(v), y1: a.grid, y2: y, class: 'grid' }));
    parts.push(el('line', { x1: x(v), x2: x(v), y1: y, y2: y + 3, class: 'axis' }), text(x(v), y + 13, tickLabel(v), { 'text-anchor': 'middle', class: 'tick' }));
  }
  return parts.join('');
}

/** A vertical axis at x with ticks mapped by `y`, grid lines to `gridTo`. */
export function yAxis(y: (v: number) => number, x: number, values: number[], gridTo?: number): string {
  const parts = [el('line', { x1: x, x2: x, y1: y(values[0]!), y2: y(values.at(-1)!), class: 'axis' })];
  for (const v of values) {
    if (gridTo !== undefined) parts.push(el('line', { x1: x, x2: gridTo, y1: y(v), y2: y(v), class: 'grid' }));
    parts.push(text(x - 4, y(v) + 3.5, tickLabel(v), { 'text-anchor': 'end', class: 'tick' }));
  }
  return parts.join('');
}
