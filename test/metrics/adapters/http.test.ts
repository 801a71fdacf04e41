import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpMetric, headersFromEnv, httpConfig, type HttpSpec } from '../../../src/metrics/adapters/http.js';
import type { ScoreOutcome } from '../../../src/metrics/contract.js';
import { MetricRegistry } from '../../../src/metrics/registry.js';

const DECL = { id: 'http-test', version: '2', description: 'served', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'] };
const signal = new AbortController().signal;
const req = (candidate: string) => ({ reference: 'r', candidate });
const errorOf = (o: ScoreOutcome | undefined) => (o && 'error' in o ? o.error : undefined);

interface Hit { method: string; headers: http.IncomingHttpHeaders; body: unknown }
type Handler = (hit: Hit, n: number, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => { s.closeAllConnections(); s.close(r); })));
});

/** A node:http server on 127.0.0.1: GET answers the declaration; POSTs go to `onPost` (n counts POSTs from 1). */
async function serve(onPost: Handler): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  let posts = 0;
  const server = http.createServer((rq, res) => {
    let text = '';
    rq.on('data', (c: Buffer) => (text += c.toString()));
    rq.on('end', () => {
      const hit = { method: rq.method!, headers: rq.headers, body: text ? JSON.parse(text) : undefined };
      hits.push(hit);
      if (rq.method === 'GET') return json(res, 200, { protocol: 1, declaration: DECL });
      onPost(hit, ++posts, res);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/score`, hits };
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const scores = (hit: Hit) => ({ outcomes: (hit.body as { requests: { candidate: string }[] }).requests.map((r) => ({ value: r.candidate.length / 10 })) });

const make = (spec: Partial<HttpSpec> & { url: string }, env: NodeJS.ProcessEnv = {}) => createHttpMetric({ http: { backoffMs: 10, ...spec }, options: { k: 1 } }, env);

describe('http metrics', () => {
  it('gets the declaration, posts batches with options and headers from env var names', async () => {
    const s = await serve((hit, _n, res) => json(res, 200, scores(hit)));
    await expect(make({ url: 'not a url' })).rejects.toThrow('http.url is not a URL');
    const metric = await make(
      { url: s.url, headers: { 'x-team': 'rad' }, headerEnv: { authorization: 'Bearer ${TEST_TOKEN}', 'x-api-key': 'TEST_KEY' } },
      { TEST_TOKEN: 's3cret', TEST_KEY: 'k3y' },
    );
    expect(metric).toMatchObject({ id: 'http-test', version: '2', remote: true, retries: 0 });
    expect(await metric.score([req('ab'), req('abcd')], { signal })).toEqual([{ value: 0.2 }, { value: 0.4 }]);
    expect(s.hits.map((h) => h.method)).toEqual(['GET', 'POST']);
    for (const h of s.hits) expect(h.headers).toMatchObject({ authorization: 'Bearer s3cret', 'x-api-key': 'k3y', 'x-team': 'rad' });
    expect(s.hits[1]!.body).toEqual({ protocol: 1, options: { k: 1 }, requests: [req('ab'), req('abcd')] });
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    const s = await serve((hit, n, res) => (n === 1 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, scores(hit))));
    const metric = await make({ url: s.url, declaration: DECL });
    const started = Date.now();
    expect(await metric.score([req('abc')], { signal })).toEqual([{ value: 0.3 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(s.hits.map((h) => h.method)).toEqual(['POST', 'POST']); // declaration from config: no GET
  });

  it('a 500 is retried, then every request gets the error', async () => {
    const s = await serve((_hit, _n, res) => json(res, 500, { error: 'model crashed' }));
    const metric = await make({ url: s.url, declaration: DECL, retries: 2 });
    const out = await metric.score([req('a'), req('b')], { signal });
    for (const o of out) expect(errorOf(o)).toBe(`http-test: POST ${s.url} answered HTTP 500: {"error":"model crashed"} (after 3 attempts)`);
    expect(s.hits.length).toBe(3);
  });

  it('a 400 is not retried', async () => {
    const s = await serve((_hit, _n, res) => json(res, 400, { error: 'bad request' }));
    const metric = await make({ url: s.url, declaration: DECL, retries: 3 });
    expect(errorOf((await metric.score([req('a')], { signal }))[0])).toContain('answered HTTP 400');
    expect(s.hits.length).toBe(1);
  });

  it('a server slower than the timeout is an error after the retries', async () => {
    const s = await serve((hit, _n, res) => setTimeout(() => json(res, 200, scores(hit)), 1_500).unref());
    const metric = await make({ url: s.url, declaration: DECL, timeoutMs: 200, retries: 1 });
    const started = Date.now();
    const out = await metric.score([req('a')], { signal });
    expect(errorOf(out[0])).toBe(`http-test: POST ${s.url} did not answer within 200 ms (after 2 attempts)`);
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(s.hits.length).toBe(2);
  });

  it('a wrong number of outcomes, or no outcomes, fails the batch; values are left to the runner', async () => {
    const s = await serve((_hit, n, res) => json(res, 200, n === 1 ? { outcomes: [{ value: 1 }] } : n === 2 ? { nope: 1 } : { outcomes: [{ value: 9 }] }));
    const metric = await make({ url: s.url, declaration: DECL });
    expect(errorOf((await metric.score([req('a'), req('b')], { signal }))[0])).toContain('returned 1 outcome for 2 requests');
    expect(errorOf((await metric.score([req('a')], { signal }))[0])).toContain('without an "outcomes" array');
    expect(await metric.score([req('a')], { signal })).toEqual([{ value: 9 }]);
  });

  it('refuses an unset env var by name and never puts secret values in the config hash', async () => {
    expect(() => headersFromEnv({ authorization: 'Bearer ${NOPE}' }, {})).toThrow('the environment variable NOPE (http.headerEnv.authorization) is not set');
    expect(() => headersFromEnv({ authorization: 'Bearer literal' }, {})).toThrow('must name an environment variable');
    const s = await serve((hit, _n, res) => json(res, 200, scores(hit)));
    const specs = { h: { http: { url: s.url, headerEnv: { 'x-api-key': 'HTTP_TEST_SECRET' } } } };
    process.env.HTTP_TEST_SECRET = 'first-secret';
    const a = await new MetricRegistry([], specs).get('h');
    process.env.HTTP_TEST_SECRET = 'second-secret';
    const b = await new MetricRegistry([], specs).get('h');
    delete process.env.HTTP_TEST_SECRET;
    expect(a.configHash).toBe(b.configHash);
    expect(JSON.stringify(httpConfig(specs.h))).not.toContain('secret');
    await expect(new MetricRegistry([], specs).get('h')).rejects.toThrow('cannot create metric "h": the environment variable HTTP_TEST_SECRET (http.headerEnv.x-api-key) is not set');
  });

  it('rejects an invalid declaration from the config', async () => {
    const s = await serve(() => undefined);
    await expect(make({ url: s.url, declaration: { id: 'x' } })).rejects.toThrow(/invalid declaration from http.declaration: version/);
  });
});

describe('http metric secrets (issue 14, findings 7)', () => {
  it('does not follow a redirect to another origin with a configured header', async () => {
    const target = await serve((hit, _n, res) => json(res, 200, scores(hit)));
    const origin = await serve((_hit, _n, res) => res.writeHead(307, { location: target.url }).end());
    const metric = await make({ url: origin.url, declaration: DECL, headerEnv: { 'X-Api-Key': 'KEY' }, retries: 0 }, { KEY: 'sk-secret' });
    const [o] = await metric.score([req('abc')], { signal });
    expect(errorOf(o)).toMatch(/redirected to another origin .*not followed/);
    expect(target.hits).toEqual([]);
    expect(origin.hits[0]!.headers['x-api-key']).toBe('sk-secret');
  });

  it('follows a same-origin redirect with its headers, and a cross-origin one when no header is configured', async () => {
    const target = await serve((hit, _n, res) => json(res, 200, scores(hit)));
    const hop = await serve((_hit, _n, res) => res.writeHead(307, { location: target.url }).end());
    const plain = await make({ url: hop.url, declaration: DECL, retries: 0 });
    expect(await plain.score([req('abc')], { signal })).toEqual([{ value: 0.3 }]);
  });

  it('redacts userinfo and query values of the URL in every error', async () => {
    const metric = await make({ url: 'http://admin:hunter2@127.0.0.1:9/score?api_key=sk-123&model=x', declaration: DECL, retries: 0, timeoutMs: 500 });
    const [o] = await metric.score([req('abc')], { signal });
    expect(errorOf(o)).toBeDefined();
    expect(errorOf(o)).not.toMatch(/hunter2|sk-123/);
  });
});
