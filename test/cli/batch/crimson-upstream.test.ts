import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../_run.js';
import { tmpTree } from '../../_support/tmp.js';
import { startChatServer, type ChatServer } from '../../llm/_chat-server.js';
import { evaluationWithMatches } from '../../metrics/crimson/_evaluations.js';

const STAND_INS = path.resolve('test/fixtures/python/stand-ins');
let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('score --input with crimson:upstream (stand-in CRIMSON package, local judge server)', () => {
  it('scores every row through the package prompt and writes the corpus mean', async () => {
    // The judge answers "2 of 4 findings matched" for the first row, "4 of 4" for the others.
    server = await startChatServer((req) => {
      const user = (req.body.messages as { role: string; content: string }[])[1]!.content;
      return { content: JSON.stringify(evaluationWithMatches(4, user.includes('CAND: Half.') ? 2 : 4)) };
    });
    const dir = tmpTree({
      'metric-suite.config.json': JSON.stringify({ metrics: { 'crimson:upstream': { options: { baseURL: server.url, pythonPath: [STAND_INS], retryDelayMs: 0 } } } }),
      'pairs.jsonl': [
        { id: 'a', reference: 'Four findings.', candidate: 'Half.', context: { age: 70 } },
        { id: 'b', reference: 'Four findings.', candidate: 'All.' },
        { id: 'c', reference: 'Four findings.', candidate: 'All again.' },
      ].map((r) => JSON.stringify(r)).join('\n'),
    });
    const r = await cli(['score', '--metric', 'crimson:upstream', '--input', 'pairs.jsonl', '--output', 'scores.jsonl', '--no-cache'], dir);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(path.join(dir, 'scores.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; value: number });
    expect(rows.map((x) => [x.id, x.value])).toEqual([['a', 0.5], ['b', 1], ['c', 1]]);
    expect(r.stdout).toMatch(/crimson:upstream: 3 of 3 rows scored\n {2}mean 0\.8333/);
    const first = server.requests.find((q) => JSON.stringify(q.body).includes('CAND: Half.'))!;
    expect((first.body.messages as { content: string }[])[1]!.content).toContain('Context:\nage: 70');
  });
});
