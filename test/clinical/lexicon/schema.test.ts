/** Lexicon validation: wrong data fails on load with an error naming the file and the problem. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { lexiconDir, parseLexicon } from '../../../src/clinical/lexicon/load.js';

const findingsYaml = readFileSync(path.join(lexiconDir(), 'findings.yaml'), 'utf8');
const languageYaml = readFileSync(path.join(lexiconDir(), 'language.yaml'), 'utf8');

type Data = Record<string, unknown> & { findings: Record<string, unknown>[] };

/** The packaged findings.yaml, edited. */
function findingsWith(edit: (d: Data) => void): string {
  const d = parse(findingsYaml) as Data;
  edit(d);
  return stringify(d);
}

function languageWith(edit: (d: Record<string, Record<string, unknown>>) => void): string {
  const d = parse(languageYaml) as Record<string, Record<string, unknown>>;
  edit(d);
  return stringify(d);
}

const entry = (d: Data, name: string): Record<string, unknown> => d.findings.find((f) => f.name === name)!;

describe('lexicon schema', () => {
  it('accepts the packaged data', () => {
    expect(() => parseLexicon(findingsYaml, languageYaml)).not.toThrow();
  });

  it.each([
    ['a missing finding', (d: Data) => d.findings.splice(d.findings.findIndex((f) => f.name === 'nodule'), 1), /missing finding "nodule"/],
    ['a non-canonical name', (d: Data) => (entry(d, 'nodule').name = 'lung nodule'), /findings\.yaml[\s\S]*name/],
    ['an uppercase term', (d: Data) => (entry(d, 'nodule').terms as string[]).push('Nodulus'), /must be lowercase/],
    ['a term owned by two findings', (d: Data) => (entry(d, 'mass').terms as string[]).push('nodule'), /term "nodule" already belongs to "nodule"|already belongs/],
    ['an unknown tip position', (d: Data) => (entry(d, 'picc').appropriatePositions = ['left ventricle']), /appropriatePositions/],
    ['tip positions on a non-device', (d: Data) => (entry(d, 'nodule').appropriatePositions = ['svc']), /devices only/],
    ['an invalid indication regex', (d: Data) => (entry(d, 'granuloma').contextRules = [{ when: { indicationMatches: '(' }, significance: 'urgent', because: 'x' }]), /valid regular expression/],
    ['an empty rule condition', (d: Data) => (entry(d, 'granuloma').contextRules = [{ when: {}, significance: 'urgent', because: 'x' }]), /at least one condition/],
    ['an unknown significance', (d: Data) => (entry(d, 'granuloma').significance = 'critical'), /significance/],
    ['an unknown field', (d: Data) => (entry(d, 'granuloma').synonyms = ['x']), /synonyms/],
  ])('rejects %s', (_what, edit, message) => {
    expect(() => parseLexicon(findingsWith(edit), languageYaml)).toThrow(message);
  });

  it('names the file in every error', () => {
    expect(() => parseLexicon(findingsWith((d) => (entry(d, 'nodule').graded = 'yes')), languageYaml)).toThrow(/^lexicon findings\.yaml: invalid data/);
    expect(() => parseLexicon(findingsYaml, 'laterality: [')).toThrow(/^lexicon language\.yaml: not valid YAML/);
  });

  it('rejects a statedAs subject the language does not define', () => {
    const bad = findingsWith((d) => (entry(d, 'cardiomegaly').statedAs = { heartbeat: ['enlarged'] }));
    expect(() => parseLexicon(bad, languageYaml)).toThrow(/unknown subject "heartbeat"/);
  });

  it('rejects a missing location, an unknown link and a word with two severities', () => {
    expect(() => parseLexicon(findingsYaml, languageWith((d) => delete d.locations!.lingula))).toThrow(/lingula/);
    expect(() => parseLexicon(findingsYaml, languageWith((d) => (d.links = ['perhaps'] as never)))).toThrow(/link "perhaps" is not a certainty cue/);
    expect(() => parseLexicon(findingsYaml, languageWith((d) => (d.severity!.severe as string[]).push('small')))).toThrow(/"small" is both mild and severe/);
  });

  it('rejects an abbreviation whose expansion the lexicon does not know, when compiled', async () => {
    const { compileGrammar } = await import('../../../src/clinical/extract/_internals/grammar.js');
    const loaded = parseLexicon(findingsYaml, languageWith((d) => (d.abbreviations!.xyz = 'unheard of thing')));
    expect(() => compileGrammar(loaded)).toThrow(/abbreviation "xyz"/);
  });
});
