/**
 * A keep-alive HTTP/1.1 client for plain `http:` on `net` sockets, the judge's transport. A
 * judge sends one JSON body and reads one JSON reply, 64-200 at a time; node:http's request and
 * response streams cost ~150 µs of CPU a request here against ~25 µs for this (bench/README.md,
 * judge profile), which at 1,000 calls is most of what the client's one thread can spare.
 *
 * What it does: one request at a time per socket (no pipelining), idle sockets reused
 * last-in-first-out and unref'd, at most `maxSockets` open (the rest wait), replies framed by
 * `content-length`, `transfer-encoding: chunked` or the end of the connection, 1xx replies
 * skipped, `connection: close` and HTTP/1.0 honoured. Header names and values are checked as
 * node:http checks them (no CR/LF smuggling). A failure is the socket's error, or `ECONNRESET`
 * ("socket hang up") when the server closes before the reply is complete, as node:http reports it.
 */
import net from 'node:net';

export interface Http1Reply {
  status: number;
  statusText: string;
  /** Names and values as received: name, value, name, value, ... (node's `rawHeaders`). */
  rawHeaders: string[];
  body: Buffer;
}

/** Longest reply head accepted (node's default is 16 KiB). */
const MAX_HEAD = 64 * 1024;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** Sockets to one host and port. */
export class Http1Pool {
  private readonly idle: Conn[] = [];
  private readonly busy = new Set<Conn>();
  private readonly waiting: ((c: Conn | Error) => void)[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    /** The Host header. */
    private readonly authority: string,
    private readonly maxSockets = 256,
  ) {}

  /** One request; resolves with the whole reply. `headers` are name/value pairs as given. */
  async request(method: string, path: string, headers: [string, string][], body: Buffer | undefined, signal?: AbortSignal): Promise<Http1Reply> {
    const head = this.head(method, path, headers, body);
    const conn = await this.acquire(signal);
    return conn.exchange(head, body, method === 'HEAD', signal);
  }

  /** Destroys every socket; requests in flight fail, waiting ones are refused. */
  close(): void {
    this.closed = true;
    for (const c of this.idle.splice(0)) c.socket.destroy();
    for (const w of this.waiting.splice(0)) w(new Error('the HTTP pool was closed'));
    for (const c of this.busy) c.socket.destroy();
  }

  private head(method: string, path: string, headers: [string, string][], body: Buffer | undefined): string {
    if (!TOKEN.test(method)) throw new TypeError(`invalid HTTP method "${method}"`);
    if (/[^\u0021-\u00ff]/.test(path)) throw new TypeError('the request path contains unescaped characters');
    let out = `${method} ${path} HTTP/1.1\r\n`;
    let host = false;
    for (const [name, value] of headers) {
      if (!TOKEN.test(name)) throw new TypeError(`invalid HTTP header name "${name}"`);
      if (BAD_VALUE.test(value)) throw new TypeError(`invalid character in the value of HTTP header "${name}"`);
      const lower = name.toLowerCase();
      // framing is this client's: one body, its length counted here
      if (lower === 'content-length' || lower === 'transfer-encoding' || lower === 'connection') continue;
      if (lower === 'host') host = true;
      out += `${name}: ${value}\r\n`;
    }
    if (!host) out += `Host: ${this.authority}\r\n`;
    if (body) out += `Content-Length: ${body.length}\r\n`;
    else if (!NO_BODY_METHODS.has(method)) out += 'Content-Length: 0\r\n';
    return `${out}Connection: keep-alive\r\n\r\n`;
  }

  private acquire(signal: AbortSignal | undefined): Promise<Conn> {
    if (this.closed) return Promise.reject(new Error('the HTTP pool was closed'));
    const reused = this.idle.pop();
    if (reused) return Promise.resolve(this.take(reused));
    if (this.open < this.maxSockets) return Promise.resolve(this.take(this.connect()));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(wake);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(abortError(signal!));
      };
      const wake = (c: Conn | Error) => {
        signal?.removeEventListener('abort', onAbort);
        if (c instanceof Error) reject(c);
        else resolve(this.take(c));
      };
      this.waiting.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private take(c: Conn): Conn {
    this.busy.add(c);
    c.socket.ref();
    return c;
  }

  private connect(): Conn {
    this.open++;
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    return new Conn(socket, this);
  }

  /** A finished exchange gives its socket back (or it is gone: `reusable` false). */
  release(c: Conn, reusable: boolean): void {
    this.busy.delete(c);
    if (!reusable || this.closed) {
      c.socket.destroy();
      return;
    }
    const next = this.waiting.shift();
    if (next) return next(c);
    c.socket.unref();
    this.idle.push(c);
  }

  /** A socket closed (by either side). */
  gone(c: Conn): void {
    this.open--;
    this.busy.delete(c);
    const i = this.idle.indexOf(c);
    if (i >= 0) this.idle.splice(i, 1);
    // a waiter can have the room it left
    if (this.waiting.length && !this.closed && this.open < this.maxSockets) this.waiting.shift()!(this.connect());
  }
}

/** One socket and the exchange on it, if any. */
class Conn {
  private reply: ReplyParser | undefined;
  private settle: ((e: Error | undefined, r?: Http1Reply) => void) | undefined;

  constructor(readonly socket: net.Socket, private readonly pool: Http1Pool) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.onEnd());
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => {
      this.fail(hangUp());
      pool.gone(this);
    });
  }

  exchange(head: string, body: Buffer | undefined, isHead: boolean, signal: AbortSignal | undefined): Promise<Http1Reply> {
    return new Promise<Http1Reply>((resolve, reject) => {
      if (signal?.aborted) {
        this.pool.release(this, true);
        return reject(abortError(signal));
      }
      const onAbort = () => {
        this.fail(abortError(signal!));
        this.socket.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.reply = new ReplyParser(isHead);
      this.settle = (e, r) => {
        this.reply = undefined;
        this.settle = undefined;
        signal?.removeEventListener('abort', onAbort);
        if (e) reject(e);
        else resolve(r!);
      };
      // head and body in one write (one syscall) unless the body is large
      if (body && body.length <= 1 << 20) {
        const out = Buffer.allocUnsafe(head.length + body.length);
        out.write(head, 0, 'latin1');
        body.copy(out, head.length);
        this.socket.write(out);
      } else {
        this.socket.write(head, 'latin1');
        if (body) this.socket.write(body);
      }
    });
  }

  private onData(chunk: Buffer): void {
    const reply = this.reply;
    if (!reply) {
      this.socket.destroy(); // bytes nobody asked for: the connection cannot be trusted
      return;
    }
    let done: boolean;
    try {
      done = reply.feed(chunk);
    } catch (e) {
      this.fail(e as Error);
      this.socket.destroy();
      return;
    }
    if (done) this.finish(reply, reply.keepAlive && !reply.extra);
  }

  private onEnd(): void {
    const reply = this.reply;
    if (reply?.untilClose && reply.headDone) this.finish(reply, false);
    else this.fail(hangUp());
    this.socket.destroy();
  }

  private finish(reply: ReplyParser, reusable: boolean): void {
    const settle = this.settle!;
    this.pool.release(this, reusable);
    settle(undefined, reply.result());
  }

  private fail(e: Error): void {
    this.settle?.(e);
  }
}

/** Incremental reply parser: the head, then the body by its framing. */
class ReplyParser {
  headDone = false;
  keepAlive = false;
  /** The body runs to the end of the connection. */
  untilClose = false;
  /** Bytes after the end of the reply (a server that sent more than asked). */
  extra = false;
  private status = 0;
  private statusText = '';
  private rawHeaders: string[] = [];
  private pending: Buffer | undefined;
  private readonly chunks: Buffer[] = [];
  private received = 0;
  /** Body bytes still expected (content-length), or of the current chunk. */
  private left = 0;
  private mode: 'length' | 'chunk-size' | 'chunk-data' | 'chunk-crlf' | 'trailers' | 'close' | 'none' = 'none';

  constructor(private readonly isHead: boolean) {}

  /** Takes bytes; true once the reply is complete. */
  feed(chunk: Buffer): boolean {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    while (!this.headDone) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buf.length > MAX_HEAD) throw protocolError('the reply head is too large');
        this.pending = buf;
        return false;
      }
      this.parseHead(buf.toString('latin1', 0, end));
      buf = buf.subarray(end + 4);
    }
    return this.body(buf);
  }

  result(): Http1Reply {
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
    return { status: this.status, statusText: this.statusText, rawHeaders: this.rawHeaders, body };
  }

  private parseHead(text: string): void {
    const lines = text.split('\r\n');
    const m = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(lines[0]!);
    if (!m) throw protocolError(`not an HTTP/1.x reply: "${lines[0]!.slice(0, 60)}"`);
    const status = Number(m[2]);
    const raw: string[] = [];
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line[0] === ' ' || line[0] === '\t') {
        // obsolete line folding: part of the previous value
        if (raw.length === 0) throw protocolError('a reply header starts with whitespace');
        raw[raw.length - 1] = `${raw[raw.length - 1]} ${line.trim()}`;
        continue;
      }
      const colon = line.indexOf(':');
      if (colon <= 0 || !TOKEN.test(line.slice(0, colon))) throw protocolError(`bad reply header line "${line.slice(0, 60)}"`);
      raw.push(line.slice(0, colon), line.slice(colon + 1).trim());
    }
    // 1xx (100 Continue, 103 Early Hints): informational, the reply follows
    if (status >= 100 && status < 200 && status !== 101) return;
    this.headDone = true;
    this.status = status;
    this.statusText = m[3] ?? '';
    this.rawHeaders = raw;
    let length: number | undefined;
    let chunked = false;
    let encoded = false;
    let close = m[1] === '0';
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      const value = raw[i + 1]!;
      if (name === 'content-length') {
        if (!/^\d+$/.test(value) || (length !== undefined && length !== Number(value))) throw protocolError(`bad content-length "${value}"`);
        length = Number(value);
      } else if (name === 'transfer-encoding') {
        encoded = true;
        chunked = /(?:^|,)\s*chunked\s*$/i.test(value);
      } else if (name === 'connection') {
        const tokens = value.toLowerCase().split(',').map((t) => t.trim());
        if (tokens.includes('close')) close = true;
        else if (tokens.includes('keep-alive')) close = false;
      }
    }
    this.keepAlive = !close;
    if (this.isHead || status === 204 || status === 304 || status === 101) this.mode = 'none';
    else if (encoded) this.mode = chunked ? 'chunk-size' : 'close';
    else if (length !== undefined) [this.mode, this.left] = length === 0 ? ['none', 0] : ['length', length];
    else this.mode = 'close';
    if (this.mode === 'close') [this.untilClose, this.keepAlive] = [true, false];
  }

  private body(buf: Buffer): boolean {
    for (;;) {
      switch (this.mode) {
        case 'none':
          this.extra = buf.length > 0;
          return true;
        case 'close':
          this.take(buf);
          return false;
        case 'length': {
          const n = Math.min(this.left, buf.length);
          this.take(buf.subarray(0, n));
          this.left -= n;
          if (this.left > 0) return false;
          this.mode = 'none';
          buf = buf.subarray(n);
          break;
        }
        case 'chunk-size': {
          const eol = buf.indexOf('\r\n');
          if (eol < 0) return this.wait(buf);
          const size = buf.toString('latin1', 0, eol).split(';')[0]!.trim();
          if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw protocolError(`bad chunk size "${size.slice(0, 20)}"`);
          this.left = parseInt(size, 16);
          this.mode = this.left === 0 ? 'trailers' : 'chunk-data';
          buf = buf.subarray(eol + 2);
          break;
        }
        case 'chunk-data': {
          const n = Math.min(this.left, buf.length);
          this.take(buf.subarray(0, n));
          this.left -= n;
          if (this.left > 0) return false;
          this.mode = 'chunk-crlf';
          buf = buf.subarray(n);
          break;
        }
        case 'chunk-crlf':
          if (buf.length < 2) return this.wait(buf);
          if (buf[0] !== 13 || buf[1] !== 10) throw protocolError('a chunk does not end with CRLF');
          this.mode = 'chunk-size';
          buf = buf.subarray(2);
          break;
        case 'trailers': {
          // trailer lines up to an empty line; their content is not needed
          const eol = buf.indexOf('\r\n');
          if (eol < 0) return this.wait(buf);
          buf = buf.subarray(eol + 2);
          if (eol === 0) this.mode = 'none';
          break;
        }
      }
    }
  }

  private wait(buf: Buffer): false {
    if (buf.length > MAX_HEAD) throw protocolError('a chunk header is too long');
    this.pending = buf.length ? Buffer.from(buf) : undefined;
    return false;
  }

  private take(b: Buffer): void {
    if (b.length === 0) return;
    this.chunks.push(b);
    this.received += b.length;
  }
}

function protocolError(message: string): Error {
  return Object.assign(new Error(`HTTP protocol error: ${message}`), { code: 'HPE_INVALID' });
}

/** As node:http reports a connection closed before the reply was complete. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
