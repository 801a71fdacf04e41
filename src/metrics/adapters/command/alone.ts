import type { ScoreOutcome, ScoreRequest } from '../../contract.js';

/** What one try of a batch gave: `lost` holds the reason when the batch failed as a whole. */
export interface Attempt {
  outcomes: ScoreOutcome[];
  lost?: string;
}

/**
 * Losses in a row, with nothing scored yet, after which the rest of a lost batch is not tried
 * alone: a worker that fails on every input (or hangs on each) would cost a start-up or a
 * timeout per request, to say what the batch already said.
 */
export const MAX_LOST_ALONE = 3;

/**
 * Scores the requests of a lost batch one at a time, so an input that crashes or hangs the
 * worker fails alone and the others keep their scores (as module metrics do, src/runner/batch.ts).
 * When the first few fail alone too and none scores, the rest are not tried: each says the batch failed as a whole.
 */
export async function scoreAlone(requests: ScoreRequest[], lost: string, scoreOne: (r: ScoreRequest) => Promise<Attempt>): Promise<ScoreOutcome[]> {
  const n = requests.length;
  const alone: Attempt[] = [];
  let scored = false;
  for (const r of requests) {
    if (!scored && alone.length >= MAX_LOST_ALONE) break;
    const a = await scoreOne(r);
    alone.push(a);
    if (a.lost === undefined) scored = true;
  }
  if (alone.length < n) {
    return requests.map(() => ({ error: `${lost} (the batch of ${n} failed as a whole; its first ${alone.length} requests failed alone too, the rest were not tried)` }));
  }
  return alone.map((a) => (a.lost !== undefined ? { error: `${a.lost} (scored alone after its batch of ${n} failed)` } : a.outcomes[0]!));
}
