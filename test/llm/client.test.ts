import { describe, expect, it } from 'vitest';
import { ChatClient, ChatError, apiKeyFromEnv, retryAfterMs } from '../../src/llm/client.js';
import { sequence, serve } from './_chat-server.js';

const user = [{ role: 'user' as const, content: 'hi' }];

describe('ChatClient against a local chat-completions server', () => {
  it('sends the request as configured and returns the reply', async () => {
    const s = await serve(() => ({ content: '{"ok": true}' }));
    const c = new ChatClient({ baseURL: s.url, model: 'judge-1', apiKey: 'sk-test' });
    const reply = await c.complete({ messages: [{ role: 'system', content: 'sys' }, ...user], temperature: 0, seed: 42, maxTokens: 99, responseFormat: 'json_object', extraBody: { top_k: 1 } });
    expect(reply).toMatchObject({ content: '{"ok": true}', refusal: null, finishReason: 'stop', model: 'judge-1', attempts: 1, usage: { promptTokens: 10, completionTokens: 20 } });
    const req = s.requests[0]!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'judge-1', temperature: 0, seed: 42, max_tokens: 99, response_format: { type: 'json_object' }, top_k: 1, stream: false });
    expect(req.body.messages).toEqual([{ role: 'system', content: 'sys' }, { role: 'user', content: 'hi' }]);
  });

  it('uses max_completion_tokens when asked, and omits what is not set', async () => {
    const s = await serve(() => ({ content: 'x' }));
    await new ChatClient({ baseURL: s.url, model: 'm' }).complete({ messages: user, maxTokens: 5, maxTokensField: 'max_completion_tokens' });
    expect(s.requests[0]!.body).toMatchObject({ max_completion_tokens: 5 });
    expect(Object.keys(s.requests[0]!.body).sort()).toEqual(['max_completion_tokens', 'messages', 'model', 'stream']);
  });

  it('is not redirected or keyed by OPENAI_* environment variables', async () => {
    const s = await serve(() => ({ content: 'x' }));
    const saved = { ...process.env };
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    process.env.OPENAI_API_KEY = 'sk-from-env';
    process.env.OPENAI_ORG_ID = 'org-env';
    try {
      await new ChatClient({ baseURL: s.url, model: 'm' }).complete({ messages: user });
    } finally {
      for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_ORG_ID']) if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.headers.authorization).toBe('Bearer no-key');
    expect(s.requests[0]!.headers['openai-organization']).toBeUndefined();
  });

  it('retries a 429 after the Retry-After the server asks for, then succeeds', async () => {
    const s = await serve(sequence({ status: 429, headers: { 'retry-after-ms': '30' } }, { content: 'fine' }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', backoffMs: 5_000 });
    const t0 = performance.now();
    const reply = await c.complete({ messages: user });
    expect(reply.content).toBe('fine');
    expect(reply.attempts).toBe(2);
    expect(performance.now() - t0).toBeLessThan(2_000); // the header's 30 ms, not the 5 s backoff
    expect(c.stats).toEqual({ requests: 2, retries: 1, failures: 0 });
  });

  it('retries 5xx with backoff and gives up after the configured retries', async () => {
    const s = await serve(() => ({ status: 500, error: 'model crashed' }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', retries: 2, backoffMs: 5 });
    const err = await c.complete({ messages: user }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatError);
    expect((err as ChatError).status).toBe(500);
    expect((err as ChatError).attempts).toBe(3);
    expect((err as ChatError).message).toMatch(/HTTP 500: model crashed \(after 3 attempts\)/);
    expect(s.requests).toHaveLength(3);
  });

  it('does not retry a 4xx that retrying cannot fix', async () => {
    const s = await serve(() => ({ status: 401, error: 'bad key' }));
    const err = (await new ChatClient({ baseURL: s.url, model: 'm', backoffMs: 1 }).complete({ messages: user }).catch((e: unknown) => e)) as ChatError;
    expect(err.status).toBe(401);
    expect(err.retryable).toBe(false);
    expect(s.requests).toHaveLength(1);
  });

  it('times out a slow server per attempt', async () => {
    const s = await serve(() => ({ content: 'late', delayMs: 2_000 }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', timeoutMs: 150, retries: 1, backoffMs: 1 });
    const t0 = performance.now();
    const err = (await c.complete({ messages: user }).catch((e: unknown) => e)) as ChatError;
    expect(err).toBeInstanceOf(ChatError);
    expect(err.message).toMatch(/did not answer within 150 ms \(after 2 attempts\)/);
    expect(performance.now() - t0).toBeLessThan(1_500);
  });

  it('reports a server that cannot be reached', async () => {
    const s = await serve(() => ({ content: 'x' }));
    const url = s.url;
    await s.close();
    const err = (await new ChatClient({ baseURL: url, model: 'm', retries: 1, backoffMs: 1 }).complete({ messages: user }).catch((e: unknown) => e)) as ChatError;
    expect(err.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(model m\)/);
  });

  it('stops when the caller aborts', async () => {
    const s = await serve(() => ({ content: 'late', delayMs: 2_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = (await new ChatClient({ baseURL: s.url, model: 'm' }).complete({ messages: user, signal: controller.signal }).catch((e: unknown) => e)) as ChatError;
    expect(err.message).toMatch(/cancelled/);
  });

  it('drops JSON mode for a server that rejects response_format, once and for all', async () => {
    const s = await serve((r) => (r.body.response_format ? { status: 400, error: "response_format 'json_object' is not supported" } : { content: '{}' }));
    const c = new ChatClient({ baseURL: s.url, model: 'm' });
    expect((await c.complete({ messages: user, responseFormat: 'json_object' })).attempts).toBe(1);
    await c.complete({ messages: user, responseFormat: 'json_object' });
    expect(s.requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false, false]);
    expect(c.jsonModeSupported).toBe(false);
  });

  it('returns a structured refusal and empty content as they are', async () => {
    const s = await serve(() => ({ content: null, refusal: 'I cannot assist with that.' }));
    const reply = await new ChatClient({ baseURL: s.url, model: 'm' }).complete({ messages: user });
    expect(reply).toMatchObject({ content: null, refusal: 'I cannot assist with that.' });
  });

  it('treats a reply with no choices as an error', async () => {
    const s = await serve(() => ({ raw: JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [] }) }));
    await expect(new ChatClient({ baseURL: s.url, model: 'm' }).complete({ messages: user })).rejects.toThrow(/returned no choices/);
  });
});

describe('helpers', () => {
  it('apiKeyFromEnv reads the named variable and refuses an unset one', () => {
    expect(apiKeyFromEnv(undefined, {})).toBeUndefined();
    expect(apiKeyFromEnv('MY_KEY', { MY_KEY: 'k' })).toBe('k');
    expect(() => apiKeyFromEnv('MY_KEY', {})).toThrow(/MY_KEY \(apiKeyEnv\) is not set/);
  });

  it('retryAfterMs reads milliseconds, seconds and dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
