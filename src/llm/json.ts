/**
 * Robust parsing of a JSON value out of an LLM reply. Models wrap JSON in markdown fences,
 * add prose before or after it, emit reasoning blocks, get cut off by a token limit, and make
 * small syntax slips (smart quotes, unquoted or orphan keys, bad escapes, unescaped quotes,
 * trailing commas). This finds the JSON, repairs what can be repaired (the CRIMSON reference's
 * fixes first, then jsonrepair) and parses it keeping the FIRST value of a duplicated key.
 *
 * It never guesses silently: the result says which repairs were made and whether the JSON was
 * cut off (`truncated`: the closing brackets were supplied by the repair, so trailing entries
 * may be missing). Callers decide whether a truncated value is acceptable.
 */
import { jsonrepair } from 'jsonrepair';
import { excerptOf } from './excerpt.js';
import { parseJsonFirstWins } from './strict-json.js';

export type JsonReplyResult =
  | { ok: true; value: unknown; repairs: string[]; truncated: boolean }
  | { ok: false; reason: string; excerpt: string; truncated: boolean };

export interface ParseJsonReplyOptions {
  /** The kind of top-level value wanted (default `object`). */
  expect?: 'object' | 'array' | 'any';
}

/** Parses the JSON in a model reply; see the module comment. Never throws. */
export function parseJsonReply(reply: string | null | undefined, options: ParseJsonReplyOptions = {}): JsonReplyResult {
  const expect = options.expect ?? 'object';
  const fail = (reason: string, truncated = false): JsonReplyResult => ({ ok: false, reason, excerpt: excerptOf(reply), truncated });
  if (reply === null || reply === undefined || reply.trim() === '') return fail('the reply is empty');

  const repairs: string[] = [];
  let body = reply.replace(/^\uFEFF/, '');
  const thought = stripReasoning(body);
  if (thought !== body) {
    repairs.push('reasoning block removed');
    body = thought;
    if (body.trim() === '') return fail('the reply holds only an unfinished reasoning block', true);
  }
  const fence = findFence(body, expect);
  if (fence) {
    repairs.push(fence.closed ? 'code fence removed' : 'unclosed code fence removed');
    body = fence.content;
  }

  const regions = jsonRegions(body, expect);
  if (regions.length === 0) return fail(`no JSON ${expect === 'array' ? 'array' : expect === 'object' ? 'object' : 'value'} in the reply`);

  const accept = (value: unknown, region: Region, extra: string[]): JsonReplyResult | undefined => {
    if (!kindMatches(value, expect)) return undefined;
    const notes = [...repairs];
    if (body.slice(0, region.start).trim() !== '') notes.push('text before the JSON ignored');
    if (region.closed && body.slice(region.end).trim() !== '') notes.push('text after the JSON ignored');
    if (!region.closed) notes.push('truncated JSON closed');
    return { ok: true, value, repairs: [...notes, ...extra], truncated: !region.closed };
  };

  // 1. A region that is valid JSON as written (the first one, in text order).
  for (const region of regions) {
    const value = tryParse(region.text);
    if (value !== FAILED) {
      const ok = accept(value, region, []);
      if (ok) return ok;
    }
  }
  // 2. Repairs, on the largest regions first: the answer is the big object, not a `{R1}` in prose.
  const bySize = [...regions].sort((a, b) => b.text.length - a.text.length || a.start - b.start);
  for (const region of bySize) {
    for (const [label, text] of repairedVariants(region.text)) {
      const value = tryParse(text);
      if (value === FAILED) continue;
      const ok = accept(value, region, label);
      if (ok) return ok;
    }
  }
  const truncated = regions.some((r) => !r.closed);
  return fail(truncated ? 'the JSON is cut off and could not be repaired' : 'the JSON is malformed beyond repair', truncated);
}

const FAILED = Symbol('failed');

function tryParse(text: string): unknown {
  try {
    return parseJsonFirstWins(text);
  } catch {
    return FAILED;
  }
}

function kindMatches(value: unknown, expect: 'object' | 'array' | 'any'): boolean {
  if (expect === 'any') return true;
  if (expect === 'array') return Array.isArray(value);
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Removes `<think>…</think>` blocks (reasoning models) and an unclosed one at the end. */
function stripReasoning(text: string): string {
  return text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '').replace(/<think(?:ing)?>[\s\S]*$/i, '');
}

/** The first markdown code fence that holds JSON; an unclosed fence runs to the end. */
function findFence(text: string, expect: 'object' | 'array' | 'any'): { content: string; closed: boolean } | undefined {
  const opener = /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n/g;
  const wanted = expect === 'array' ? '[' : expect === 'object' ? '{' : undefined;
  for (let m = opener.exec(text); m; m = opener.exec(text)) {
    const fenceChars = m[2]!;
    const from = m.index + m[0].length;
    const closeRe = new RegExp(`\\n[ \\t]*${fenceChars[0] === '`' ? '`' : '~'}{${fenceChars.length},}[ \\t]*(?=\\n|$)`, 'g');
    closeRe.lastIndex = from - 1;
    const close = closeRe.exec(text);
    const content = close ? text.slice(from, close.index) : text.slice(from);
    if (wanted ? content.includes(wanted) : /[[{]/.test(content)) return { content, closed: close !== null };
    if (close) opener.lastIndex = close.index + close[0].length;
  }
  return undefined;
}

interface Region {
  start: number;
  end: number;
  text: string;
  /** False when the text ends before the brackets balance (cut off). */
  closed: boolean;
}

/**
 * Top-level bracketed regions in text order: each starts at `{` (or `[`) and ends where the
 * brackets balance, ignoring brackets inside strings. The last may be unclosed (cut off).
 */
function jsonRegions(text: string, expect: 'object' | 'array' | 'any'): Region[] {
  const opens = expect === 'object' ? '{' : expect === 'array' ? '[' : '{[';
  const out: Region[] = [];
  let i = 0;
  while (out.length < 50) {
    let start = -1;
    for (let k = i; k < text.length; k++) {
      if (opens.includes(text[k]!)) {
        start = k;
        break;
      }
    }
    if (start < 0) break;
    const end = balancedEnd(text, start);
    if (end < 0) {
      out.push({ start, end: text.length, text: text.slice(start), closed: false });
      break;
    }
    out.push({ start, end, text: text.slice(start, end), closed: true });
    i = end;
  }
  return out;
}

/** Index just past the bracket closing the one at `start`, or -1 when the text ends first. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let k = start; k < text.length; k++) {
    const c = text[k];
    if (inString) {
      if (c === '\\') k++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return -1;
}

/** Smart double quotes only occur inside string values in practice: escape them. */
const SMART_DOUBLE = /[\u201c\u201d]/g;
const SMART_SINGLE = /[\u2018\u2019]/g;
/** `[""` + `:` + `[` (an array started as an object with an empty key) -> `[`. */
const ARRAY_OBJECT_HYBRID = /\[""\s*:\s*\[/g;
/** A key missing its opening quote after `{` or after a value and a comma: `,key":` -> `,"key":`. */
const KEY_MISSING_OPEN_QUOTE = /([\]}"0-9]\s*,\s*|\{\s*)([A-Za-z_][A-Za-z0-9_]*")/g;
/** A backslash that does not start a valid JSON escape (`\_`, `\L`) is a literal backslash. */
const INVALID_ESCAPE = /\\(?!["\\/bfnrtu])/g;

/**
 * Repaired versions of a region to try in order, each with the repairs it made: the CRIMSON
 * reference's targeted fixes first (they keep the judge's content), then jsonrepair.
 */
function* repairedVariants(text: string): Generator<[string[], string]> {
  const pre = text.replace(SMART_DOUBLE, '\\"').replace(SMART_SINGLE, "'").replace(ARRAY_OBJECT_HYBRID, '[').replace(KEY_MISSING_OPEN_QUOTE, '$1"$2');
  const preLabel = pre !== text ? ['quotes and keys fixed'] : [];
  const orphans = removeOrphanKeys(pre);
  const staged: [string[], string][] = [
    [[], text],
    [preLabel, pre],
    [[...preLabel, 'orphan keys removed'], orphans],
    [[...preLabel, 'invalid escapes fixed'], pre.replace(INVALID_ESCAPE, '\\\\')],
    [[...preLabel, 'orphan keys removed', 'invalid escapes fixed'], orphans.replace(INVALID_ESCAPE, '\\\\')],
  ];
  const seen = new Set<string>([text]);
  for (const [label, variant] of staged) {
    if (seen.has(variant)) continue;
    seen.add(variant);
    yield [label, variant];
  }
  // Then jsonrepair (truncation, unescaped quotes, trailing commas, comments, Python literals, ...)
  // on each distinct stage: the targeted fixes above handle what jsonrepair cannot (orphan keys).
  const repaired = new Set<string>();
  for (const [label, variant] of staged) {
    if (repaired.has(variant)) continue;
    repaired.add(variant);
    try {
      yield [[...label, 'jsonrepair'], jsonrepair(variant)];
    } catch {
      /* jsonrepair could not make sense of it either */
    }
  }
}

/**
 * Drops bare strings where an object expects a key and none follows (`{"ref_id":"R3",
 * "pred_old","pred_id":"P2"}`): orphan key fragments. Unlike a regular expression this knows
 * arrays from objects, so `["P1", "P2", "P3"]` is never touched. Returns the text unchanged
 * when it cannot follow the structure (an unterminated string).
 */
export function removeOrphanKeys(text: string): string {
  const stack: { object: boolean; expectKey: boolean }[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return text;
      const str = text.slice(i, j + 1);
      if (top?.object && top.expectKey) {
        let k = j + 1;
        while (k < text.length && /\s/.test(text[k]!)) k++;
        if (text[k] === ',' || text[k] === '}') {
          // An orphan: drop it with the comma that separates it from its neighbour.
          if (text[k] === ',') i = k + 1;
          else {
            out = out.replace(/,\s*$/, '');
            i = k;
          }
          continue;
        }
      }
      out += str;
      i = j + 1;
      continue;
    }
    if (c === '{') stack.push({ object: true, expectKey: true });
    else if (c === '[') stack.push({ object: false, expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top?.object) top.expectKey = false;
    else if (c === ',' && top?.object) top.expectKey = true;
    out += c;
    i++;
  }
  return out;
}
