/**
 * One generator's CSEval run: prompt set x seeds -> text-to-image generator (images cached in
 * the run folder, resumable) -> the cseval metric (report generator -> extractor ->
 * RadGraph-F1 against the prompt, through the scheduler and the score cache).
 */
import path from 'node:path';
import pLimit from 'p-limit';
import type { ScoreRequest } from '../../metrics/contract.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import { imageIsCached, imageKey, readManifest, saveImage, writeManifest, type Manifest, type ManifestEntry } from '../../metrics/cseval/run/manifest.js';
import type { PromptEntry } from '../../metrics/cseval/run/prompt-set.js';
import type { ImageGenerator } from '../../metrics/cseval/t2i/index.js';
import type { DiskCache } from '../../runner/cache.js';
import { scoreRequests } from '../../runner/scheduler.js';
import { Progress, type ProgressSink } from '../batch/progress.js';

export interface GeneratorRun {
  name: string;
  generator: ImageGenerator;
  prompts: PromptEntry[];
  seeds: number;
  width: number;
  height: number;
  /** The generator's run folder (`<out>/<name>`). */
  dir: string;
  reg: RegisteredMetric;
  cache?: DiskCache;
  offline?: boolean;
  concurrency: number;
  progress: ProgressSink;
  stop?: { stopped: boolean };
}

export interface GeneratorRunResult {
  manifest: Manifest;
  generated: number;
  cached: number;
  failed: number;
}

/** Generates what is missing, scores every image and returns the manifest (also written to the run folder). */
export async function runGenerator(o: GeneratorRun): Promise<GeneratorRunResult> {
  const version = await o.generator.version();
  const old = readManifest(o.dir);
  const before = new Map((old?.entries ?? []).map((e) => [e.key, e]));
  const manifest: Manifest = {
    version: 1,
    generator: { name: o.name, id: o.generator.id, version, describe: o.generator.describe },
    metric: o.reg.id,
    entries: [],
  };
  const todo: ManifestEntry[] = [];
  for (const p of o.prompts) {
    for (const seed of p.seeds ?? Array.from({ length: o.seeds }, (_, i) => i)) {
      const key = imageKey({ prompt: p.prompt, seed, generatorId: o.generator.id, generatorVersion: version, width: o.width, height: o.height });
      const prev = before.get(key);
      const base: ManifestEntry = {
        key, promptId: p.id, finding: p.finding, prompt: p.prompt, seed,
        generator: { id: o.generator.id, version }, width: o.width, height: o.height,
        ...(prev?.ratings ? { ratings: prev.ratings } : {}),
      };
      if (prev && imageIsCached(o.dir, prev)) manifest.entries.push({ ...base, image: prev.image!, sha256: prev.sha256!, ...(prev.mediaType ? { mediaType: prev.mediaType } : {}) });
      else {
        manifest.entries.push(base);
        todo.push(base);
      }
    }
  }
  const cached = manifest.entries.length - todo.length;
  writeManifest(o.dir, manifest);
  const bar = new Progress(o.progress, todo.length, `${o.name}: generating`, cached);
  const limit = pLimit(o.concurrency);
  let failed = 0;
  await Promise.all(todo.map((e) => limit(async () => {
    if (o.stop?.stopped) return;
    try {
      const img = await o.generator.generate({ prompt: e.prompt, seed: e.seed, width: o.width, height: o.height });
      Object.assign(e, saveImage(o.dir, e.key, img.bytes, img.mediaType));
    } catch (err) {
      failed++;
      e.error = (err as Error).message;
    }
    writeManifest(o.dir, manifest); // after every image: a stopped run loses nothing
    bar.add(1);
  })));
  bar.end();
  await scoreEntries(o, manifest);
  writeManifest(o.dir, manifest);
  return { manifest, generated: todo.length - failed, cached, failed };
}

/** Scores every entry with an image; scores, scored text and errors go into the entries. */
async function scoreEntries(o: GeneratorRun, manifest: Manifest): Promise<void> {
  const withImage = manifest.entries.filter((e) => e.image && !o.stop?.stopped);
  const requests: ScoreRequest[] = withImage.map((e) => ({
    reference: e.prompt, candidate: '', prompt: e.prompt, image: path.join(o.dir, e.image!), imageSha256: e.sha256!,
  }));
  if (requests.length === 0) return;
  o.progress.write(`${o.name}: scoring ${requests.length} images with ${o.reg.id}\n`);
  const { outcomes } = await scoreRequests(o.reg, requests, { ...(o.cache ? { cache: o.cache } : {}), offline: o.offline === true });
  withImage.forEach((e, i) => {
    const out = outcomes[i]!;
    delete e.score;
    delete e.scoreError;
    delete e.findings;
    if ('value' in out) {
      e.score = out.value;
      const findings = out.details?.findings;
      if (typeof findings === 'string') e.findings = findings;
    } else e.scoreError = out.error;
  });
}
