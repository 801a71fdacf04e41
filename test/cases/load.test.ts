import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseLoader } from '../../src/cases/load.js';
import { formatProblem } from '../../src/runner/results.js';
import { tmpTree } from '../_support/tmp.js';

const caseWithId = (id: string) => `id: ${id}\nkind: ranking\nreference: a\ncandidates: { a: a }\nexpect: a >= 0\n`;

describe('CaseLoader', () => {
  it('resolves globs to sorted files and reports a pattern that matches nothing', async () => {
    const cwd = tmpTree({ 'cases/b.yaml': caseWithId('b'), 'cases/a.yml': caseWithId('a'), 'cases/n.txt': 'x' });
    const loader = new CaseLoader(cwd);
    const r = await loader.resolve(['cases/*', 'none/**/*.yaml']);
    expect(r.files).toEqual([path.join(cwd, 'cases/a.yml'), path.join(cwd, 'cases/b.yaml')]);
    expect(r.problems.map((p) => p.message)).toEqual(['no case files match "none/**/*.yaml"']);
  });

  it('reports a duplicate id across files once, keeping the first case', async () => {
    const cwd = tmpTree({ 'cases/one.yaml': caseWithId('same'), 'cases/two.yaml': `# comment\n${caseWithId('same')}` });
    const loader = new CaseLoader(cwd);
    const { files } = await loader.resolve(['cases/*.yaml']);
    const first = await loader.load(files);
    expect(first.cases.map((c) => c.location.file)).toEqual([path.join(cwd, 'cases/one.yaml')]);
    expect(first.problems.map(formatProblem)).toEqual(['cases/two.yaml:2:5: duplicate case id "same" (first at cases/one.yaml:1:5)']);
    const again = await loader.load(files); // a second suite sharing the files: no second report
    expect(again.problems).toEqual([]);
    expect(again.cases).toHaveLength(1);
  });

  it('defaults ids to the path under the nearest cases/ folder', async () => {
    const cwd = tmpTree({ 'pkg/cases/lat/x.yaml': 'kind: ranking\nreference: a\ncandidates: { a: a }\nexpect: a >= 0\n' });
    const loader = new CaseLoader(cwd);
    const r = await loader.load([path.join(cwd, 'pkg/cases/lat/x.yaml')]);
    expect(r.cases[0]!.id).toBe('lat/x');
  });

  it('reports a missing plain path as unreadable', async () => {
    const cwd = tmpTree();
    const loader = new CaseLoader(cwd);
    const { files, problems } = await loader.resolve(['missing.yaml']);
    expect(problems).toEqual([]);
    const r = await loader.load(files);
    expect(r.problems.map(formatProblem)).toEqual(['missing.yaml:1:1: cannot read case file: ENOENT']);
  });
});
