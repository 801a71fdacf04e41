/**
 * Units and clauses: the report's words (radgraph pre-processing) grouped into the spans one
 * entity covers (a word; a hyphenated compound `air - fluid`; a measurement `2 . 5 cm`), and
 * the clauses the annotation reads one at a time (split at `.` `;` `:` `!` `?` and line breaks,
 * not at a decimal point). Sections that are not findings (indication, history, technique,
 * comparison) are left out, as RadGraph annotates the findings and impression only.
 */
import type { Word } from '../../words.js';
import { classOf, type WordClass } from './vocab.js';

export interface Unit {
  /** Word range [start, end] (inclusive). */
  start: number;
  end: number;
  lower: string;
  cls: WordClass;
  measurement?: boolean;
}

export interface Clause {
  /** Word range [lo, hi). */
  lo: number;
  hi: number;
  units: Unit[];
  /** The clause ended with `?` (a question: its observations are uncertain). */
  question: boolean;
}

const ALNUM = /^[\p{L}\p{N}_]+$/u;
const DIGITS = /^\d+$/;
const UNIT_WORDS = new Set(['cm', 'mm', 'm', 'millimeter', 'millimeters', 'centimeter', 'centimeters', 'millimetre', 'millimetres', 'centimetre', 'centimetres']);
const SKIP_HEADERS = new Set(['indication', 'indications', 'history', 'reason', 'technique', 'comparison', 'comparisons', 'examination', 'exam', 'procedure', 'clinical', 'hx', 'info', 'information', 'question', 'dictated', 'signed', 'requested', 'request']);
const KEEP_HEADERS = new Set(['findings', 'finding', 'impression', 'impressions', 'conclusion', 'conclusions', 'opinion', 'summary', 'report', 'result', 'results']);

const touching = (a: Word, b: Word): boolean => a.end === b.start;

function compoundClass(parts: string[]): WordClass {
  const whole = classOf(parts.join('-'));
  if (whole) return whole;
  const last = classOf(parts[parts.length - 1]!);
  // `right-sided`, `air-fluid`, `ill-defined`: the class of the part that carries it
  return last ?? classOf(parts[0]!);
}

/** Clauses of the report, with their units (words that are entities or may join one). */
export function clausesOf(text: string, words: Word[]): Clause[] {
  const out: Clause[] = [];
  let lo = 0;
  let skipping = false;
  let units: Unit[] = [];
  const close = (hi: number, question: boolean) => {
    if (hi > lo && !skipping) out.push({ lo, hi, units, question });
    units = [];
  };
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const t = w.text;
    const prev = words[i - 1];
    if (prev && i > lo && /\n/.test(text.slice(prev.end, w.start))) {
      close(i, false);
      lo = i;
      skipping = false;
    }
    if (!ALNUM.test(t)) {
      // decimal point inside a number
      const next = words[i + 1];
      if (t === '.' && prev && next && DIGITS.test(prev.text) && DIGITS.test(next.text) && touching(prev, w) && touching(w, next)) {
        i++;
        continue;
      }
      // `?pneumonia`, `, ? sarcoidosis`: a query before a word is a hedge inside the clause, not its end
      const nextW = words[i + 1];
      if (t === '?' && nextW && ALNUM.test(nextW.text) && (touching(w, nextW) || !prev || !touching(prev, w)) && !/\n/.test(text.slice(w.end, nextW.start))) {
        i++;
        continue;
      }
      if (/[.;:!?]/.test(t)) {
        if (t === ':' && i > lo && i - lo <= 3 && units.length > 0 && units.every((u) => u.cls === 'anat-noun' || u.cls === 'anat-adj' || u.lower === 'and')) {
          i++; // an anatomy heading (`Lungs: clear`) is the subject of what follows
          continue;
        }
        if (t.includes(':')) {
          const head = words.slice(lo, i).map((x) => x.text.toLowerCase());
          if (head.length > 0 && head.length <= 3 && head.some((x) => SKIP_HEADERS.has(x))) {
            units = [];
            skipping = true;
            lo = i + 1;
            i++;
            continue;
          }
          if (head.length > 0 && head.length <= 3 && head.some((x) => KEEP_HEADERS.has(x))) {
            units = [];
            skipping = false;
            lo = i + 1;
            i++;
            continue;
          }
        }
        close(i, t.includes('?'));
        lo = i + 1;
        skipping = false; // a comparison or history line is one sentence
      }
      i++;
      continue;
    }
    const lower = t.toLowerCase();
    // number (with decimals) + length unit: one measurement
    if (DIGITS.test(lower)) {
      let j = i;
      while (words[j + 2] && words[j + 1]!.text === '.' && DIGITS.test(words[j + 2]!.text) && touching(words[j]!, words[j + 1]!)) j += 2;
      const u = words[j + 1];
      if (u && UNIT_WORDS.has(u.text.toLowerCase())) {
        units.push({ start: i, end: j + 1, lower: words.slice(i, j + 2).map((x) => x.text.toLowerCase()).join(' '), cls: 'obs-adj', measurement: true });
        i = j + 2;
        continue;
      }
      i = j + 1;
      continue;
    }
    // hyphenated compound
    let j = i;
    const parts = [lower];
    while (words[j + 2] && words[j + 1]!.text === '-' && touching(words[j]!, words[j + 1]!) && touching(words[j + 1]!, words[j + 2]!) && ALNUM.test(words[j + 2]!.text)) {
      parts.push(words[j + 2]!.text.toLowerCase());
      j += 2;
    }
    units.push({ start: i, end: j, lower: parts.join(' - '), cls: parts.length > 1 ? compoundClass(parts) : classOf(lower) });
    i = j + 1;
  }
  close(words.length, false);
  return out;
}
