import { encodeGreyPng } from '../../../src/metrics/cseval/png.js';

export const png = (value: number): Buffer => encodeGreyPng(4, 4, new Uint8Array(16).fill(value));

/** A tmp tree: config for a live generator, a suite, a case whose images exist. */
export function liveTree(generator: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, string | Buffer> {
  return {
    'metric-suite.config.yaml': `metrics:\n  cseval:lexicon:\n    options: ${JSON.stringify({ generator, ...extra })}\n`,
    'suites/s.yaml': 'name: s\ncases: [../cases/**/*.yaml]\nmetrics: [cseval:lexicon]\n',
    'cases/image/effusion.yaml': [
      '# a comment that must survive recording',
      'kind: image',
      'prompt: moderate left pleural effusion',
      'context: { indication: dyspnea }',
      'images:',
      '  good: { path: img/good.png, findings: "" }',
      '  bad:',
      '    path: img/bad.png',
      'expect: [good > bad]',
      '',
    ].join('\n'),
    'cases/image/img/good.png': png(200),
    'cases/image/img/bad.png': png(10),
  };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpTree } from '../../_support/tmp.js';

/** tmpTree with binary files. */
export function tree(files: Record<string, string | Buffer>): string {
  const dir = tmpTree();
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}
