/**
 * Test helpers for the CSEval pipeline: a TOY text-to-image worker (a Python handler written
 * into the test folder; it is NOT a model: it draws a flat grey PNG and writes the prompt it
 * was given into a PNG tEXt chunk) and a STAND-IN report generator (an HTTP server on
 * 127.0.0.1 that reads that chunk back and answers in MAIRA-2's grounded format).
 */
import { createServer, type Server } from 'node:http';
import { inflateSync } from 'node:zlib';

export const TOY_T2I_PY = `"""TOY text-to-image worker for metric-suite tests: NOT a model.

It draws a flat grey PNG and stores the prompt in a tEXt chunk ("toy-prompt"), so that the
stand-in report generator can read the 'image'. init(forget=...) makes it drop a word of the
prompt for seeds divisible by 3 ("severity": the first word; "side": left/right), to give
the scores a spread. Every call is appended to calls.log in the working directory.
"""
import base64, struct, zlib

STATE = {"forget": "none"}

def _chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def init(forget="none", version="toy-1"):
    STATE["forget"] = forget
    return {"version": version}

def generate(prompt, seed, width, height):
    with open("calls.log", "a") as f:
        f.write("%s|%d\\n" % (prompt, seed))
    words = prompt.split()
    if seed % 3 == 0 and STATE["forget"] == "severity":
        words = words[1:]
    if seed % 3 == 0 and STATE["forget"] == "side":
        words = [w for w in words if w not in ("left", "right")]
    raw = b"".join(b"\\x00" + bytes([96 + (seed % 32)]) * width for _ in range(height))
    png = b"\\x89PNG\\r\\n\\x1a\\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    png += _chunk(b"tEXt", b"toy-prompt\\x00" + " ".join(words).encode("latin-1"))
    png += _chunk(b"IDAT", zlib.compress(raw)) + _chunk(b"IEND", b"")
    return {"image": base64.b64encode(png).decode("ascii")}
`;

/** The tEXt value under `key` of a PNG, or undefined. */
export function pngText(png: Buffer, key: string): string | undefined {
  let i = 8;
  while (i + 8 <= png.length) {
    const len = png.readUInt32BE(i);
    const kind = png.subarray(i + 4, i + 8).toString('latin1');
    const data = png.subarray(i + 8, i + 8 + len);
    if (kind === 'tEXt') {
      const nul = data.indexOf(0);
      if (data.subarray(0, nul).toString('latin1') === key) return data.subarray(nul + 1).toString('latin1');
    }
    if (kind === 'zTXt') void inflateSync; // not written by the toy worker
    i += 12 + len;
  }
  return undefined;
}

/** STAND-IN report generator: reads the toy image's prompt and writes one grounded finding. */
export async function standInReportGenerator(): Promise<{ url: string; calls: number[]; close: () => Promise<void> }> {
  const calls: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { image } = JSON.parse(body) as { image: { data: string } };
      const text = pngText(Buffer.from(image.data, 'base64'), 'toy-prompt');
      calls.push(1);
      if (!text) {
        res.writeHead(422).end('no toy-prompt chunk');
        return;
      }
      const sentence = `${text[0]!.toUpperCase()}${text.slice(1)}.`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ findings: `<obj>${sentence}<box><x10><y20><x40><y60></box></obj>` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/report`, calls, close: () => new Promise((r) => server.close(() => r())) };
}
