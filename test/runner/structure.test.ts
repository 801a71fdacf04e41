import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Issue 14 (structure): no import cycles in src/, and the runner never imports the reporting layer. */
const SRC = path.resolve(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, '.ts');
    if (existsSync(target)) out.push(target);
    else if (existsSync(path.join(target.replace(/\.ts$/, ''), 'index.ts'))) out.push(path.join(target.replace(/\.ts$/, ''), 'index.ts'));
  }
  return out;
}

describe('source structure', () => {
  const graph = new Map(files(SRC).map((f) => [f, importsOf(f)]));

  it('has no import cycle (type imports included)', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(SRC, x)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('the runner does not import the reporting layer', () => {
    const upward = [...graph].filter(([f]) => f.startsWith(path.join(SRC, 'runner')))
      .flatMap(([f, deps]) => deps.filter((d) => d.startsWith(path.join(SRC, 'reporting')) || !d.startsWith(SRC)).map((d) => `${path.relative(SRC, f)} -> ${path.relative(SRC, d)}`));
    expect(upward).toEqual([]);
  });
});
