/**
 * A bounded memo of one function of a text: a suite scores each reference against several
 * candidates (ranking and preference cases), so a metric instance tokenizes each distinct text
 * once. The same token array coming back also lets the interner find its strings by identity.
 * Oldest entries go first when full.
 * @internal
 */
export class TextMemo<T> {
  readonly #values = new Map<string, T>();

  constructor(
    private readonly compute: (text: string) => T,
    private readonly limit = 4096,
  ) {}

  get(text: string): T {
    let v = this.#values.get(text);
    if (v === undefined) {
      v = this.compute(text);
      if (this.#values.size >= this.limit) this.#values.delete(this.#values.keys().next().value!);
      this.#values.set(text, v);
    }
    return v;
  }

  /** Number of texts held. */
  get size(): number {
    return this.#values.size;
  }
}
