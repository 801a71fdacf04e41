/**
 * Golden check for extractor speed work (issue 16): the extractor's output, as JSON, over every
 * report of bench/devset/*.jsonl, every text of the case corpora (cases/, suites/) and the
 * bench's generated reports, from the build (dist/) of a given checkout. A speed change must
 * leave this output byte-identical; not a test (it compares two builds, e.g. main and a branch).
 *
 *   npx tsx bench/golden-extractor.ts write <checkout> <out.json>   # that checkout's dist/ output
 *   npx tsx bench/golden-extractor.ts compare <a.json> <b.json>     # exit 1 and the first difference
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { generateReports } from './extractor.js';

interface Input {
  where: string;
  text: string;
  context?: Record<string, unknown>;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '..');

function files(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** Every string of a YAML document; a `context` object travels with the strings beside it. */
function strings(node: unknown, where: string, context: Record<string, unknown> | undefined, out: Input[]): void {
  if (typeof node === 'string') {
    if (node.trim().length > 0) out.push({ where, text: node, ...(context ? { context } : {}) });
  } else if (Array.isArray(node)) node.forEach((x, i) => strings(x, `${where}[${i}]`, context, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const ctx = o.context && typeof o.context === 'object' ? (o.context as Record<string, unknown>) : context;
    for (const [k, v] of Object.entries(o)) if (k !== 'context') strings(v, `${where}.${k}`, ctx, out);
  }
}

function inputs(): Input[] {
  const out: Input[] = [];
  for (const part of readdirSync(path.join(repo, 'bench', 'devset')).filter((f) => f.endsWith('.jsonl')).sort().map((f) => f.slice(0, -6))) {
    const lines = readFileSync(path.join(repo, 'bench', 'devset', `${part}.jsonl`), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      const r = JSON.parse(line) as { text: string; context?: Record<string, unknown> };
      out.push({ where: `${part}:${i + 1}`, text: r.text, ...(r.context ? { context: r.context } : {}) });
    });
  }
  for (const file of [...files(path.join(repo, 'cases'), '.yaml'), ...files(path.join(repo, 'suites'), '.yaml')]) {
    const rel = path.relative(repo, file);
    parseAllDocuments(readFileSync(file, 'utf8')).forEach((doc, d) => strings(doc.toJS(), `${rel}#${d}`, undefined, out));
  }
  generateReports(500, 56).forEach((text, i) => out.push({ where: `generated:${i}`, text }));
  return out;
}

async function write(checkout: string, file: string): Promise<void> {
  const dist = (p: string): string => pathToFileURL(path.join(path.resolve(checkout), 'dist', 'src', p)).href;
  const report = (await import(dist('clinical/report/index.js'))) as { extractFindings: (t: string, o?: unknown) => unknown };
  const sentence = (await import(dist('clinical/extract/index.js'))) as {
    extractFindings: (t: string, o?: unknown) => unknown;
  };
  const mentions = (await import(dist('clinical/extract/mentions.js'))) as { matchFindings: (t: string) => unknown };
  const lines: string[] = [];
  for (const x of inputs()) {
    const row = {
      where: x.where,
      report: report.extractFindings(x.text, x.context ? { context: x.context } : {}),
      sentences: sentence.extractFindings(x.text),
      keepSigns: sentence.extractFindings(x.text, { keepSigns: true }),
      terms: mentions.matchFindings(x.text),
    };
    lines.push(JSON.stringify(row));
  }
  writeFileSync(file, lines.join('\n') + '\n');
  const sha = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  console.log(`${lines.length} inputs from ${checkout}: sha256 ${sha} -> ${file}`);
}

function compare(a: string, b: string): void {
  const x = readFileSync(a, 'utf8').split('\n');
  const y = readFileSync(b, 'utf8').split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    console.log(`DIFFERENT at line ${i + 1}:\n  ${a}: ${x[i]?.slice(0, 2000)}\n  ${b}: ${y[i]?.slice(0, 2000)}`);
    process.exit(1);
  }
  console.log(`identical: ${x.length - 1} inputs`);
}

const [cmd, p1, p2] = process.argv.slice(2);
if (cmd === 'write' && p1 && p2) await write(p1, p2);
else if (cmd === 'compare' && p1 && p2) compare(p1, p2);
else {
  console.error('usage: golden-extractor.ts write <checkout> <out.json> | compare <a.json> <b.json>');
  process.exit(2);
}
