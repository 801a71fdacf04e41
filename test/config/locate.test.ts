import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metricEntryAt } from '../../src/config/locate.js';
import { tmpTree } from '../_support/tmp.js';

const at = (name: string, text: string, id: string) => metricEntryAt(path.join(tmpTree({ [name]: text }), name), id, name);

describe("a metric's entry in the config", () => {
  it('YAML and JSON: the key under metrics', () => {
    expect(at('c.yaml', 'suites: [s/*.yaml]\nmetrics:\n  a: { use: bleu }\n  svc:\n    http: { url: x }\n', 'svc')).toEqual({ file: 'c.yaml', line: 4, column: 3 });
    expect(at('c.json', '{\n  "metrics": {\n    "b": { "use": "bleu" }\n  }\n}\n', 'b')).toEqual({ file: 'c.json', line: 3, column: 5 });
    expect(at('c.yaml', 'metrics:\n  a: { use: bleu }\n', 'svc')).toBeUndefined();
  });

  it('TS/JS: the first key of that name after `metrics:`, not a longer id that ends with it', () => {
    const ts = "export default defineConfig({\n  metrics: {\n    mysvc: { module: './a.ts' },\n    'svc': { module: './b.ts' },\n  },\n});\n";
    expect(at('c.ts', ts, 'svc')).toEqual({ file: 'c.ts', line: 4, column: 5 });
    expect(at('c.ts', ts, 'mysvc')).toEqual({ file: 'c.ts', line: 3, column: 5 });
  });
});
