// Build step (npm run build, after tsc): the clinical lexicon's YAML (findings/*.yaml and
// language/*.yaml, joined per folder as src/clinical/lexicon/sources.ts joins them) parsed once
// into dist/src/clinical/lexicon/lexicon-cache.json, keyed by the sha256 of both joined texts.
// src/clinical/lexicon/load.ts uses it only when the key matches the files it reads (and
// still validates it with zod): parsing 125 KB of YAML was 0.33 s of CPU on every run.
// A file that does not parse, or data JSON cannot carry exactly, writes no cache.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { readLexiconSources } from '../dist/src/clinical/lexicon/sources.js';

const out = 'dist/src/clinical/lexicon/lexicon-cache.json';
rmSync(out, { force: true });
try {
  const { findings, language } = readLexiconSources('src/clinical/lexicon');
  const data = { findings: parse(findings), language: parse(language) };
  const json = JSON.stringify({ key: createHash('sha256').update(findings).update('\0').update(language).digest('hex'), ...data });
  const back = JSON.parse(json);
  if (isDeepStrictEqual({ findings: back.findings, language: back.language }, data)) {
    mkdirSync('dist/src/clinical/lexicon', { recursive: true });
    writeFileSync(out, json);
  }
} catch {
  // the loader parses the YAML itself and reports the problem
}
