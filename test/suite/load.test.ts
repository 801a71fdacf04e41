import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/runner/results.js';
import { findSuiteFiles, loadSuite } from '../../src/suite/load.js';
import { tmpTree } from '../_support/tmp.js';

describe('loadSuite', () => {
  it('loads a suite with gates and records where each metric is written', async () => {
    const cwd = tmpTree({ 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics:\n  - bleu\n  - rouge-l\ngate:\n  bleu: { informational: true }\n  "*": { minPassRate: 0.8, required: [lat/*] }\n' });
    const r = await loadSuite(path.join(cwd, 'suites/s.yaml'), 'suites/s.yaml');
    expect(r.problems).toEqual([]);
    expect(r.suite).toMatchObject({ name: 's', metrics: ['bleu', 'rouge-l'], gate: { bleu: { informational: true }, '*': { minPassRate: 0.8, required: ['lat/*'] } }, dir: path.join(cwd, 'suites') });
    expect(r.suite!.metricAt['rouge-l']).toEqual({ file: 'suites/s.yaml', line: 5, column: 5 });
  });

  it('reports bad gates and missing fields with positions', async () => {
    const cwd = tmpTree({ 'suites/s.yaml': 'name: s\nmetrics: [bleu]\ngate:\n  bleu: { minPassRate: 1.5 }\n' });
    const r = await loadSuite(path.join(cwd, 'suites/s.yaml'), 'suites/s.yaml');
    expect(r.problems.map(formatProblem)).toEqual([expect.stringMatching(/^suites\/s\.yaml:4:24: gate\.bleu\.minPassRate: /)]);
    const empty = tmpTree({ 's.yaml': 'name: s\n' });
    expect((await loadSuite(path.join(empty, 's.yaml'), 's.yaml')).problems[0]!.message).toMatch(/^missing field "metrics": expected metric ids/);
  });

  it('finds suite files sorted', async () => {
    const cwd = tmpTree({ 'suites/b.yaml': '', 'suites/a.yml': '', 'suites/c.json': '', 'suites/x.txt': '' });
    expect((await findSuiteFiles(path.join(cwd, 'suites'))).map((f) => path.basename(f))).toEqual(['a.yml', 'b.yaml', 'c.json']);
  });
});
