import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/cases/load-file.js';
import { CaseLoader } from '../../src/cases/load.js';
import { loadConfig } from '../../src/config/load.js';
import { formatProblem } from '../../src/runner/results.js';
import { tmpTree } from '../_support/tmp.js';

/** Issue 14, findings 2, 3 and 10: hostile or wrong input is a located problem for its file, never a throw. */
async function load(content: string | Buffer, name = 'cases/x/case.yaml') {
  const dir = tmpTree({ [name]: '' });
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const r = await loadCaseFile(file, path.join(dir, 'cases'), name);
  return { ...r, messages: r.problems.map(formatProblem) };
}

const ranking = (reference: string) => `kind: ranking
reference: ${reference}
candidates:
  a: Left effusion.
  b: Right effusion.
expect: [a > b]
`;

function aliasBomb(levels: number, width: number, indent = ''): string {
  let out = `${indent}l0: &l0 [${Array(width).fill('"lol"').join(', ')}]\n`;
  for (let i = 1; i < levels; i++) out += `${indent}l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(', ')}]\n`;
  return out;
}

describe('hostile case files', () => {
  it('an alias without its anchor is a problem at the alias', async () => {
    const r = await load(ranking('*missing'));
    expect(r.cases).toEqual([]);
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:2:12: invalid YAML: .*alias/i);
  });

  it('3,000-deep nesting is a problem, in flow and block style', async () => {
    const flow = await load(`kind: ranking\nreference: ${'['.repeat(3000)}${']'.repeat(3000)}\n`);
    expect(flow.messages[0]).toMatch(/^cases\/x\/case\.yaml:2:\d+: invalid YAML: nesting deeper than 64/);
    let block = 'kind: ranking\nreference:\n';
    for (let i = 1; i <= 3000; i++) block += `${' '.repeat(i)}k:\n`;
    const deep = await load(block);
    expect(deep.cases).toEqual([]);
    expect(deep.messages[0]).toMatch(/^cases\/x\/case\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('an alias bomb is refused, at top level and under `reference:` (validate and run read alike)', async () => {
    const top = await load(aliasBomb(9, 9));
    expect(top.messages[0]).toMatch(/^cases\/x\/case\.yaml:\d+:\d+: invalid YAML: .*alias/i);
    const under = await load(`kind: ranking\nreference:\n${aliasBomb(9, 9, '  ')}candidates: { a: x, b: y }\nexpect: [a > b]\n`);
    expect(under.cases).toEqual([]);
    expect(under.messages[0]).toMatch(/^cases\/x\/case\.yaml:\d+:\d+: invalid YAML: .*alias/i);
  });

  it('a file over the size limit is a problem, not an allocation', async () => {
    const r = await load(ranking('x') + `# ${'x'.repeat(17 * 1024 * 1024)}\n`);
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:1:1: case file is \d+ bytes; the limit is/);
  });

  it('Latin-1 bytes are a problem at the first bad byte', async () => {
    const r = await load(Buffer.concat([Buffer.from('kind: ranking\nreference: Epanchement pleural '), Buffer.from([0xe9]), Buffer.from('.\n')]));
    expect(r.messages).toEqual(['cases/x/case.yaml:2:32: case file is not UTF-8 (byte 0xe9 at offset 45); save it as UTF-8']);
  });

  it('YAML tags are refused, not read as strings', async () => {
    for (const tagged of ['!custom Left effusion.', '!!binary aGVsbG8=', '!!python/object:os.system x']) {
      const r = await load(ranking(tagged));
      expect(r.cases).toEqual([]);
      expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:2:\d+: invalid YAML: /);
    }
  });

  it('`cases: []` and a `cases:` that is not a list are problems', async () => {
    expect((await load('cases: []\n')).messages).toEqual(['cases/x/case.yaml:1:8: `cases:` is empty: list at least one case, or delete the file']);
    expect((await load('cases: { a: 1 }\n')).messages[0]).toMatch(/^cases\/x\/case\.yaml:1:8: `cases:` must be a list/);
  });

  it('a score expectation with min > max is a problem', async () => {
    const r = await load('kind: score\nreference: a\ncandidate: b\nexpect:\n  bleu: { min: 0.9, max: 0.1 }\n');
    expect(r.messages[0]).toMatch(/^cases\/x\/case\.yaml:5:\d+: .*min is greater than max/);
  });

  it('a candidate keyed __proto__ is a problem, not dropped', async () => {
    const r = await load('kind: ranking\nreference: a\ncandidates:\n  __proto__: Left.\n  b: Right.\nexpect: [b > b]\n');
    expect(r.messages).toEqual(['cases/x/case.yaml:4:3: invalid YAML: "__proto__" is a reserved key: rename it']);
  });

  it('a bad file among good ones costs only itself', async () => {
    const dir = tmpTree({ 'cases/a.yaml': ranking('Left effusion.'), 'cases/b.yaml': ranking('*nope'), 'cases/c.yaml': ranking('Right effusion.') });
    const loader = new CaseLoader(dir);
    const { files } = await loader.resolve(['cases/*.yaml']);
    const set = await loader.load(files);
    expect(set.cases.map((c) => c.id)).toEqual(['a', 'c']);
    expect(set.problems.map(formatProblem)).toEqual([expect.stringMatching(/^cases\/b\.yaml:2:12: invalid YAML/)]);
  });
});

describe('hostile config files', () => {
  it('a config that is a YAML list is a problem', async () => {
    const dir = tmpTree({ 'metric-suite.config.yaml': '- metrics\n- suites\n' });
    const r = await loadConfig(dir);
    expect(r.problems.map(formatProblem)).toEqual(['metric-suite.config.yaml:1:1: a config file is a mapping (metrics:, suites:, ...), not a list or a value']);
  });
});
