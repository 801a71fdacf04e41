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

/** '' is always token id 0: the token cache's empty slots hold it (see {@link cachedToken}). */
let tokenIds = new Map<string, number>([['', 0]]);
let tokenCount = 1;
const TOKEN_LIMIT = 1 << 18;
/** Per token id: the id of its lowercase (-1: not computed yet). */
let lowerOf = new Int32Array(1 << 12).fill(-1);
/** Per token id: the pair that last gave it a local id, and that id. */
let localGen = new Int32Array(1 << 12);
let localId = new Int32Array(1 << 12);
let gen = 0;
let localCount = 0;

/**
 * Small ids for a handful of strings repeated in every entity (labels, relation types): the last
 * string of each length (mod 64) is kept and compared with `===` (the handful rarely share a
 * length); ids at or past `cap` are -1 (the pair takes the string-keyed path).
 */
class SmallIds {
  private ids = new Map<string, number>();
  // Slots start as '' with id -2 (no id yet), so that the compare only ever sees strings
  // (`undefined` in the slots made every `===` here a generic compare).
  private readonly recent = new Array<string>(64).fill('');
  private readonly recentId = new Int32Array(64).fill(-2);

  constructor(private readonly cap: number) {}

  get size(): number {
    return this.ids.size;
  }

  id(s: string): number {
    const slot = s.length & 63;
    if (this.recent[slot] === s) {
      const r = this.recentId[slot]!;
      if (r >= 0) return r;
    }
    let g = this.ids.get(s);
    if (g === undefined) {
      g = this.ids.size;
      if (g >= this.cap) return -1;
      this.ids.set(s, g);
    }
    this.recent[slot] = s;
    this.recentId[slot] = g;
    return g;
  }

  clear(): void {
    this.ids = new Map<string, number>();
    this.recent.fill('');
    this.recentId.fill(-2);
  }
}

const labels = new SmallIds(LABEL_CAP);
const types = new SmallIds(TYPE_CAP);

/**
 * Tokens through a direct-mapped cache keyed by length and three characters, compared with
 * `===`: identity for the strings JSON.parse internalises (up to 10 characters), a short
 * compare for the rest. A report's vocabulary is small, and a hit skips hashing the string
 * (parsed JSON gives every longer string its own object, hashed on first use).
 */
const TOKEN_CACHE = 1 << 11;
// Empty slots hold '' (id 0), so the compare only ever sees strings (not a generic `===`).
const cachedToken = new Array<string>(TOKEN_CACHE).fill('');
const cachedTokenId = new Int32Array(TOKEN_CACHE);

function grow(a: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(a.length * 2);
  if (fill !== 0) grown.fill(fill);
  grown.set(a);
  return grown;
}

function clearAll(): void {
  tokenIds = new Map<string, number>([['', 0]]);
  tokenCount = 1;
  lowerOf.fill(-1);
  labels.clear();
  types.clear();
  cachedToken.fill('');
  cachedTokenId.fill(0);
}

/** Starts a pair: fresh local ids; the tables cleared first when they have grown large. */
export function beginPair(): void {
  if (tokenCount > TOKEN_LIMIT || labels.size > LABEL_CAP / 2 || types.size > TYPE_CAP / 2) clearAll();
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

/** Label ids given so far: every label id of this pair is below it. */
export function labelCount(): number {
  return labels.size;
}

/** Relation type ids given so far: every type id of this pair is below it. */
export function typeCount(): number {
  return types.size;
}

/** The small id of an entity label (-1 past {@link LABEL_CAP}). */
export function labelId(s: string): number {
  return labels.id(s);
}

/** The small id of a relation type (-1 past {@link TYPE_CAP}). */
export function typeId(s: string): number {
  return types.id(s);
}
