import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/cases/load-file.js';
import { mulberry32, type Rng } from '../../src/util/prng.js';
import { mutate } from './_mutate.js';
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
