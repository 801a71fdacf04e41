import { describe, expect, it } from 'vitest';
import { useColor } from '../../src/cli/io.js';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

const ESC = '\u001b[';
const project = () => tmpTree({ 'package.json': '{}', 'c.yaml': 'id: c\nkind: ranking\nreference: Small left effusion.\ncandidates: { same: Small left effusion., other: Large right pneumothorax. }\nexpect: same > other\n' });
const args = ['run', '--cases', 'c.yaml', '--metric', 'bleu', '--no-cache'];

describe('colour', () => {
  it('FORCE_COLOR=1 colours a piped run; --no-color wins over it; FORCE_COLOR=0 and NO_COLOR turn it off', async () => {
    const cwd = project();
    const forced = await bin(args, cwd, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(ESC);
    const flag = await bin([...args, '--no-color'], cwd, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(flag.code).toBe(0);
    expect(flag.stdout).not.toContain(ESC);
    expect(flag.stdout).toContain('1 passed, 0 failed');
    const zero = await bin(args, cwd, { NO_COLOR: undefined, FORCE_COLOR: '0' });
    expect(zero.stdout).not.toContain(ESC);
    const none = await bin(args, cwd, { NO_COLOR: '1' });
    expect(none.stdout).not.toContain(ESC);
  }, 60_000);

  it('decides in a fixed order: flag, FORCE_COLOR, NO_COLOR, TTY', () => {
    const io = (env: Record<string, string>, isTTY: boolean) => ({ stdout: { write: () => 0, isTTY }, stderr: { write: () => 0 }, cwd: '.', env });
    expect(useColor(io({}, true))).toBe(true);
    expect(useColor(io({}, false))).toBe(false);
    expect(useColor(io({}, true), false)).toBe(false);
    expect(useColor(io({ FORCE_COLOR: '1' }, false))).toBe(true);
    expect(useColor(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, false))).toBe(true);
    expect(useColor(io({ FORCE_COLOR: 'false' }, true))).toBe(false);
    expect(useColor(io({ NO_COLOR: '1' }, true))).toBe(false);
    expect(useColor(io({ NO_COLOR: '' }, true))).toBe(true);
  });
});
