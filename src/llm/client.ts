/**
 * A chat-completions client for any OpenAI-compatible server (OpenAI, vLLM, Ollama, LM Studio,
 * llama.cpp, ...) on top of the `openai` package, with the policies a metric needs:
 *
 * - every setting explicit: the base URL and key are never read from OPENAI_* variables, so
 *   the environment cannot redirect a run (or a test) to another server;
 * - a timeout per attempt, and retries with exponential backoff (and `Retry-After`) on 429,
 *   408/409, 5xx and connection failures; the SDK's own retries are off so there is one policy;
 * - cancellation through an AbortSignal (the runner's batch timeout);
 * - JSON response format where supported: a server that rejects `response_format` with a 400
 *   is asked again without it, and not asked with it again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type OpenAI from 'openai';
import { AdaptiveLimit, type AdaptiveLimitOptions, type AttemptOutcome } from './concurrency.js';
import { createNodeFetch, type FetchLike } from './node-fetch.js';
import { RequestBodies } from './request-body.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** `JSON.stringify(content)`, when the caller has it from pre-encoded parts (spliced into the body as is, never sent as a field). */
  json?: string;
}

export interface ChatClientOptions {
  /** e.g. `http://127.0.0.1:8000/v1` (vLLM), `http://localhost:11434/v1` (Ollama), `https://api.openai.com/v1`. */
  baseURL: string;
  model: string;
  /** The key itself (resolve it from an env var NAME with `apiKeyFromEnv`); local servers need none. */
  apiKey?: string;
  /** Per attempt, in milliseconds (default 120,000). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429/5xx/connection failures (default 3). */
  retries?: number;
  /** First backoff in milliseconds, doubled per retry (default 500). */
  backoffMs?: number;
  /** Longest wait between attempts, `Retry-After` included (default 30,000). */
  maxBackoffMs?: number;
  /** Extra HTTP headers for every request. */
  headers?: Record<string, string>;
  /**
   * `node` (default): node:http with keep-alive sockets, which costs less CPU per request than
   * `fetch` (Node's built-in undici fetch) when many requests are in flight.
   */
  transport?: 'node' | 'fetch';
  /**
   * Requests in flight: a number is a fixed limit; an object (default `{}`) an adaptive one that
   * starts at 32 and finds the server's capacity (see concurrency.ts). The caller's own limit
   * (the runner's `concurrency`) applies on top.
   */
  concurrency?: number | AdaptiveLimitOptions;
}

export interface ChatRequest {
  /**
   * The messages, or a function that builds them: called when the request first gets a slot
   * under the client's limit (again only if a retry needs another body: the server refused
   * JSON mode). A prompt rendered per call then waits for capacity with its
   * request: a runner that queues hundreds of calls does not render (and encode) them all
   * before the first one is sent.
   */
  messages: ChatMessage[] | (() => ChatMessage[]);
  temperature?: number;
  seed?: number;
  maxTokens?: number;
  /** `max_tokens` (default; vLLM, Ollama, most servers) or `max_completion_tokens` (OpenAI reasoning models). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Ask for a JSON object where the server supports it (default `text`). */
  responseFormat?: 'json_object' | 'text';
  /** Server-specific body fields (e.g. vLLM's `guided_json`, Ollama's `options`). */
  extraBody?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface ChatReply {
  /** The message text; null when the model returned none (see `refusal`). */
  content: string | null;
  /** OpenAI's structured refusal, when the model refused. */
  refusal: string | null;
  /** `stop`, `length` (cut off by the token limit), `content_filter`, ... */
  finishReason: string | null;
  /** The model the server says answered. */
  model: string;
  /** HTTP attempts this reply took (1 = no retry). */
  attempts: number;
  usage?: { promptTokens: number; completionTokens: number };
}

/** A request that failed for good: HTTP status (if any), attempts made, and whether it was retryable. */
export class ChatError extends Error {
  override readonly name = 'ChatError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly attempts: number,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Counters for tests, benchmarks and reports. */
export interface ChatStats {
  /** HTTP requests sent (retries included). */
  requests: number;
  retries: number;
  failures: number;
}

const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
/** A pre-encoded body goes to the SDK as bytes, which it sends verbatim with this type. */
const JSON_CONTENT = { 'content-type': 'application/json' };

/** The key in the env var named `name`; undefined when no name is given. Throws when the named var is unset. */
export function apiKeyFromEnv(name: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!name) return undefined;
  const value = env[name];
  if (!value) throw new Error(`the environment variable ${name} (apiKeyEnv) is not set`);
  return value;
}

export class ChatClient {
  readonly stats: ChatStats = { requests: 0, retries: 0, failures: 0 };
  /** The SDK, imported on first use: `openai` costs ~50 ms to load, which no command without a judge should pay. */
  private sdkLoad: Promise<Sdk> | undefined;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private jsonModeRejected = false;
  private readonly transport: (FetchLike & { close(): void }) | undefined;
  /** The in-flight limit every attempt goes through. */
  readonly limiter: AdaptiveLimit;
  private readonly bodies: RequestBodies;

  constructor(readonly options: ChatClientOptions) {
    if (!options.baseURL) throw new Error('ChatClient needs a baseURL');
    if (!options.model) throw new Error('ChatClient needs a model');
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.transport = (options.transport ?? 'node') === 'node' ? createNodeFetch() : undefined;
    const c = options.concurrency ?? {};
    this.bodies = new RequestBodies(options.model);
    this.limiter = new AdaptiveLimit(typeof c === 'number' ? { initial: c, max: c, adaptive: false } : c);
  }

  private sdk(): Promise<Sdk> {
    return (this.sdkLoad ??= import('openai').then((mod) => ({
      mod,
      client: new mod.default({
        baseURL: this.options.baseURL,
        // The SDK refuses to start without a key; local servers ignore it.
        apiKey: this.options.apiKey || 'no-key',
        adminAPIKey: null,
        organization: null,
        project: null,
        webhookSecret: null,
        maxRetries: 0,
        timeout: this.timeoutMs,
        logLevel: 'off',
        ...(this.options.headers ? { defaultHeaders: this.options.headers } : {}),
        ...(this.transport ? { fetch: this.transport } : {}),
      }),
    })));
  }

  /** Frees the keep-alive sockets (the metric's `close`). */
  close(): void {
    this.transport?.close();
  }

  /** Whether the server rejected `response_format: json_object` (then it is no longer sent). */
  get jsonModeSupported(): boolean {
    return !this.jsonModeRejected;
  }

  /** One chat completion, retried per the policy; throws ChatError when it fails for good. */
  async complete(request: ChatRequest): Promise<ChatReply> {
    const { mod, client } = await this.sdk();
    const { APIConnectionError, APIError, APIUserAbortError } = mod;
    let attempt = 0;
    let messages = typeof request.messages === 'function' ? undefined : request.messages;
    // A retry sends the same bytes. Built messages are not kept beside them: the body is off the
    // V8 heap, the rendered prompt is not, and with 64-200 requests in flight kept prompts
    // outlive scavenges and are promoted (GC was 6-17 % of a judge run's CPU).
    let sent: { body: Buffer; json: boolean } | undefined;
    for (;;) {
      attempt++;
      const json = request.responseFormat === 'json_object' && !this.jsonModeRejected;
      try {
        const release = await this.limiter.acquire(request.signal);
        let outcome: AttemptOutcome = { kind: 'other' };
        let completion: OpenAI.Chat.ChatCompletion;
        let handOff = false;
        try {
          let encoded = sent?.json === json ? sent.body : undefined;
          let listed: ChatMessage[] | undefined;
          if (!encoded) {
            listed = messages ?? buildMessages(request.messages as () => ChatMessage[]);
            // Encoded from parts built once (request-body.ts); the object path for what it does not cover.
            encoded = this.bodies.encode(request, listed, json);
            if (encoded) sent = { body: encoded, json };
            else messages = listed; // the object path builds its body from them on a retry
          }
          this.stats.requests++;
          const callOptions = { ...(request.signal ? { signal: request.signal } : {}), timeout: this.timeoutMs, maxRetries: 0 };
          const started = performance.now();
          completion = encoded
            ? await client.post<OpenAI.Chat.ChatCompletion>('/chat/completions', { body: encoded, headers: JSON_CONTENT, stream: false, ...callOptions })
            : await client.chat.completions.create(this.bodyObject(request, listed!, json), callOptions);
          outcome = { kind: 'ok', latencyMs: performance.now() - started };
        } catch (e) {
          if (overloaded(mod, e)) outcome = { kind: 'overloaded' };
          throw e;
        } finally {
          handOff = this.limiter.queued > 0;
          release(outcome);
        }
        // The slot went to a waiting request: let it go out before the caller works on this reply
        // (parsing, scoring, caching), so a burst of replies refills the server first. Two turns:
        // undici writes to a reused keep-alive socket only after one setImmediate of its own
        // (it first reads what the server may have sent on the idle socket), queued after this one.
        if (handOff) await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
        const choice = completion.choices?.[0];
        if (!choice) throw new ChatError(`${this.where()} returned no choices`, undefined, attempt, false);
        const message = choice.message as { content?: string | null; refusal?: string | null } | undefined;
        return {
          content: message?.content ?? null,
          refusal: message?.refusal ?? null,
          finishReason: choice.finish_reason ?? null,
          model: completion.model ?? this.options.model,
          attempts: attempt,
          ...(completion.usage ? { usage: { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens } } : {}),
        };
      } catch (e) {
        if (e instanceof PromptError) throw e.cause; // the caller's own error, not the server's
        if (e instanceof ChatError) throw this.failed(e);
        if (e instanceof APIUserAbortError || request.signal?.aborted) throw this.failed(new ChatError(`request to ${this.where()} was cancelled`, undefined, attempt, false));
        const status = e instanceof APIError ? e.status : undefined;
        if (json && status === 400 && /response_format|json_object|json mode|json_schema/i.test(errorText(mod, e))) {
          // The server does not do JSON mode: ask again without it (not counted as a retry).
          this.jsonModeRejected = true;
          attempt--;
          continue;
        }
        const retryable = e instanceof APIConnectionError || (status !== undefined && (RETRYABLE_STATUS.has(status) || status >= 500));
        if (!retryable || attempt > this.retries) {
          const after = attempt > 1 ? ` (after ${attempt} attempts)` : '';
          throw this.failed(new ChatError(`${describe(mod, e, this.where(), this.timeoutMs)}${after}`, status, attempt, retryable));
        }
        this.stats.retries++;
        const wait = this.delay(attempt, e instanceof APIError ? e.headers : undefined);
        try {
          await sleep(wait, undefined, request.signal ? { signal: request.signal } : undefined);
        } catch {
          throw this.failed(new ChatError(`request to ${this.where()} was cancelled`, status, attempt, false));
        }
      }
    }
  }

  /** The request as the SDK's object, for what request-body.ts does not encode. */
  private bodyObject(request: ChatRequest, messages: ChatMessage[], json: boolean): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
    return {
      model: this.options.model,
      messages: messages.map((m) => (m.json === undefined ? m : { role: m.role, content: m.content })),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      ...(request.maxTokens !== undefined ? { [request.maxTokensField ?? 'max_tokens']: request.maxTokens } : {}),
      ...(json ? { response_format: { type: 'json_object' as const } } : {}),
      ...request.extraBody,
      stream: false as const,
    } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
  }

  private failed(e: ChatError): ChatError {
    this.stats.failures++;
    return e;
  }

  private where(): string {
    return `${this.options.baseURL.replace(/\/+$/, '')} (model ${this.options.model})`;
  }

  /** Backoff before attempt `attempt + 1`: `Retry-After` when the server sent one, else exponential with jitter. */
  private delay(attempt: number, headers: Headers | undefined): number {
    const fromHeader = retryAfterMs(headers);
    if (fromHeader !== undefined) return Math.min(fromHeader, this.maxBackoffMs);
    const base = Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs);
    return Math.round(base * (0.8 + 0.4 * Math.random()));
  }
}

/** `retry-after-ms`, or `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers?.get('retry-after');
  if (!ra) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(ra)) return Math.max(0, Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** An error thrown by the caller's `messages` function, passed on as it is. */
class PromptError extends Error {
  constructor(override readonly cause: unknown) {
    super('building the messages failed');
  }
}

function buildMessages(build: () => ChatMessage[]): ChatMessage[] {
  try {
    return build();
  } catch (e) {
    throw new PromptError(e);
  }
}

/** A refusal or failure that says the server is at capacity (429, 5xx, timeouts, connection errors). */
function overloaded(mod: OpenAIModule, e: unknown): boolean {
  if (e instanceof mod.APIUserAbortError) return false;
  if (e instanceof mod.APIConnectionError) return true;
  return e instanceof mod.APIError && e.status !== undefined && (e.status === 429 || e.status >= 500);
}

type OpenAIModule = typeof import('openai');
interface Sdk {
  mod: OpenAIModule;
  client: OpenAI;
}

function errorText(mod: OpenAIModule, e: unknown): string {
  if (e instanceof mod.APIError) return `${e.message} ${JSON.stringify(e.error ?? '')}`;
  return e instanceof Error ? e.message : String(e);
}

function describe(mod: OpenAIModule, e: unknown, where: string, timeoutMs: number): string {
  if (e instanceof mod.APIConnectionError) {
    if (/timed? ?out/i.test(e.message)) return `${where} did not answer within ${timeoutMs} ms`;
    const cause = (e as { cause?: { message?: string; code?: string } }).cause;
    return `cannot reach ${where}: ${cause?.code ?? cause?.message ?? e.message}`;
  }
  if (e instanceof mod.APIError) return `${where} answered HTTP ${e.status ?? '?'}: ${e.message.replace(/^\d{3}\s*/, '').slice(0, 300)}`;
  return `${where}: ${e instanceof Error ? e.message : String(e)}`;
}
