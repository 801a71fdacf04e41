/** Reading an image for a live generator: bytes, media type, data URL. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { GeneratorError } from './types.js';

export interface LoadedImage {
  bytes: Buffer;
  mediaType: string;
  sha256: string;
}

/** Media type from the file's magic bytes (PNG, JPEG, GIF, WebP), else from the extension. */
export function mediaTypeOf(bytes: Buffer, file = ''): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (/\.jpe?g$/i.test(file)) return 'image/jpeg';
  return 'application/octet-stream';
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export async function loadImage(file: string | undefined): Promise<LoadedImage> {
  if (!file) throw new GeneratorError('this image has no `path`: a live report generator needs the image file');
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new GeneratorError(`cannot read image ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return { bytes, mediaType: mediaTypeOf(bytes, file), sha256: sha256Of(bytes) };
}

export const dataUrlOf = (img: LoadedImage): string => `data:${img.mediaType};base64,${img.bytes.toString('base64')}`;
