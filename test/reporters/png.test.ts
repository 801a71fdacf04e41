/** The screenshot tests' PNG reader, on images built here byte by byte (every filter type). */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, regionStats } from './_fixtures/png.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); // the reader does not check CRCs
}

function png(width: number, height: number, channels: 3 | 4, filtered: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 4 ? 6 : 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(filtered)), chunk('IEND', Buffer.alloc(0))]);
}

describe('decodePng', () => {
  it('undoes the five row filters of an RGB image', () => {
    // 2 × 5 pixels: row 0 none, row 1 sub, row 2 up, row 3 average, row 4 paeth; every pixel decodes to (10, 20, 30) + row
    const rows = [
      [0, 10, 20, 30, 10, 20, 30],
      [1, 11, 21, 31, 0, 0, 0],
      [2, 1, 1, 1, 1, 1, 1],
      // average of left (0 at the first pixel) and up (12, 22, 32): 13 - 6 = 7 ...; second pixel: floor((13 + 12) / 2) = 12 -> 1
      [3, 13 - 6, 23 - 11, 33 - 16, 1, 1, 1],
      // paeth: first pixel predicts up (13...): +1; second: a = 14, b = 13, c = 13 -> p = 14 -> a: 0
      [4, 1, 1, 1, 0, 0, 0],
    ];
    const img = decodePng(png(2, 5, 3, Buffer.from(rows.flat())));
    expect([img.width, img.height]).toEqual([2, 5]);
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 2; x++) expect([...img.rgba.subarray((y * 2 + x) * 4, (y * 2 + x) * 4 + 4)], `pixel ${x},${y}`).toEqual([10 + y, 20 + y, 30 + y, 255]);
    }
  });

  it('reads RGBA, rejects what it cannot read, and counts ink and colours in a region', () => {
    const img = decodePng(png(2, 1, 4, Buffer.from([0, 255, 255, 255, 255, 0, 114, 178, 255])));
    expect([...img.rgba]).toEqual([255, 255, 255, 255, 0, 114, 178, 255]);
    const stats = regionStats(img, { x: 0, y: 0, w: 2, h: 1 }, [[0, 114, 178]]);
    expect(stats).toEqual({ pixels: 2, inked: 1, colours: 2, near: [1] });
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow('not a PNG');
  });
});
