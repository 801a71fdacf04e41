import { describe, expect, it } from 'vitest';
import { ChatClient, type ChatMessage } from '../../src/llm/client.js';
import { Http1Pool } from '../../src/llm/http1.js';
import { serve } from './_chat-server.js';


describe('ChatClient: messages built when a request gets its slot', () => {
  it('calls a messages function once a slot is free, once per request whatever the retries', async () => {
    // the first attempt is refused; every answer echoes the user message
    const s = await serve((r) => (r.n === 1 ? { status: 503, delayMs: 30 } : { content: (r.body.messages as ChatMessage[])[0]!.content, delayMs: 10 }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', concurrency: 1, backoffMs: 1 });
    const built: string[] = [];
    const messages = (tag: string) => (): ChatMessage[] => {
      built.push(tag);
      // the one slot is taken by this request alone when its messages are built
      expect(c.limiter.stats.inFlight).toBe(1);
      return [{ role: 'user', content: tag }];
    };
    const first = c.complete({ messages: messages('first') });
    const second = c.complete({ messages: messages('second') });
    while (s.requests.length === 0) await new Promise((r) => setTimeout(r, 2));
    expect(built).toEqual(['first']); // the second waits for the slot before it renders anything
    expect((await first).content).toBe('first');
    expect((await second).content).toBe('second');
    expect(built).toEqual(['first', 'second']); // the retried first was built once
    expect(s.requests.map((r) => (r.body.messages as ChatMessage[])[0]!.content).sort()).toEqual(['first', 'first', 'second']);
  });

  it('a retry resends the same bytes; the messages are built again only when the body must change (JSON mode refused)', async () => {
    const s = await serve((r) => (r.body.response_format ? { status: 400, error: "response_format 'json_object' is not supported" } : { content: '{}' }));
    const c = new ChatClient({ baseURL: s.url, model: 'm' });
    let built = 0;
    const reply = await c.complete({ messages: () => (built++, [{ role: 'user', content: 'judge this' }]), responseFormat: 'json_object' });
    expect(reply.content).toBe('{}');
    expect(built).toBe(2);
    expect(s.requests.map((r) => [Boolean(r.body.response_format), (r.body.messages as ChatMessage[])[0]!.content])).toEqual([[true, 'judge this'], [false, 'judge this']]);
  });

  it("a messages function that throws fails its request with the caller's own error and frees the slot", async () => {
    const s = await serve(() => ({ content: 'ok' }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', concurrency: 1 });
    const bad = new RangeError('template helper failed');
    await expect(c.complete({ messages: () => { throw bad; } })).rejects.toBe(bad);
    expect(c.stats).toEqual({ requests: 0, retries: 0, failures: 0 });
    expect((await c.complete({ messages: [{ role: 'user', content: 'x' }] })).content).toBe('ok');
    expect(s.requests).toHaveLength(1);
  });

  it('hands a freed slot to the waiting request, which is sent before the caller gets the reply', async () => {
    const s = await serve(() => ({ content: 'ok', delayMs: 20 }));
    const c = new ChatClient({ baseURL: s.url, model: 'm', concurrency: 1 });
    const original = Http1Pool.prototype.request;
    let sent = 0;
    Http1Pool.prototype.request = function (this: Http1Pool, ...args: Parameters<Http1Pool['request']>) {
      sent++;
      return original.apply(this, args);
    };
    try {
      const user = [{ role: 'user' as const, content: 'x' }];
      const first = c.complete({ messages: user }).then(() => sent);
      const second = c.complete({ messages: user }); // waits for the one slot
      const sentWhenFirstReturned = await first;
      await second;
      expect(sentWhenFirstReturned).toBe(2);
    } finally {
      Http1Pool.prototype.request = original;
    }
  });
});
