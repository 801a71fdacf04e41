import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addMetric } from '../../../../src/cli/commands/init/add.js';
import { tmpTree } from '../../../_support/tmp.js';

const file = (name: string, text: string) => path.join(tmpTree({ [name]: text }), name);

describe('adding a metric to a config', () => {
  it('JSON: one more key under metrics', () => {
    const r = addMetric(file('metric-suite.config.json', '{ "suites": ["s/*.yaml"], "metrics": { "a": { "use": "bleu" } } }'), 'b', { module: './metrics/b.ts' });
    expect(JSON.parse((r as { text: string }).text)).toEqual({ suites: ['s/*.yaml'], metrics: { a: { use: 'bleu' }, b: { module: './metrics/b.ts' } } });
  });

  it('TS: an inline metrics object gets the entry after its brace; a config without one is left to the user', () => {
    const r = addMetric(file('metric-suite.config.ts', "export default { metrics: { a: { use: 'bleu' } } };\n"), 'b-py', { command: ['python3', 'metrics/b_py.py'] });
    expect((r as { text: string }).text).toBe("export default { metrics: { 'b-py': { command: ['python3', 'metrics/b_py.py'] }, a: { use: 'bleu' } } };\n");
    const none = addMetric(file('metric-suite.config.mjs', 'export default config;\n'), 'b', { module: './metrics/b.ts' });
    expect(none).toEqual({ error: "found no `metrics: {` in metric-suite.config.mjs to add the metric to: add `'b': { module: './metrics/b.ts' },` under `metrics` yourself" });
  });

  it('YAML: a config without metrics gets the mapping; an id it has is refused', () => {
    const r = addMetric(file('metric-suite.config.yaml', '# mine\nsuites: [s/*.yaml]\n'), 'b', { command: ['python3', 'b.py'] });
    expect((r as { text: string }).text).toBe('# mine\nsuites: [s/*.yaml]\nmetrics:\n  b:\n    command: [python3, b.py]\n');
    expect(addMetric(file('metric-suite.config.yaml', 'metrics:\n  b: { use: bleu }\n'), 'b', { module: './b.ts' })).toEqual({ error: 'metric-suite.config.yaml has a metric "b" already: pick another --name' });
  });
});
