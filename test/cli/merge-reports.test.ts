import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

const rank = (id: string, capability: string, ref: string, good: string, bad: string) => `id: ${id}
kind: ranking
capability: ${capability}
reference: ${ref}
candidates:
  good: ${good}
  bad: ${bad}
expect: good > bad
`;

/** Two suites, two metrics, laws, a failing case, gates with required and pass rates. */
function project() {
  const files: Record<string, string> = {
    'suites/a.yaml': `name: alpha
cases: [../cases/**/*.yaml]
metrics: [bleu, rouge-l]
laws: [bounded, identity-max]
gate:
  bleu: { minPassRate: 0.5, required: ['lat/*'] }
  rouge-l: { informational: true }
`,
    'suites/b.yaml': `name: beta
cases: [../cases/neg/*.yaml]
metrics: [rouge-l]
gate:
  rouge-l: { minPassRate: 0.9 }
`,
  };
  const findings = ['pleural effusion', 'pneumothorax', 'consolidation', 'atelectasis', 'nodule'];
  findings.forEach((f, i) => {
    files[`cases/lat/${i}.yaml`] = rank(`lat/${i}`, 'laterality', `Small left ${f}.`, `Small left ${f}.`, `Heart size is normal.`);
    // the lexical metrics miss a negation: these fail
    files[`cases/neg/${i}.yaml`] = rank(`neg/${i}`, 'negation', `No ${f}.`, i % 2 ? `The lungs show no ${f}.` : `Absent ${f}.`, `No large ${f}.`);
  });
  return tmpTree(files);
}

const withoutDuration = (file: string) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  delete json.durationMs;
  return json;
};
const withoutDurationLine = (text: string) => text.split('\n').filter((l) => !l.startsWith('duration:')).join('\n');

describe('metric-suite run --shard / merge-reports', () => {
  it('--shard 1/3, 2/3, 3/3 merged equal an unsharded run', async () => {
    const cwd = project();
    const common = ['--no-cache', '--num-runs', '5'];
    const full = await cli(['run', ...common, '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=full.json'], cwd);
    expect(full.stderr).toBe('');
    expect(full.code).toBe(1);
    const fullJson = withoutDuration(path.join(cwd, 'full.json'));
    expect(fullJson.results.length).toBe(10 * 2 + 5);
    expect(fullJson.laws.length).toBe(4);

    const sizes: number[] = [];
    for (const i of [1, 2, 3]) {
      const shard = await cli(['run', ...common, '--shard', `${i}/3`, '--reporter', 'blob', '--output-file', `blob=blobs/${i}.json`, '--reporter', 'json', '--output-file', `json=s${i}.json`], cwd);
      expect(shard.stderr).toBe('');
      const own = JSON.parse(readFileSync(path.join(cwd, `s${i}.json`), 'utf8'));
      sizes.push(own.results.length + own.laws.length);
    }
    // every item ran in exactly one shard, and the shards are balanced
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(fullJson.results.length + fullJson.laws.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);

    const merged = await cli(['merge-reports', 'blobs/3.json', 'blobs/1.json', 'blobs/2.json', '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=merged.json'], cwd);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(full.code);
    expect(withoutDuration(path.join(cwd, 'merged.json'))).toEqual(fullJson);
    expect(withoutDurationLine(merged.stdout)).toBe(withoutDurationLine(full.stdout));
  });

  it('an empty shard is not an error; a missing or doubled shard is (exit 2)', async () => {
    const cwd = tmpTree({ 'c.yaml': rank('only', 'laterality', 'Left effusion.', 'Left effusion.', 'Normal heart.') });
    const args = (i: number) => ['run', '--cases', 'c.yaml', '--metric', 'bleu', '--no-cache', '--shard', `${i}/2`, '--reporter', 'blob', '--output-file', `blob=${i}.json`];
    expect((await cli(args(1), cwd)).code).toBe(0);
    expect((await cli(args(2), cwd)).code).toBe(0);
    const ok = await cli(['merge-reports', '1.json', '2.json'], cwd);
    expect(ok.code).toBe(0);
    expect(ok.lastLine).toMatch(/1 passed/);
    const missing = await cli(['merge-reports', '1.json', '--reporter', 'json'], cwd);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).problems[0].message).toMatch(/missing shard 2\/2/);
    const twice = await cli(['merge-reports', '1.json', '1.json', '2.json', '--reporter', 'json'], cwd);
    expect(twice.code).toBe(2);
    const doubled = JSON.parse(twice.stdout);
    expect(doubled.problems.map((p: { message: string }) => p.message)).toContain('shard 1/2 is given twice (counted once)');
    // flagged, and its results are not counted a second time
    const single = JSON.parse((await cli(['merge-reports', '1.json', '2.json', '--reporter', 'json'], cwd)).stdout);
    expect(doubled.summary).toEqual(single.summary);
    expect(doubled.results).toHaveLength(single.results.length);
  });

  it('rejects a bad --shard and files that are not blob reports (exit 2)', async () => {
    const cwd = tmpTree({ 'x.json': '{"summary":{}}' });
    const bad = await cli(['run', '--shard', '4/3'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard takes i\/n/);
    writeFileSync(path.join(cwd, 'y.json'), 'not json');
    const notBlob = await cli(['merge-reports', 'x.json'], cwd);
    expect(notBlob.code).toBe(2);
    expect(notBlob.stderr).toMatch(/not a metric-suite blob report/);
  });
});

describe('merge-reports with agreement with raters', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  it.skipIf(!existsSync(path.join(root, 'suites/preference.yaml')))('recomputes the preference suite agreement over the merged shards', async () => {
    const out = tmpTree();
    const args = ['--suite', 'preference', '--no-cache'];
    const full = await cli(['run', ...args, '--reporter', 'json', '--output-file', `json=${out}/full.json`], root);
    expect(full.stderr).toBe('');
    for (const i of [1, 2]) await cli(['run', ...args, '--shard', `${i}/2`, '--reporter', 'blob', '--output-file', `blob=${out}/${i}.json`], root);
    const merged = await cli(['merge-reports', `${out}/1.json`, `${out}/2.json`, '--reporter', 'json', '--output-file', `json=${out}/merged.json`], root);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(full.code);
    const fullJson = withoutDuration(path.join(out, 'full.json'));
    expect(withoutDuration(path.join(out, 'merged.json'))).toEqual(fullJson);
  });
});
