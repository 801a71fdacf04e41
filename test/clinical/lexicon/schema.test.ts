/** Lexicon validation: wrong data fails on load with an error naming the file and the problem. */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { lexiconDir, parseLexicon } from '../../../src/clinical/lexicon/load.js';
import { readLexiconSources } from '../../../src/clinical/lexicon/sources.js';

const sources = readLexiconSources(lexiconDir());
const { findings: findingsYaml, language: languageYaml } = sources;

type Data = Record<string, unknown> & { findings: Record<string, unknown>[] };

/** The packaged findings (all files joined), edited. */
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
    ['a non-canonical name', (d: Data) => (entry(d, 'nodule').name = 'lung nodule'), /findings[\s\S]*name/],
    ['an uppercase term', (d: Data) => (entry(d, 'nodule').terms as string[]).push('Nodulus'), /must be lowercase/],
    ['a term owned by two findings', (d: Data) => (entry(d, 'mass').terms as string[]).push('nodule'), /term "nodule" already belongs to "nodule"|already belongs/],
    ['an unknown tip position', (d: Data) => (entry(d, 'picc').appropriatePositions = ['left ventricle']), /appropriatePositions/],
    ['tip positions on a non-device', (d: Data) => (entry(d, 'nodule').appropriatePositions = ['svc']), /devices only/],
    ['an invalid indication regex', (d: Data) => (entry(d, 'granuloma').contextRules = [{ when: { indicationMatches: '(' }, significance: 'urgent', because: 'x' }]), /valid regular expression/],
    ['an empty rule condition', (d: Data) => (entry(d, 'granuloma').contextRules = [{ when: {}, significance: 'urgent', because: 'x' }]), /at least one condition/],
    ['an unknown significance', (d: Data) => (entry(d, 'granuloma').significance = 'critical'), /significance/],
    ['an unknown field', (d: Data) => (entry(d, 'granuloma').synonyms = ['x']), /synonyms/],
    ['a kept sign that is not a sign of the finding', (d: Data) => (entry(d, 'tuberculosis').keeps = ['pleural effusion']), /keeps names signs/],
  ])('rejects %s', (_what, edit, message) => {
    expect(() => parseLexicon(findingsWith(edit), languageYaml)).toThrow(message);
  });

  it('names the data in every error', () => {
    expect(() => parseLexicon(findingsWith((d) => (entry(d, 'nodule').graded = 'yes')), languageYaml)).toThrow(/^lexicon findings: invalid data/);
    expect(() => parseLexicon(findingsYaml, 'laterality: [')).toThrow(/^lexicon language: not valid YAML/);
  });

  it('names the file (and line) when it knows the files', () => {
    const files = sources.files;
    const focal = files.findings.findIndex((f) => f.name === 'findings/lung-focal.yaml');
    const broken = files.findings.map((f, i) => (i === focal ? { ...f, text: f.text.replace('graded: true', 'graded: yes') } : f));
    const joined = `findings:\n${broken.map((f) => f.text).join('')}`;
    expect(() => parseLexicon(joined, languageYaml, undefined, { ...files, findings: broken })).toThrow(/^lexicon findings: invalid data in findings\/lung-focal\.yaml \(entry \d+\)/);
    const lang = files.language.map((f, i) => (i === 1 ? { ...f, text: `${f.text}bad: x: y\n` } : f));
    const line = lang[1]!.text.split('\n').length - 1;
    expect(() => parseLexicon(findingsYaml, lang.map((f) => f.text).join(''), undefined, { ...files, language: lang })).toThrow(
      new RegExp(`^lexicon ${lang[1]!.name.replace('.', '\\.')}:${line}: not valid YAML`),
    );
  });

  it('refuses a language section defined in two files', () => {
    const twice = `${languageYaml}units:\n  cm: [cm]\n`;
    expect(() => parseLexicon(findingsYaml, twice)).toThrow(/^lexicon language: not valid YAML[\s\S]*unique/i);
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
