import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from './_run.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the shipped corpus', () => {
  it('passes validate --strict cases/ (no problem, no lint warning)', async () => {
    const r = await cli(['validate', '--strict', 'cases/'], root);
    expect(r.stdout).not.toContain('warning:');
    expect(r.lastLine).toMatch(/^\d+ case files?, \d+ valid cases?, 0 problems$/);
    expect(r.code).toBe(0);
  }, 60_000);
});
