/** Int64 tensors for onnxruntime (it wants BigInt64Array, not number arrays). */

/** numbers -> BigInt64Array (each must be a safe integer). */
export function toInt64(values: ArrayLike<number>): BigInt64Array {
  const out = new BigInt64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isSafeInteger(v)) throw new RangeError(`toInt64: ${v} is not a safe integer`);
    out[i] = BigInt(v);
  }
  return out;
}

/** BigInt64Array (or any bigint array) -> numbers; throws outside the safe range. */
export function fromInt64(values: ArrayLike<bigint>): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError(`fromInt64: ${v} is outside the safe integer range`);
    }
    out[i] = Number(v);
  }
  return out;
}
