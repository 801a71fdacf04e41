import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

/** A place in a file, 1-based. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/**
 * Where the config defines metric `id`: its key under `metrics` (YAML/JSON, by the parsed
 * document), or the first `id:` / `'id':` key in a TS/JS config's text. Problems about creating
 * the metric (an unset env var, an unreachable service, a bad declaration) point there rather
 * than at the suite or the command line that named the metric. Undefined when not found.
 */
export function metricEntryAt(file: string, id: string, display = file): Place | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const counter = new LineCounter();
  const at = (offset: number): Place => {
    const { line, col } = counter.linePos(offset);
    return { file: display, line, column: col };
  };
  if (/\.(ya?ml|json)$/.test(file)) {
    const doc = parseDocument(text, { lineCounter: counter });
    const metrics = isMap(doc.contents) ? doc.contents.get('metrics', true) : undefined;
    const pair = isMap(metrics) ? metrics.items.find((p) => isScalar(p.key) && p.key.value === id) : undefined;
    const offset = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    return offset === undefined ? undefined : at(offset);
  }
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const metricsAt = text.search(/\bmetrics\s*:/);
  const key = new RegExp(`(?<![\\w$.:-])(['"\`]?)${escaped}\\1\\s*:`, 'g');
  key.lastIndex = Math.max(0, metricsAt);
  const m = key.exec(text);
  if (!m) return undefined;
  counter.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) counter.addNewLine(i + 1);
  return at(m.index);
}
