// Build step (npm run build): the clinical lexicon's YAML parsed once into
// dist/src/clinical/lexicon/lexicon-cache.json, keyed by the sha256 of both files' text.
// src/clinical/lexicon/load.ts uses it only when the key matches the files it reads (and
// still validates it with zod): parsing 125 KB of YAML was 0.33 s of CPU on every run.
// A file that does not parse, or data JSON cannot carry exactly, writes no cache.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';

const dir = 'src/clinical/lexicon';
const out = 'dist/src/clinical/lexicon/lexicon-cache.json';
rmSync(out, { force: true });
try {
  const findings = readFileSync(`${dir}/findings.yaml`, 'utf8');
  const language = readFileSync(`${dir}/language.yaml`, 'utf8');
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
