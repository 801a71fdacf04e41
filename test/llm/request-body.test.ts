import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRequest } from '../../src/llm/client.js';
import { RequestBodies } from '../../src/llm/request-body.js';

/** A request whose messages are given as a list (what the client has once it holds a slot). */
type Listed = ChatRequest & { messages: ChatMessage[] };

/** The object ChatClient hands the SDK when it does not pre-encode (the SDK sends JSON.stringify of it). */
function objectBody(model: string, r: Listed, json: boolean): Record<string, unknown> {
  return {
    model,
    messages: r.messages,
    ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
    ...(r.seed !== undefined ? { seed: r.seed } : {}),
    ...(r.maxTokens !== undefined ? { [r.maxTokensField ?? 'max_tokens']: r.maxTokens } : {}),
    ...(json ? { response_format: { type: 'json_object' } } : {}),
    ...r.extraBody,
    stream: false,
  };
}

describe('RequestBodies (request JSON from parts encoded once)', () => {
  it('gives byte for byte the JSON of the object body, for every shape and repeated or changing contents', () => {
    const bodies = new RequestBodies('judge "1" é');
    const systems = ['You are a radiologist.', 'Other system\n"quoted" \u2028 ☃', 'You are a radiologist.'];
    const requests: Listed[] = [];
    for (const system of systems) {
      for (const user of ['Report A', 'Report A', 'line1\nline2\t"x" \\ \u0000 🫁', '']) {
        requests.push({ messages: [{ role: 'system', content: system }, { role: 'user', content: user }], temperature: 0, seed: 42, responseFormat: 'json_object' });
        requests.push({ messages: [{ role: 'user', content: user }], maxTokens: 99, maxTokensField: 'max_completion_tokens', extraBody: { top_k: 1, options: { num_ctx: 8192 } } });
        requests.push({ messages: [{ role: 'user', content: user }, { role: 'assistant', content: system }, { role: 'user', content: user }], temperature: 0.7, maxTokens: 5 });
      }
    }
    for (const r of requests) {
      for (const json of [true, false]) {
        const encoded = bodies.encode(r, r.messages, json);
        expect(encoded?.toString('utf8')).toBe(JSON.stringify(objectBody('judge "1" é', r, json)));
      }
    }
  });
  it('extra fields are read by value: a changed object changes the body', () => {
    const bodies = new RequestBodies('m');
    const extraBody: Record<string, unknown> = { top_k: 1 };
    const r: Listed = { messages: [{ role: 'user', content: 'x' }], extraBody };
    expect(JSON.parse(bodies.encode(r, r.messages, false)!.toString()).top_k).toBe(1);
    extraBody.top_k = 2;
    expect(JSON.parse(bodies.encode(r, r.messages, false)!.toString()).top_k).toBe(2);
  });
  it('leaves extra fields that override its own (model, messages, stream, ...) to the object path', () => {
    const bodies = new RequestBodies('m');
    for (const key of ['model', 'messages', 'stream', 'temperature', 'response_format']) {
      expect(bodies.encode({ extraBody: { [key]: 1 } }, [{ role: 'user', content: 'x' }], false)).toBeUndefined();
    }
  });
  it('a message with more than role and content is encoded whole', () => {
    const bodies = new RequestBodies('m');
    const messages = [{ role: 'user', content: 'x', name: 'alice' }] as unknown as ChatMessage[];
    expect(bodies.encode({}, messages, false)!.toString()).toBe(JSON.stringify({ model: 'm', messages, stream: false }));
  });

  it("a message's pre-encoded JSON is spliced in as is and never sent as a field", () => {
    const bodies = new RequestBodies('m');
    const content = 'line 1\n"quoted" \\ é 😀';
    const messages: ChatMessage[] = [{ role: 'system', content: 'sys' }, { role: 'user', content, json: JSON.stringify(content) }];
    const expected = JSON.stringify({ model: 'm', messages: [{ role: 'system', content: 'sys' }, { role: 'user', content }], temperature: 0, stream: false });
    expect(bodies.encode({ temperature: 0 }, messages, false)!.toString()).toBe(expected);
  });
});
