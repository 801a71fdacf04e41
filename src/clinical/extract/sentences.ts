/**
 * Sentence splitting that keeps character offsets. Splits at `.`/`!`/`?` followed by space,
 * except in decimals (`1.5 cm`), known abbreviations (`vs.`, `approx.`) and list numbers
 * (`1. No effusion.`); at blank lines, and at a line break when the next line starts a list
 * item or a capitalised word. Report headers (`Findings:`, `IMPRESSION:`) are not sentences;
 * text under a history/indication/comparison header is marked `skip` (it states no findings).
 */
import { getGrammar } from './_internals/grammar.js';
import { phraseKey } from './_internals/tokenize.js';

/** A sentence: its index among all sentences, span [start, end) in the text, and whether its section states findings. */
export interface Sentence {
  index: number;
  start: number;
  end: number;
  skip: boolean;
}

/** Longest sentence processed in one piece; longer runs are cut at spaces (keeps 1 MB inputs linear). */
const MAX_SENTENCE = 1000;
const BLOCK_TAG = /^<\/?(?:br|p|div|li|ul|ol|tr|td|th|table|h\d|section|article|pre|blockquote)\b/i;

/**
 * The text with HTML tags and entities replaced by spaces (block tags by a line break), same
 * length, so that offsets into it are offsets into the original.
 */
export function cleanText(text: string): string {
  if (!/<[a-z/!]|&[a-z#]/i.test(text)) return text;
  return text
    .replace(/<[a-z/!][^<>]{0,500}>/gi, (tag) => (BLOCK_TAG.test(tag) ? '\n' + ' '.repeat(tag.length - 1) : ' '.repeat(tag.length)))
    .replace(/&(?:[a-z]{2,8}|#\d{1,6}|#x[0-9a-f]{1,5});/gi, (ent) => ' '.repeat(ent.length));
}

interface Segment {
  start: number;
  end: number;
  skip: boolean;
  /** A skipped header whose text may run over several sentences of one line (advice, differential, sign-off). */
  long?: boolean;
  /** A skipped header naming the study (comparison, technique): it says one thing ({@link STUDY_HEADERS}). */
  study?: boolean;
  /** A kept header opening the findings. */
  findings?: boolean;
}

/**
 * Skipped headers that govern all of their line: advice, differentials, communication and
 * sign-off run over several sentences. The others (history, indication, comparison, technique,
 * exam) say one thing, and on a one-line report the findings follow in the next sentence.
 */
const LONG_HEADERS = new Set(['recommendation', 'recommendations', 'notification', 'communication', 'dictated by', 'signed by',
  'electronically signed by', 'advice', 'adv', 'advise', 'advised', 'rec', 'recs', 'suggestion', 'suggestions', 'plan', 'd / d', 'dd',
  'ddx', 'differential', 'differentials', 'differential diagnosis', 'differential diagnoses']);

/**
 * Skipped headers that name the study itself (comparison, technique, exam) in one statement: on a line that an impression
 * header ends ("Comparison: ___. Right basal opacity. IMPRESSION: Pneumonia."), the findings follow that statement
 * without a header of their own. A history may run over several sentences up to the impression, so it keeps its line.
 */
const STUDY_HEADERS = new Set(['comparison', 'comparisons', 'comp', 'technique', 'examination', 'exam', 'procedure', 'type of exam',
  'study', 'reference exam', 'prior studies', 'views']);
/** Kept headers that open the findings: the text before them on their line is still the skipped section's. */
const FINDINGS_HEADERS = new Set(['findings', 'finding', 'report', 'result', 'results']);

function header(start: number, end: number, label: string, skip: ReadonlySet<string>): Segment {
  const key = phraseKey(label);
  return { start, end, skip: skip.has(key), long: LONG_HEADERS.has(key), study: STUDY_HEADERS.has(key), findings: FINDINGS_HEADERS.has(key) };
}

const LABEL_CHAR = /[A-Za-z &/\t]/;
const DASHED = /^([ \t]*)([A-Za-z][A-Za-z &/]{0,30}?)[ \t]*[-\u2013\u2014]{1,2}[ \t]/;

/** Whether a label starting at `at` stands where a header can: line start, after a sentence end, or in capitals. */
function headerPlace(text: string, at: number, label: string, colon: boolean): boolean {
  let p = at - 1;
  while (p >= 0 && (text[p] === ' ' || text[p] === '\t')) p--;
  const lineStart = p < 0 || text[p] === '\n' || text[p] === '\r';
  if (!colon) return lineStart;
  return lineStart || '.!?;:'.includes(text[p]!) || (label === label.toUpperCase() && /[A-Z]{3}/.test(label));
}

function knownHeader(label: string, include: ReadonlySet<string>, skip: ReadonlySet<string>): boolean {
  const key = phraseKey(label);
  return include.has(key) || skip.has(key);
}

/** Known section headers: `Label:` after a line break or sentence end (or in capitals), or a label alone on its line. */
function headers(text: string): Segment[] {
  const { include, skip } = getGrammar().headers;
  const found: Segment[] = [];
  for (let c = text.indexOf(':'); c !== -1; c = text.indexOf(':', c + 1)) {
    let a = c;
    while (a > 0 && a > c - 46 && LABEL_CHAR.test(text[a - 1]!)) a--;
    for (let w = a; w < c; w++) {
      if (!/[A-Za-z]/.test(text[w]!) || (w > a && /[A-Za-z]/.test(text[w - 1]!))) continue;
      const label = text.slice(w, c).trim();
      if (!knownHeader(label, include, skip)) continue;
      if (headerPlace(text, w, label, true)) found.push(header(w, c + 1, label, skip));
      break;
    }
  }
  for (let a = 0; a < text.length; ) {
    const nl = text.indexOf('\n', a);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(a, end);
    if (line.length <= 48 && !line.includes(':')) {
      const label = line.trim();
      if (label && knownHeader(label, include, skip)) found.push(header(a + line.indexOf(label), end, label, skip));
    }
    // "D/D - less likely metastases", "Adv - sputum AFB": a label and a dash open a line like a colon does
    const dashed = DASHED.exec(line);
    if (dashed && knownHeader(dashed[2]!, include, skip)) found.push(header(a + dashed[1]!.length, a + dashed[0].length, dashed[2]!, skip));
    a = end + 1;
  }
  return found.sort((x, y) => x.start - y.start);
}

/**
 * Where a skipped section that shares its line with what follows ends: after its first
 * sentence ("Comparison: None. Small left effusion."), or -1 when it has only one.
 */
function firstSentenceEnd(text: string, from: number, end: number, abbreviations: ReadonlySet<string>): number {
  for (let i = from; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if ((c === 46 || c === 33 || c === 63) && isBoundary(text, i, from, end, abbreviations) && /\S/.test(text.slice(i + 1, end))) return i + 1;
  }
  return -1;
}

/**
 * The text between headers. A skipped section (history, indication...) ends at its first line
 * break after some text: findings often follow on the next line without a header of their own.
 * On a line of its own header's, with no line break before the next header or the end (a
 * one-line report), it governs its first sentence only; so does a study header before an impression on its line.
 */
function segments(text: string, cuts: readonly Segment[], abbreviations: ReadonlySet<string>): Segment[] {
  const out: Segment[] = [];
  let pos = 0;
  let skip = false;
  let long = false;
  let study = false;
  for (let h = 0; h <= cuts.length; h++) {
    const end = h < cuts.length ? cuts[h]!.start : text.length;
    const body = skip ? /\S/.exec(text.slice(pos, end)) : null;
    const lineEnd = body ? text.indexOf('\n', pos + body.index) : -1;
    const next = h < cuts.length ? cuts[h]! : undefined;
    const ownLine = !next || next.skip || (study && !next.findings);
    const sentenceEnd = body && !long && (lineEnd === -1 || lineEnd >= end) && ownLine ? firstSentenceEnd(text, pos + body.index, end, abbreviations) : -1;
    if (lineEnd !== -1 && lineEnd < end) out.push({ start: pos, end: lineEnd, skip: true }, { start: lineEnd, end, skip: false });
    else if (sentenceEnd !== -1) out.push({ start: pos, end: sentenceEnd, skip: true }, { start: sentenceEnd, end, skip: false });
    else out.push({ start: pos, end, skip });
    if (next) [pos, skip, long, study] = [next.end, next.skip, next.long === true, next.study === true];
  }
  return out;
}

function isBoundary(text: string, i: number, from: number, to: number, abbreviations: ReadonlySet<string>): boolean {
  const ch = text[i]!;
  if (ch === '\n') {
    if (/^\n[ \t\r]*\n/.test(text.slice(i, i + 40))) return true;
    const next = /^\n[ \t]*(\S)(\S?)/.exec(text.slice(i, i + 40));
    if (!next) return true;
    return /[-*•·]/.test(next[1]!) || /^\n[ \t]*\d{1,2}[.)]\s/.test(text.slice(i, i + 8)) || (/\p{Lu}/u.test(next[1]!) && /\p{Ll}/u.test(next[2]!));
  }
  if (i + 1 < to && !/[\s"')\]]/.test(text[i + 1]!)) return false;
  if (ch === '?') return /[\p{L}\p{N})]/u.test(text[i - 1] ?? ''); // "? pneumonia" is a hedge, not a question's end
  if (ch !== '.') return true;
  const before = text.slice(Math.max(from, i - 12), i);
  const word = /([A-Za-z][A-Za-z.]*)$/.exec(before)?.[1]?.toLowerCase();
  if (word && abbreviations.has(word)) return false;
  return !/^\s*\(?\d{1,2}$/.test(text.slice(from, i)); // "1." opens a list item
}

const MARKER = /^(?:\(?\d{1,2}[.)]|[-*•·])\s+/;

/** Splits `text` into sentences (see module comment). Never throws; empty text gives []. */
export function splitSentences(text: string): Sentence[] {
  const abbreviations = getGrammar().sentenceAbbreviations;
  const out: Sentence[] = [];
  for (const seg of segments(text, headers(text), abbreviations)) {
    let start = seg.start;
    for (let i = seg.start; i < seg.end; i++) {
      const c = text.charCodeAt(i); // . ! ? and a line break
      if ((c === 46 || c === 33 || c === 63 || c === 10) && isBoundary(text, i, start, seg.end, abbreviations)) {
        push(text, out, start, c === 10 ? i : i + 1, seg.skip);
        start = i + 1;
      }
    }
    push(text, out, start, seg.end, seg.skip);
  }
  return out;
}

/** Adds `text[a, b)`, trimmed and without its list marker, as a sentence when it has a letter or digit. */
function push(text: string, out: Sentence[], a: number, b: number, skip: boolean): void {
  while (a < b && /\s/.test(text[a]!)) a++;
  while (b > a && /\s/.test(text[b - 1]!)) b--;
  const marker = MARKER.exec(text.slice(a, Math.min(b, a + 8)));
  if (marker && a + marker[0].length < b) a += marker[0].length;
  if (b - a > MAX_SENTENCE) {
    const cut = text.lastIndexOf(' ', a + MAX_SENTENCE);
    const mid = cut > a + MAX_SENTENCE / 2 ? cut : a + MAX_SENTENCE;
    push(text, out, a, mid, skip);
    push(text, out, mid, b, skip);
    return;
  }
  if (/[\p{L}\p{N}]/u.test(text.slice(a, b))) out.push({ index: out.length, start: a, end: b, skip });
}
