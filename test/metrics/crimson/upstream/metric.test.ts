import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Metric, ScoreOutcome, ScoreRequest } from '../../../../src/metrics/contract.js';
import { createCrimsonUpstream } from '../../../../src/metrics/crimson/upstream/index.js';
import { MetricUnavailableError } from '../../../../src/metrics/provider.js';
import { sequence, startChatServer, type ChatServer, type Script } from '../../../llm/_chat-server.js';
import { WRONG_SIDE_SCORE, wrongSideEvaluation } from '../_evaluations.js';

const STAND_INS = path.resolve('test/fixtures/python/stand-ins');
const env = { root: process.cwd() };
const request: ScoreRequest = {
  reference: 'Small left pleural effusion. Mild cardiomegaly.',
  candidate: 'Small right pleural effusion.',
  context: { age: 64, indication: 'Dyspnea' },
};
const open: { close(): Promise<void> | void }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function serve(script: Script): Promise<ChatServer> {
  const s = await startChatServer(script);
  open.push(s);
  return s;
}
async function metricAt(server: ChatServer, options: Record<string, unknown> = {}): Promise<Metric> {
  const m = await createCrimsonUpstream({ baseURL: server.url, pythonPath: [STAND_INS], retryDelayMs: 0, ...options }, env);
  open.push({ close: () => m.close?.() });
  return m;
}
const score = async (m: Metric, r: ScoreRequest = request): Promise<ScoreOutcome> => (await m.score([r], { signal: new AbortController().signal }))[0]!;

/** The stand-in package's own output, computed by Python directly. */
function packagePrompt(reference: string, candidate: string, context: unknown, guidelines: boolean): string {
  const code = `import json, sys
from CRIMSON.prompt_parts import build_prompt
a = json.load(sys.stdin)
g = a["g"]
sys.stdout.write(build_prompt(a["r"], a["c"], patient_context=a["ctx"], include_significance_examples=g, include_attribute_guidelines=g, include_context_guidelines=g))`;
  return execFileSync('python3', ['-c', code], { input: JSON.stringify({ r: reference, c: candidate, ctx: context, g: guidelines }), env: { ...process.env, PYTHONPATH: STAND_INS }, encoding: 'utf8' });
}

describe('crimson:upstream with the stand-in CRIMSON package and a local server', () => {
  it('fine-tuned judge: sends exactly what the package builds (guidelines off), its system message, and the vllm-path parameters', async () => {
    const server = await serve(() => ({ content: JSON.stringify(wrongSideEvaluation) }));
    const m = await metricAt(server);
    expect(m.id).toBe('crimson:upstream');
    expect(m.description).toMatch(/vllm path, guidelines off, prompt from CRIMSON 0\.0\.0-standin build_prompt/);
    const outcome = await score(m);
    expect(outcome).toMatchObject({ value: WRONG_SIDE_SCORE, details: { attempts: 1, raw_evaluation: wrongSideEvaluation } });
    const body = server.requests[0]!.body;
    expect(body.model).toBe('rajpurkarlab/medgemma-4b-it-crimson');
    expect(body.messages).toEqual([
      { role: 'system', content: 'STAND-IN system message for tests.' },
      { role: 'user', content: packagePrompt(request.reference as string, request.candidate as string, request.context, false) },
    ]);
    expect((body.messages as { content: string }[])[1]!.content).toContain('{{"reference_findings": [...]}} with {{braces}} kept.');
    expect((body.messages as { content: string }[])[1]!.content).toContain('age: 64');
    expect(body).toMatchObject({ temperature: 0, max_tokens: 8192 });
    expect(body).not.toHaveProperty('seed');
    expect(body).not.toHaveProperty('response_format');
  });

  it('another model follows the openai path: guidelines on, seed 42, JSON mode, no token limit', async () => {
    const server = await serve(() => ({ content: JSON.stringify(wrongSideEvaluation) }));
    const m = await metricAt(server, { model: 'gpt-test' });
    await score(m);
    const body = server.requests[0]!.body;
    expect(body).toMatchObject({ model: 'gpt-test', temperature: 0, seed: 42, response_format: { type: 'json_object' } });
    expect(body).not.toHaveProperty('max_tokens');
    expect((body.messages as { content: string }[])[1]!.content).toBe(packagePrompt(request.reference as string, request.candidate as string, request.context, true));
  });

  it('an unreadable reply is asked again; the second answer counts', async () => {
    const server = await serve(sequence({ content: '```json\n{}\n```' }, { content: JSON.stringify(wrongSideEvaluation) }));
    const m = await metricAt(server);
    expect(await score(m)).toMatchObject({ value: WRONG_SIDE_SCORE, details: { attempts: 2 } });
    expect(server.requests).toHaveLength(2);
  });

  it('three unusable replies are an error outcome with the reason, never a number', async () => {
    const server = await serve(() => ({ content: '{"reference_findings": [{"finding": "no id"}]}' }));
    const m = await metricAt(server);
    const outcome = await score(m);
    expect(outcome).toEqual({ error: expect.stringMatching(/no usable evaluation after 3 attempts: KeyError: 'id'; reply: /) });
    expect(server.requests).toHaveLength(3);
  });

  it('repairs as upstream and reports which one was needed', async () => {
    const broken = JSON.stringify(wrongSideEvaluation).replace('"explanation":"wrong side"', '"explanation":"says "right" not left"');
    const server = await serve(() => ({ content: broken }));
    const m = await metricAt(server);
    expect(await score(m)).toMatchObject({ value: WRONG_SIDE_SCORE, details: { repair: 'quotes' } });
  });

  it('a plain-text prompt template keeps literal braces; the system message may be given', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ms-crimson-up-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'prompt.txt'), 'Grade {{this}} as {"json": true}.\nREF {reference}\nCAND {candidate}\nCTX {context}\n{unknown} stays');
    const server = await serve(() => ({ content: JSON.stringify(wrongSideEvaluation) }));
    const m = await createCrimsonUpstream({ baseURL: server.url, promptTemplate: path.join(dir, 'prompt.txt'), systemPrompt: 'Be exact.', retryDelayMs: 0 }, { root: dir });
    open.push({ close: () => m.close?.() });
    await score(m);
    expect(server.requests[0]!.body.messages).toEqual([
      { role: 'system', content: 'Be exact.' },
      { role: 'user', content: 'Grade {{this}} as {"json": true}.\nREF Small left pleural effusion. Mild cardiomegaly.\nCAND Small right pleural effusion.\nCTX age: 64\nindication: Dyspnea\n{unknown} stays' },
    ]);
  });

  it('is unavailable (skipped with the reason) without an endpoint or without the CRIMSON package', async () => {
    await expect(createCrimsonUpstream({}, env)).rejects.toThrow(MetricUnavailableError);
    const server = await serve(() => ({ content: '{}' }));
    const e = await createCrimsonUpstream({ baseURL: server.url }, env).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MetricUnavailableError);
    expect((e as Error).message).toMatch(/needs the CRIMSON package .*ModuleNotFoundError: No module named 'CRIMSON'/);
  });

  it('structured reports are refused per request', async () => {
    const server = await serve(() => ({ content: '{}' }));
    const m = await metricAt(server);
    expect(await score(m, { reference: { findings: [] }, candidate: 'x' })).toEqual({ error: expect.stringMatching(/text reports/) });
    expect(server.requests).toHaveLength(0);
  });
});
