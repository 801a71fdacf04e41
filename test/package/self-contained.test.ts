/**
 * A plain clone is enough: no test, benchmark, script or doc of the repository reaches for a
 * folder beside it (the parity vectors used to be read from ../shared).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { packageRoot } from '../../src/util/package-root.js';

const root = packageRoot();
const SKIP = new Set(['node_modules', 'dist', '.git', '.metric-suite', 'coverage', '__pycache__']);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|js|mjs|cjs|py|sh|md|json|ya?ml)$/.test(name) || name === 'run') out.push(p);
  }
  return out;
}

describe('self-contained repository', () => {
  it('has the parity vectors in test/fixtures/parity with a README saying where they came from', () => {
    const dir = path.join(root, 'test/fixtures/parity');
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'bleu.jsonl', 'crimson-score.jsonl', 'radgraph-f1-means.json', 'radgraph-f1.jsonl']);
    expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).toMatch(/reference implementations/);
  });

  it('names no path outside the repository (../shared, /work/...)', () => {
    const hits: string[] = [];
    for (const f of files(root)) {
      if (f.endsWith('self-contained.test.ts') || f.endsWith('package-lock.json')) continue;
      const text = readFileSync(f, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/(\.\.\/)+shared\/(fixtures|docs|seeds)|['"`]\/work\/|^\s*shared\/(fixtures|docs)/.test(line)) hits.push(`${path.relative(root, f)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it("the README cites no document the repository lacks", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/\bDESIGN(\.md| §)|\bMETRICS(\.md| §)|TOOLCHAIN\.md|design docs/);
    const links = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    const missing = links.filter((l) => {
      try {
        statSync(path.join(root, l));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
