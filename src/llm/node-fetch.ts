/**
 * A minimal `fetch` for the openai SDK's `fetch` option: plain `http:` on undici's keep-alive
 * `Agent` (its `dispatch()` API, the HTTP/1.1 client of Node's core team), `https:` on node:https
 * with a keep-alive agent. Judges send one small JSON body and read one JSON reply, many at a
 * time; the WHATWG `fetch` (web streams, `Headers`, `Response`) and node:http's request and
 * response streams cost several times more CPU per request than undici's dispatcher, which
 * shows at 64 concurrent requests on a small machine (bench/judge.bench.ts). Anything this does
 * not handle (streamed request bodies, other schemes) goes to the built-in fetch.
 */
import { STATUS_CODES } from 'node:http';
import https from 'node:https';
import { Agent, type Dispatcher } from 'undici';
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
  /** http: one undici Agent (a keep-alive pool per origin), made again on first use after close(). */
  let dispatcher: Agent | undefined;
  const http = (): Agent => (dispatcher ??= new Agent({ connections: maxSockets, pipelining: 1 }));
  // A judge posts to one URL: parse it once (URL parsing and node's URL-to-options were ~10 % of a request's CPU).
  const targets = new Map<string, Target>();
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) return fetch(input, init);
    const href = String(input);
    let target = targets.get(href);
    if (!target) {
      const u = new URL(href);
      target = { protocol: u.protocol, origin: u.origin, hostname: u.hostname.replace(/^\[|\]$/g, ''), port: u.port, path: `${u.pathname}${u.search}`, href: u.href, auth: u.username || u.password ? `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` : undefined };
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
      const raw: string[] = [];
      let authorization = false;
      for (const [key, value] of headerPairs(init.headers)) {
        const lower = key.toLowerCase();
        // framing is undici's (it refuses these as request headers): one body, its length counted there
        if (FRAMING.has(lower)) continue;
        if (lower === 'authorization') authorization = true;
        raw.push(key, value);
      }
      if (url.auth && !authorization) raw.push('Authorization', `Basic ${Buffer.from(url.auth).toString('base64')}`);
      return dispatchReply(http(), { origin: url.origin, path: url.path, method: method as 'GET', headers: raw, body: data ?? null }, method, url.href, signal);
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
      // in-flight requests fail (as a network error); the sockets are gone when this returns
      void dispatcher?.destroy().catch(() => undefined);
      dispatcher = undefined;
    },
  });
}

/** Request headers undici frames itself (and refuses from the caller). */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade']);

/**
 * One request on undici's `dispatch()` with a handler that collects the reply: no Readable
 * stream, no AsyncResource and no header object per reply as undici's `request()` builds them
 * (that was ~10 % of a judge call's CPU); the headers stay raw until the SDK reads one.
 * Failures as the built-in fetch reports them.
 */
function dispatchReply(agent: Agent, options: Dispatcher.DispatchOptions, method: string, href: string, signal: AbortSignal | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const collector = new ReplyCollector(method, href, signal, resolve, reject);
    try {
      agent.dispatch(options, collector);
    } catch (e) {
      collector.onError(e as Error);
    }
  });
}

/** undici's handler for one request (a class: no closures made per request). */
class ReplyCollector implements Dispatcher.DispatchHandlers {
  private abortRequest: ((reason?: Error) => void) | undefined;
  private settled = false;
  private status = 0;
  private statusText = '';
  private raw: Buffer[] = [];
  private first: Buffer | undefined;
  private rest: Buffer[] | undefined;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly method: string,
    private readonly href: string,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (r: Response) => void,
    private readonly reject: (e: Error) => void,
  ) {
    if (signal) {
      this.onAbort = () => this.abortRequest?.(abortError(signal));
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.settled) return abort();
    this.abortRequest = abort;
    if (this.signal?.aborted) abort(abortError(this.signal));
  }

  onHeaders(statusCode: number, headers: Buffer[] | string[] | null, _resume: () => void, message: string): boolean {
    if (statusCode < 200) return true; // 1xx: the final reply follows
    this.status = statusCode;
    this.statusText = message || (STATUS_CODES[statusCode] ?? '');
    this.raw = (headers ?? []) as Buffer[];
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.first === undefined) this.first = chunk;
    else (this.rest ??= [this.first]).push(chunk);
    return true;
  }

  onComplete(): void {
    if (!this.finish()) return;
    const status = this.status;
    const nullBody = this.method === 'HEAD' || status === 101 || status === 204 || status === 205 || status === 304;
    const bytes = nullBody ? null : this.rest ? Buffer.concat(this.rest) : (this.first ?? Buffer.alloc(0));
    this.resolve(new BufferedResponse(bytes, status, this.statusText, new ReplyHeaders(this.raw) as unknown as Headers, this.href) as unknown as Response);
  }

  onError(e: Error): void {
    if (!this.finish()) return;
    // Like the built-in fetch: a network failure is a TypeError('fetch failed') whose cause is the real error.
    this.reject(this.signal?.aborted ? abortError(this.signal) : new TypeError('fetch failed', { cause: e }));
  }

  /** Marks the request done (false when it already was) and drops the abort listener. */
  private finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
    return true;
  }
}

/** The rejection of an aborted request: the signal's reason when it is an AbortError, else a new one. */
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
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
  /** scheme://host[:port], undici's key for its pool. */
  origin: string;
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

