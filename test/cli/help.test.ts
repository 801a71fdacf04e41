import { describe, expect, it } from 'vitest';
import { reporters } from '../../reporters/index.js';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

describe('help (built bin)', () => {
  it('top-level --help says a bare metric-suite is run', async () => {
    const r = await bin(['--help'], tmpTree());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('A bare `metric-suite` (or one with only options, e.g. `metric-suite -t effusion`) is `metric-suite run`');
    expect(r.stdout).toMatch(/run \[options\] +run suites/);
    for (const command of ['validate', 'cache', 'baseline', 'list']) expect(r.stdout).toContain(`  ${command} `);
  });

  it('run --help lists every registered reporter and the command-line habits', async () => {
    const r = await bin(['run', '--help'], tmpTree());
    expect(r.code).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.startsWith('Reporters (--reporter): '));
    expect(line).toBe(`Reporters (--reporter): ${Object.keys(reporters).join(', ')}, or a module path exporting a reporter factory.`);
    for (const name of Object.keys(reporters)) expect(line).toContain(name);
    for (const flag of ['-w, --watch', '-u, --update', '--changed [ref]', '--no-color', '--baseline [file]']) expect(r.stdout).toContain(flag);
  });

  it('list --help does not say --cases runs anything; -c says the config is searched upwards', async () => {
    const r = await bin(['list', '--help'], tmpTree());
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).not.toContain('run these case files');
    expect(text).toContain('these case files (repeatable) instead of the suite files');
    expect(text).toContain('the nearest folder upwards with a config or a package.json');
    expect(text).not.toContain('in the working directory');
  });
});
