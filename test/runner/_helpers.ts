/**
 * Helpers for runner and metric tests: RegisteredMetric objects with the registry's
 * defaults, and temporary folders that are removed after each test.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Metric, ScoreOutcome, ScoreRequest } from '../../src/metrics/contract.js';
import type { RegisteredMetric } from '../../src/metrics/registry.js';
import { appender } from '../../src/runner/cache/appender.js';

/** A metric with every declaration field filled in; `score` defaults to value 0.5 for all. */
export function metric(fields: Partial<Metric> = {}): Metric {
  return {
    id: 'fake',
    version: '1',
    description: 'a fake metric for tests',
    direction: 'higher',
    range: [0, 1],
    tieTolerance: 0,
    deterministic: true,
    inputs: ['text'],
    score: (requests: ScoreRequest[]): ScoreOutcome[] => requests.map(() => ({ value: 0.5 })),
    ...fields,
  };
}

/**
 * A RegisteredMetric the way the registry builds one: scheduling settings from the metric
 * (or the registry's defaults) unless overridden, config hash `test`.
 */
export function registered(fields: Partial<Metric> = {}, overrides: Partial<Omit<RegisteredMetric, 'metric'>> = {}): RegisteredMetric {
  const m = metric(fields);
  return {
    id: m.id,
    metric: m,
    configHash: 'test',
    batchSize: m.batchSize ?? 64,
    concurrency: m.concurrency ?? 4,
    timeoutMs: m.timeoutMs ?? 60_000,
    retries: m.retries ?? 0,
    cache: m.cache ?? true,
    ...overrides,
  };
}

/** A text request; `n` makes it unique. */
export function req(n: number | string, extra: Partial<ScoreRequest> = {}): ScoreRequest {
  return { reference: 'Moderate left pleural effusion.', candidate: `candidate ${n}`, ...extra };
}

/** A counting metric: records every batch it receives and scores each request by its index in the batch. */
export function recording(fields: Partial<Metric> = {}): { reg: RegisteredMetric; calls: ScoreRequest[][] } {
  const calls: ScoreRequest[][] = [];
  const reg = registered({
    score: (requests) => {
      calls.push(requests);
      return requests.map(() => ({ value: 0.25 }));
    },
    ...fields,
  });
  return { reg, calls };
}

const made: string[] = [];
afterEach(async () => {
  // a DiskCache appends off the event loop: its lines must land before the folder goes, or rm races them (ENOTEMPTY)
  await appender.settleAll();
  while (made.length) await rm(made.pop()!, { recursive: true, force: true });
});

/** A fresh folder under os.tmpdir(), removed after the current test. */
export async function tempDir(prefix = 'metric-suite-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
