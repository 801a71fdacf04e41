/**
 * The CRIMSON judge prompt: the built-in handlebars templates in `prompts/` (read from the
 * package folder, since the TypeScript build copies no .hbs files), or a user's template file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTemplateSet, type PromptTemplate } from '../../llm/prompt.js';
import type { Context, Report } from '../contract.js';
import { packageRoot } from '../../util/package-root.js';

/** Folder of the built-in templates (`crimson.hbs`, `system.hbs`, `partials/*.hbs`). */
export function promptsDir(): string {
  return path.join(packageRoot(), 'src', 'metrics', 'crimson', 'prompts');
}

export interface CrimsonPromptOptions {
  /** A user's handlebars template for the user message (absolute path); the built-in partials stay available. */
  templateFile?: string;
  /** The system message; default the built-in `system.hbs`. An empty string sends none. */
  systemPrompt?: string;
  /** Include significance examples, context rules and grading examples. */
  guidelines: boolean;
  /** Include the patient context block. */
  patientContext: boolean;
  /** Splice reports into pre-rendered frames where that gives the same text (default true; false renders every call, for tests). */
  frames?: boolean;
}

/** What templates receive. */
export interface CrimsonPromptData extends Record<string, unknown> {
  reference: string;
  candidate: string;
  /** Patient context as ordered `{key, value}` pairs (`Age: 82`); empty when none or disabled. */
  context: { key: string; value: string }[];
  /** The same context as a plain object, for templates that want `{{context_object.age}}`. */
  context_object: Record<string, string>;
  guidelines: boolean;
}

export interface RenderedPrompt {
  system: string | undefined;
  user: string;
  /** `JSON.stringify(user)`, when built from a frame's pre-encoded parts (request bodies splice it in as is). */
  userJson?: string;
}

export interface CrimsonPrompt {
  render(reference: Report, candidate: Report, context: Context | undefined): RenderedPrompt;
  /** Hash of every template source and setting that shapes the prompt: part of the metric version (cache key). */
  fingerprint: string;
}

export function buildCrimsonPrompt(options: CrimsonPromptOptions): CrimsonPrompt {
  const dir = promptsDir();
  const partialsDir = path.join(dir, 'partials');
  const set = createTemplateSet({ partialsDir });
  const userSource = readFileSync(options.templateFile ?? path.join(dir, 'crimson.hbs'), 'utf8');
  const user: PromptTemplate = set.compile(userSource);
  const systemSource = options.systemPrompt ?? readFileSync(path.join(dir, 'system.hbs'), 'utf8');
  const compiled = systemSource.trim() === '' ? undefined : set.compile(systemSource);
  // a system message without placeholders is rendered once, not per request
  const fixed = compiled && !systemSource.includes('{{') ? compiled({}).trim() : undefined;
  const system = fixed !== undefined ? () => fixed : compiled;
  const hash = createHash('sha256');
  hash.update(userSource).update('\0').update(systemSource).update('\0');
  for (const f of readdirSync(partialsDir).filter((x) => x.endsWith('.hbs')).sort()) hash.update(f).update(readFileSync(path.join(partialsDir, f))).update('\0');
  hash.update(JSON.stringify({ g: options.guidelines, c: options.patientContext }));
  // A user's template is sent exactly as rendered (a fine-tuned judge may depend on it).
  const finish = options.templateFile ? (text: string) => text : collapseBlankLines;
  const dataOf = (referenceText: string, candidateText: string, entries: [string, unknown][]): CrimsonPromptData => ({
    reference: referenceText,
    candidate: candidateText,
    context: entries.map(([k, v]) => ({ key: contextLabel(k), value: String(v) })),
    context_object: Object.fromEntries(entries.map(([k, v]) => [k, String(v)])),
    guidelines: options.guidelines,
  });
  // The reports reach the user message only as text: render it once per patient context with
  // placeholders and splice the reports in (handlebars and the JSON encoding of ~12 KB of fixed
  // text were ~12 % of a judge call's CPU).
  const frames = options.frames !== false && set.plainSlots(userSource, ['reference', 'candidate']) ? new Frames((d) => finish(user(d)), options.templateFile === undefined) : undefined;
  return {
    fingerprint: hash.digest('hex').slice(0, 12),
    render(reference, candidate, context) {
      const entries = options.patientContext && context ? Object.entries(context) : [];
      const referenceText = reportText(reference);
      const candidateText = reportText(candidate);
      const needData = system !== undefined && fixed === undefined;
      const framed = frames?.render(referenceText, candidateText, entries, dataOf);
      if (framed && !needData) return { system: fixed, user: framed.user, userJson: framed.json };
      const data = dataOf(referenceText, candidateText, entries);
      return { system: system?.(data).trim(), ...(framed ? { user: framed.user, userJson: framed.json } : { user: finish(user(data)) }) };
    },
  };
}

/**
 * The user message per patient context, rendered with placeholders for the two reports, cut
 * into fixed parts (each also JSON-encoded once). A report is spliced in when that gives the
 * same text as rendering it: non-empty, no whitespace or lone surrogate at either end (so
 * neither the blank-line collapse, the trim nor the JSON encoding can act across a boundary);
 * otherwise the caller renders normally.
 */
class Frames {
  private readonly frames = new Map<string, Frame | null>();
  private readonly marks = [`\u0000reference-${Math.random().toString(36).slice(2)}\u0000`, `\u0000candidate-${Math.random().toString(36).slice(2)}\u0000`] as const;

  constructor(
    private readonly renderText: (data: CrimsonPromptData) => string,
    /** Blank-line runs inside a report are collapsed as in the whole message. */
    private readonly collapse: boolean,
  ) {}

  render(referenceText: string, candidateText: string, entries: [string, unknown][], dataOf: (r: string, c: string, e: [string, unknown][]) => CrimsonPromptData): { user: string; json: string } | undefined {
    if (!spliceable(referenceText) || !spliceable(candidateText)) return undefined;
    const key = entries.length ? JSON.stringify(entries.map(([k, v]) => [k, String(v)])) : '';
    let frame = this.frames.get(key);
    if (frame === undefined) {
      frame = this.build(dataOf(this.marks[0], this.marks[1], entries));
      if (this.frames.size >= 256) this.frames.clear();
      this.frames.set(key, frame);
    }
    if (frame === null) return undefined;
    const values = this.collapse ? [collapseRuns(referenceText), collapseRuns(candidateText)] : [referenceText, candidateText];
    const encoded = [JSON.stringify(values[0]).slice(1, -1), JSON.stringify(values[1]).slice(1, -1)];
    let user = frame.text[0]!;
    let json = `"${frame.json[0]!}`;
    for (let i = 0; i < frame.slots.length; i++) {
      user += values[frame.slots[i]!]! + frame.text[i + 1]!;
      json += encoded[frame.slots[i]!]! + frame.json[i + 1]!;
    }
    return { user, json: `${json}"` };
  }

  private build(data: CrimsonPromptData): Frame | null {
    const out = this.renderText(data);
    const text: string[] = [];
    const slots: number[] = [];
    let at = 0;
    for (;;) {
      const r = out.indexOf(this.marks[0], at);
      const c = out.indexOf(this.marks[1], at);
      const next = r < 0 ? c : c < 0 ? r : Math.min(r, c);
      if (next < 0) break;
      text.push(out.slice(at, next));
      slots.push(next === r ? 0 : 1);
      at = next + this.marks[next === r ? 0 : 1].length;
    }
    text.push(out.slice(at));
    // a lone surrogate at a cut would be encoded differently apart than together
    if (text.some((t) => t.length > 0 && (isSurrogate(t.charCodeAt(0)) || isSurrogate(t.charCodeAt(t.length - 1))))) return null;
    return { text, slots, json: text.map((t) => JSON.stringify(t).slice(1, -1)) };
  }
}

interface Frame {
  /** Fixed text around the slots: slots.length + 1 parts. */
  text: string[];
  /** Which report goes in each slot: 0 reference, 1 candidate. */
  slots: number[];
  /** The fixed parts JSON-encoded (without quotes). */
  json: string[];
}

function spliceable(t: string): boolean {
  if (t.length === 0 || t.includes('\u0000')) return false;
  const a = t.charCodeAt(0);
  const z = t.charCodeAt(t.length - 1);
  return !isSpace(a) && !isSpace(z) && !isSurrogate(a) && !isSurrogate(z);
}

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
/** What String.prototype.trim removes, as far as a report's ends go (any doubt: not spliced). */
const isSpace = (c: number) => c <= 0x20 || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** A report as prompt text: text as is, a list of findings one per line, anything else as JSON. */
export function reportText(r: Report): string {
  if (typeof r === 'string') return r.trim();
  if (Array.isArray(r) && r.every((x) => typeof x === 'string')) return r.map((x) => `- ${x}`).join('\n');
  return JSON.stringify(r, null, 2);
}

/** `age` -> `Age`, `study_description` -> `Study description`. */
function contextLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function collapseBlankLines(s: string): string {
  return collapseRuns(s).trim() + '\n';
}

function collapseRuns(s: string): string {
  return s.includes('\n\n\n') ? s.replace(/\n{3,}/g, '\n\n') : s;
}
