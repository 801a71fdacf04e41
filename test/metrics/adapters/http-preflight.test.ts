/**
 * Endpoint preflight: an unreachable judge or HTTP metric is one reason at once, not every
 * batch waiting for its timeout. Servers are real sockets on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayUrl, endpointsOf, preflight, preflighted } from '../../../src/metrics/adapters/http-preflight.js';
import { tmpTree } from '../../_support/tmp.js';
import { cli } from '../../cli/_run.js';
import { registered, req } from '../../runner/_helpers.js';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function server(handler: http.RequestListener): Promise<number> {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

describe('preflight', () => {
  it('names a closed port, an invalid URL and a non-http scheme; a listening server is reachable', async () => {
    const port = await closedPort();
    expect(await preflight(`http://127.0.0.1:${port}/v1`)).toBe(`nothing is listening at http://127.0.0.1:${port}/v1 (connection refused)`);
    expect(await preflight('not a url')).toBe('invalid endpoint URL "not a url"');
    expect(await preflight('ftp://127.0.0.1/')).toBe('endpoint ftp://127.0.0.1/ is not http(s)');
    const answering = await server((_req, res) => res.writeHead(404).end());
    expect(await preflight(`http://127.0.0.1:${answering}/v1`)).toBeUndefined();
  });

  it('sends nothing: a server counting requests sees none', async () => {
    let requests = 0;
    const port = await server((_req, res) => (requests++, res.end()));
    expect(await preflight(`http://127.0.0.1:${port}/v1`)).toBeUndefined();
    expect(requests).toBe(0);
  });

  it('never prints userinfo or query secrets', () => {
    expect(displayUrl('https://user:secret@judge.example/v1?key=abc')).toBe('https://judge.example/v1');
  });

  it('finds the endpoints a metric config names', () => {
    expect(endpointsOf({ http: { url: 'http://a/score' } })).toEqual(['http://a/score']);
    expect(endpointsOf({ options: { baseURL: 'http://b/v1', openai: { baseURL: 'http://c/v1' }, model: 'm' } })).toEqual(['http://b/v1', 'http://c/v1']);
    expect(endpointsOf({ options: { model: 'm' } })).toEqual([]);
  });

  it('an unreachable remote metric scores every request as an error, without calling the metric; offline runs send nothing', async () => {
    const port = await closedPort();
    let calls = 0;
    const reg = registered({ id: 'judge', remote: true, score: (rs) => (calls++, rs.map(() => ({ value: 1 }))) });
    const spec = { options: { baseURL: `http://127.0.0.1:${port}/v1` } };
    const checked = await preflighted(reg, spec);
    expect(checked.unreachable).toBe(`judge: nothing is listening at http://127.0.0.1:${port}/v1 (connection refused) (endpoint preflight; no request was sent)`);
    expect(await checked.metric.score([req(1), req(2)], { signal: new AbortController().signal })).toEqual([{ error: checked.unreachable }, { error: checked.unreachable }]);
    expect(calls).toBe(0);
    expect(checked.metric.id).toBe('judge');
    expect(await preflighted(reg, spec, { offline: true })).toBe(reg);
    expect(await preflighted(registered({ id: 'local' }), spec)).toMatchObject({ id: 'local' });
  });
});

describe('a run against an unreachable judge', () => {
  it('says so in one line per metric and marks its cases error, without waiting for timeouts', async () => {
    const port = await closedPort();
    const cwd = tmpTree({
      'package.json': '{}',
      // timeouts and retries that would take minutes if each batch waited for them
      'metric-suite.config.yaml': `metrics:\n  crimson:\n    timeoutMs: 600000\n    retries: 5\n    options: { baseURL: 'http://127.0.0.1:${port}/v1', model: judge, apiKeyEnv: JUDGE_KEY }\n`,
    });
    // the judge reads its API key from the process environment
    vi.stubEnv('JUDGE_KEY', 'sk-local');
    const r = await cli(['--suite', 'crimson', '--no-cache', '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=r.json'], cwd, { NO_COLOR: '1', JUDGE_KEY: 'sk-local' });
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('ERROR'));
    const report = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8'));
    // every ranking case of the corpus (the offline approximation runs on the same cases)
    const cases = report.results.filter((x: { metric: string }) => x.metric === 'crimson:lexicon').length;
    expect(cases).toBeGreaterThan(100);
    expect(errors).toEqual([`ERROR crimson: ${cases} cases: nothing is listening at http://127.0.0.1:${port}/v1 (connection refused) (endpoint preflight; no request was sent)`]);
    const crimson = report.results.filter((x: { metric: string }) => x.metric === 'crimson');
    expect(crimson.length).toBe(cases);
    expect(crimson.every((x: { verdict: string }) => x.verdict === 'error')).toBe(true);
    expect(report.gates.find((g: { metric: string }) => g.metric === 'crimson').state).toBe('fail');
    vi.unstubAllEnvs();
  });
});
