/**
 * The README's "The real models" section: every YAML config validates against the config
 * schema and its options against the metric's own option schema, and the suite snippet is a
 * valid suite naming existing laws.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config/schema.js';
import { SuiteSchema } from '../../src/suite/schema.js';
import { CrimsonUpstreamOptionsSchema } from '../../src/metrics/crimson/upstream/options.js';
import { RadGraphF1OptionsSchema } from '../../src/metrics/radgraph/index.js';
import { RADEVAL_METRICS } from '../../src/metrics/radeval/table.js';
import { lawIds } from '../../src/laws/index.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
const start = readme.indexOf('\n## The real models');
const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
const yamlBlocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('README "The real models"', () => {
  it('has its config and suite snippets', () => {
    expect(start).toBeGreaterThan(0);
    expect(yamlBlocks.length).toBeGreaterThanOrEqual(4);
  });

  it('every config validates, with each metric\'s own options', () => {
    let checked = 0;
    for (const block of yamlBlocks) {
      // a block may hold a config and then a suite (`# suites/...`): the config is the first part
      const configPart = block.includes('# suites/') ? block.slice(0, block.indexOf('# suites/')) : block;
      for (const doc of parseAllDocuments(configPart)) {
        const value = doc.toJS() as Record<string, unknown>;
        if (!value || !('metrics' in value) || 'name' in value) continue;
        checked++;
        const parsed = ConfigSchema.safeParse(value);
        expect(parsed.success, `${block}\n${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        for (const [id, spec] of Object.entries(value.metrics as Record<string, { options?: Record<string, unknown>; radeval?: string }>)) {
          if (id === 'crimson:upstream') expect(CrimsonUpstreamOptionsSchema.safeParse(spec.options).success, id).toBe(true);
          if (id === 'radgraph-f1') expect(RadGraphF1OptionsSchema.safeParse(spec.options).success, id).toBe(true);
          if (spec.radeval) expect(Object.keys(RADEVAL_METRICS), id).toContain(spec.radeval);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('the suite snippet is a valid suite whose laws exist', () => {
    const block = yamlBlocks.find((b) => b.includes('name: radeval'))!;
    const suiteText = block.slice(block.indexOf('# suites/radeval.yaml'));
    const suite = SuiteSchema.parse(parseAllDocuments(suiteText)[0]!.toJS());
    const ids = new Set(lawIds());
    for (const l of suite.laws ?? []) expect(ids.has(typeof l === 'string' ? l : l.law), String(JSON.stringify(l))).toBe(true);
  });

  it('every RadEval metric in the table is one the provider knows', () => {
    const names = [...section.matchAll(/\{ radeval: (\w+)/g)].map((m) => m[1]!);
    for (const n of names) expect(Object.keys(RADEVAL_METRICS)).toContain(n);
  });
});
