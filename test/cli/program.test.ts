import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsFor } from '../../src/cli/program.js';
import { cli } from './_run.js';

const names = (argv: string[]) => commandsFor(argv).map((c) => c.name);

/** Start-up loads only the command that runs; dispatch must stay what commander does with all of them. */
describe('lazy command loading', () => {
  it('loads the named command, the default one for options, none for --version', () => {
    expect(names(['list', '--json'])).toEqual(['list']);
    expect(names(['merge-reports', 'a.blob'])).toEqual(['merge-reports']);
    expect(names(['-t', 'list'])).toEqual(['run']);
    expect(names([])).toEqual(['run']);
    expect(names(['--version'])).toEqual([]);
    expect(names(['-V'])).toEqual([]);
  });

  it('loads every command where commander would list or look them up', () => {
    const all = COMMANDS.map((c) => c.name);
    expect(names(['--help'])).toEqual(all);
    expect(names(['help'])).toEqual(all);
    expect(names(['help', 'score'])).toEqual(['score']);
    expect(names(['no-such-command'])).toEqual(all);
  });

  it('every entry loads a register function whose command has the entry name', async () => {
    for (const c of COMMANDS) {
      const { Command } = await import('commander');
      const program = new Command('x');
      expect((await c.load())(program, { stdout: { write: () => 0 }, stderr: { write: () => 0 }, cwd: '.', env: {} }, () => {}).name()).toBe(c.name);
    }
  });

  it('top-level help lists every command; --version prints the version alone', async () => {
    const help = await cli(['--help'], process.cwd());
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${c.name}\\b`, 'm'));
    const version = await cli(['--version'], process.cwd());
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
