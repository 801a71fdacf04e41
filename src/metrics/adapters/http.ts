/**
 * The `http:` adapter: a metric served over HTTP.
 *
 * - `POST {url}` with `{ "protocol": 1, "options": {...}, "requests": [...] }` answers
 *   `{ "outcomes": [...] }`, one outcome per request, in order.
 * - The declaration is the config's `http.declaration`, else `GET {url}` answering
 *   `{ "protocol": 1, "declaration": {...} }` (or the bare declaration), once at start-up.
 * - A timeout per attempt; retries with exponential backoff on 408/425/429/5xx, timeouts and
 *   connection failures, honouring `Retry-After`; other statuses fail at once.
 * - Headers: literal `headers`, and `headerEnv` (header -> environment variable NAME, or a
 *   template such as `Bearer ${TOKEN}`), so secrets never sit in the config or the cache key.
 * Failures become error outcomes for the batch's requests; `score` never throws.
 */
import { redactSecrets, redactUrl } from '../../util/redact.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Metric, MetricDeclaration, ScoreContext, ScoreOutcome, ScoreRequest } from '../contract.js';
import { MetricDeclarationSchema } from '../define.js';
import { retryAfterMs } from '../../llm/client.js';

export const HTTP_PROTOCOL_VERSION = 1;

/** `http:` in the config. */
export interface HttpSpec {
  url: string;
  /** Literal headers (nothing secret: they are part of the config hash). */
  headers?: Record<string, string>;
  /** Header -> env var NAME (`MY_TOKEN`) or template (`Bearer ${MY_TOKEN}`); values are read at start-up. */
  headerEnv?: Record<string, string>;
  /** Per HTTP attempt (default 60,000 ms). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429/5xx/timeouts/connection failures (default 3). */
  retries?: number;
  /** First backoff, doubled per retry (default 500 ms). */
  backoffMs?: number;
  /** Longest wait between attempts, Retry-After included (default 30,000 ms). */
  maxBackoffMs?: number;
  /** The metric's declaration; when absent it is fetched with GET {url}. */
  declaration?: Record<string, unknown>;
}

export interface HttpMetricSettings {
  http: HttpSpec;
  options?: Record<string, unknown>;
}

const RETRYABLE = new Set([408, 425, 429]);
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What goes into the config hash: URL, literal headers, header env var NAMES and options; never secret values. */
export function httpConfig(settings: HttpMetricSettings): unknown {
  const { url, headers = {}, headerEnv = {}, declaration } = settings.http;
  return { http: { url, headers, headerEnv, ...(declaration ? { declaration } : {}) }, options: settings.options ?? {} };
}

/** The headers `headerEnv` names, read from `env`. @throws naming the variable (never its value) when unset. */
export function headersFromEnv(headerEnv: Record<string, string> = {}, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [header, spec] of Object.entries(headerEnv)) {
    const read = (name: string) => {
      const v = env[name];
      if (v === undefined || v === '') throw new Error(`the environment variable ${name} (http.headerEnv.${header}) is not set`);
      return v;
    };
    if (ENV_NAME.test(spec)) out[header] = read(spec);
    else if (/\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(spec)) out[header] = spec.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => read(name));
    else throw new Error(`http.headerEnv.${header} must name an environment variable (MY_TOKEN) or be a template ("Bearer \${MY_TOKEN}")`);
  }
  return out;
}

class HttpFailure extends Error {
  constructor(message: string, readonly retryable: boolean, readonly headers?: Headers) {
    super(redactSecrets(message)); // fetch's own messages may quote the URL with its credentials
  }
}

/** A client for one metric endpoint with the retry policy. */
class HttpClient {
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  /** The URL as messages show it: userinfo and query values redacted. */
  private readonly shown: string;

  constructor(readonly url: string, private readonly headers: Record<string, string>, spec: HttpSpec) {
    this.shown = redactUrl(url);
    this.timeoutMs = spec.timeoutMs ?? 60_000;
    this.retries = spec.retries ?? 3;
    this.backoffMs = spec.backoffMs ?? 500;
    this.maxBackoffMs = spec.maxBackoffMs ?? 30_000;
  }

  /** The longest a call can take with every retry: the runner's batch timeout. */
  get budgetMs(): number {
    return this.timeoutMs * (this.retries + 1) + this.maxBackoffMs * this.retries + 5_000;
  }

  async call(method: 'GET' | 'POST', body: unknown, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, body, signal);
      } catch (e) {
        const f = e instanceof HttpFailure ? e : new HttpFailure(String(e), false);
        if (signal?.aborted) throw new Error(`${method} ${this.shown} was cancelled`);
        if (!f.retryable || attempt > this.retries) throw new Error(`${f.message}${attempt > 1 ? ` (after ${attempt} attempts)` : ''}`);
        const fromHeader = retryAfterMs(f.headers);
        const wait = fromHeader !== undefined
          ? Math.min(fromHeader, this.maxBackoffMs)
          : Math.round(Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs) * (0.8 + 0.4 * Math.random()));
        try {
          await sleep(wait, undefined, signal ? { signal } : undefined);
        } catch {
          throw new Error(`${method} ${this.shown} was cancelled`);
        }
      }
    }
  }

  /**
   * fetch with redirects followed by hand: within the configured origin as fetch would; to
   * another origin only when no header is configured, since headers (an `X-Api-Key` as much
   * as Authorization) must never leave the origin they were configured for.
   */
  private async fetchFollowing(method: 'GET' | 'POST', body: unknown, signal: AbortSignal): Promise<Response> {
    const origin = new URL(this.url).origin;
    let target = this.url;
    let m: 'GET' | 'POST' = method;
    for (let hop = 0; ; hop++) {
      const res = await fetch(target, {
        method: m,
        headers: { accept: 'application/json', ...(m === 'POST' ? { 'content-type': 'application/json' } : {}), ...this.headers },
        ...(m === 'POST' ? { body: JSON.stringify(body) } : {}),
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(res.status) || !location) return res;
      await res.body?.cancel().catch(() => undefined);
      const next = new URL(location, target);
      if (hop >= 5) throw new HttpFailure(`${method} ${this.shown} redirected more than 5 times`, false);
      if (next.origin !== origin && Object.keys(this.headers).length > 0) {
        throw new HttpFailure(`${method} ${this.shown} redirected to another origin (${redactUrl(next.href)}): not followed, the configured headers stay with ${redactUrl(origin)}`, false);
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && m === 'POST')) m = 'GET';
      target = next.href;
    }
  }

  private async once(method: 'GET' | 'POST', body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchFollowing(method, body, signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (e) {
      if (e instanceof HttpFailure) throw e;
      if (timeout.aborted) throw new HttpFailure(`${method} ${this.shown} did not answer within ${this.timeoutMs} ms`, true);
      if (signal?.aborted) throw new HttpFailure(`${method} ${this.shown} was cancelled`, false);
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new HttpFailure(`cannot reach ${this.shown}: ${cause?.code ?? cause?.message ?? (e as Error).message}`, true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      if (timeout.aborted) throw new HttpFailure(`${method} ${this.shown} did not finish its answer within ${this.timeoutMs} ms`, true);
      throw new HttpFailure(`${method} ${this.shown}: reading the answer failed: ${(e as Error).message}`, true);
    }
    if (!res.ok) {
      const retryable = RETRYABLE.has(res.status) || res.status >= 500;
      throw new HttpFailure(`${method} ${this.shown} answered HTTP ${res.status}${text.trim() ? `: ${text.trim().slice(0, 300)}` : ''}`, retryable, res.headers);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new HttpFailure(`${method} ${this.shown} answered with something that is not JSON: ${JSON.stringify(text.slice(0, 120))}`, false);
    }
  }
}

/**
 * Creates an HTTP metric: resolves headers (env vars by name), gets and checks the
 * declaration, and returns a Metric whose `score` POSTs each batch.
 * @throws when a named env var is unset, or the declaration cannot be fetched or is invalid.
 */
export async function createHttpMetric(settings: HttpMetricSettings, env: NodeJS.ProcessEnv = process.env): Promise<Metric> {
  const spec = settings.http;
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    throw new Error(`http.url is not a URL: ${JSON.stringify(redactUrl(spec.url))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`http.url must be http(s): ${redactUrl(spec.url)}`);
  const client = new HttpClient(spec.url, { ...spec.headers, ...headersFromEnv(spec.headerEnv, env) }, spec);
  let raw: unknown = spec.declaration;
  if (raw === undefined) {
    const got = (await client.call('GET', undefined)) as Record<string, unknown> | null;
    if (got && typeof got === 'object' && typeof got.protocol === 'number' && got.protocol !== HTTP_PROTOCOL_VERSION) {
      throw new Error(`${redactUrl(spec.url)} speaks protocol ${got.protocol}; this metric-suite speaks protocol ${HTTP_PROTOCOL_VERSION}`);
    }
    raw = got && typeof got === 'object' && 'declaration' in got ? got.declaration : got;
  }
  const parsed = MetricDeclarationSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`invalid declaration from ${spec.declaration ? 'http.declaration' : `GET ${redactUrl(spec.url)}`}: ${issues.join('; ')}`);
  }
  const decl = parsed.data as MetricDeclaration;
  const options = settings.options ?? {};

  const score = async (requests: ScoreRequest[], { signal }: ScoreContext): Promise<ScoreOutcome[]> => {
    const fail = (reason: string) => requests.map(() => ({ error: `${decl.id}: ${reason}` }));
    let reply: unknown;
    try {
      reply = await client.call('POST', { protocol: HTTP_PROTOCOL_VERSION, options, requests }, signal);
    } catch (e) {
      return fail((e as Error).message);
    }
    const outcomes = reply && typeof reply === 'object' ? (reply as { outcomes?: unknown }).outcomes : undefined;
    if (!Array.isArray(outcomes)) return fail(`POST ${redactUrl(spec.url)} answered without an "outcomes" array`);
    if (outcomes.length !== requests.length) return fail(`POST ${redactUrl(spec.url)} returned ${outcomes.length} outcome${outcomes.length === 1 ? '' : 's'} for ${requests.length} request${requests.length === 1 ? '' : 's'}`);
    // Values are checked (finite, in range) by the runner like any metric's.
    return outcomes as ScoreOutcome[];
  };

  return {
    ...decl,
    remote: decl.remote ?? true,
    timeoutMs: client.budgetMs,
    retries: 0,
    score,
  };
}
