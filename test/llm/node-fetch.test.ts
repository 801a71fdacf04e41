import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient } from '../../src/llm/client.js';
import { createNodeFetch } from '../../src/llm/node-fetch.js';
import { startChatServer, type ChatServer } from './_chat-server.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function rawServer(handler: http.RequestListener, onServer?: (server: http.Server) => void): Promise<string> {
  const server = http.createServer(handler);
  onServer?.(server);
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
    expect(r.statusText).toBe('Made'); // the server's reason phrase, as fetch gives it
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
  it('reads a chunked reply, keeps the socket alive, and connects again after the server closes idle sockets', async () => {
    let server!: http.Server;
    let connections = 0;
    const url = await rawServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' }); // no length: node:http sends it chunked
        res.write('{"a":');
        setTimeout(() => res.end('"é"}'), 5);
      });
    }, (s) => {
      server = s;
      s.on('connection', () => connections++);
    });
    const f = createNodeFetch();
    closers.push(() => f.close());
    const r = await f(url, { method: 'POST', body: 'x' });
    expect(r.headers.get('transfer-encoding')).toBe('chunked');
    expect(await r.json()).toEqual({ a: 'é' });
    // undici hands a socket back one event-loop turn after its reply (a request sent at once takes
    // another socket, or opens one); after that it is reused
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      expect(await (await f(url, { method: 'POST', body: 'x' })).json()).toEqual({ a: 'é' });
    }
    expect(connections).toBe(1);
    server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 30));
    expect(await (await f(url, { method: 'POST', body: 'x' })).json()).toEqual({ a: 'é' });
    expect(connections).toBe(2);
  });

  it('a reply cut off before its content-length fails as a network error (so the SDK retries it)', async () => {
    const server = net.createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort'));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => server.close(() => r())));
    const f = createNodeFetch();
    closers.push(() => f.close());
    const e = await f(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', body: 'x' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toBe('fetch failed');
    expect((e as { cause: { code: string } }).cause.code).toMatch(/^UND_ERR_/);
  });

  it('an abort after the headers, while the body is coming, rejects with an AbortError; 1xx replies are skipped', async () => {
    const url = await rawServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/early') {
          res.writeEarlyHints({ link: '</x>; rel=preload' });
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('final');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"a":'); // the rest never comes
      });
    });
    const f = createNodeFetch();
    closers.push(() => f.close());
    const c = new AbortController();
    const pending = f(url, { method: 'POST', body: 'x', signal: c.signal });
    setTimeout(() => c.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const early = await f(`${url}/early`, { method: 'POST', body: 'x' });
    expect(early.status).toBe(200);
    expect(early.headers.get('content-type')).toBe('text/plain');
    expect(await early.text()).toBe('final');
  });

  it('aborts a request in flight and one waiting for a socket; the fetch keeps working; close() frees the sockets', async () => {
    let open = 0;
    const url = await rawServer((req, res) => {
      req.resume();
      if (req.url !== '/hang') req.on('end', () => res.end('ok'));
    }, (s) => s.on('connection', (socket) => (open++, socket.on('close', () => open--))));
    const f = createNodeFetch({ maxSockets: 1 });
    closers.push(() => f.close());
    const c = new AbortController();
    const hanging = f(`${url}/hang`, { method: 'POST', body: 'x', signal: c.signal });
    const waiting = f(url, { method: 'POST', body: 'x', signal: c.signal });
    setTimeout(() => c.abort(), 20);
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' });
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(await (await f(url, { method: 'POST', body: 'x' })).text()).toBe('ok');
    expect(open).toBeGreaterThan(0);
    f.close();
    for (let i = 0; i < 50 && open > 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(open).toBe(0);
    expect(await (await f(url)).text()).toBe('ok'); // usable again after close(), with new sockets
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
