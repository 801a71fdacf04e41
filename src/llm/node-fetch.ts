/**
 * A minimal `fetch` for the openai SDK's `fetch` option: plain `http:` on this package's
 * keep-alive HTTP/1.1 pool (http1.ts), `https:` on node:https with a keep-alive agent. Judges
 * send one small JSON body and read one JSON reply, many at a time; Node's built-in fetch
 * (undici) and node:http cost several times more CPU per request, which shows at 64 concurrent
 * requests on a small machine (bench/judge.bench.ts). Anything this does not handle (streamed
 * request bodies, other schemes) goes to the built-in fetch.
 */
import https from 'node:https';
import { abortError, Http1Pool } from './http1.js';
import { ReplyHeaders } from './reply-headers.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface NodeFetchOptions {
  /** Most open sockets per host (default 256; the runner's concurrency limits requests). */
  maxSockets?: number;
}

/** A fetch-compatible function with its own keep-alive agents; `close()` frees the sockets. */
export function createNodeFetch(options: NodeFetchOptions = {}): FetchLike & { close(): void } {
  const maxSockets = options.maxSockets ?? 256;
  const agent = new https.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 10_000 });
  /** http: pools by host and port. */
  const pools = new Map<string, Http1Pool>();
  // A judge posts to one URL: parse it once (URL parsing and node's URL-to-options were ~10 % of a request's CPU).
  const targets = new Map<string, Target>();
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) return fetch(input, init);
    const href = String(input);
    let target = targets.get(href);
    if (!target) {
      const u = new URL(href);
      target = { protocol: u.protocol, hostname: u.hostname.replace(/^\[|\]$/g, ''), host: u.host, port: u.port, path: `${u.pathname}${u.search}`, href: u.href, auth: u.username || u.password ? `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` : undefined };
      if (targets.size > 64) targets.clear();
      targets.set(href, target);
    }
    const url = target;
    const body = init.body;
    const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !simpleBody) return fetch(input, init);
    const data =
      body === undefined || body === null ? undefined
      : typeof body === 'string' ? Buffer.from(body)
      : body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) // a view, not a copy
      : Buffer.from(body as ArrayBuffer);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const method = (init.method ?? 'GET').toUpperCase();
    if (url.protocol === 'http:') {
      let pool = pools.get(url.host);
      if (!pool) pools.set(url.host, (pool = new Http1Pool(url.hostname, Number(url.port || 80), url.host, maxSockets)));
      const pairs = headerPairs(init.headers);
      if (url.auth && !pairs.some(([k]) => k.toLowerCase() === 'authorization')) pairs.push(['Authorization', `Basic ${Buffer.from(url.auth).toString('base64')}`]);
      return pool.request(method, url.path, pairs, data, signal).then(
          (r) => {
            const nullBody = method === 'HEAD' || r.status === 101 || r.status === 204 || r.status === 205 || r.status === 304;
            return new BufferedResponse(nullBody ? null : r.body, r.status, r.statusText, new ReplyHeaders(r.rawHeaders) as unknown as Headers, url.href) as unknown as Response;
          },
          (e: Error) => {
            // Like undici: a network failure is a TypeError('fetch failed') whose cause is the real error.
            throw signal?.aborted ? abortError(signal) : e.name === 'AbortError' ? e : new TypeError('fetch failed', { cause: e });
          },
        );
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of headerPairs(init.headers)) headers[key.toLowerCase()] = value;
    if (data) headers['content-length'] = String(data.length);
    return new Promise<Response>((resolve, reject) => {
      const options: https.RequestOptions = { protocol: url.protocol, hostname: url.hostname, path: url.path, method, headers, agent };
      if (url.port) options.port = url.port;
      if (url.auth) options.auth = url.auth;
      const req = https.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => fail(e));
        res.on('end', () => {
          cleanup();
          const status = res.statusCode ?? 0;
          const responseHeaders = new ReplyHeaders(res.rawHeaders) as unknown as Headers;
          const nullBody = status === 101 || status === 204 || status === 205 || status === 304;
          resolve(new BufferedResponse(nullBody ? null : Buffer.concat(chunks), status, res.statusMessage ?? '', responseHeaders, url.href) as unknown as Response);
        });
      });
      const onAbort = () => {
        req.destroy();
        reject(abortError(signal!));
      };
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      // Like undici: a network failure is a TypeError('fetch failed') whose cause is the real error.
      const fail = (e: Error) => {
        cleanup();
        reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: e }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', fail);
      req.end(data);
    });
  };
  return Object.assign(nodeFetch, {
    close() {
      agent.destroy();
      for (const pool of pools.values()) pool.close();
      pools.clear();
    },
  });
}

/** Request headers as name/value pairs, from whatever form `init.headers` takes. */
function headerPairs(h: RequestInit['headers']): [string, string][] {
  const out: [string, string][] = [];
  if (!h) return out;
  if (h instanceof Headers || typeof (h as unknown as Headers).forEach === 'function') (h as unknown as Headers).forEach((value, key) => out.push([key, value]));
  else if (Array.isArray(h)) for (const [k, v] of h as [string, string][]) out.push([k, String(v)]);
  else for (const k of Object.keys(h)) out.push([k, String((h as Record<string, string>)[k])]);
  return out;
}

interface Target {
  protocol: string;
  hostname: string;
  /** host[:port] as in the URL (the Host header). */
  host: string;
  port: string;
  path: string;
  href: string;
  auth: string | undefined;
}

/**
 * A Response whose body is already in memory. The openai SDK reads status, headers, url and
 * json()/text(); going through a real Response's web stream for that cost more CPU than the
 * rest of the request. `body` (a stream) is still there for code that wants one.
 */
export class BufferedResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  private used = false;

  constructor(
    private readonly bytes: Buffer | null,
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.bytes === null ? null : new Response(this.bytes).body;
  }

  private consume(): Buffer {
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    return this.bytes ?? Buffer.alloc(0);
  }

  async text(): Promise<string> {
    const b = this.consume();
    // Like Response.text(): UTF-8, a byte-order mark dropped.
    return (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.consume();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): BufferedResponse {
    if (this.used) throw new TypeError('Response.clone: Body has already been consumed');
    return new BufferedResponse(this.bytes, this.status, this.statusText, this.headers, this.url);
  }
}

