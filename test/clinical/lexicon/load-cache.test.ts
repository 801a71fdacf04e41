import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readLexiconSources } from '../../../src/clinical/lexicon/sources.js';

// The build's parse cache of the lexicon (scripts/lexicon-cache.mjs, read by load.ts from dist/):
// it must hold exactly what `yaml` makes of the files, under the key load.ts computes.
describe('lexicon parse cache (build step)', () => {
  it('holds the YAML as parsed, keyed by the sha256 of both joined folders', () => {
    execFileSync(process.execPath, ['scripts/lexicon-cache.mjs']);
    const { findings, language } = readLexiconSources('src/clinical/lexicon');
    const cache = JSON.parse(readFileSync('dist/src/clinical/lexicon/lexicon-cache.json', 'utf8')) as { key: string; findings: unknown; language: unknown };
    expect(cache.key).toBe(createHash('sha256').update(findings).update('\0').update(language).digest('hex'));
    expect(cache.findings).toEqual(parse(findings));
    expect(cache.language).toEqual(parse(language));
  });

  it('the built loader gives the same lexicon with the cache as from the YAML', async () => {
    const { loadLexicon, parseLexicon } = (await import('../../../dist/src/clinical/lexicon/load.js')) as typeof import('../../../src/clinical/lexicon/load.js');
    const { findings, language } = readLexiconSources('src/clinical/lexicon');
    const fromYaml = parseLexicon(findings, language);
    const loaded = loadLexicon('src/clinical/lexicon');
    expect(loaded.findings).toEqual(fromYaml.findings);
    expect(loaded.language).toEqual(fromYaml.language);
  });
});
