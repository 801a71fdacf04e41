import { readFileSync, writeFileSync } from 'node:fs';
import { isMap, parseDocument } from 'yaml';

/** How a metric is registered: `{ module }` for a TS stub, `{ command }` for a Python one. */
export type MetricEntry = { module: string } | { command: string[] };

/** What adding a metric to a config gives: the new text, or why it cannot be done (and what to do). */
export type AddResult = { text: string } | { error: string };

const entryTs = (id: string, e: MetricEntry) => `${JSON.stringify(id).replace(/^"|"$/g, "'")}: ${'module' in e ? `{ module: '${e.module}' }` : `{ command: [${e.command.map((a) => `'${a}'`).join(', ')}] }`}`;

/**
 * The config text with one more entry under `metrics`, everything else kept as written (YAML
 * comments included). A TS/JS config is edited as text: the entry goes first in its
 * `metrics: {` object; a config without one is left to the user, told the line to add.
 */
export function addMetric(file: string, id: string, entry: MetricEntry): AddResult {
  const text = readFileSync(file, 'utf8');
  const name = file.split(/[\\/]/).at(-1)!;
  if (/\.ya?ml$/.test(file)) {
    const doc = parseDocument(text);
    if (doc.errors.length) return { error: `${name} does not parse (${doc.errors[0]!.message.split('\n')[0]}): fix it first` };
    if (doc.hasIn(['metrics', id])) return { error: `${name} has a metric "${id}" already: pick another --name` };
    const node = doc.createNode(entry);
    if ('command' in entry && isMap(node)) (node.get('command', true) as { flow?: boolean }).flow = true;
    if (!isMap(doc.getIn(['metrics']))) doc.setIn(['metrics'], doc.createNode({}));
    doc.setIn(['metrics', id], node);
    return { text: doc.toString({ flowCollectionPadding: false }) };
  }
  if (/\.json$/.test(file)) {
    let data: { metrics?: Record<string, unknown> };
    try {
      data = JSON.parse(text) as typeof data;
    } catch (e) {
      return { error: `${name} does not parse (${(e as Error).message}): fix it first` };
    }
    if (data.metrics?.[id] !== undefined) return { error: `${name} has a metric "${id}" already: pick another --name` };
    data.metrics = { ...data.metrics, [id]: entry };
    return { text: `${JSON.stringify(data, null, 2)}\n` };
  }
  const line = entryTs(id, entry);
  const open = /\bmetrics\s*:\s*\{/.exec(text);
  if (!open) return { error: `found no \`metrics: {\` in ${name} to add the metric to: add \`${line},\` under \`metrics\` yourself` };
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(^|[\\s{,])(['"\`]?)${escaped}\\2\\s*:`).test(text.slice(open.index + open[0].length))) {
    return { error: `${name} seems to have a metric "${id}" already: pick another --name` };
  }
  const at = open.index + open[0].length;
  // one entry per line as init writes them, or inline after the brace
  const nextLine = /^[ \t]*\r?\n([ \t]*)/.exec(text.slice(at));
  const insert = nextLine ? `\n${nextLine[1]}${line},` : ` ${line},`;
  return { text: text.slice(0, at) + insert + text.slice(at) };
}

/** Writes the result of addMetric; returns the error message when there is one. */
export function writeAdded(file: string, result: AddResult): string | undefined {
  if ('error' in result) return result.error;
  writeFileSync(file, result.text);
  return undefined;
}
