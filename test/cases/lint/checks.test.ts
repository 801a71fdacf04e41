import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readYamlFile } from '../../../src/cases/yaml-file.js';
import { tmpTree } from '../../_support/tmp.js';
import { CAPABILITIES, lintCaseText } from '../../../src/cases/lint/index.js';
import { knownCapabilities } from '../../../src/cases/lint/capabilities.js';
import { loadCaseFile } from '../../../src/cases/load-file.js';
import { missingFieldMessage } from '../../../src/cases/lint/missing-field.js';
import { unclosedQuoteOffset, yamlSyntaxMessage } from '../../../src/cases/lint/yaml-syntax.js';
import { CaseSchema } from '../../../src/cases/schema.js';
import { scaffold } from '../../../src/cli/commands/new.js';

const prov = 'rationale: r\nprovenance: { author: me, license: MIT }\n';
const ranking = (capability: string) => `id: c\nkind: ranking\ncapability: ${capability}\nreference: a\ncandidates: { a: a, b: b }\nexpect: a > b\n${prov}`;

describe('capability check (the loader: run, list and validate alike)', () => {
  const load = async (text: string, known?: ReadonlySet<string>) => {
    const dir = tmpTree({ 'cases/c.yaml': text });
    return loadCaseFile(path.join(dir, 'cases/c.yaml'), path.join(dir, 'cases'), 'c.yaml', known);
  };

  it('a documented capability passes; a typo is a problem at the value, with the near name, and the case is dropped', async () => {
    expect((await load(ranking('laterality'))).problems).toEqual([]);
    const r = await load(ranking('laterallity'));
    expect(r.cases).toEqual([]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ line: 3, column: 13 });
    expect(r.problems[0]!.message).toMatch(/^unknown capability "laterallity" \(did you mean laterality\?; a new one is declared under `capabilities:` in the config\)$/);
    expect(lintCaseText(ranking('laterallity'))).toEqual([]);
  });

  it('a name nothing resembles lists the documented ones; a declared one passes', async () => {
    const [p] = (await load(ranking('hemodynamics'))).problems;
    expect(p!.message).toContain(`one of ${CAPABILITIES.join(', ')}`);
    const declared = await load(ranking('hemodynamics'), knownCapabilities(['hemodynamics']));
    expect(declared.problems).toEqual([]);
    expect(declared.cases.map((c) => c.capability)).toEqual(['hemodynamics']);
  });

  it('checks `defaults` (once) and each entry of a `cases:` list; other mistakes of the case are reported too', async () => {
    const text = `defaults: { kind: ranking, capability: negaton, reference: a, rationale: r, provenance: { author: me, license: MIT } }
cases:
  - { id: x, candidates: { a: a }, expect: a >= a }
  - { id: w, candidates: { a: a }, expect: a >= a }
  - { id: y, capability: sevrity, candidates: { a: a }, expect: a >= b }
  - { id: z, capability: severity, candidates: { a: a }, expect: a >= a }
`;
    const r = await load(text);
    expect(r.cases.map((c) => c.id)).toEqual(['z']);
    expect(r.problems.map((p) => `${p.line}:${p.column}`)).toEqual(['1:40', '5:26', '5:65']);
    expect(r.problems[0]!.message).toMatch(/^unknown capability "negaton" \(did you mean negation\?;/);
    expect(r.problems[1]!.message).toMatch(/^unknown capability "sevrity" \(did you mean severity\?;/);
    expect(r.problems[2]!.message).toContain('"b"');
  });
});

describe('TODO placeholders', () => {
  it('a fresh scaffold gives one warning naming the fields still to fill', () => {
    const findings = lintCaseText(scaffold('ranking', 'laterality', 'laterality/x', '../schema.json'));
    const todo = findings.filter((f) => f.rule === 'fields/todo');
    expect(todo).toHaveLength(1);
    expect(todo[0]!.severity).toBeUndefined(); // a warning: fails validate --strict only
    expect(todo[0]!.message).toMatch(/^scaffold placeholders left: TODO in title, tags, reference, candidates\.exact, candidates\.reworded, candidates\.wrong, rationale, provenance\.author /);
  });

  it('comments mentioning TODO do not count, nor words containing it', () => {
    expect(lintCaseText(`# TODO later\n${ranking('laterality')}`)).toEqual([]);
    expect(lintCaseText(ranking('laterality').replace('reference: a', 'reference: TODOS are not placeholders'))).toEqual([]);
  });
});

describe('missing field messages', () => {
  it('name the field and what it holds', () => {
    const raw = { kind: 'ranking', candidates: { a: 'a' }, expect: 'a > b' };
    const issue = CaseSchema.safeParse(raw).error!.issues[0]!;
    expect(missingFieldMessage(issue, raw)).toBe('missing field "reference": expected the reference report: text, or a structured report');
  });

  it('fall back to the expected type for fields without a description; nothing for a present, wrong value', () => {
    const raw = { kind: 'preference', reference: 'a', candidates: { a: 'a' }, ratings: [{ scores: { a: 1 } }] };
    const issue = CaseSchema.safeParse(raw).error!.issues[0]!;
    expect(missingFieldMessage(issue, raw)).toBe('missing field "rater": expected the rater\'s name or id');
    const wrong = { kind: 'score', reference: 'a', candidate: 3, expect: {} };
    expect(missingFieldMessage(CaseSchema.safeParse(wrong).error!.issues[0]!, wrong)).toBeUndefined();
  });
});

describe('YAML syntax messages', () => {
  it('our own line for the common mistakes, the parser text as detail', () => {
    expect(yamlSyntaxMessage({ code: 'MISSING_CHAR', message: 'Missing closing "quote at line 3, column 1:\n\nx\n^\n' })).toEqual({
      message: 'invalid YAML: a quoted string is never closed: a " or \' is missing',
      detail: 'Missing closing "quote at line 3, column 1:\n\nx\n^',
    });
    expect(yamlSyntaxMessage({ code: 'BLOCK_AS_IMPLICIT_KEY', message: 'Nested mappings are not allowed in compact mappings at line 1' }).message).toBe('invalid YAML: a value holds an unquoted ": " (put the text in quotes), or a line below it is indented too far');
    expect(yamlSyntaxMessage({ code: 'TAB_AS_INDENT', message: 'Tabs ...' }).message).toBe('invalid YAML: a tab indents a line: YAML indents with spaces only');
    expect(yamlSyntaxMessage({ code: 'SOMETHING_NEW', message: 'x' }).message).toBe('invalid YAML: the file is not valid YAML');
  });
});

describe('unclosedQuoteOffset', () => {
  it('finds the quote that opens the unclosed string, past closed, escaped, multi-line and commented ones', () => {
    const text = `a: 'it''s fine'\nb: "multi\n  line \\" still"\nc: x # a "comment\nd: [ "x", "open\ne: 1\n`;
    expect(unclosedQuoteOffset(text)).toBe(text.indexOf('"open'));
    expect(unclosedQuoteOffset('a: "closed"\nb: don\'t\nc: 5" x\n')).toBeUndefined(); // quotes inside plain values do not open
  });

  it('gives the quoting hint only where the line holds the ": "; an unclosed [ and a bad indent say so', async () => {
    const head = 'id: a\nkind: ranking\ncapability: laterality\nreference: Left effusion.\n';
    const read = async (body: string) => {
      const dir = tmpTree({ 'c.yaml': head + body });
      return (await readYamlFile(path.join(dir, 'c.yaml'), 'c.yaml', 'case file')).problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
    };
    expect(await read('rationale: Note: this is it\n')).toEqual(['5:12: invalid YAML: a value holds an unquoted ": ": put the text in quotes']);
    expect(await read('candidates:\n  exact: Left effusion.\n  wrong: Right effusion\n    bad: indent: here\n')).toEqual(['7:10: invalid YAML: a line below this value is indented further than its key, so it continues the value: check the indentation']);
    expect(await read('expect: [exact > wrong\nrationale: x\n')).toEqual(['6:1: invalid YAML: a [list] or {mapping} is never closed: a ] or } is missing']);
    expect(await read('candidates:\n  exact: Left effusion.\n wrong: Right effusion.\n')).toEqual(['7:1: invalid YAML: the indentation is off: items of one mapping or list start at the same column']);
  });
});
