import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { startChatServer, type ChatServer, type ReceivedRequest } from '../../llm/_chat-server.js';
import { liveTree, png, tree } from './_fixture.js';

let servers: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

type Part = { type: string; text?: string; image_url?: { url: string } };
const partsOf = (req: ReceivedRequest): Part[] => ((req.body.messages as { content: Part[] }[]).at(-1)!.content);
const imageOf = (req: ReceivedRequest): Buffer => Buffer.from(partsOf(req).find((p) => p.type === 'image_url')!.image_url!.url.replace(/^data:image\/png;base64,/, ''), 'base64');

/** A vision "model" that reads the image: bright -> the faithful report, dark -> a wrong-side one. */
async function visionServer(): Promise<ChatServer> {
  const s = await startChatServer((req) => {
    const bright = imageOf(req).equals(png(200));
    return {
      content: bright
        ? '<obj>Moderate left pleural effusion.<box><x52><y62><x92><y94></box></obj><obj>Heart size is normal.</obj>'
        : '<obj>Moderate right pleural effusion.<box><x8><y62><x48><y94></box></obj>',
    };
  });
  servers.push(s);
  return s;
}

describe('cseval with the openai generator (a local server)', () => {
  it('sends each image as a PNG data URL with the instruction and context, never the prompt, and scores the reply', async () => {
    const server = await visionServer();
    const cwd = tree(liveTree({ type: 'openai', baseURL: server.url, model: 'medgemma-test', retries: 0 }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.problems).toEqual([]);
    const res = r.results[0]!;
    expect(res.verdict).toBe('pass');
    expect(res.scores.good).toBe(1);
    expect(res.scores.bad).toBeGreaterThan(0);
    expect(res.scores.bad).toBeLessThan(1);
    expect(res.details!.good).toMatchObject({ generator: 'openai', findings: 'Moderate left pleural effusion.' });
    expect(server.requests).toHaveLength(2);
    const req = server.requests[0]!;
    expect(req.body.model).toBe('medgemma-test');
    const parts = partsOf(req);
    expect(parts.find((p) => p.type === 'image_url')!.image_url!.url).toMatch(/^data:image\/png;base64,/);
    const text = parts.find((p) => p.type === 'text')!.text!;
    expect(text).toMatch(/FINDINGS/);
    expect(text).toMatch(/Indication: dyspnea/);
    expect(JSON.stringify(req.body)).not.toMatch(/moderate left pleural effusion/);
    expect(server.requests.map(imageOf).some((b) => b.equals(png(10)))).toBe(true);
  });

  it('caches by image content: the same files hit the cache, a changed image is generated again', async () => {
    const server = await visionServer();
    const cwd = tree(liveTree({ type: 'openai', baseURL: server.url, model: 'm', retries: 0 }));
    await runSuites({ cwd });
    expect(server.requests).toHaveLength(2);
    const again = await runSuites({ cwd, offline: true });
    expect(again.results[0]!.verdict).toBe('pass');
    expect(server.requests).toHaveLength(2);
    writeFileSync(path.join(cwd, 'cases/image/img/bad.png'), png(11));
    const changed = await runSuites({ cwd });
    expect(server.requests).toHaveLength(3);
    expect(changed.results[0]!.verdict).toBe('pass');
  });

  it('is an error outcome (not a number) when the server fails, and offline refuses a cache miss', async () => {
    const s = await startChatServer(() => ({ status: 400, error: 'bad image' }));
    servers.push(s);
    const cwd = tree(liveTree({ type: 'openai', baseURL: s.url, model: 'm', retries: 0 }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.results[0]!.verdict).toBe('error');
    expect(r.results[0]!.reason).toMatch(/openai generator/);
    const off = await runSuites({ cwd, offline: true });
    expect(off.results[0]!.reason).toMatch(/offline/);
  });

  it('record: true writes the generated findings back into the case file, keeping comments, then replay scores them', async () => {
    const server = await visionServer();
    const cwd = tree(liveTree({ type: 'openai', baseURL: server.url, model: 'm', retries: 0 }, { record: true }));
    const r = await runSuites({ cwd, cache: false });
    expect(r.results[0]!.verdict).toBe('pass');
    const text = readFileSync(path.join(cwd, 'cases/image/effusion.yaml'), 'utf8');
    expect(text).toContain('# a comment that must survive recording');
    expect(text).toContain('<obj>Moderate left pleural effusion.<box><x52><y62><x92><y94></box></obj>');
    expect(text).toContain('Moderate right pleural effusion.');
    writeFileSync(path.join(cwd, 'metric-suite.config.yaml'), 'metrics: {}\n');
    const replayed = await runSuites({ cwd, cache: false, offline: true });
    expect(replayed.results[0]!.verdict).toBe('pass');
    expect(replayed.results[0]!.scores).toEqual(r.results[0]!.scores);
  });

  it('--record on the command line records like the option, and bypasses cached outcomes', async () => {
    const server = await visionServer();
    const cwd = tree(liveTree({ type: 'openai', baseURL: server.url, model: 'm', retries: 0 }));
    await runSuites({ cwd }); // fills the cache without recording
    const before = readFileSync(path.join(cwd, 'cases/image/effusion.yaml'), 'utf8');
    expect(before).not.toContain('<obj>');
    const { main } = await import('../../../src/cli/program.js');
    const sink = { write: () => true, isTTY: false };
    const code = await main(['run', '--record'], { stdout: sink, stderr: sink, cwd, env: { NO_COLOR: '1' } });
    expect(code).toBe(0);
    expect(readFileSync(path.join(cwd, 'cases/image/effusion.yaml'), 'utf8')).toContain('<obj>Moderate left pleural effusion.');
  });
});
