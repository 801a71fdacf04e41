/**
 * A real chat-completions server on 127.0.0.1 for tests and benchmarks: the client under test
 * talks HTTP to it exactly as to vLLM or OpenAI. Each request is answered by a script that
 * decides the status, headers, delay and message content.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** The assistant message content (status 200). */
  content?: string | null;
  refusal?: string | null;
  finishReason?: string;
  /** Send this body verbatim instead of a completion object. */
  raw?: string;
  /** An error body's message (non-200 statuses). */
  error?: string;
}

export interface ReceivedRequest {
  n: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type Script = (req: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface ChatServer {
  /** Base URL for the client, ending in /v1. */
  url: string;
  requests: ReceivedRequest[];
  /** Most requests in flight at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/** Replies in order from a list (the last one repeats). */
export function sequence(...replies: ScriptedReply[]): Script {
  let i = 0;
  return () => replies[Math.min(i++, replies.length - 1)]!;
}

export async function startChatServer(script: Script): Promise<ChatServer> {
  const state: ChatServer = { url: '', requests: [], maxInFlight: 0, close: async () => {} };
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        /* keep {} */
      }
      const received: ReceivedRequest = { n: state.requests.length + 1, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      state.requests.push(received);
      void (async () => {
        const reply = await script(received);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        inFlight--;
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        const payload =
          reply.raw ??
          JSON.stringify(
            status === 200
              ? {
                  id: `chatcmpl-${received.n}`,
                  object: 'chat.completion',
                  created: 0,
                  model: typeof body.model === 'string' ? body.model : 'test-model',
                  choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? null, refusal: reply.refusal ?? null }, finish_reason: reply.finishReason ?? 'stop' }],
                  usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
                }
              : { error: { message: reply.error ?? `scripted ${status}`, type: 'test', code: status } },
          );
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

const started: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** {@link startChatServer}, closed after the current test. */
export async function serve(script: Script): Promise<ChatServer> {
  const s = await startChatServer(script);
  started.push(s);
  return s;
}
