/**
 * Independent development set: how well the public extractor agrees with blind labels.
 *
 *   npx tsx bench/devset/evaluate.ts <labelled.jsonl> [--json]
 *
 * Runs `extractFindings` on each report (with its patient context), maps extractor names to the
 * labelling taxonomy (concepts.json), and prints, for abnormal findings (labelled present or
 * uncertain, devices included): recall, precision, status / side / severity / significance /
 * device-position accuracy on matched pairs, and the misses and false findings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractFindings } from '../../src/clinical/report/index.js';
import { FINDING_NAMES } from '../../src/clinical/vocabulary.js';
import { conceptKey, scoreReport, type LabelledReport } from './score.js';
import { pct, summarize } from './summary.js';

function readMapping(): Map<string, string[]> {
  const raw = JSON.parse(readFileSync(path.join(import.meta.dirname, 'concepts.json'), 'utf8')) as Record<string, string | string[]>;
  const map = new Map(Object.entries(raw).filter(([k]) => !k.startsWith('$')).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(conceptKey)]));
  const unmapped = FINDING_NAMES.filter((n) => !map.has(n));
  if (unmapped.length) throw new Error(`bench/devset/concepts.json does not map: ${unmapped.join(', ')}`);
  return map;
}

function readReports(file: string): LabelledReport[] {
  return readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      const r = JSON.parse(line) as LabelledReport;
      if (typeof r.text !== 'string' || !Array.isArray(r.findings)) throw new Error('needs "text" and "findings"');
      return [r];
    } catch (e) {
      throw new Error(`${file}:${i + 1}: ${(e as Error).message}`);
    }
  });
}

function main(argv: string[]): number {
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('usage: npx tsx bench/devset/evaluate.ts <labelled.jsonl> [--json]\n');
    return 2;
  }
  const toConcept = readMapping();
  const reports = readReports(file);
  const scores = reports.map((r) => scoreReport(r, extractFindings(r.text, { context: r.context ?? {} }), (n) => toConcept.get(n) ?? [n]));
  const summary = summarize(scores);
  const misses = scores.flatMap((s) => s.misses.map((l) => ({ id: s.id, concept: l.concept, status: l.status, side: l.side ?? null, span: l.span ?? null })));
  const falses = scores.flatMap((s) => s.falses.map((x) => ({ id: s.id, concept: x.concept, status: x.found.status, side: x.found.side ?? null, text: x.found.text })));
  const wrong = scores.flatMap((s) => s.pairs.filter((p) => !p.status || !p.side || p.severity === false || p.significance === false || p.position === false).map((p) => ({ id: s.id, concept: p.concept, label: p.label, found: { status: p.found.status, side: p.found.side ?? null, severity: p.found.severityText ?? null, significance: p.found.significance, placement: p.found.devicePlacement ?? null } })));
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ file: path.basename(file), ...summary, misses, falses, attributeErrors: wrong }, null, 2)}\n`);
    return 0;
  }
  const a = (x: { accuracy: number | null; compared: number }) => `${pct(x.accuracy)} of ${x.compared}`;
  const out = [
    `${path.basename(file)}: ${summary.reports} reports, ${summary.labelled} abnormal labelled findings`,
    `  recall     ${pct(summary.recall)} (${summary.matched} found)`,
    `  precision  ${pct(summary.precision)} (${summary.falseFindings} false, ${summary.repeats} repeats of a matched finding not counted)`,
    `  on matched pairs: status ${a(summary.status)}, side ${a(summary.side)}, severity ${a(summary.severity)}, significance ${a(summary.significance)}, device position ${a(summary.position)}`,
    '',
    `misses (${misses.length}):`,
    ...misses.map((m) => `  ${m.id} ${m.concept} (${m.status}${m.side ? `, ${m.side}` : ''}) ${JSON.stringify(m.span)}`),
    `false findings (${falses.length}):`,
    ...falses.map((f) => `  ${f.id} ${f.concept} (${f.status}${f.side ? `, ${f.side}` : ''}) ${JSON.stringify(f.text)}`),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
