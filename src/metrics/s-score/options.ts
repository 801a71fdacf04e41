import { z } from 'zod';

/**
 * The readings of S-Score (METRICS.md §3). The paper (seed 001, §3.2, eqs. 1-11) leaves these
 * choices open; each is an option with a default per variant. README.md in this folder shows
 * each one with a worked example.
 */

/** Presets: `literal` (the `s-score` metric) and `robust` (`s-score:robust`, `s-score:text`). */
export type Preset = 'literal' | 'robust';

const Weight = z.number().nonnegative();
const Flag = z.union([z.literal(0), z.literal(1)]);

/** BLEU settings for the location score s_loc (eq. 9), nltk `sentence_bleu` semantics. */
export const LocationBleuSchema = z.strictObject({
  /** One weight per n-gram order; default nltk's BLEU-4 (0.25 x 4). */
  weights: z.array(Weight).min(1).max(8).refine((w) => w.some((x) => x > 0), 'at least one weight must be positive').optional(),
  /**
   * nltk smoothing method 0-4 (0 = none). Methods 5-7 are refused: they can score above 1, which
   * would break the declared range of S.
   */
  smoothing: z.number().int().min(0).max(4).optional(),
  /** nltk `auto_reweigh`: uniform weights over the hypothesis length when it has < 4 tokens (only without `weights`). */
  autoReweigh: z.boolean().optional(),
});
export type LocationBleu = z.infer<typeof LocationBleuSchema>;

/** Per-field score when a field is absent on both sides (reading d). */
export const BothAbsentSchema = z.strictObject({ prob: Flag.optional(), level: Flag.optional(), loc: Flag.optional() });

/** The reading options, all optional; a preset supplies the rest. Unknown keys are an error. */
export const SScoreOptionsSchema = z.strictObject({
  /** Start from this preset (default `literal`). */
  preset: z.enum(['literal', 'robust']).optional(),
  /**
   * (a) F1 when the reference and predicted sets are both empty (P_pos or P_neg):
   * `one` (agreement), `zero` (sklearn's zero_division=0), `drop` (leave that half out of P;
   * P = 1 if both halves are dropped).
   */
  emptySets: z.enum(['one', 'zero', 'drop']).optional(),
  /** (b) MSE scale of s_prob: `raw` 1 - (p - p')^2 in [-3, 1]; `scaled` 1 - ((p - p')/2)^2 in [0, 1]. */
  probScale: z.enum(['raw', 'scaled']).optional(),
  /**
   * (c) what D averages D_i over: `reference` (reference positives; unmatched ones count 0),
   * `matched` (names positive on both sides only), `union` (reference and predicted positives;
   * unmatched count 0).
   */
  detailAverage: z.enum(['reference', 'matched', 'union']).optional(),
  /** (c') D when the set it averages over is empty: `zero`, `one`, or `drop` (S = P). */
  emptyDetails: z.enum(['zero', 'one', 'drop']).optional(),
  /** (d) a field absent on both sides of a matched disease scores this (0 or 1), per field or for all. */
  bothAbsent: z.union([Flag, BothAbsentSchema]).optional(),
  /** (e) BLEU settings for s_loc. */
  locationBleu: LocationBleuSchema.optional(),
  /** (f) location tokens: `whitespace` (Python `str.split()`, case kept) or `report` (tokenizeReport: lowercased, punctuation split). */
  locationTokens: z.enum(['whitespace', 'report']).optional(),
  /** (g) level equality (eq. 8): `exact` strings, `normalized` (case and spaces), `severity` (normalized severity: small = mild). */
  levelMatch: z.enum(['exact', 'normalized', 'severity']).optional(),
  /** Weights of s_prob, s_level, s_loc in D_i (paper: 1/3 each). */
  weights: z.strictObject({ prob: Weight, level: Weight, loc: Weight }).optional(),
  /** Disease names: `canonical` (lexicon synonyms map to one name) or `text` (lowercase and spaces only). */
  names: z.enum(['canonical', 'text']).optional(),
  /** A report that cannot be parsed: `error` (default) or `empty` (scored as a report with no findings). */
  onUnparseable: z.enum(['error', 'empty']).optional(),
});
export type SScoreOptions = z.infer<typeof SScoreOptionsSchema>;

/** Every reading resolved: what the formulas use. */
export interface Readings {
  emptySets: 'one' | 'zero' | 'drop';
  probScale: 'raw' | 'scaled';
  detailAverage: 'reference' | 'matched' | 'union';
  emptyDetails: 'zero' | 'one' | 'drop';
  bothAbsent: { prob: 0 | 1; level: 0 | 1; loc: 0 | 1 };
  locationBleu: { weights?: number[]; smoothing: 0 | 1 | 2 | 3 | 4; autoReweigh: boolean };
  locationTokens: 'whitespace' | 'report';
  levelMatch: 'exact' | 'normalized' | 'severity';
  weights: { prob: number; level: number; loc: number };
  names: 'canonical' | 'text';
  onUnparseable: 'error' | 'empty';
}

const THIRD = 1 / 3;

/**
 * `literal`: the paper wherever it is explicit, and the most direct implementation where it is
 * not (see README.md): sklearn-style F1 (0/0 -> 0), raw-scale MSE, D over reference positives,
 * an absent predicted field scores 0 (eqs. 7, 9) while two absent levels are equal (eq. 8),
 * nltk `sentence_bleu` defaults (BLEU-4, no smoothing) on `str.split()` tokens, exact level strings.
 */
export const LITERAL: Readonly<Readings> = Object.freeze<Readings>({
  emptySets: 'zero',
  probScale: 'raw',
  detailAverage: 'reference',
  emptyDetails: 'zero',
  bothAbsent: { prob: 0, level: 1, loc: 0 },
  locationBleu: { smoothing: 0, autoReweigh: false },
  locationTokens: 'whitespace',
  levelMatch: 'exact',
  weights: { prob: THIRD, level: THIRD, loc: THIRD },
  names: 'canonical',
  onUnparseable: 'error',
});

/** `robust`: the readings the project recommends; README.md justifies each with an example. */
export const ROBUST: Readonly<Readings> = Object.freeze<Readings>({
  emptySets: 'one',
  probScale: 'scaled',
  detailAverage: 'reference',
  emptyDetails: 'drop',
  bothAbsent: { prob: 1, level: 1, loc: 1 },
  locationBleu: { smoothing: 1, autoReweigh: true },
  locationTokens: 'report',
  levelMatch: 'severity',
  weights: { prob: THIRD, level: THIRD, loc: THIRD },
  names: 'canonical',
  onUnparseable: 'error',
});

export const PRESETS: Readonly<Record<Preset, Readonly<Readings>>> = Object.freeze({ literal: LITERAL, robust: ROBUST });

/**
 * Resolves options onto a preset (the options' own `preset`, else `fallback`).
 * @throws Error naming every invalid option.
 */
export function resolveReadings(options: unknown = {}, fallback: Preset = 'literal'): Readings {
  // Fast path for no options or a preset only (sScore called in a loop).
  if (options === undefined || options === null || (typeof options === 'object' && isPresetOnly(options as Record<string, unknown>))) {
    const preset = (options as { preset?: unknown } | null)?.preset;
    if (preset === undefined || preset === 'literal' || preset === 'robust') return copyReadings(PRESETS[(preset as Preset | undefined) ?? fallback]);
  }
  const parsed = SScoreOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
    throw new Error(`invalid s-score options: ${issues.join('; ')}`);
  }
  const o = parsed.data;
  const base = PRESETS[o.preset ?? fallback];
  const bothAbsent = o.bothAbsent === undefined
    ? { ...base.bothAbsent }
    : typeof o.bothAbsent === 'number'
      ? { prob: o.bothAbsent, level: o.bothAbsent, loc: o.bothAbsent }
      : { ...base.bothAbsent, ...o.bothAbsent };
  const bleu = o.locationBleu;
  const locationBleu: Readings['locationBleu'] = bleu
    ? {
        smoothing: (bleu.smoothing ?? base.locationBleu.smoothing) as Readings['locationBleu']['smoothing'],
        autoReweigh: bleu.autoReweigh ?? base.locationBleu.autoReweigh,
        ...(bleu.weights ? { weights: [...bleu.weights] } : base.locationBleu.weights ? { weights: [...base.locationBleu.weights] } : {}),
      }
    : { ...base.locationBleu, ...(base.locationBleu.weights ? { weights: [...base.locationBleu.weights] } : {}) };
  return {
    emptySets: o.emptySets ?? base.emptySets,
    probScale: o.probScale ?? base.probScale,
    detailAverage: o.detailAverage ?? base.detailAverage,
    emptyDetails: o.emptyDetails ?? base.emptyDetails,
    bothAbsent,
    locationBleu,
    locationTokens: o.locationTokens ?? base.locationTokens,
    levelMatch: o.levelMatch ?? base.levelMatch,
    weights: { ...(o.weights ?? base.weights) },
    names: o.names ?? base.names,
    onUnparseable: o.onUnparseable ?? base.onUnparseable,
  };
}

function isPresetOnly(o: Record<string, unknown>): boolean {
  for (const k in o) if (k !== 'preset') return false;
  return true;
}

function copyReadings(r: Readonly<Readings>): Readings {
  return {
    ...r,
    bothAbsent: { ...r.bothAbsent },
    locationBleu: { ...r.locationBleu, ...(r.locationBleu.weights ? { weights: [...r.locationBleu.weights] } : {}) },
    weights: { ...r.weights },
  };
}

/**
 * The declared range of S under these readings. P is in [0, 1]; D_i is in
 * [-3 w_prob, w_prob + w_level + w_loc] under the raw MSE scale (s_prob down to -3) and
 * [0, w_prob + w_level + w_loc] when scaled (BLEU with smoothing 0-4 is at most 1); an empty D
 * is 0 or 1; S = (P + D) / 2, or P when D is dropped.
 */
export function rangeOf(r: Readings): [number, number] {
  const wSum = r.weights.prob + r.weights.level + r.weights.loc;
  const dLo = r.probScale === 'raw' ? -3 * r.weights.prob : 0;
  const dHi = wSum;
  const lo = Math.min(0, dLo / 2);
  const hi = Math.max(1, (1 + dHi) / 2);
  return [lo, hi];
}
