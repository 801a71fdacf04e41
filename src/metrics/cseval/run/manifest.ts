/**
 * The run folder of one text-to-image generator: `manifest.json` and `images/<key>.png`.
 *
 * Each entry is one (prompt, seed): the prompt, its finding, the seed, the generator's id and
 * version, the image file and its sha256; after scoring, the score and the findings the report
 * generator wrote (or the error). The key is the sha256 of (prompt, seed, generator id,
 * generator version, width, height): an image is generated again only when one of these changes
 * or its file no longer has the recorded digest, so a stopped run resumes where it stopped.
 * `ratings` (expert ratings per rater, e.g. 0/1/2 alignment) may be added by hand to an entry;
 * they are kept across runs and correlated with the scores. The manifest is written atomically
 * after every image.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sha256Of } from '../generators/image.js';

export const ManifestEntrySchema = z.object({
  key: z.string(),
  promptId: z.string(),
  finding: z.string(),
  prompt: z.string(),
  seed: z.number().int(),
  generator: z.object({ id: z.string(), version: z.string() }),
  width: z.number().int(),
  height: z.number().int(),
  /** Relative to the run folder. */
  image: z.string().optional(),
  sha256: z.string().optional(),
  mediaType: z.string().optional(),
  /** Generation failed (the entry is retried on the next run). */
  error: z.string().optional(),
  score: z.number().optional(),
  scoreError: z.string().optional(),
  /** The text scored (grounded phrases of MAIRA-2 output). */
  findings: z.string().optional(),
  ratings: z.union([z.record(z.string(), z.number()), z.array(z.object({ rater: z.string(), score: z.number() }))]).optional(),
}).loose();
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

export const ManifestSchema = z.object({
  version: z.literal(1),
  generator: z.object({ name: z.string(), id: z.string(), version: z.string(), describe: z.string() }),
  metric: z.string().optional(),
  entries: z.array(ManifestEntrySchema),
}).loose();
export type Manifest = z.infer<typeof ManifestSchema>;

/** The cache key of one image. */
export function imageKey(k: { prompt: string; seed: number; generatorId: string; generatorVersion: string; width: number; height: number }): string {
  return createHash('sha256').update(JSON.stringify([k.prompt, k.seed, k.generatorId, k.generatorVersion, k.width, k.height])).digest('hex').slice(0, 32);
}

export const manifestFile = (dir: string): string => path.join(dir, 'manifest.json');

/** Reads a run folder's manifest; undefined when there is none. Throws on a damaged one (it is never overwritten silently). */
export function readManifest(dir: string): Manifest | undefined {
  const file = manifestFile(dir);
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file} is not valid JSON (${(e as Error).message}): fix or remove it`);
  }
  const parsed = ManifestSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${file} is not a CSEval run manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export function writeManifest(dir: string, m: Manifest): void {
  mkdirSync(dir, { recursive: true });
  const file = manifestFile(dir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(m, null, 2)}\n`);
  renameSync(tmp, file);
}

/** Whether an entry's image is on disk with the recorded digest (a cache hit). */
export function imageIsCached(dir: string, e: ManifestEntry | undefined): boolean {
  if (!e?.image || !e.sha256) return false;
  try {
    return sha256Of(readFileSync(path.join(dir, e.image))) === e.sha256;
  } catch {
    return false;
  }
}

/** Writes an image under `images/` and returns its entry fields. */
export function saveImage(dir: string, key: string, bytes: Buffer, mediaType: string): Pick<ManifestEntry, 'image' | 'sha256' | 'mediaType'> {
  const ext = mediaType === 'image/jpeg' ? 'jpg' : mediaType === 'image/webp' ? 'webp' : mediaType === 'image/gif' ? 'gif' : 'png';
  const rel = `images/${key}.${ext}`;
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  const tmp = path.join(dir, `${rel}.${process.pid}.tmp`);
  writeFileSync(tmp, bytes);
  renameSync(tmp, path.join(dir, rel));
  return { image: rel, sha256: sha256Of(bytes), mediaType };
}
