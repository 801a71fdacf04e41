import { describe, expect, it } from 'vitest';
import { ageOver89, findPhi, lintCaseText } from '../../../src/cases/lint/index.js';
import { tmpTree } from '../../_support/tmp.js';
import { cli } from '../../cli/_run.js';

const prov = 'provenance: { author: Dr. Jones, license: MIT }\n';

describe('PHI patterns', () => {
  it.each([
    ['Seen on 03/12/2021.', 'phi/date'],
    ['Study of 2021-03-12.', 'phi/date'],
    ['Compared with March 4, 2019.', 'phi/date'],
    ['MRN: 12345678', 'phi/record-number'],
    ['accession # A-99881', 'phi/record-number'],
    ['Call (555) 123-4567.', 'phi/phone'],
    ['Discussed with Dr. Smith.', 'phi/name'],
    ['A 95-year-old man.', 'phi/age'],
    ['Age 91.', 'phi/age'],
  ])('%s -> %s', (text, rule) => {
    expect(findPhi(text).map((m) => m.rule)).toEqual([rule]);
  });

  it.each(['3 x 4 cm mass in the left upper lobe.', 'Compression fracture of T12.', 'ETT tip 4 cm above the carina.', 'A 72-year-old man.', '1.2 cm nodule.', 'Miss the line.'])(
    'no PHI in "%s"',
    (text) => expect(findPhi(text)).toEqual([]),
  );

  it('reads ages in context values', () => {
    expect(ageOver89(93)).toBe(93);
    expect(ageOver89('095Y')).toBe(95);
    expect(ageOver89(89)).toBeUndefined();
  });
});

describe('lintCaseText', () => {
  it('locates PHI at line and column, and ignores provenance', () => {
    const text = `id: a\nkind: ranking\ncontext: { age: 93 }\nreference: Small effusion, seen by Dr. Smith.\ncandidates: { a: x }\nexpect: a >= 0\nrationale: r\n${prov}`;
    const found = lintCaseText(text);
    expect(found.map((f) => [f.line, f.column, f.rule])).toEqual([
      [3, 17, 'phi/age'],
      [4, 36, 'phi/name'],
    ]);
  });

  it('reports missing rationale and provenance, with cases: defaults merged', () => {
    const text = 'defaults: { kind: ranking, provenance: { author: a } }\ncases:\n  - id: x\n    reference: a\n    candidates: { a: a }\n    expect: a >= 0\n';
    const rules = lintCaseText(text).map((f) => `${f.line}:${f.rule}:${f.message}`);
    expect(rules).toEqual(['1:fields/provenance:case "x": provenance has no license', '3:fields/rationale:case "x" has no rationale (why a clinician expects this)']);
  });

  it('exempts score cases from the rationale rule', () => {
    expect(lintCaseText(`kind: score\nreference: a\ncandidate: a\nexpect: {}\n${prov}`)).toEqual([]);
  });
});

describe('validate with lint', () => {
  const phi = `id: p\nkind: ranking\nreference: Effusion. MRN 1234567.\ncandidates: { a: x }\nexpect: a >= 0\nrationale: r\n${prov}`;
  const bare = 'id: b\nkind: ranking\nreference: a\ncandidates: { a: a }\nexpect: a >= 0\n';
  it('fails on PHI with a located warning; --no-lint skips', async () => {
    const cwd = tmpTree({ 'cases/p.yaml': phi });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/p.yaml:3:22: warning: possible PHI: a record number "MRN 1234567" in reference [phi/record-number]');
    expect((await cli(['validate', '--no-lint', 'cases'], cwd)).code).toBe(0);
  });

  it('missing rationale/provenance warns, and fails only with --strict', async () => {
    const cwd = tmpTree({ 'cases/b.yaml': bare });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('cases/b.yaml:1:1: warning: case "b" has no rationale');
    expect((await cli(['validate', '--strict', 'cases'], cwd)).code).toBe(2);
  });
});
