import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { BIN } from './_bin.js';
import { cli } from './_run.js';

describe('metric-suite extract', () => {
  it('prints each finding with its significance and the rule that set it', async () => {
    const r = await cli(['extract', 'Endotracheal tube 1 cm above the carina. Small right pneumothorax.'], process.cwd());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('F1 present endotracheal tube [tip 10 mm above carina; malpositioned]');
    expect(r.stdout).toContain('significance urgent (an airway tube within 1.5 cm of the carina may enter a bronchus: it needs repositioning at once)');
    expect(r.stdout).toMatch(/F2 present pneumothorax \[side right; severity small\]\n\s+significance actionable_not_urgent/);
  });

  it('says where a lodged object lies, with its own size, not as a device tip', async () => {
    const r = await cli(['extract', 'Round 2.3 cm coin lodged in the proximal oesophagus.'], process.cwd());
    expect(r.stdout).toContain('F1 present foreign body [size 23 mm; in esophagus]');
  });

  it('reads --file and --context, and --json gives the public ReportFinding objects', async () => {
    const cwd = tmpTree({});
    writeFileSync(path.join(cwd, 'r.txt'), 'INDICATION: fall.\nFINDINGS: Acute fractures of the right 5th and 6th ribs.');
    const r = await cli(['extract', '--file', 'r.txt', '--json', '--context', 'indication=fall from ladder', '--context', 'age=90 or older'], cwd);
    expect(r.code).toBe(0);
    const findings = JSON.parse(r.stdout);
    expect(findings).toMatchObject([{ id: 'F1', name: 'rib fracture', status: 'present', side: 'right', significance: 'actionable_not_urgent', text: 'fractures of the right 5th and 6th ribs' }]);
    expect(findings[0].significanceRule).toMatch(/trauma/);
  });

  it('says when there is nothing, and refuses both or neither of text and --file', async () => {
    expect((await cli(['extract', 'No acute cardiopulmonary process.'], process.cwd())).stdout).toBe('no findings\n');
    const both = await cli(['extract', 'x', '--file', 'y'], process.cwd());
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/report text or --file/);
    expect((await cli(['extract'], process.cwd())).code).toBe(2);
  });

  it('reads the report from standard input: piped, `-`, or `--file -`; nothing piped is the usage error', { timeout: 60_000 }, async () => {
    const run = (args: string[], input: string) => spawnSync(process.execPath, [BIN, 'extract', ...args], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const expected = (await cli(['extract', 'Small right pneumothorax.'], process.cwd())).stdout;
    expect(expected).toMatch(/^F1 present pneumothorax \[side right/);
    for (const args of [[], ['-'], ['--file', '-']]) {
      const r = run(args, 'Small right pneumothorax.\n');
      expect(r.stderr).toBe('');
      expect(r.stdout.replace(/ at \d+-\d+/, '')).toBe(expected.replace(/ at \d+-\d+/, ''));
      expect(r.status).toBe(0);
    }
    const json = JSON.parse(run(['--json'], 'No pneumothorax.').stdout) as { status: string }[];
    expect(json.map((f) => f.status)).toEqual(['absent']);
    const none = run([], '');
    expect(none.status).toBe(2);
    expect(none.stderr).toBe('metric-suite: extract takes the report text, --file <path>, or the report on standard input (`... | metric-suite extract`)\n');
  });
});
