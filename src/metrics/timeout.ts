/**
 * A batch an adapter timed out itself (a `module:` metric's host starts the clock when the batch
 * reaches a started worker, so a worker's start-up is not counted against the batch). The runner
 * treats it as its own timeout: `<id> timed out after <ms> ms`, and scores the batch's requests
 * alone where the metric allows it (src/runner/batch.ts).
 */
export class BatchTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'BatchTimeoutError';
  }
}
