/**
 * The README's `extract` example prints what the command prints today (the extractor changes
 * often; the example must follow it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from '../cli/_run.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README: the extract example', () => {
  it('shows the output of its command line', async () => {
    const m = /^npx metric-suite extract "([^"]+)" --context (\S+)\n((?:# .*\n)+)/m.exec(readme);
    expect(m, 'the README has an extract example with its output as # lines').not.toBeNull();
    const shown = m![3]!.split('\n').filter(Boolean).map((l) => l.slice(2)).join('\n');
    const r = await cli(['extract', m![1]!, '--context', m![2]!], tmpTree({}));
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd()).toBe(shown);
  });
});
