/**
 * `npm run bench -- judge`: 1,000 CRIMSON judge calls through the runner (scheduler, batch
 * timeout, disk cache) and the real HTTP client against a local chat-completions server with
 * 64 slots (at most 64 requests processed at once, the rest queue, as vLLM's `max_num_seqs`
 * does) that answers each after 100 ms. The metric runs with its DEFAULT config: no
 * concurrency is set, the client's adaptive limit has to find the server's capacity.
 * Goal: within 1.15 x the ideal (1000 x 0.1 / 64) s. A warm re-run makes 0 calls.
 * The server is a child process, so the client's CPU time per call is measured alone. Wall and
 * CPU time run until the cache's flush has returned (every entry on disk).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crimsonProvider } from '../src/metrics/crimson/judge.js';
import type { ScoreRequest } from '../src/metrics/contract.js';
import { MetricRegistry } from '../src/metrics/registry.js';
import { DiskCache } from '../src/runner/cache.js';
import { scoreRequests } from '../src/runner/scheduler.js';

const CALLS = Number(process.env.JUDGE_BENCH_CALLS ?? 1000);
const DELAY_MS = 100;
const SLOTS = 64;

const evaluation = JSON.stringify({
  reference_findings: [
    { id: 'R1', finding: 'small left pleural effusion', clinical_significance: 'actionable_not_urgent' },
    { id: 'R2', finding: 'mild cardiomegaly', clinical_significance: 'not_actionable_not_urgent' },
  ],
  predicted_findings: [{ id: 'P1', finding: 'small right pleural effusion', clinical_significance: 'actionable_not_urgent' }],
  matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
  errors: { false_findings: [], missing_findings: ['R2'], attribute_errors: [{ ref_id: 'R1', pred_id: 'P1', severity: 'significant', error_types: ['location'], explanation: 'wrong side' }] },
});

/** The server: SLOTS requests at a time, each answered DELAY_MS after it gets a slot; stats on stdin "stats". */
const serverSource = `
const http = require('node:http');
const [content, delayMs, slots] = [process.env.CONTENT, Number(process.env.DELAY_MS), Number(process.env.SLOTS)];
let requests = 0, busy = 0, maxBusy = 0, open = 0, maxOpen = 0;
const queue = [];
const next = () => {
  while (busy < slots && queue.length) {
    const res = queue.shift();
    busy++; maxBusy = Math.max(maxBusy, busy);
    setTimeout(() => {
      busy--; open--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c' + requests, object: 'chat.completion', created: 0, model: 'bench-judge',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
      next();
    }, delayMs);
  }
};
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { requests++; open++; maxOpen = Math.max(maxOpen, open); queue.push(res); next(); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
process.stdin.on('data', (d) => {
  for (const m of String(d).split('\\n').filter(Boolean)) {
    if (m === 'stats') process.stdout.write(JSON.stringify({ requests, maxBusy, maxOpen }) + '\\n');
    if (m === 'reset') { requests = 0; maxBusy = 0; maxOpen = 0; }
  }
});
`;

interface ServerStats {
  requests: number;
  maxBusy: number;
  maxOpen: number;
}

class Server {
  private constructor(private readonly child: ChildProcess, readonly port: number, private readonly lines: AsyncIterator<string>) {}

  static async start(): Promise<Server> {
    const child = spawn(process.execPath, ['-e', serverSource], { env: { ...process.env, CONTENT: evaluation, DELAY_MS: String(DELAY_MS), SLOTS: String(SLOTS) }, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = (async function* () {
      let buf = '';
      for await (const chunk of child.stdout!) {
        buf += String(chunk);
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          yield buf.slice(0, i);
          buf = buf.slice(i + 1);
        }
      }
    })();
    const first = await lines.next();
    return new Server(child, (JSON.parse(first.value as string) as { port: number }).port, lines);
  }

  async stats(): Promise<ServerStats> {
    this.child.stdin!.write('stats\n');
    return JSON.parse((await this.lines.next()).value as string) as ServerStats;
  }

  reset(): void {
    this.child.stdin!.write('reset\n');
  }

  stop(): void {
    this.child.kill();
  }
}

const requestsOf = (n: number, tag: string): ScoreRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    reference: 'Small left pleural effusion. Mild cardiomegaly.',
    candidate: `Small right pleural effusion. ${tag} ${i}.`,
    context: { age: 40 + (i % 50), indication: 'Dyspnea' },
  }));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One run through the runner's scheduler with the default crimson config. */
async function runOnce(server: Server, requests: ScoreRequest[], cacheDir: string) {
  const registry = new MetricRegistry([crimsonProvider], { crimson: { options: { baseURL: `http://127.0.0.1:${server.port}/v1`, model: 'bench-judge' } } });
  const reg = await registry.get('crimson');
  const cache = new DiskCache(cacheDir);
  const c0 = cpuMs();
  const s0 = process.cpuUsage().system;
  const t0 = performance.now();
  const { outcomes, stats } = await scoreRequests(reg, requests, { cache });
  const f0 = performance.now();
  // the cache writes off the event loop: the run is done when its last entry is on disk
  await cache.flush();
  const flushSeconds = (performance.now() - f0) / 1000;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuMs() - c0;
  const systemCpu = (process.cpuUsage().system - s0) / 1000;
  const limiter = (reg.metric as { client?: { limiter?: { stats: unknown } } }).client?.limiter?.stats;
  if (process.env.JUDGE_BENCH_VERBOSE) console.error('limiter', JSON.stringify(limiter), 'flush', flushSeconds.toFixed(4), 's');
  await registry.closeAll();
  const s = await server.stats();
  server.reset();
  return { seconds, flushSeconds, cpu, systemCpu, errors: outcomes.filter((o) => 'error' in o).length, cacheHits: stats.cacheHits, ...s };
}

/** JUDGE_BENCH_PROFILE=<file>: a CPU profile of the cold run alone (open it in Chrome DevTools). */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

export interface JudgeMeasure {
  seconds: number;
  calls: number;
  errors: number;
  maxBusy: number;
  maxOpen: number;
  clientCpuMsPerCall: number;
  /** Of it, the kernel's (system time): socket and file syscalls, loopback TCP. */
  clientSystemMsPerCall: number;
  ideal: number;
  goal: number;
  warmCalls: number;
  warmSeconds: number;
}

/** The table row: `calls` judge calls with the default config, after a 128-call warm-up; then a warm re-run. */
export async function measureJudge(calls = CALLS): Promise<JudgeMeasure> {
  const server = await Server.start();
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'metric-suite-judge-bench-')), mkdtempSync(path.join(os.tmpdir(), 'metric-suite-judge-bench-'))];
  try {
    await runOnce(server, requestsOf(128, 'Warm-up'), dirs[0]!);
    const requests = requestsOf(calls, 'Call');
    const profile = process.env.JUDGE_BENCH_PROFILE ? await startProfile() : undefined;
    const cold = await runOnce(server, requests, dirs[1]!);
    if (profile) await profile(process.env.JUDGE_BENCH_PROFILE!);
    const warm = await runOnce(server, requests, dirs[1]!);
    const ideal = (calls * DELAY_MS) / 1000 / SLOTS;
    return {
      seconds: cold.seconds, calls: cold.requests, errors: cold.errors, maxBusy: cold.maxBusy, maxOpen: cold.maxOpen,
      clientCpuMsPerCall: cold.cpu / Math.max(1, cold.requests), clientSystemMsPerCall: cold.systemCpu / Math.max(1, cold.requests), ideal, goal: 1.15 * ideal, warmCalls: warm.requests, warmSeconds: warm.seconds,
    };
  } finally {
    server.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

export default async function judgeBench(): Promise<void> {
  const m = await measureJudge();
  console.log(`judge: ${CALLS} crimson judge calls, default config, server with ${SLOTS} slots answering after ${DELAY_MS} ms`);
  console.log(`  cold  ${m.seconds.toFixed(3)} s  calls ${m.calls}  errors ${m.errors}  most requests open at the server ${m.maxOpen} (slots busy ${m.maxBusy})  client CPU ${m.clientCpuMsPerCall.toFixed(2)} ms/call (system ${m.clientSystemMsPerCall.toFixed(2)})`);
  console.log(`  warm  ${m.warmSeconds.toFixed(3)} s  calls ${m.warmCalls}`);
  console.log(`  goal  <= ${m.goal.toFixed(3)} s (1.15 x the ideal ${m.ideal.toFixed(3)} s), 0 calls warm: ${m.seconds <= m.goal && m.warmCalls === 0 && m.errors === 0 ? 'PASS' : 'FAIL'}`);
}
