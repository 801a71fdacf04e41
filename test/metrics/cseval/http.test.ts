import { afterEach, describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { startChatServer, type ChatServer } from '../../llm/_chat-server.js';
import { liveTree, png, tree } from './_fixture.js';

let servers: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('cseval with the http generator (a MAIRA-2 style wrapper)', () => {
  it('posts the base64 image, its sha256 and the context, and reads { findings }', async () => {
    const s = await startChatServer((req) => {
      const img = Buffer.from((req.body.image as { data: string }).data, 'base64');
      const findings = img.equals(png(200)) ? '<obj>Moderate left pleural effusion.<box><x52><y62><x92><y94></box></obj>' : '<obj>No effusion.</obj>';
      return { raw: JSON.stringify({ findings }) };
    });
    servers.push(s);
    process.env.CSEVAL_TEST_TOKEN = 'secret-token';
    const cwd = tree(liveTree({ type: 'http', url: `${s.url}/generate`, apiKeyEnv: 'CSEVAL_TEST_TOKEN', retries: 0 }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.problems).toEqual([]);
    expect(r.results[0]!.verdict).toBe('pass');
    expect(r.results[0]!.scores).toEqual({ good: 1, bad: 0 });
    const req = s.requests[0]!;
    expect(req.url).toBe('/v1/generate');
    expect(req.headers.authorization).toBe('Bearer secret-token');
    expect(req.body).toMatchObject({ image: { mediaType: 'image/png', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }, context: { indication: 'dyspnea' }, grounded: true });
    expect(JSON.stringify(req.body)).not.toMatch(/pleural effusion/);
  });

  it('retries 5xx and reports a reply without findings as an error', async () => {
    let n = 0;
    const s = await startChatServer(() => (++n === 1 ? { status: 503 } : { raw: JSON.stringify({ nothing: true }) }));
    servers.push(s);
    const cwd = tree(liveTree({ type: 'http', url: s.url, retries: 1, backoffMs: 1 }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.results[0]!.verdict).toBe('error');
    expect(r.results[0]!.reason).toMatch(/no "findings" string/);
  });

  it('makes cseval:lexicon unavailable (skipped) when the API key variable is missing', async () => {
    const cwd = tree(liveTree({ type: 'http', url: 'http://127.0.0.1:9/x', apiKeyEnv: 'CSEVAL_NO_SUCH_VAR' }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.results[0]!.verdict).toBe('skip');
    expect(r.results[0]!.reason).toMatch(/CSEVAL_NO_SUCH_VAR/);
  });
});
