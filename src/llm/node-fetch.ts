/**
 * A minimal `fetch` on node:http/https with a keep-alive agent, for the openai SDK's `fetch`
 * option. Judges send one small JSON body and read one JSON reply, many at a time; Node's
 * built-in fetch (undici) costs noticeably more CPU per request than node:http, which shows at
 * 64 concurrent requests on a small machine (bench/judge.bench.ts). Anything this does not
 * handle (streamed request bodies, other schemes) goes to the built-in fetch.
 */
import http from 'node:http';
import https from 'node:https';
import { ReplyHeaders } from './reply-headers.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface NodeFetchOptions {
  /** Most open sockets per host (default 256; the runner's concurrency limits requests). */
  maxSockets?: number;
}

/** A fetch-compatible function with its own keep-alive agents; `close()` frees the sockets. */
export function createNodeFetch(options: NodeFetchOptions = {}): FetchLike & { close(): void } {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 256, keepAliveMsecs: 10_000 };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  // A judge posts to one URL: parse it once (URL parsing and node's URL-to-options were ~10 % of a request's CPU).
  const targets = new Map<string, Target>();
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) return fetch(input, init);
    const href = String(input);
    let target = targets.get(href);
    if (!target) {
      const u = new URL(href);
      target = { protocol: u.protocol, hostname: u.hostname.replace(/^\[|\]$/g, ''), port: u.port, path: `${u.pathname}${u.search}`, href: u.href, auth: u.username || u.password ? `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` : undefined };
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
    const headers: Record<string, string> = {};
    (init.headers instanceof Headers ? init.headers : new Headers(init.headers)).forEach((value, key) => {
      headers[key] = value;
    });
    if (data) headers['content-length'] = String(data.length);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const options: http.RequestOptions = { protocol: url.protocol, hostname: url.hostname, path: url.path, method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] };
      if (url.port) options.port = url.port;
      if (url.auth) options.auth = url.auth;
      const req = transport.request(options, (res) => {
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
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  });
}

interface Target {
  protocol: string;
  hostname: string;
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

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
