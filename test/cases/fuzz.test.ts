import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/cases/load-file.js';
import { mulberry32, type Rng } from '../../src/util/prng.js';
import { tmpTree } from '../_support/tmp.js';

/**
 * Issue 14 (fuzz): a few thousand seeded mutations of the shipped case files. The loader never
 * throws, and every file it rejects gets at least one problem located in that file
 * (`file:line:col` with line and column >= 1). Bounded: it stops early past its time budget.
 */
const FILES = 2_500;
const BUDGET_MS = 25_000;
const SEED = 14;
const CASES = path.resolve(import.meta.dirname, '../../cases');

const seeds = readdirSync(CASES, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
  .map((e) => readFileSync(path.join(e.parentPath, e.name)))
  .sort((a, b) => a.length - b.length)
  .slice(0, 60);

const TOKENS = ['&a ', '*a', '*missing', '!tag ', '!!binary ', '[', ']', '{', '}', ': ', '- ', '\t', "'", '"', '\n', '#', '|', '>', '? ', '<<: *a', '__proto__: x\n', 'cases: []\n', '%YAML 1.1\n', '---\n', '...\n', '\u0000', '\u001b[31m'];

function mutate(bytes: Buffer, rnd: Rng): Buffer {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let b = Buffer.from(bytes);
  const steps = 1 + Math.floor(rnd() * 4);
  for (let s = 0; s < steps; s++) {
    const at = Math.floor(rnd() * (b.length + 1));
    switch (Math.floor(rnd() * 7)) {
      case 0: // flip a byte (Latin-1 and invalid UTF-8 included)
        if (b.length) b[Math.min(at, b.length - 1)] = Math.floor(rnd() * 256);
        break;
      case 1: // delete a span
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + Math.floor(rnd() * 40)))]);
        break;
      case 2: // insert a YAML-significant token
        b = Buffer.concat([b.subarray(0, at), Buffer.from(pick(TOKENS)), b.subarray(at)]);
        break;
      case 3: // duplicate a line (duplicate keys, broken indentation)
      {
        const lines = b.toString('latin1').split('\n');
        const i = Math.floor(rnd() * lines.length);
        lines.splice(i, 0, (rnd() < 0.5 ? ' ' : '') + lines[i]!);
        b = Buffer.from(lines.join('\n'), 'latin1');
        break;
      }
      case 4: // truncate
        b = b.subarray(0, at);
        break;
      case 5: // deep nesting or an alias bomb
        b = Buffer.concat([b, Buffer.from(rnd() < 0.5 ? `\nx: ${'['.repeat(200 + Math.floor(rnd() * 3000))}` : '\nb0: &b0 [1,1,1,1,1,1,1,1]\nb1: &b1 [*b0,*b0,*b0,*b0,*b0,*b0,*b0,*b0]\nb2: &b2 [*b1,*b1,*b1,*b1,*b1,*b1,*b1,*b1]\nb3: [*b2,*b2,*b2,*b2,*b2,*b2,*b2,*b2]\n')]);
        break;
      default: // swap two lines
      {
        const lines = b.toString('latin1').split('\n');
        const i = Math.floor(rnd() * lines.length);
        const j = Math.floor(rnd() * lines.length);
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        b = Buffer.from(lines.join('\n'), 'latin1');
      }
    }
  }
  return b;
}

describe('case loader fuzz', () => {
  it(`never throws and locates a problem for every rejected file (${FILES} seeded mutations)`, async () => {
    expect(seeds.length).toBeGreaterThan(10);
    const dir = tmpTree({ 'cases/f/.keep': '' });
    const rnd = mulberry32(SEED);
    const started = performance.now();
    let done = 0;
    let rejected = 0;
    const unlocated: string[] = [];
    for (; done < FILES && performance.now() - started < BUDGET_MS; done++) {
      const file = path.join(dir, 'cases/f', `m${done}.yaml`);
      writeFileSync(file, mutate(pick(seeds, rnd), rnd));
      const display = `cases/f/m${done}.yaml`;
      const r = await loadCaseFile(file, path.join(dir, 'cases'), display); // a throw fails the test here
      if (r.problems.length > 0) {
        rejected++;
        for (const p of r.problems) if (p.file !== display || !(p.line >= 1) || !(p.column >= 1) || !p.message) unlocated.push(`${display}: ${JSON.stringify(p)}`);
      } else expect(r.cases.length).toBeGreaterThan(0);
    }
    console.log(`fuzz: ${done} mutated case files in ${(performance.now() - started).toFixed(0)} ms, ${rejected} rejected, ${unlocated.length} unlocated problems`);
    expect(unlocated).toEqual([]);
    expect(done).toBeGreaterThanOrEqual(1_000);
    expect(rejected).toBeGreaterThan(done / 4);
  }, 60_000);
});

function pick<T>(xs: readonly T[], rnd: Rng): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}
