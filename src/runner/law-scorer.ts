import type { LawScorer } from '../laws/_internals/types.js';
import type { DiskCache } from './cache.js';
import { diskLawMemo } from './law-memo.js';
import { scoreRequests } from './scheduler.js';

/**
 * How laws score: through the runner's scheduler (batching, dedupe, timeouts, retries, the
 * disk cache when `cached`, and stored law evaluations, see law-memo.ts). Laws receive this function instead of importing the runner, so
 * imports keep flowing runner -> laws -> metrics.
 */
export function schedulerScorer(options: { cache?: DiskCache; offline?: boolean } = {}): LawScorer {
  const offline = options.offline ? { offline: true } : {};
  const score: LawScorer = async (reg, requests, cached) => {
    const sched = cached && options.cache ? { cache: options.cache, ...offline } : offline;
    return (await scoreRequests(reg, requests, sched)).outcomes;
  };
  // with a disk cache, whole evaluations of deterministic metrics are stored too (a warm run skips them)
  return options.cache ? Object.assign(score, { memo: diskLawMemo(options.cache) }) : score;
}
