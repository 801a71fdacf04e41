import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fastYaml } from '../../src/cases/yaml-fast.js';
import { refuse, YAML_LIMITS } from '../../src/cases/yaml-guards.js';
import { nodeFor, positionOf } from '../../src/cases/positions.js';
import { mulberry32 } from '../../src/util/prng.js';
import { mutate } from './_mutate.js';

/**
 * The fast YAML path (src/cases/yaml-fast.ts) must read exactly what `yaml` reads, or step
 * aside: on every text it accepts, `yaml` accepts it too (no error, warning or refusal) and
 * gives the same data and the same node positions. Checked on the shipped case and suite
 * files, on the scale bench's files, and on seeded mutations of both.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const files = (dir: string) => readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
  .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'));

const benchStyle = (k: number) => `defaults: { kind: ranking }\ncases:\n  - id: scale/${k}\n    capability: laterality\n    reference: Small left pleural effusion, case ${k}.\n` +
  `    candidates:\n      exact: Small left pleural effusion, case ${k}.\n      wrong: 'Small right effusion, it''s case ${k}.'\n      none: "No effusion \\"here\\"." # comment\n` +
  '    expect: [exact >= wrong, exact >= none]\n    tags: [a, "b c", 1, 2.5, true, null, ~]\n    context: { age: 71, sex: F, nested: { x: [1, [2, 3]] } }\n' +
  '  - kind: score\n    reference: r\n    candidate: c\n    expect:\n      bleu: { min: 0, max: 1 }\n    metrics:\n      only:\n      - bleu\n';

/** What `yaml` reads (as the loader configures it), or undefined when it rejects the text. */
function full(text: string): { data: unknown; at: (p: (string | number)[]) => { line: number; column: number } } | undefined {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length || doc.warnings.length || refuse(doc)) return undefined;
  try {
    const data = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
    return { data, at: (p) => positionOf(counter, nodeFor(doc, p)) };
  } catch {
    return undefined;
  }
}

function check(text: string): 'fast' | 'full' {
  const fast = fastYaml(text);
  if (!fast) return 'full';
  const ref = full(text);
  expect(ref, `yaml rejects a text the fast path accepted:\n${text}`).toBeDefined();
  expect(fast.data, text).toStrictEqual(ref!.data);
  for (const [key, pos] of fast.positions) {
    const p = key === '' ? [] : key.split('\u0001').map((x) => (/^\d+$/.test(x) ? Number(x) : x));
    expect(pos, `${key} in\n${text}`).toEqual(ref!.at(p));
  }
  return 'fast';
}

describe('fast YAML path', () => {
  it('reads the shipped case and suite files as yaml does (or leaves them to yaml)', () => {
    const texts = [...files('cases'), ...files('suites')];
    const used = texts.map(check).filter((x) => x === 'fast').length;
    // most shipped files are plain YAML: the fast path must actually be taken
    expect(used).toBeGreaterThan(texts.length / 2);
  });

  it('reads the scale bench files and their variants as yaml does', () => {
    expect(check(Array.from({ length: 5 }, (_, k) => benchStyle(k)).join('').replace(/\ndefaults: \{ kind: ranking \}\ncases:\n/g, '\n'))).toBe('fast');
    expect(check('cases:\n- id: a\n  kind: ranking\n- b\n-\n  - x\n')).toBe('fast');
    expect(check('key:\n- a\n- b\nother: [x]\n')).toBe('fast');
  });

  it('steps aside for what it does not read exactly', () => {
    for (const text of ['a: &x 1\nb: *x\n', 'a: !tag x\n', 'a: |\n  text\n', 'a: b\na: c\n', '__proto__: x\n', 'a: plain\n  continued\n', 'a:\tb\n', '---\na: 1\n',
      'a: 0x1f\n', 'a: .inf\n', 'a: 12345678901234567890\n', 'a: "\\x41"\n', "a: 'open\n", 'a: [1,\n  2]\n', 'a: b: c\n', '"q": 1\n', 'a: [x, ]\n', 'a: {x}\n', 'a: [b: c]\n']) {
      expect(fastYaml(text), text).toBeUndefined();
    }
  });

  it('never accepts a text yaml rejects, nor reads one differently (4,000 seeded mutations)', () => {
    const seeds = [...files('cases').slice(0, 40), benchStyle(1), benchStyle(2)].map((t) => Buffer.from(t));
    const rnd = mulberry32(1414);
    let fast = 0;
    for (let i = 0; i < 4_000; i++) {
      const bytes = mutate(seeds[Math.floor(rnd() * seeds.length)]!, rnd);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        continue; // not UTF-8: the loader stops before parsing
      }
      if (check(text) === 'fast') fast++;
    }
    expect(fast).toBeGreaterThan(200);
  });
});
