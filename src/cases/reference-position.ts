import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import type { Location } from './model.js';
import { positionOf } from './positions.js';

/** A field of a case that names metrics. */
export type MetricField = 'expect' | 'metrics.only' | 'metrics.skip';

/**
 * Where a case file names a metric: the key of `expect` (`bleuu:`) or the item of
 * `metrics.only` / `metrics.skip`, in the case written at `at`, else in the file's `defaults`
 * (which the case took it from). Undefined when the file cannot be read again or the name is
 * not found. The file is parsed again here, only for a case with a problem, so a loaded case
 * keeps no YAML tree (nor positions of every key) for the whole run.
 */
export function metricReferenceAt(at: Location, field: MetricField, id: string): { line: number; column: number } | undefined {
  let text: string;
  try {
    text = readFileSync(at.file, 'utf8');
  } catch {
    return undefined;
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const root = doc.contents;
  const list = root.get('cases', true);
  const entry = isSeq(list) ? list.items.find((item) => isMap(item) && covers(counter, item, at.line)) : root;
  const defaults = root.get('defaults', true);
  for (const scope of [entry, isSeq(list) ? defaults : undefined]) {
    const node = isMap(scope) ? findIn(scope, field, id) : undefined;
    if (node) return positionOf(counter, node);
  }
  return undefined;
}

/** Whether `line` falls inside the node's lines. */
function covers(counter: LineCounter, node: Node, line: number): boolean {
  const [start, , end] = node.range ?? [0, 0, 0];
  return counter.linePos(start).line <= line && line <= counter.linePos(Math.max(start, end - 1)).line;
}

/** The `expect` key, or the `metrics.only` / `metrics.skip` item, naming `id` in one case mapping. */
function findIn(map: YAMLMap, field: MetricField, id: string): Node | undefined {
  if (field === 'expect') {
    const expect = map.get('expect', true);
    if (!isMap(expect)) return undefined;
    const pair = expect.items.find((p) => isScalar(p.key) && String(p.key.value) === id);
    return pair?.key as Node | undefined;
  }
  const metrics = map.get('metrics', true);
  const list = isMap(metrics) ? metrics.get(field === 'metrics.only' ? 'only' : 'skip', true) : undefined;
  return isSeq(list) ? list.items.find((item): item is Node => isScalar(item) && String(item.value) === id) : undefined;
}
