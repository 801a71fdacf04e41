import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

const oneCase = 'id: c\nkind: ranking\ncapability: laterality\nreference: Small left effusion.\ncandidates: { same: Small left effusion., wrong: Small right effusion. }\nexpect: same > wrong\n';

describe('judge endpoints (built bin)', () => {
  it('no endpoint: the crimson gate is "not run" with the way to configure one', async () => {
    const r = await bin(['run', '--suite', 'crimson', '--metric', 'crimson', '--reporter', 'json'], tmpTree({ 'package.json': '{}' }));
    const gate = JSON.parse(r.stdout).gates.find((g: { metric: string }) => g.metric === 'crimson');
    expect(gate).toMatchObject({ state: 'not run' });
    expect(gate.reason).toMatch(/no judge endpoint configured \(set CRIMSON_BASE_URL or metrics\.crimson\.options\.baseURL/);
    const text = await bin(['run', '--suite', 'crimson', '--metric', 'crimson'], tmpTree({ 'package.json': '{}' }));
    expect(text.stdout).toMatch(/crimson · crimson .*not run: .*no judge endpoint configured \(set CRIMSON_BASE_URL/);
  }, 60_000);

  it('CRIMSON_BASE_URL is honoured: its server receives the judge requests', async () => {
    const bodies: { model?: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/chat/completions') bodies.push(JSON.parse(body));
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"stand-in judge: no answers"}}');
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const cwd = tmpTree({ 'package.json': '{}', 'c.yaml': oneCase });
    const r = await bin(['run', '--cases', 'c.yaml', '--metric', 'crimson', '--no-cache'], cwd, { CRIMSON_BASE_URL: `http://127.0.0.1:${port}/v1` });
    expect(r.stdout).not.toContain('no judge endpoint configured');
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies[0]!.model).toBe('rajpurkarlab/medgemma-4b-it-crimson');
    expect(r.stdout).toContain('stand-in judge: no answers');
  }, 90_000);

  it('an unreachable endpoint is one line per metric, from the preflight, and nothing waits for timeouts', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/v1`;
    // declared in the config, so creating it needs no request (else its GET fails at creation: one problem line, exit 2)
    const declaration = { id: 'service', version: '1', description: 'a metric service', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'] };
    const cwd = tmpTree({
      'package.json': '{}',
      'metric-suite.config.json': JSON.stringify({ metrics: { judge: { use: 'crimson', options: { baseURL: url, model: 'm' } }, service: { http: { url: `http://127.0.0.1:${port}/score`, declaration } } } }),
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [judge, service]\n',
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`cases/c${i}.yaml`, oneCase.replace('id: c', `id: c${i}`)])),
    });
    const r = await bin(['run', '--no-cache'], cwd);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n').filter((l) => l.includes(`127.0.0.1:${port}`));
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^ERROR judge: 12 cases: nothing is listening at http://127\\.0\\.0\\.1:${port}/v1 \\(connection refused\\) \\(endpoint preflight; no request was sent\\)$`)),
      expect.stringMatching(new RegExp(`^ERROR service: 12 cases: nothing is listening at http://127\\.0\\.0\\.1:${port}/score \\(connection refused\\) \\(endpoint preflight; no request was sent\\)$`)),
    ]);
    // the same through CRIMSON_BASE_URL, with no config at all
    const env = await bin(['run', '--suite', 'crimson', '--metric', 'crimson', '--no-cache'], tmpTree({ 'package.json': '{}' }), { CRIMSON_BASE_URL: url });
    expect(env.stdout.split('\n').filter((l) => l.includes(`127.0.0.1:${port}`))).toEqual([expect.stringMatching(/^ERROR crimson: \d+ cases: nothing is listening at .*\(endpoint preflight; no request was sent\)$/)]);
    expect(env.stderr).toBe('');
  }, 90_000);
});
