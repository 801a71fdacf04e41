import { afterEach, describe, expect, it } from 'vitest';
import { createCrimsonJudge, decodingFor } from '../../../src/metrics/crimson/judge.js';
import { startChatServer, type ChatServer } from '../../llm/_chat-server.js';
import { wrongSideEvaluation } from './_evaluations.js';

const open: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('crimson decoding defaults are per model', () => {
  it('general models: seed 42 and JSON mode (upstream OpenAI path); the fine-tuned judge: neither, 8192 tokens', () => {
    expect(decodingFor({ model: 'gpt-4o', responseFormat: 'auto' })).toEqual({ seed: 42, responseFormat: 'json_object', maxTokens: undefined });
    expect(decodingFor({ model: 'rajpurkarlab/medgemma-4b-it-crimson', responseFormat: 'auto' })).toEqual({ seed: null, responseFormat: 'text', maxTokens: 8192 });
    expect(decodingFor({ model: 'rajpurkarlab/medgemma-4b-it-crimson', responseFormat: 'json_object', seed: 7, maxTokens: 100 })).toEqual({ seed: 7, responseFormat: 'json_object', maxTokens: 100 });
    expect(decodingFor({ model: 'gpt-4o', responseFormat: 'auto', seed: null })).toMatchObject({ seed: null });
  });

  it('the fine-tuned judge gets no seed and no response_format on the wire', async () => {
    const server = await startChatServer(() => ({ content: JSON.stringify(wrongSideEvaluation) }));
    open.push(server);
    const m = createCrimsonJudge({ baseURL: server.url, model: 'rajpurkarlab/medgemma-4b-it-crimson' }, { root: process.cwd() });
    await m.score([{ reference: 'Small left pleural effusion.', candidate: 'Small left pleural effusion.' }], { signal: new AbortController().signal });
    m.close?.();
    const body = server.requests[0]!.body;
    expect(body).not.toHaveProperty('seed');
    expect(body).not.toHaveProperty('response_format');
    expect(body).toMatchObject({ temperature: 0, max_tokens: 8192 });
  });
});
