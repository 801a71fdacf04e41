import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient } from '../../src/llm/client.js';
import { createNodeFetch } from '../../src/llm/node-fetch.js';
import { startChatServer, type ChatServer } from './_chat-server.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function rawServer(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createNodeFetch', () => {
  it('sends method, headers and body and returns a Response with status, headers and body', async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const url = await rawServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-request-id': 'r1' });
        res.end('{"ok":true}');
      });
    });
    const f = createNodeFetch();
    closers.push(() => f.close());
    const r = await f(`${url}/v1/x?q=1`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{"é":1}' });
    expect(seen.method).toBe('POST');
    expect(seen.headers).toMatchObject({ authorization: 'Bearer k', 'content-length': String(Buffer.byteLength('{"é":1}')) });
    expect(seen.body).toBe('{"é":1}');
    expect(r.status).toBe(201);
    expect(r.statusText).toBe('Made');
    expect(r.ok).toBe(true);
    expect(r.headers.get('x-request-id')).toBe('r1');
    expect(r.url).toBe(`${url}/v1/x?q=1`);
    expect(await r.json()).toEqual({ ok: true });
  });

  it('gives a null body for 204', async () => {
    const url = await rawServer((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const f = createNodeFetch();
    closers.push(() => f.close());
    const r = await f(url);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
  });

  it('rejects with an AbortError when aborted, and a TypeError with the cause when the connection fails', async () => {
    const url = await rawServer(() => {
      /* never answers */
    });
    const f = createNodeFetch();
    closers.push(() => f.close());
    const c = new AbortController();
    setTimeout(() => c.abort(), 30);
    await expect(f(url, { signal: c.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const refused = await f('http://127.0.0.1:9/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
  });
});

describe('ChatClient with the built-in fetch transport', () => {
  let server: ChatServer;
  it('works the same', async () => {
    server = await startChatServer(() => ({ content: 'hello' }));
    closers.push(() => server.close());
    const c = new ChatClient({ baseURL: server.url, model: 'm', transport: 'fetch' });
    expect((await c.complete({ messages: [{ role: 'user', content: 'x' }] })).content).toBe('hello');
  });
});
