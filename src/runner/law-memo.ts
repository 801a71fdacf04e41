import type { LawMemo } from '../laws/_internals/types.js';
import { codeFingerprint } from '../util/code-fingerprint.js';
import { DiskCache } from './cache.js';

/** Law evaluations stored in the disk cache, in a namespace of the code fingerprint. */
export function diskLawMemo(cache: DiskCache): LawMemo {
  let ns: string | undefined; // the fingerprint walks the code tree: only when a law runs
  const space = () => (ns ??= DiskCache.namespace('laws', codeFingerprint(), ''));
  return {
    get: (key) => cache.get(space(), DiskCache.key(key))?.details?.evaluation,
    set: (key, value) => cache.set(space(), DiskCache.key(key), { value: 0, details: { evaluation: value } }),
  };
}
