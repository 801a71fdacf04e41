/**
 * The blob reporter (`--reporter blob --output-file blob=shard-1.json`): the whole RunReport as
 * JSON, plan included, so `metric-suite merge-reports` can replay every reporter as if one run.
 * Unlike the JSON reporter's CONTRACT report it keeps everything reporters read (texts, titles,
 * tags, details, law descriptions) and the suites' gates. Non-finite numbers survive as
 * `{ "$number": "NaN" }`. Format: `{ "format": "metric-suite-blob", "formatVersion": 1, "report": RunReport }`.
 */
import { readFile } from 'node:fs/promises';
import type { ReporterFactory } from '../hooks.js';
import type { RunReport } from '../results.js';

export const BLOB_FORMAT = 'metric-suite-blob';

const replacer = (_key: string, value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? { $number: String(value) } : value);
const reviver = (_key: string, value: unknown): unknown => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const n = (value as { $number?: unknown }).$number;
    if (keys.length === 1 && typeof n === 'string') return Number(n);
  }
  return value;
};

export function serializeBlob(report: RunReport): string {
  return `${JSON.stringify({ format: BLOB_FORMAT, formatVersion: 1, report }, replacer)}\n`;
}

export function parseBlob(text: string, file = 'blob'): RunReport {
  let data: { format?: unknown; formatVersion?: unknown; report?: RunReport };
  try {
    data = JSON.parse(text, reviver) as typeof data;
  } catch (e) {
    throw new Error(`${file}: not JSON: ${(e as Error).message}`);
  }
  if (data?.format !== BLOB_FORMAT || data.formatVersion !== 1 || typeof data.report !== 'object' || data.report === null) {
    throw new Error(`${file}: not a metric-suite blob report (write one with --reporter blob --output-file blob=<file>)`);
  }
  const r = data.report;
  if (!Array.isArray(r.results) || !Array.isArray(r.laws) || !Array.isArray(r.gates) || !Array.isArray(r.problems)) throw new Error(`${file}: blob report lacks results, laws, gates or problems`);
  return r;
}

export async function readBlob(file: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${file}: ${(e as Error).message}`);
  }
  return parseBlob(text, file);
}

export const createBlobReporter: ReporterFactory = (options) => ({
  onRunEnd(report) {
    options.write(serializeBlob(report));
  },
});

export default createBlobReporter;
