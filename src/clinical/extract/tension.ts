/**
 * A suspected tension in a sentence of its own (CONVENTIONS §4): "Large left pneumothorax. The mediastinum is shifted to the
 * right, raising concern for tension." Tension is a state of the air already reported, judged at the bedside; only
 * suspected, it is that pneumothorax's possible reading, as it is within one sentence (_internals/evidence.ts), not a
 * finding that replaces it.
 */
import type { Finding } from '../model.js';

const fits = (a: Finding, b: Finding): boolean => !a.laterality || !b.laterality || a.laterality === b.laterality;

/**
 * Folds each uncertain tension pneumothorax among `out[from..]` (the sentence's own findings) into the last present
 * pneumothorax stated before the sentence on its side: the pneumothorax gets it as an interpretation, the tension goes.
 */
export function suspectedTension(out: Finding[], from: number): void {
  for (let i = out.length - 1; i >= from; i--) {
    const t = out[i]!;
    if (t.name !== 'tension pneumothorax' || t.status !== 'uncertain') continue;
    const air = out.slice(0, from).findLast((f) => f.name === 'pneumothorax' && f.status === 'present' && fits(f, t));
    if (!air) continue;
    air.interpretations = [...new Set([...(air.interpretations ?? []), t.name])];
    out.splice(i, 1);
  }
}
