import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

const done = 'rationale: r\nprovenance: { author: me, license: MIT }\n';
const ranking = (capability: string) => `id: ${capability}\nkind: ranking\ncapability: ${capability}\nreference: Left effusion.\ncandidates: { a: Left effusion., b: Right effusion. }\nexpect: a > b\n${done}`;

describe('metric-suite validate: what a reviewer would catch', () => {
  it('a misspelt capability is an error with the near name; a capability declared in the config passes', async () => {
    const cwd = tmpTree({ 'cases/a.yaml': ranking('laterallity'), 'cases/b.yaml': ranking('hemodynamics') });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/a.yaml:3:13: unknown capability "laterallity" (did you mean laterality?;');
    expect(r.stdout).toMatch(/cases\/b\.yaml:3:13: unknown capability "hemodynamics" \(one of laterality, .*; a new one is declared under `capabilities:` in the config\)/);
    expect(r.lastLine).toBe('2 case files, 0 valid cases, 2 problems');
    const declared = tmpTree({ 'cases/b.yaml': ranking('hemodynamics'), 'metric-suite.config.json': '{ "capabilities": ["hemodynamics"] }' });
    const ok = await cli(['validate', '--strict', 'cases'], declared);
    expect(ok.stdout).toBe('1 case file, 1 valid case, 0 problems\n');
    expect(ok.code).toBe(0);
  });

  it('a scaffold still full of TODO passes plain validate but fails --strict', async () => {
    const cwd = tmpTree({ 'package.json': '{}' });
    expect((await cli(['new', 'case', '--kind', 'ranking', '--capability', 'laterality', '--id', 'laterality/x'], cwd)).code).toBe(0);
    const plain = await cli(['validate', 'cases'], cwd);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/cases\/ranking\/laterality\/x\.yaml:\d+:\d+: warning: scaffold placeholders left: TODO in title, tags, reference, .* \[fields\/todo\]/);
    const strict = await cli(['validate', '--strict', 'cases'], cwd);
    expect(strict.code).toBe(2);
  });

  it('an unknown metric in a score case fails at validate time, with the near id', async () => {
    const cwd = tmpTree({ 'cases/s.yaml': `id: s\nkind: score\ncapability: paraphrase\nreference: a b\ncandidate: a b\nexpect: { bleuu: { value: 1 } }\n${done}` });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/s.yaml:6:11: case "s": unknown metric "bleuu" in expect (did you mean bleu?)');
    // a metric the config defines is known
    const configured = tmpTree({
      'cases/s.yaml': `id: s\nkind: score\ncapability: paraphrase\nreference: a b\ncandidate: a b\nexpect: { mine: { value: 1 } }\n${done}`,
      'metric-suite.config.json': '{ "metrics": { "mine": { "use": "bleu" } } }',
    });
    expect((await cli(['validate', 'cases'], configured)).code).toBe(0);
  });

  it('an unclosed quote is reported where it opens, not where the parser gave up', async () => {
    const cwd = tmpTree({ 'cases/q.yaml': 'id: q\nkind: ranking\nreference: "Left effusion.\ncandidates: { a: x, b: y }\nexpect: a > b\n' });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.stdout.split('\n')[0]).toBe('cases/q.yaml:3:12: invalid YAML: a quoted string is never closed: a " or \' is missing');
    expect(r.stdout.split('\n')[1]).toMatch(/^ {4}Missing closing "quote at line 6, column 1:$/);
  });

  it('a missing field says which field and what it holds', async () => {
    const cwd = tmpTree({ 'cases/m.yaml': `id: m\nkind: ranking\ncapability: laterality\ncandidates: { a: x, b: y }\nexpect: a > b\n${done}` });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/m.yaml:1:1: missing field "reference": expected the reference report: text, or a structured report\n');
  });

  it('a YAML syntax error is printed once: our line, the parser detail indented under it', async () => {
    const cwd = tmpTree({ 'cases/y.yaml': 'id: y\nkind: ranking\nreference: a\ncandidates:\n  a: x\n- b\nexpect: a > b\n' });
    const r = await cli(['validate', 'cases'], cwd);
    expect(r.code).toBe(2);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('cases/y.yaml:6:1: invalid YAML: a list or mapping starts where a key was expected: check the indentation');
    expect(lines[1]).toBe('    A block sequence may not be used as an implicit map key at line 6, column 1:');
    expect(lines.slice(2, -1).every((l) => l.startsWith('    '))).toBe(true); // the code frame, nothing else
    expect(r.stdout.match(/invalid YAML/g)).toHaveLength(1); // the parser's two follow-on errors are not printed
    expect(r.lastLine).toBe('1 case file, 0 valid cases, 1 problem');
  });

  it('the closing line agrees with the exit code: PHI warnings alone fail, and say so', async () => {
    const phi = ranking('laterality').replace('reference: Left effusion.', 'reference: Seen 03/04/2021. Left effusion.');
    const r = await cli(['validate', 'cases'], tmpTree({ 'cases/a.yaml': phi }));
    expect(r.code).toBe(2);
    expect(r.lastLine).toBe('1 case file, 1 valid case, 0 problems, 1 possible PHI warning (fail validation)');
    const strict = await cli(['validate', '--strict', 'cases'], tmpTree({ 'cases/a.yaml': ranking('laterality').replace(done, '') }));
    expect(strict.code).toBe(2);
    expect(strict.lastLine).toBe('1 case file, 1 valid case, 0 problems, 2 lint warnings (fail with --strict)');
  });

  it('a score case naming an unknown metric is not counted valid; a misspelt field gets the near name', async () => {
    const score = `id: s\nkind: score\ncapability: paraphrase\nreference: a b\ncandidate: a b\nexpect:\n  bleuu: { min: 0.5 }\n${done}`;
    const r = await cli(['validate', 'cases'], tmpTree({ 'cases/s.yaml': score, 'cases/f.yaml': ranking('laterality').replace('capability:', 'capabilty:') }));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('cases/s.yaml:7:3: case "s": unknown metric "bleuu" in expect (did you mean bleu?)');
    expect(r.stdout).toContain('cases/f.yaml:3:1: unknown field "capabilty" (did you mean capability?)');
    expect(r.lastLine).toBe('2 case files, 0 valid cases, 2 problems');
  });
});

describe('run and validate: one validation path', () => {
  it('a case validate rejects is reported by run at file:line:col and not scored; the other cases run; exit 2', async () => {
    const cwd = tmpTree({
      'cases/typo.yaml': ranking('device'),
      'cases/metric.yaml': `id: s\nkind: score\ncapability: paraphrase\nreference: a b\ncandidate: a b\nexpect: { bleuu: { value: 1 } }\n${done}`,
      'cases/three.yaml': `id: three\nkind: ranking\ncapability: lateralty\nreference: Left effusion.\ncandidates: { a: Left effusion., b: Right effusion. }\nexpect: a > c\nextra: 1\n${done}`,
      'cases/good.yaml': ranking('laterality'),
    });
    const v = await cli(['validate', 'cases'], cwd);
    expect(v.code).toBe(2);
    expect(v.lastLine).toBe('4 case files, 1 valid case, 4 problems');
    const problems = v.stdout.split('\n').filter((l) => /^cases\/\S+:\d+:\d+: /.test(l));
    expect(problems).toHaveLength(4);
    const run = await cli(['run', '--cases', 'cases/*.yaml', '--metric', 'bleu', '--no-cache'], cwd);
    expect(run.stdout).toContain('Problems (4)');
    for (const p of problems) expect(run.stdout).toContain(`  ${p}\n`);
    expect(run.stdout).not.toMatch(/^(device|lateralty|paraphrase) /m);
    expect(run.lastLine).toBe('1 passed, 0 failed');
    expect(run.code).toBe(2);
    const r = await cli(['run', '--cases', 'cases/*.yaml', '--metric', 'bleu', '--reporter', 'json', '--no-cache'], cwd);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout) as { results: { caseId: string; capability: string }[]; problems: unknown[] };
    expect(report.results.map((x) => [x.caseId, x.capability])).toEqual([['laterality', 'laterality']]);
    expect(report.problems).toHaveLength(4);
  });
});
