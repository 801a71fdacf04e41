/**
 * `record: true`: live generator output written back into the case files as the images'
 * `findings`, so the cases replay it later with no model. The YAML is edited through the
 * `yaml` package's Document API: comments, key order and flow style of the rest are kept.
 * Images are matched by their resolved `path` (a generator sees only the image, so one
 * output serves every case that uses the image).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'glob';
import { isMap, isSeq, parseDocument, type Document, type YAMLMap } from 'yaml';

export interface RecordedEntry {
  file: string;
  /** Path of the image entry inside the file: `images.faithful` or `cases.2.images.seed_1`. */
  at: string;
  image: string;
}

function imagesOf(node: YAMLMap, defaultsKind: unknown): YAMLMap | undefined {
  const kind = node.get('kind') ?? defaultsKind;
  if (kind !== 'image') return undefined;
  const images = node.get('images', true);
  return isMap(images) ? images : undefined;
}

/** Sets `findings` of every image entry whose path resolves into `recorded`; returns what changed. */
export function recordIntoDocument(doc: Document, file: string, recorded: Map<string, string>): RecordedEntry[] {
  const changed: RecordedEntry[] = [];
  const dir = path.dirname(file);
  const root = doc.contents;
  if (!isMap(root)) return changed;
  const visit = (caseNode: YAMLMap, prefix: (string | number)[], defaultsKind: unknown) => {
    const images = imagesOf(caseNode, defaultsKind);
    if (!images) return;
    for (const pair of images.items) {
      const label = String((pair.key as { value?: unknown })?.value ?? pair.key);
      const entry = pair.value;
      if (!isMap(entry)) continue;
      const rel = entry.get('path');
      if (typeof rel !== 'string') continue;
      const abs = path.resolve(dir, rel);
      const findings = recorded.get(abs);
      if (findings === undefined || entry.get('findings') === findings) continue;
      entry.set('findings', findings);
      changed.push({ file, at: [...prefix, 'images', label].join('.'), image: abs });
    }
  };
  const cases = root.get('cases', true);
  if (isSeq(cases)) {
    const defaults = root.get('defaults', true);
    const defaultsKind = isMap(defaults) ? defaults.get('kind') : undefined;
    cases.items.forEach((item, i) => isMap(item) && visit(item, ['cases', i], defaultsKind));
  } else visit(root, [], undefined);
  return changed;
}

/** Writes recorded findings into every case file under `casesDir` that uses the images. */
export async function recordFindings(casesDir: string, recorded: Map<string, string>): Promise<RecordedEntry[]> {
  if (recorded.size === 0) return [];
  const files = await glob('**/*.{yaml,yml}', { cwd: casesDir, absolute: true, nodir: true, ignore: ['**/node_modules/**'] });
  const out: RecordedEntry[] = [];
  for (const file of files.sort()) {
    const text = await readFile(file, 'utf8');
    if (!text.includes('images')) continue;
    const doc = parseDocument(text, { keepSourceTokens: false });
    if (doc.errors.length > 0) continue;
    const changed = recordIntoDocument(doc, file, recorded);
    if (changed.length === 0) continue;
    await writeFile(file, doc.toString({ lineWidth: 0 }));
    out.push(...changed);
  }
  return out;
}
