/**
 * A small PNG decoder for screenshot tests (no image library is a dependency): 8-bit RGB or
 * RGBA, non-interlaced, which is what Chromium's `--screenshot` writes. Anything else throws.
 */
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, rows top to bottom. */
  rgba: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(file: Buffer): Image {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos < file.length) {
    const length = file.readUInt32BE(pos);
    const type = file.toString('latin1', pos + 4, pos + 8);
    const data = file.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, color, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (color !== 2 && color !== 6)) throw new Error(`unsupported PNG: depth ${depth}, colour type ${color}, interlace ${interlace}`);
      channels = color === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      const x = src[i]!;
      out[i] = (filter === 0 ? x : filter === 1 ? x + a : filter === 2 ? x + b : filter === 3 ? x + ((a + b) >> 1) : filter === 4 ? x + paeth(a, b, c) : NaN) & 0xff;
      if (filter > 4) throw new Error(`bad PNG filter ${filter}`);
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba[p * 4] = rows[p * channels]!;
    rgba[p * 4 + 1] = rows[p * channels + 1]!;
    rgba[p * 4 + 2] = rows[p * channels + 2]!;
    rgba[p * 4 + 3] = channels === 4 ? rows[p * channels + 3]! : 255;
  }
  return { width, height, rgba };
}

export interface RegionStats {
  pixels: number;
  /** Pixels that are not (near) white. */
  inked: number;
  /** Distinct colours, quantised to 4 bits a channel. */
  colours: number;
  /** Pixels within `tolerance` of each of the given colours. */
  near: number[];
}

/** Pixel statistics of a rectangle (clipped to the image). */
export function regionStats(img: Image, box: { x: number; y: number; w: number; h: number }, targets: [number, number, number][] = [], tolerance = 24): RegionStats {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(img.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(img.height, Math.ceil(box.y + box.h));
  const seen = new Set<number>();
  const near = targets.map(() => 0);
  let inked = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.rgba[i]!, img.rgba[i + 1]!, img.rgba[i + 2]!];
      if (r < 245 || g < 245 || b < 245) inked++;
      seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      targets.forEach(([tr, tg, tb], k) => {
        if (Math.abs(r - tr) <= tolerance && Math.abs(g - tg) <= tolerance && Math.abs(b - tb) <= tolerance) near[k]!++;
      });
    }
  }
  return { pixels: Math.max(0, (x1 - x0) * (y1 - y0)), inked, colours: seen.size, near };
}
