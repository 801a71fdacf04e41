import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { affectedBy, watchedFiles } from '../../../src/cli/watch/affected.js';
import type { ProjectFiles } from '../../../src/cli/watch/project.js';
import { tmpTree } from '../../_support/tmp.js';

function project(): ProjectFiles {
  const root = tmpTree({ 'cases/a.yaml': '', 'cases/b.yaml': '', 'cases/sub/c.yaml': '', 'other/d.yaml': '', 'cases/new.yaml': '' });
  const r = (f: string) => path.join(root, f);
  return {
    root,
    config: r('metric-suite.config.json'),
    suites: [
      { name: 's', file: r('suites/s.yaml'), metrics: ['mine'], caseFiles: [r('cases/a.yaml'), r('cases/b.yaml'), r('cases/sub/c.yaml')], caseGlobs: [r('cases/**/*.yaml')] },
      { name: 't', file: r('suites/t.yaml'), metrics: ['bleu'], caseFiles: [r('other/d.yaml')], caseGlobs: [r('other/*.yaml')] },
    ],
    metricFiles: new Map([['mine', [r('metric.mjs')]]]),
  };
}

describe('affectedBy', () => {
  it('maps each kind of file onto the cases it affects', () => {
    const p = project();
    const r = (f: string) => path.join(p.root, f);
    expect(affectedBy([r('metric-suite.config.json'), r('cases/a.yaml')], p)).toEqual({ kind: 'all', why: 'metric-suite.config.json changed' });
    expect(affectedBy([r('cases/a.yaml')], p)).toEqual({ kind: 'cases', caseFiles: new Set([r('cases/a.yaml')]), why: 'cases/a.yaml changed' });
    expect(affectedBy([r('suites/t.yaml')], p)).toEqual({ kind: 'cases', caseFiles: new Set([r('other/d.yaml')]), why: 'suites/t.yaml changed' });
    expect(affectedBy([r('metric.mjs')], p)).toMatchObject({ kind: 'cases', caseFiles: new Set(p.suites[0]!.caseFiles) });
    // a new file the glob matches counts; one that does not exist (deleted) or no glob matches does not
    expect(affectedBy([r('cases/new.yaml')], p)).toMatchObject({ caseFiles: new Set([r('cases/new.yaml')]) });
    expect(affectedBy([r('cases/gone.yaml'), r('notes.txt'), r('elsewhere/x.yaml')], p)).toEqual({ kind: 'none' });
  });

  it('names a file once when its change came twice (its own event, and as a new file of its folder)', () => {
    const p = project();
    const r = (f: string) => path.join(p.root, f);
    expect(affectedBy([r('cases/new.yaml'), r('cases/new.yaml'), r('cases/../cases/new.yaml')], p)).toEqual({ kind: 'cases', caseFiles: new Set([r('cases/new.yaml')]), why: 'cases/new.yaml changed' });
  });

  it('names at most three files in its reason', () => {
    const p = project();
    const files = ['cases/a.yaml', 'cases/b.yaml', 'cases/sub/c.yaml', 'other/d.yaml'].map((f) => path.join(p.root, f));
    expect(affectedBy(files, p)).toMatchObject({ why: 'cases/a.yaml, cases/b.yaml, cases/sub/c.yaml and 1 more changed' });
  });
});

describe('watchedFiles', () => {
  it('watches every file and its folder, glob bases, and the subfolders a ** glob reaches', () => {
    const p = project();
    const r = (f: string) => path.join(p.root, f);
    const { files, dirs } = watchedFiles(p);
    expect([...files]).toEqual(expect.arrayContaining([r('metric-suite.config.json'), r('metric.mjs'), r('suites/s.yaml'), r('cases/sub/c.yaml'), r('other/d.yaml')]));
    expect([...dirs]).toEqual(expect.arrayContaining([r('cases'), r('cases/sub'), r('other'), r('suites'), p.root]));
  });
});
