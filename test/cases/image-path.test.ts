import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseLoader } from '../../src/cases/load.js';
import { tmpTree } from '../_support/tmp.js';

const imageCase = (p: string) => `kind: image\nprompt: small left pleural effusion\nimages:\n  a: { path: img/a.png, findings: x }\n  b:\n    path: ${p}\n    findings: y\nexpect: a > b\n`;

async function load(files: Record<string, string>, file: string) {
  const cwd = tmpTree(files);
  const loader = new CaseLoader(cwd);
  return loader.load([path.join(cwd, file)]);
}

describe('image paths stay inside the cases root', () => {
  it('accepts paths under the case file and elsewhere under cases/, resolved absolute', async () => {
    const r = await load({ 'cases/image/e.yaml': imageCase('../common/b.png') }, 'cases/image/e.yaml');
    expect(r.problems).toEqual([]);
    const c = r.cases[0]!;
    expect(c.kind === 'image' && c.candidates.map((x) => path.relative(path.dirname(r.files[0]!), x.image!))).toEqual([path.join('img', 'a.png'), path.join('..', 'common', 'b.png')]);
  });

  it('reports a path leaving the cases root at the path, with file:line:col', async () => {
    const r = await load({ 'cases/image/e.yaml': imageCase('../../secret.png') }, 'cases/image/e.yaml');
    expect(r.cases).toEqual([]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ file: 'cases/image/e.yaml', line: 6, column: 11 });
    expect(r.problems[0]!.message).toMatch(/image path "\.\.\/\.\.\/secret\.png" leaves the cases root .*: images must stay inside it/);
  });

  it('rejects absolute paths', async () => {
    const r = await load({ 'cases/e.yaml': imageCase('/etc/passwd') }, 'cases/e.yaml');
    expect(r.problems[0]!.message).toMatch(/must be relative to the case file/);
  });
});

describe('image paths through links (issue 14, finding 6)', () => {
  it('a symlink inside the cases root that points outside it is a validate problem', async () => {
    const { symlinkSync, mkdirSync, writeFileSync } = await import('node:fs');
    const cwd = tmpTree({ 'cases/image/e.yaml': imageCase('img/b.png'), 'secret/key.png': 'not an image' });
    mkdirSync(path.join(cwd, 'cases/image/img'), { recursive: true });
    writeFileSync(path.join(cwd, 'cases/image/img/a.png'), 'png');
    symlinkSync(path.join(cwd, 'secret/key.png'), path.join(cwd, 'cases/image/img/b.png'));
    const r = await new CaseLoader(cwd).load([path.join(cwd, 'cases/image/e.yaml')]);
    expect(r.cases).toEqual([]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ file: 'cases/image/e.yaml', line: 6 });
    expect(r.problems[0]!.message).toMatch(/image path "img\/b\.png" is a link to .*secret\/key\.png, outside the cases root/);
  });

  it('a symlink that stays inside the root is fine', async () => {
    const { symlinkSync, mkdirSync, writeFileSync } = await import('node:fs');
    const cwd = tmpTree({ 'cases/image/e.yaml': imageCase('img/b.png'), 'cases/common/real.png': 'png' });
    mkdirSync(path.join(cwd, 'cases/image/img'), { recursive: true });
    writeFileSync(path.join(cwd, 'cases/image/img/a.png'), 'png');
    symlinkSync(path.join(cwd, 'cases/common/real.png'), path.join(cwd, 'cases/image/img/b.png'));
    const r = await new CaseLoader(cwd).load([path.join(cwd, 'cases/image/e.yaml')]);
    expect(r.problems).toEqual([]);
  });
});
