/** The http and openai text-to-image generators against real HTTP servers on 127.0.0.1. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../../../../src/metrics/cseval/t2i/index.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010800000000', 'hex');
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(handler: (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(JSON.parse(body || '{}') as Record<string, unknown>, req, res));
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
}

describe('http image generator', () => {
  it('posts prompt, seed and size; takes raw image bytes or JSON base64', async () => {
    const seen: Record<string, unknown>[] = [];
    const url = await serve((body, _req, res) => {
      seen.push(body);
      if (body.seed === 1) res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ image: PNG.toString('base64') }));
    });
    const g = createImageGenerator('h', { type: 'http', url: `${url}/generate`, version: 'sd-2', extraBody: { steps: 20 } }, '/');
    expect(await g.version()).toBe('sd-2');
    for (const seed of [1, 2]) {
      const img = await g.generate({ prompt: 'small left pleural effusion', seed, width: 64, height: 32 });
      expect([img.mediaType, img.bytes.equals(PNG)]).toEqual(['image/png', true]);
    }
    expect(seen[0]).toEqual({ steps: 20, prompt: 'small left pleural effusion', seed: 1, width: 64, height: 32 });
  });
  it('a reply that is no image, and a 4xx, are errors with the reason', async () => {
    const url = await serve((body, _req, res) => (body.seed === 1 ? res.writeHead(200).end('hello') : res.writeHead(400).end('bad prompt')));
    const g = createImageGenerator('h', { type: 'http', url, retries: 0 }, '/');
    await expect(g.generate({ prompt: 'p', seed: 1, width: 8, height: 8 })).rejects.toThrow(/not an image/);
    await expect(g.generate({ prompt: 'p', seed: 2, width: 8, height: 8 })).rejects.toThrow(/answered 400: bad prompt/);
  });
  it('invalid options name the generator', () => {
    expect(() => createImageGenerator('mine', { type: 'http' }, '/')).toThrow(/^imageGenerators\.mine: url/);
    expect(() => createImageGenerator('mine', { type: 'http', url: 'http://x', apiKeyEnv: 'NOPE_NOT_SET' }, '/', {})).toThrow('NOPE_NOT_SET');
  });
});

describe('openai image generator', () => {
  it('calls /images/generations for b64_json with size and seed', async () => {
    const seen: { path?: string; body: Record<string, unknown> }[] = [];
    const url = await serve((body, req, res) => {
      seen.push({ ...(req.url ? { path: req.url } : {}), body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [{ b64_json: PNG.toString('base64') }] }));
    });
    const g = createImageGenerator('o', { type: 'openai', baseURL: `${url}/v1`, model: 'roentgen', version: '2024' }, '/');
    expect(await g.version()).toBe('roentgen@2024');
    const img = await g.generate({ prompt: 'moderate cardiomegaly', seed: 7, width: 512, height: 512 });
    expect(img.bytes.equals(PNG)).toBe(true);
    expect(seen[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'roentgen', prompt: 'moderate cardiomegaly', n: 1, size: '512x512', response_format: 'b64_json', seed: 7 } });
  });
  it('a reply with only a URL is an error that says so', async () => {
    const url = await serve((_b, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [{ url: 'http://x/y.png' }] })));
    const g = createImageGenerator('o', { type: 'openai', baseURL: url, model: 'm', retries: 0 }, '/');
    await expect(g.generate({ prompt: 'p', seed: 0, width: 8, height: 8 })).rejects.toThrow(/only a URL/);
  });
});
