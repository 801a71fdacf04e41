/**
 * Config discovery like vitest: run from a subfolder, the project's config, suites and baseline
 * are found at the nearest folder upwards with a config file or package.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProject, loadConfig } from '../../src/config/load.js';
import { tmpTree } from '../_support/tmp.js';
import { cli } from '../cli/_run.js';

const kase = `id: mine/one\nkind: ranking\nreference: Small left pleural effusion.\ncandidates: { exact: Small left pleural effusion., other: Right upper lobe nodule. }\nexpect: exact > other\n`;

function project(withConfig: boolean) {
  const dir = tmpTree({
    'package.json': '{ "name": "p", "private": true }',
    ...(withConfig ? { 'metric-suite.config.yaml': 'metrics:\n  bleu-1: { use: bleu, options: { weights: [1] } }\n' } : {}),
    'suites/own.yaml': `name: own\ncases: [../cases/*.yaml]\nmetrics: [${withConfig ? 'bleu-1' : 'bleu'}]\n`,
    'cases/one.yaml': kase,
  });
  mkdirSync(path.join(dir, 'src/deep/er'), { recursive: true });
  return dir;
}

describe('findProject', () => {
  it('walks up to the nearest config file, else the nearest package.json', () => {
    const withConfig = project(true);
    expect(findProject(path.join(withConfig, 'src/deep/er'))).toEqual({ root: withConfig, config: path.join(withConfig, 'metric-suite.config.yaml') });
    const bare = project(false);
    expect(findProject(path.join(bare, 'src/deep'))).toEqual({ root: bare });
  });

  it('stops at the nearest package.json: a nested package is its own project', () => {
    const dir = project(true);
    const nested = path.join(dir, 'packages/inner');
    mkdirSync(nested, { recursive: true });
    writeFileSync(path.join(nested, 'package.json'), '{}');
    expect(findProject(nested)).toEqual({ root: nested });
  });

  it('keeps a bare folder with suites/ (no package.json) its own project', () => {
    const dir = tmpTree({ 'suites/s.yaml': 'name: s\ncases: []\nmetrics: [bleu]\n' });
    expect(findProject(dir)).toEqual({ root: dir });
  });

  it('loadConfig from a subfolder uses the project root for relative paths', async () => {
    const dir = project(true);
    const r = await loadConfig(path.join(dir, 'src/deep/er'));
    expect(r.root).toBe(dir);
    expect(r.file).toBe(path.join(dir, 'metric-suite.config.yaml'));
    expect(Object.keys(r.config.metrics ?? {})).toEqual(['bleu-1']);
  });
});

describe('run from a subfolder', () => {
  it("runs the project's own suite with its configured metric, not the built-in suites", async () => {
    const dir = project(true);
    const r = await cli(['run', '--reporter', 'json', '--no-cache'], path.join(dir, 'src/deep/er'));
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { results: { suite: string; metric: string; caseId: string }[] };
    expect(report.results.map((x) => `${x.suite}/${x.metric}/${x.caseId}`)).toEqual(['own/bleu-1/mine/one']);
    expect(r.code).toBe(0);
  });

  it('writes and reads the default baseline at the project root', async () => {
    const dir = project(false);
    const sub = path.join(dir, 'src/deep');
    expect((await cli(['baseline', 'update', '--no-cache'], sub)).stderr).toMatch(/baseline written: \.\.\/\.\.\/metric-suite\.baseline\.json/);
    expect((await cli(['run', '--baseline', '--no-cache'], dir)).code).toBe(0);
  });
});
