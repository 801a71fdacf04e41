/**
 * The install layout: neither `npm ci` nor `npm install metric-suite` needs onnxruntime-node
 * (288 MB, with a postinstall that downloads CUDA libraries), and the build does not import
 * its types, so a consumer without it can compile against metric-suite's declarations.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { packageRoot } from '../../src/util/package-root.js';

const root = packageRoot();
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

describe('package.json', () => {
  it('makes onnxruntime-node an optional peer, never a dependency a consumer installs', () => {
    expect(pkg.dependencies?.['onnxruntime-node']).toBeUndefined();
    expect(pkg.optionalDependencies?.['onnxruntime-node']).toBeUndefined();
    expect(pkg.peerDependencies?.['onnxruntime-node']).toBeDefined();
    expect(pkg.peerDependenciesMeta?.['onnxruntime-node']).toEqual({ optional: true });
  });

  it('keeps vitest an optional peer', () => {
    expect(pkg.dependencies?.['vitest']).toBeUndefined();
    expect(pkg.peerDependenciesMeta?.['vitest']).toEqual({ optional: true });
  });

  it("skips onnxruntime-node's download for npm 11 (allowScripts) and npm 10 (.npmrc)", () => {
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
    const npmrc = readFileSync(path.join(root, '.npmrc'), 'utf8');
    expect(npmrc).toMatch(/^onnxruntime-node-install=skip$/m);
  });
});

describe('the build', () => {
  it('neither imports nor references onnxruntime-node types in the emitted declarations', () => {
    const dts = walk(path.join(root, 'dist')).filter((f) => f.endsWith('.d.ts'));
    expect(dts.length).toBeGreaterThan(50);
    const offenders = dts.filter((f) => /from ['"]onnxruntime-node['"]|import\(['"]onnxruntime-node['"]\)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has no static import of onnxruntime-node in the sources', () => {
    const src = walk(path.join(root, 'src')).filter((f) => f.endsWith('.ts'));
    const offenders = src.filter((f) => /(import|export)[^;]*from ['"]onnxruntime-node['"]/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
