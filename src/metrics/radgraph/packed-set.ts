/**
 * Set sizes and intersection of two lists of packed tuples (integers below 2^53, duplicates
 * allowed) in one open-addressing table reused across calls: each slot carries the stamp of the
 * call that filled it, so nothing is cleared or sorted per pair.
 */
let keys = new Float64Array(256);
let stamps = new Int32Array(256);
let stamp = 0;

/** Slot stamps of one call: base (only in a), base + 1 (only in b), base + 2 (in both). */
function nextBase(): number {
  if (stamp >= 0x3ffffff0) {
    stamps.fill(0);
    stamp = 0;
  }
  const base = stamp + 1;
  stamp += 3;
  return base;
}

/** A table slot for x: the two 32-bit halves mixed (x is an integer, so `x | 0` is its low word). */
function slotOf(x: number, mask: number): number {
  const hi = (x / 4294967296) | 0;
  const h = Math.imul((x | 0) ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
}

/**
 * Writes |set(a)|, |set(b)| and |set(a) ∩ set(b)| of a[0..na) and b[0..nb) into out[0..3).
 */
export function countPacked(a: Float64Array, na: number, b: Float64Array, nb: number, out: Int32Array): void {
  let size = keys.length;
  if (size < 2 * (na + nb)) {
    while (size < 2 * (na + nb)) size *= 2;
    keys = new Float64Array(size);
    stamps = new Int32Array(size);
    stamp = 0;
  }
  const mask = size - 1;
  const base = nextBase();
  const onlyB = base + 1;
  const both = base + 2;
  let sizeA = 0;
  for (let i = 0; i < na; i++) {
    const x = a[i]!;
    let s = slotOf(x, mask);
    while (stamps[s]! >= base && keys[s] !== x) s = (s + 1) & mask;
    if (stamps[s]! < base) {
      stamps[s] = base;
      keys[s] = x;
      sizeA++;
    }
  }
  let sizeB = 0;
  let inter = 0;
  for (let i = 0; i < nb; i++) {
    const x = b[i]!;
    let s = slotOf(x, mask);
    while (stamps[s]! >= base && keys[s] !== x) s = (s + 1) & mask;
    const was = stamps[s]!;
    if (was < base) {
      stamps[s] = onlyB;
      keys[s] = x;
      sizeB++;
    } else if (was === base) {
      stamps[s] = both;
      sizeB++;
      inter++;
    }
  }
  out[0] = sizeA;
  out[1] = sizeB;
  out[2] = inter;
}
