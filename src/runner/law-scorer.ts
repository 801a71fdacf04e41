import type { LawScorer } from '../laws/_internals/types.js';
import type { DiskCache } from './cache.js';
import { scoreRequests } from './scheduler.js';

/**
 * How laws score: through the runner's scheduler (batching, dedupe, timeouts, retries, the
 * disk cache when `cached`). Laws receive this function instead of importing the runner, so
 * imports keep flowing runner -> laws -> metrics.
 */
export function schedulerScorer(options: { cache?: DiskCache; offline?: boolean } = {}): LawScorer {
  const offline = options.offline ? { offline: true } : {};
  return async (reg, requests, cached) => {
    const sched = cached && options.cache ? { cache: options.cache, ...offline } : offline;
    return (await scoreRequests(reg, requests, sched)).outcomes;
  };
}
