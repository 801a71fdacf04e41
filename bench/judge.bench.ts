/**
 * `npm run bench -- judge`: 1,000 CRIMSON judge calls through the runner (scheduler, batch
 * timeout, disk cache) and the real HTTP client against a local chat-completions server that
 * answers each request after 100 ms, with the metric's concurrency at 64. Goal: within
 * 1.15 x (1000 x 0.1 / 64) s. Then a warm re-run through the disk cache must make 0 calls.
 * The server runs in a worker thread so that its event loop does not share the client's.
 * Before the timed runs, 128 other calls warm the process up (JIT, module loading, sockets),
 * as benchmark harnesses do; the figure without that warm-up is printed too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { crimsonProvider } from '../src/metrics/crimson/judge.js';
import type { ScoreRequest } from '../src/metrics/contract.js';
import { MetricRegistry } from '../src/metrics/registry.js';
import { DiskCache } from '../src/runner/cache.js';
import { scoreRequests } from '../src/runner/scheduler.js';

const CALLS = Number(process.env.JUDGE_BENCH_CALLS ?? 1000);
const DELAY_MS = 100;
const CONCURRENCY = 64;

const evaluation = JSON.stringify({
  reference_findings: [
    { id: 'R1', finding: 'small left pleural effusion', clinical_significance: 'actionable_not_urgent' },
    { id: 'R2', finding: 'mild cardiomegaly', clinical_significance: 'not_actionable_not_urgent' },
  ],
  predicted_findings: [{ id: 'P1', finding: 'small right pleural effusion', clinical_significance: 'actionable_not_urgent' }],
  matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
  errors: { false_findings: [], missing_findings: ['R2'], attribute_errors: [{ ref_id: 'R1', pred_id: 'P1', severity: 'significant', error_types: ['location'], explanation: 'wrong side' }] },
});

/** The server, in a worker: counts requests and the most in flight at once. */
const serverSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
let requests = 0, inFlight = 0, maxInFlight = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests++; inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c' + requests, object: 'chat.completion', created: 0, model: 'bench-judge',
        choices: [{ index: 0, message: { role: 'assistant', content: workerData.content }, finish_reason: 'stop' }] }));
    }, workerData.delayMs);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'stats') parentPort.postMessage({ requests, maxInFlight });
  if (m === 'reset') { requests = 0; maxInFlight = 0; }
});
`;

function ask<T>(worker: Worker, message: string): Promise<T> {
  return new Promise((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(message);
  });
}

export default async function judgeBench(): Promise<void> {
  const worker = new Worker(serverSource, { eval: true, workerData: { content: evaluation, delayMs: DELAY_MS } });
  const { port } = await new Promise<{ port: number }>((resolve) => worker.once('message', resolve));
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-judge-bench-'));
  const warmupDir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-judge-bench-'));
  const goal = 1.15 * ((CALLS * DELAY_MS) / 1000 / CONCURRENCY);
  const floor = (Math.ceil(CALLS / CONCURRENCY) * DELAY_MS) / 1000;
  const requestsOf = (n: number, tag: string): ScoreRequest[] =>
    Array.from({ length: n }, (_, i) => ({
      reference: 'Small left pleural effusion. Mild cardiomegaly.',
      candidate: `Small right pleural effusion. ${tag} ${i}.`,
      context: { age: 40 + (i % 50), indication: 'Dyspnea' },
    }));
  const requests = requestsOf(CALLS, 'Case');
  const run = async (requests: ScoreRequest[], cacheDir: string) => {
    const registry = new MetricRegistry([crimsonProvider], {
      crimson: { options: { baseURL: `http://127.0.0.1:${port}/v1`, model: 'bench-judge', concurrency: CONCURRENCY } },
    });
    const reg = await registry.get('crimson');
    const cache = new DiskCache(cacheDir);
    const t0 = performance.now();
    const { outcomes, stats } = await scoreRequests(reg, requests, { cache });
    const scored = performance.now();
    await cache.flush();
    const seconds = (scored - t0) / 1000;
    const flushSeconds = (performance.now() - scored) / 1000;
    await registry.closeAll();
    const server = await ask<{ requests: number; maxInFlight: number }>(worker, 'stats');
    const errors = outcomes.filter((o) => 'error' in o).length;
    return { seconds, flushSeconds, calls: server.requests, maxInFlight: server.maxInFlight, errors, cacheHits: stats.cacheHits };
  };
  try {
    console.log(`judge: ${CALLS} crimson judge calls, server answers after ${DELAY_MS} ms, concurrency ${CONCURRENCY}`);
    const first = await run(requestsOf(CALLS, 'First'), warmupDir);
    worker.postMessage('reset');
    await run(requestsOf(128, 'Warm-up'), warmupDir);
    worker.postMessage('reset');
    const cold = await run(requests, cacheDir);
    worker.postMessage('reset');
    const warm = await run(requests, cacheDir);
    const verdict = cold.seconds <= goal && warm.calls === 0 && cold.errors === 0 && cold.maxInFlight <= CONCURRENCY ? 'PASS' : 'FAIL';
    console.log(`  first run in a fresh process (not warmed up): calls done in ${first.seconds.toFixed(3)} s, then cache write ${first.flushSeconds.toFixed(3)} s; calls ${first.calls}, errors ${first.errors}`);
    console.log(`  cold  calls done in ${cold.seconds.toFixed(3)} s, then cache write ${cold.flushSeconds.toFixed(3)} s;  calls ${cold.calls}  max in flight ${cold.maxInFlight}  errors ${cold.errors}  (${(CALLS / cold.seconds).toFixed(0)} calls/s)`);
    console.log(`  warm  ${(warm.seconds + warm.flushSeconds).toFixed(3)} s  calls ${warm.calls}  cache hits ${warm.cacheHits}/${CALLS}  errors ${warm.errors}`);
    console.log(`  goal  calls done <= ${goal.toFixed(3)} s cold (floor ${floor.toFixed(1)} s: ${Math.ceil(CALLS / CONCURRENCY)} rounds of ${DELAY_MS} ms), 0 calls warm: ${verdict}`);
  } finally {
    await worker.terminate();
    rmSync(cacheDir, { recursive: true, force: true });
    rmSync(warmupDir, { recursive: true, force: true });
  }
}
