/**
 * Integer ids for the strings of RadGraph annotations, so that tuples compare as numbers:
 * - token strings: a process-wide id (and the id of their lowercase), then a dense LOCAL id
 *   within the pair being scored (0, 1, 2, ... in first-seen order), which keeps the packed
 *   tuples and the membership table of score.ts small;
 * - labels and relation types: small process-wide ids (below {@link LABEL_CAP} and
 *   {@link TYPE_CAP}: a report uses a handful), packed as they are.
 * Tables are cleared only between pairs ({@link beginPair}), so ids never change within one.
 */
import { lower } from './tuple-strings.js';

/** Label ids are below this; an id that is not: -1 (the pair takes the string-keyed path). */
export const LABEL_CAP = 128;
/** Relation type ids are below this (-1 as for labels). */
export const TYPE_CAP = 64;

let tokenIds = new Map<string, number>();
let tokenCount = 0;
const TOKEN_LIMIT = 1 << 18;
/** Per token id: the id of its lowercase (-1: not computed yet). */
let lowerOf = new Int32Array(1 << 12).fill(-1);
/** Per token id: the pair that last gave it a local id, and that id. */
let localGen = new Int32Array(1 << 12);
let localId = new Int32Array(1 << 12);
let gen = 0;
let localCount = 0;

let labelIds = new Map<string, number>();
let typeIds = new Map<string, number>();

/**
 * Tokens through a direct-mapped cache keyed by length and three characters, compared with
 * `===`: identity for the strings JSON.parse internalises (up to 10 characters), a short
 * compare for the rest. A report's vocabulary is small, and a hit skips hashing the string
 * (parsed JSON gives every longer string its own object, hashed on first use).
 */
const TOKEN_CACHE = 1 << 11;
const cachedToken = new Array<string | undefined>(TOKEN_CACHE).fill(undefined);
const cachedTokenId = new Int32Array(TOKEN_CACHE);

/**
 * Labels and relation types are a handful of strings repeated in every entity: the last string
 * of each length (mod 64) is kept and compared with `===` (the handful rarely share a length).
 */
const RECENT = 64;
const recentLabel = new Array<string | undefined>(RECENT).fill(undefined);
const recentLabelId = new Int32Array(RECENT);
const recentType = new Array<string | undefined>(RECENT).fill(undefined);
const recentTypeId = new Int32Array(RECENT);

function grow(a: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(a.length * 2);
  if (fill !== 0) grown.fill(fill);
  grown.set(a);
  return grown;
}

function clearAll(): void {
  tokenIds = new Map<string, number>();
  tokenCount = 0;
  lowerOf.fill(-1);
  labelIds = new Map<string, number>();
  typeIds = new Map<string, number>();
  cachedToken.fill(undefined);
  recentLabel.fill(undefined);
  recentType.fill(undefined);
}

/** Starts a pair: fresh local ids; the tables cleared first when they have grown large. */
export function beginPair(): void {
  if (tokenCount > TOKEN_LIMIT || labelIds.size > LABEL_CAP / 2 || typeIds.size > TYPE_CAP / 2) clearAll();
  if (gen === 0x3fffffff) {
    localGen.fill(0);
    gen = 0;
  }
  gen++;
  localCount = 0;
}

/** Local ids given in this pair so far. */
export function localIds(): number {
  return localCount;
}

/** The process-wide id of a token string. */
export function tokenId(s: string): number {
  const n = s.length;
  const slot = n === 0 ? 0 : (Math.imul(n, 0x9e3779b1) ^ (s.charCodeAt(0) << 4) ^ (s.charCodeAt(n >> 1) << 9) ^ s.charCodeAt(n - 1)) & (TOKEN_CACHE - 1);
  if (cachedToken[slot] === s) return cachedTokenId[slot]!;
  let g = tokenIds.get(s);
  if (g === undefined) {
    tokenIds.set(s, (g = tokenCount++));
    if (g >= lowerOf.length) {
      lowerOf = grow(lowerOf, -1);
      localGen = grow(localGen, 0);
      localId = grow(localId, 0);
    }
  }
  cachedToken[slot] = s;
  cachedTokenId[slot] = g;
  return g;
}

/** The id of the lowercase of the token string `s` with id g (Python's str.lower()). */
export function lowerTokenId(g: number, s: string): number {
  let lg = lowerOf[g]!;
  if (lg < 0) {
    lg = tokenId(lower(s)); // may grow lowerOf: written after
    lowerOf[g] = lg;
  }
  return lg;
}

/** The dense id within this pair of token id g. */
export function local(g: number): number {
  if (localGen[g] !== gen) {
    localGen[g] = gen;
    localId[g] = localCount++;
  }
  return localId[g]!;
}

export function labelId(s: string): number {
  const slot = s.length & (RECENT - 1);
  if (recentLabel[slot] === s) return recentLabelId[slot]!;
  let g = labelIds.get(s);
  if (g === undefined) {
    g = labelIds.size;
    if (g >= LABEL_CAP) return -1;
    labelIds.set(s, g);
  }
  recentLabel[slot] = s;
  recentLabelId[slot] = g;
  return g;
}

export function typeId(s: string): number {
  const slot = s.length & (RECENT - 1);
  if (recentType[slot] === s) return recentTypeId[slot]!;
  let g = typeIds.get(s);
  if (g === undefined) {
    g = typeIds.size;
    if (g >= TYPE_CAP) return -1;
    typeIds.set(s, g);
  }
  recentType[slot] = s;
  recentTypeId[slot] = g;
  return g;
}
