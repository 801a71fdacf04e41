/** Text and JSON of a `metric-suite cseval` run: Table 2 per generator, the paired comparison, the correlation with ratings. */
import type { Manifest } from '../../metrics/cseval/run/manifest.js';
import { OVERALL, pairedComparison, table2, type PairedRow, type Table2Row } from '../../metrics/cseval/run/table.js';
import { correlateImages, type ImageCorrelation, type RatedUnit } from '../../runner/corpus-agreement.js';

export interface CsevalReport {
  metric: string;
  generators: { name: string; id: string; version: string; describe: string; dir: string; generated: number; cached: number; failed: number; table: Table2Row[]; ratings?: ImageCorrelation }[];
  /** With two generators: first minus second. */
  comparison?: { a: string; b: string; rows: PairedRow[] };
}

/** Entries with `ratings` as rated units (one case per prompt and seed), grouped by finding. */
export function ratedEntries(m: Manifest): RatedUnit[] {
  return m.entries.flatMap((e) => {
    if (typeof e.score !== 'number' || !e.ratings) return [];
    const ratings = Array.isArray(e.ratings) ? e.ratings : Object.entries(e.ratings).map(([rater, score]) => ({ rater, score }));
    return ratings.length ? [{ caseId: `${e.promptId}#${e.seed}`, score: e.score, ratings, group: e.finding }] : [];
  });
}

const f3 = (x: number | null): string => (x === null ? '—' : x.toFixed(3));

function grid(header: string[], rows: string[][], numeric: (i: number) => boolean): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((v, i) => (numeric(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

export function renderReport(r: CsevalReport): string {
  const out: string[] = [];
  for (const g of r.generators) {
    out.push('', `CSEval · ${g.name} (${g.describe}, version ${g.version}) · ${r.metric}`);
    out.push(`  ${g.generated} images generated, ${g.cached} from the run folder ${g.dir}${g.failed ? `, ${g.failed} failed` : ''}`);
    const rows = g.table.map((t) => [t.finding, String(t.images), f3(t.mean), f3(t.sd), t.errors ? String(t.errors) : '']);
    out.push(...grid(['finding', 'images', 'mean', 'sd', 'errors'], rows, (i) => i > 0).map((l) => `  ${l}`));
    if (g.ratings && g.ratings.reports > 0) {
      out.push(`  agreement with ratings (${g.ratings.reports} rated images): kendall ${f3(g.ratings.kendall.value)} [${f3(g.ratings.kendall.low)}, ${f3(g.ratings.kendall.high)}] · spearman ${f3(g.ratings.spearman.value)} [${f3(g.ratings.spearman.low)}, ${f3(g.ratings.spearman.high)}]`);
      for (const f of g.ratings.byFinding) out.push(`    ${f.finding} (${f.reports}): kendall ${f3(f.kendall.value)} · spearman ${f3(f.spearman.value)}`);
    }
  }
  if (r.comparison) {
    const { a, b, rows } = r.comparison;
    out.push('', `paired comparison ${a} vs ${b} (same prompt and seed; paired randomization test, ${rows[0]?.trials ?? 0} trials, seed 0)`);
    const cells = rows.map((p) => [p.finding, String(p.pairs), f3(p.meanA), f3(p.meanB), p.difference === null ? '—' : `${p.difference >= 0 ? '+' : ''}${p.difference.toFixed(3)}`, p.p === null ? '—' : p.p.toFixed(4)]);
    out.push(...grid(['finding', 'pairs', a, b, 'difference', 'p'], cells, (i) => i > 0).map((l) => `  ${l}`));
  }
  out.push('', 'mean and sd (population, ddof 0) of per-image scores; failed images are counted under errors, never as 0');
  return `${out.join('\n')}\n`;
}

export function reportOf(metric: string, runs: { manifest: Manifest; dir: string; generated: number; cached: number; failed: number }[]): CsevalReport {
  const generators = runs.map((r) => {
    const units = ratedEntries(r.manifest);
    return {
      ...r.manifest.generator,
      dir: r.dir,
      generated: r.generated,
      cached: r.cached,
      failed: r.failed,
      table: table2(r.manifest.entries),
      ...(units.length ? { ratings: correlateImages(units) } : {}),
    };
  });
  const report: CsevalReport = { metric, generators };
  if (runs.length === 2) report.comparison = { a: runs[0]!.manifest.generator.name, b: runs[1]!.manifest.generator.name, rows: pairedComparison(runs[0]!.manifest.entries, runs[1]!.manifest.entries) };
  return report;
}

export { OVERALL };
