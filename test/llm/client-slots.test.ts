import { describe, expect, it } from 'vitest';
import { ChatClient, type ChatMessage } from '../../src/llm/client.js';
import { spawn } from 'node:child_process';
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
    // The server runs in its own process and stamps each request's arrival, so it sees the second
    // request arrive while this process is still blocked in the first caller's continuation.
    const server = await childServer();
    try {
      const c = new ChatClient({ baseURL: server.url, model: 'm', concurrency: 1 });
      const user = [{ role: 'user' as const, content: 'x' }];
      const round = async (): Promise<number> => {
        const first = c.complete({ messages: user }).then(() => {
          const returned = Date.now();
          while (Date.now() - returned < 400); // the caller holds the thread: nothing more is sent meanwhile
          return returned;
        });
        const second = c.complete({ messages: user }); // waits for the one slot
        const returned = await first;
        await second;
        return returned;
      };
      const returned = await round();
      c.close();
      const arrivals = (await (await fetch(`${server.origin}/log`)).json()) as number[];
      expect(arrivals).toHaveLength(2);
      // sent before the caller got its reply: it reached the server long before the 400 ms hold ended
      expect(arrivals[1]! - returned).toBeLessThan(200);
    } finally {
      server.kill();
    }
  });
});

/** A chat server in a child process that logs when each request arrived (GET /log). */
async function childServer(): Promise<{ url: string; origin: string; kill(): void }> {
  const script = `
    const arrivals = [];
    const server = require('node:http').createServer((req, res) => {
      if (req.url === '/log') return res.end(JSON.stringify(arrivals));
      req.resume();
      req.on('end', () => {
        arrivals.push(Date.now());
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] }));
        }, 20);
      });
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the child server exited (${code})`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/v1`, origin, kill: () => child.kill() };
}
