import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Http1Pool } from '../../src/llm/http1.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A node:http server; counts the connections it accepted. */
async function httpServer(handler: http.RequestListener): Promise<{ pool: (max?: number) => Http1Pool; connections: () => number; server: http.Server }> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  }));
  const port = (server.address() as AddressInfo).port;
  return { pool: (max) => track(new Http1Pool('127.0.0.1', port, `127.0.0.1:${port}`, max)), connections: () => connections, server };
}

/** A raw TCP server that answers each request with the given bytes, written as `writes` (split where the test says). */
let rawConnections = 0;
async function rawServer(answer: (request: string) => (string | Buffer)[], options: { endAfter?: boolean; byteByByte?: boolean } = {}): Promise<Http1Pool> {
  rawConnections = 0;
  const server = net.createServer((socket) => {
    rawConnections++;
    let buf = '';
    socket.on('data', async (d) => {
      buf += d.toString('latin1');
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const len = Number(/content-length: (\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
      if (buf.length < end + 4 + len) return;
      const request = buf.slice(0, end + 4 + len);
      buf = buf.slice(end + 4 + len);
      for (const part of answer(request)) {
        const bytes = Buffer.from(part);
        if (options.byteByByte) for (const b of bytes) {
          socket.write(Buffer.from([b]));
          await new Promise((r) => setImmediate(r));
        }
        else socket.write(bytes);
      }
      if (options.endAfter) socket.end();
    });
    socket.on('error', () => undefined);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => {
    for (const s of sockets) s.destroy();
    server.close(() => r());
  }));
  const port = (server.address() as AddressInfo).port;
  return track(new Http1Pool('127.0.0.1', port, `127.0.0.1:${port}`));
}

function track(pool: Http1Pool): Http1Pool {
  closers.push(() => pool.close());
  return pool;
}

const post = (pool: Http1Pool, body = '{"x":1}', headers: [string, string][] = [['content-type', 'application/json']], signal?: AbortSignal) =>
  pool.request('POST', '/v1/chat/completions', headers, Buffer.from(body), signal);

describe('Http1Pool', () => {
  it('sends method, path, headers, Host and Content-Length; reads a chunked reply (node:http without a length)', async () => {
    let seen: { method?: string; url?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const { pool } = await httpServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(200, 'Fine', { 'x-request-id': 'r1' });
        res.write('{"a":');
        setTimeout(() => res.end('"é"}'), 5);
      });
    });
    const r = await post(pool(), '{"é":1}', [['Content-Type', 'application/json'], ['Authorization', 'Bearer k']]);
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/chat/completions');
    expect(seen.headers).toMatchObject({ host: expect.stringMatching(/^127\.0\.0\.1:\d+$/), authorization: 'Bearer k', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength('{"é":1}')) });
    expect(seen.body).toBe('{"é":1}');
    expect(r.status).toBe(200);
    expect(r.statusText).toBe('Fine');
    expect(r.rawHeaders).toContain('x-request-id');
    expect(r.rawHeaders).toContain('chunked');
    expect(JSON.parse(r.body.toString('utf8'))).toEqual({ a: 'é' });
  });

  it('keeps sockets alive: sequential requests share one connection, concurrent ones open more', async () => {
    const s = await httpServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('ok'), 5));
    });
    const pool = s.pool();
    for (let i = 0; i < 5; i++) expect((await post(pool)).body.toString()).toBe('ok');
    expect(s.connections()).toBe(1);
    const replies = await Promise.all(Array.from({ length: 4 }, () => post(pool)));
    expect(replies.map((r) => r.body.toString())).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(s.connections()).toBe(4);
  });

  it('never opens more than maxSockets: the rest wait for a free socket', async () => {
    let inFlight = 0;
    let most = 0;
    const s = await httpServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      req.resume();
      req.on('end', () => setTimeout(() => (inFlight--, res.end('ok')), 10));
    });
    const pool = s.pool(2);
    const replies = await Promise.all(Array.from({ length: 7 }, () => post(pool)));
    expect(replies.every((r) => r.body.toString() === 'ok')).toBe(true);
    expect(most).toBe(2);
    expect(s.connections()).toBe(2);
  });

  it('reads a reply split into single bytes, skips 1xx replies, and a Content-Length reply of 0 bytes', async () => {
    const pool = await rawServer(
      (req) =>
        req.includes('/empty')
          ? ['HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n']
          : ['HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n', 'HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nX-Folded: a\r\n  b\r\nTransfer-Encoding: chunked\r\n\r\n', '3;ext=1\r\nabc\r\n', '2\r\nde\r\n0\r\nTrailer: x\r\n\r\n'],
      { byteByByte: true },
    );
    const r = await post(pool);
    expect(r.status).toBe(201);
    expect(r.body.toString()).toBe('abcde');
    expect(r.rawHeaders).toEqual(['Content-Type', 'text/plain', 'X-Folded', 'a b', 'Transfer-Encoding', 'chunked']);
    // the socket was reused after a complete chunked reply
    const empty = await pool.request('GET', '/empty', [], undefined);
    expect(empty.status).toBe(200);
    expect(empty.body.length).toBe(0);
  });

  it('reads a reply without framing to the end of the connection (HTTP/1.0) and does not reuse that socket', async () => {
    let n = 0;
    const pool = await rawServer(() => [`HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nreply ${++n}`], { endAfter: true });
    expect((await post(pool)).body.toString()).toBe('reply 1');
    expect((await post(pool)).body.toString()).toBe('reply 2');
    expect(rawConnections).toBe(2); // the first socket was not reused
  });

  it('honours connection: close, and recovers when the server closes an idle socket', async () => {
    const s = await httpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/close') res.setHeader('connection', 'close');
        res.end('ok');
      });
    });
    const pool = s.pool();
    await pool.request('POST', '/close', [], Buffer.from('x'));
    await post(pool);
    expect(s.connections()).toBe(2);
    // the server drops its idle connections; the pool notices and connects again
    s.server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 30));
    expect((await post(pool)).body.toString()).toBe('ok');
    expect(s.connections()).toBe(3);
  });

  it('fails with ECONNRESET when the server closes mid-reply, and with a protocol error for a reply that is not HTTP', async () => {
    const cut = await rawServer(() => ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort'], { endAfter: true });
    await expect(post(cut)).rejects.toMatchObject({ code: 'ECONNRESET' });
    const garbage = await rawServer(() => ['SSH-2.0-OpenSSH\r\n\r\n']);
    await expect(post(garbage)).rejects.toThrow(/not an HTTP\/1\.x reply/);
    const twoLengths = await rawServer(() => ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc']);
    await expect(post(twoLengths)).rejects.toThrow(/bad content-length/);
  });

  it('refuses header names and values that would split the request, and connection refusals reach the caller', async () => {
    const { pool } = await httpServer((_req, res) => res.end('ok'));
    const p = pool();
    await expect(post(p, '{}', [['x-evil', 'a\r\nInjected: 1']])).rejects.toThrow(/invalid character/);
    await expect(post(p, '{}', [['bad name', 'v']])).rejects.toThrow(/invalid HTTP header name/);
    const refused = track(new Http1Pool('127.0.0.1', 9, '127.0.0.1:9'));
    await expect(post(refused)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('aborts a request in flight and one waiting for a socket; the pool keeps working', async () => {
    const s = await httpServer((req, res) => {
      req.resume();
      if (req.url !== '/hang') req.on('end', () => res.end('ok'));
    });
    const pool = s.pool(1);
    const c = new AbortController();
    const hanging = pool.request('POST', '/hang', [], Buffer.from('x'), c.signal);
    const waiting = post(pool, '{}', [], c.signal);
    setTimeout(() => c.abort(), 20);
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' });
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect((await post(pool)).body.toString()).toBe('ok');
  });

  it('close() fails requests in flight and refuses new ones', async () => {
    const { pool } = await httpServer((req) => req.resume());
    const p = pool();
    const pending = post(p);
    await new Promise((r) => setTimeout(r, 20));
    p.close();
    await expect(pending).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(post(p)).rejects.toThrow(/closed/);
  });
});
