/**
 * Written variants of lexicon phrases. A closed compound is also written split at its prefix,
 * with a hyphen or a space (`sub-cutaneous`, `peri hilar`, `reticulo-nodular`, `pneumo thorax`:
 * hyphenated prefixes, voice recognition): the tokenizer drops the hyphen, so `sub cutaneous`
 * must be a phrase too. The prefixes are data (language/*.yaml `splitPrefixes`).
 */

/** The shortest rest of a word after its prefix that is split off (`sub` + `cutaneous`, not `bi` + `as`). */
const MIN_REST = 4;

/**
 * The variants of one phrase (its tokens): each word that starts with a prefix split once, and
 * all of them split together. The phrase itself is not among them.
 */
export function splitVariants(tokens: readonly string[], prefixes: readonly string[]): string[][] {
  const splits: { at: number; parts: [string, string] }[] = [];
  tokens.forEach((t, at) => {
    let best: string | undefined;
    for (const p of prefixes) if (t.startsWith(p) && t.length - p.length >= MIN_REST && /^[a-z]/.test(t.slice(p.length)) && (!best || p.length > best.length)) best = p;
    if (best) splits.push({ at, parts: [best, t.slice(best.length)] });
  });
  if (splits.length === 0) return [];
  const apply = (which: typeof splits): string[] => tokens.flatMap((t, i) => which.find((s) => s.at === i)?.parts ?? [t]);
  const out = splits.map((s) => apply([s]));
  if (splits.length > 1) out.push(apply(splits));
  return out;
}

/** US -ize word endings whose British -ise spelling reads the same (`visualized`/`visualised`, `localized`/`localised`). */
const IZE = /^([a-z]{4,})iz(e|ed|es|ing|ation|ations)$/;

/**
 * The British spelling of a phrase whose words end in -ize, -ized, -ization ... (`not visualised`, `loculated and localised`),
 * or undefined when no word has such an ending. The lexicon is written in US spelling where the two differ only so.
 */
export function britishVariant(tokens: readonly string[]): string[] | undefined {
  let changed = false;
  const out = tokens.map((t) => {
    const m = IZE.exec(t);
    if (!m) return t;
    changed = true;
    return `${m[1]}is${m[2]}`;
  });
  return changed ? out : undefined;
}
