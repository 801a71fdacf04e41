/**
 * Loads the lexicon data (findings/*.yaml, language/*.yaml; see sources.ts) once, validates it
 * and builds the {@link Lexicon} the rest of the clinical core reads. The YAML files stay in
 * src/clinical/lexicon/ (the TypeScript build does not copy them), so from dist/ they are
 * found through the package root.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { packageRoot } from '../../util/package-root.js';
import type { Severity, Temporal } from '../model.js';
import { FindingsFile, LanguageFile, type FindingData, type LanguageData } from './schema.js';
import { fileOfLine, readLexiconSources, type SourceFile } from './sources.js';
import type { Lexicon, LexiconFinding } from './types.js';

/** The validated data and the {@link Lexicon} built from it. */
export interface LoadedLexicon {
  lexicon: Lexicon;
  /** The language files as validated: everything the extractor needs beyond the Lexicon API. */
  language: LanguageData;
  /** The findings entries, with the extractor-only fields (`statedAs`, `removedTerms`). */
  findings: FindingData[];
}

/** The folder holding findings/ and language/: next to this module, else under the package root. */
export function lexiconDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (existsSync(path.join(here, 'findings'))) return here;
  return path.join(packageRoot(), 'src', 'clinical', 'lexicon');
}

/** Where the joined documents came from, to name the file (and line) an error is in. */
interface Origin {
  files: readonly SourceFile[];
  /** Lines the join puts before the first file (`findings:`). */
  offset: number;
}

function yamlError(err: Error, what: string, origin?: Origin): string {
  const line = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line;
  const at = origin && line !== undefined ? fileOfLine(origin.files, line, origin.offset) : undefined;
  const first = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return at ? `lexicon ${at.name}:${at.line}: not valid YAML: ${first}` : `lexicon ${what}: not valid YAML: ${err.message}`;
}

/** The file holding entry `index` of a joined sequence (parses each file: on the error path only). */
function fileOfEntry(origin: Origin, index: number): string | undefined {
  if (origin.offset === 0) return undefined;
  let seen = 0;
  for (const f of origin.files) {
    const n = (parse(f.text) as unknown[] | null)?.length ?? 0;
    if (index < seen + n) return `${f.name} (entry ${index - seen + 1})`;
    seen += n;
  }
  return undefined;
}

function validate<T>(schema: z.ZodType<T>, text: string, what: string, parsed?: unknown, origin?: Origin): T {
  let raw: unknown = parsed;
  try {
    if (raw === undefined) raw = parse(text);
  } catch (err) {
    throw new Error(yamlError(err as Error, what, origin));
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const index = result.error.issues.map((i) => i.path[1]).find((p) => typeof p === 'number');
    const file = origin && typeof index === 'number' ? fileOfEntry(origin, index) : undefined;
    throw new Error(`lexicon ${what}: invalid data${file ? ` in ${file}` : ''}\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** Group-of-phrases map -> phrase -> group, refusing a phrase that sits in two groups. */
function invert<V extends string>(groups: Record<V, string[]>, what: string): Map<string, V> {
  const out = new Map<string, V>();
  for (const [value, list] of Object.entries(groups) as [V, string[]][]) {
    for (const p of list) {
      const prev = out.get(p);
      if (prev !== undefined && prev !== value) throw new Error(`lexicon language: ${what} "${p}" is both "${prev}" and "${value}"`);
      out.set(p, value);
    }
  }
  return out;
}

/**
 * Validates the two files' text and builds the lexicon. Throws an Error naming the file and
 * the offending path when the data is wrong.
 */
export function parseLexicon(findingsYaml: string, languageYaml: string, parsed?: ParsedLexicon, files?: LexiconFiles): LoadedLexicon {
  const findingsOrigin = files && { files: files.findings, offset: 1 };
  const languageOrigin = files && { files: files.language, offset: 0 };
  const { findings } = validate(FindingsFile, findingsYaml, 'findings', parsed?.findings, findingsOrigin);
  const language = validate(LanguageFile, languageYaml, 'language', parsed?.language, languageOrigin);
  const subjects = new Set(Object.keys(language.statements.subjects));
  for (const f of findings) {
    for (const s of Object.keys(f.statedAs ?? {})) {
      if (!subjects.has(s)) throw new Error(`lexicon findings: "${f.name}" statedAs uses unknown subject "${s}" (language statements.subjects)`);
    }
  }
  const certainty = new Map<string, 1 | 2 | 3>();
  for (const [p, v] of [...Object.entries(language.certainty.pre), ...Object.entries(language.certainty.post)]) {
    const prev = certainty.get(p);
    if (prev !== undefined && prev !== v) throw new Error(`lexicon language: certainty "${p}" has two probabilities`);
    certainty.set(p, v);
  }
  const lexicon: Lexicon = {
    findings: findings as LexiconFinding[],
    byName: new Map(findings.map((f) => [f.name, f as LexiconFinding])),
    locations: new Map(Object.entries(language.locations)),
    devicePositions: new Map(Object.entries(language.devicePositions)),
    severity: invert<Severity>(language.severity, 'severity word'),
    certainty,
    temporal: invert<Temporal>(language.temporal, 'temporal phrase'),
    negation: { ...language.negation },
    abbreviations: new Map(Object.entries(language.abbreviations)),
  };
  return { lexicon, language, findings };
}

/** The files the joined documents came from (sources.ts), for errors that name them. */
export interface LexiconFiles {
  findings: readonly SourceFile[];
  language: readonly SourceFile[];
}

/** Reads and validates the lexicon files from `dir` (default: {@link lexiconDir}). */
export function loadLexicon(dir: string = lexiconDir()): LoadedLexicon {
  const sources = readLexiconSources(dir);
  return parseLexicon(sources.findings, sources.language, parsedCache(sources.findings, sources.language), sources.files);
}

/** The two joined documents as parsed data (what `yaml` returns for them). */
interface ParsedLexicon {
  findings: unknown;
  language: unknown;
}

/**
 * The YAML as the build parsed it (scripts/lexicon-cache.mjs writes lexicon-cache.json next to
 * this module in dist/), when its key is the sha256 of exactly these joined texts: YAML parsing was
 * 0.33 s of every run. Validation still runs on it; any mismatch or unreadable cache parses.
 */
function parsedCache(findings: string, language: string): ParsedLexicon | undefined {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lexicon-cache.json');
  if (!existsSync(file)) return undefined;
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown } & ParsedLexicon;
    const key = createHash('sha256').update(findings).update('\0').update(language).digest('hex');
    return cache.key === key && cache.findings !== undefined && cache.language !== undefined ? cache : undefined;
  } catch {
    return undefined;
  }
}

let cached: LoadedLexicon | undefined;

/** The packaged lexicon and its extractor data, loaded on first use and memoised. */
export function getLoadedLexicon(): LoadedLexicon {
  return (cached ??= loadLexicon());
}

/** The packaged lexicon (loaded once, memoised). */
export function getLexicon(): Lexicon {
  return getLoadedLexicon().lexicon;
}

/** The packaged language data (anatomy, cues, grammar words), for the extractor. */
export function getLanguage(): LanguageData {
  return getLoadedLexicon().language;
}
