/**
 * Shards (`--shard i/n`): the planned work of a run (case × metric and law × metric) as stable
 * keys in run order, and which keys a shard runs. Assignment is round robin over the keys
 * sorted as strings, so it depends only on the plan (suite names, case ids, metric ids, law
 * ids), never on the machine, file system order or timing; shards are balanced within one item.
 */
import { minimatch } from 'minimatch';
import type { Gate } from '../../suite/schema.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** Parses `i/n` (1 <= i <= n); throws a message for the command line. */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard takes i/n with 1 <= i <= n, got "${spec}"`);
  }
  return { index, count };
}

/** The key of one case × metric item. */
export const caseKey = (suite: string, metric: string, caseId: string): string => `case\u0000${suite}\u0000${metric}\u0000${caseId}`;
/** The key of one law × metric item. */
export const lawKey = (suite: string, law: string, metric: string): string => `law\u0000${suite}\u0000${law}\u0000${metric}`;

/** What the runner planned for one suite, in run order. */
export interface SuiteWork {
  suite: string;
  caseIds: string[];
  /** Unavailable metrics first, then the created ones: the order the runner reports them. */
  metrics: string[];
  laws: { law: string; metrics: string[] }[];
}

/** Every planned item's key, in the order an unsharded run reports results. */
export function workKeys(suites: SuiteWork[]): string[] {
  const keys: string[] = [];
  for (const s of suites) {
    for (const m of s.metrics) for (const c of s.caseIds) keys.push(caseKey(s.suite, m, c));
    for (const l of s.laws) for (const m of l.metrics) keys.push(lawKey(s.suite, l.law, m));
  }
  return keys;
}

/** The keys shard `index` of `count` runs: round robin over the sorted, de-duplicated keys. */
export function shardKeys(keys: string[], shard: Shard): Set<string> {
  const sorted = [...new Set(keys)].sort();
  return new Set(sorted.filter((_, i) => i % shard.count === shard.index - 1));
}

/**
 * A shard's own gate: `required` patterns that match a planned case of the suite but none of
 * this shard's cases are left out (another shard checks them; merge-reports checks them all).
 */
export function gateForShard(gate: Gate, planned: string[], mine: string[]): Gate {
  if (!gate.required?.length) return gate;
  const required = gate.required.filter((p) => mine.some((id) => minimatch(id, p)) || !planned.some((id) => minimatch(id, p)));
  return { ...gate, required };
}
