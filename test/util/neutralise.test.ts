import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { makeGithubActionsReporter } from '../../reporters/github-actions.js';
import { createVerboseReporter } from '../../reporters/verbose.js';
import type { RunReport } from '../../src/runner/results.js';
import { neutralise, neutraliseBlock, neutraliseLine } from '../../src/util/neutralise.js';
import { runReporter, sampleReport } from '../reporters/_fixtures/sample-report.js';

/** Issue 14, finding 8: case text cannot inject workflow commands or escape codes. */
describe('neutralise', () => {
  it('escapes newlines and controls in one-line text and breaks workflow commands', () => {
    expect(neutraliseLine('Effusion\n::warning file=x::owned')).toBe('Effusion\\n::warning file=x::owned');
    expect(neutraliseLine('::error::x')).toBe(':\u200b:error::x');
    expect(neutraliseLine('red \u001b[31mtext\u001b[0m\r')).toBe('red \\u001b[31mtext\\u001b[0m\\r');
  });

  it('keeps newlines in block text but no line can start a command', () => {
    expect(neutraliseBlock('line one\n  ::set-output name=x::y\nline \u0007three')).toBe('line one\n  :\u200b:set-output name=x::y\nline \\u0007three');
  });

  it('copies only what changes', () => {
    const clean = { a: ['x', { b: 'y' }], n: 1 };
    expect(neutralise(clean)).toBe(clean);
    const dirty = { title: 'a\nb', keep: { z: 'ok' } };
    const safe = neutralise(dirty);
    expect(safe).toEqual({ title: 'a\\nb', keep: { z: 'ok' } });
    expect(safe.keep).toBe(dirty.keep);
    expect(dirty.title).toBe('a\nb');
  });

  it("leaves a run's plan (machine data: NUL-separated work keys) as it is, without a walk", () => {
    const plan = { work: ['case\u0000main\u0000bleu\u0000a'], gates: [] };
    const report = { title: 'ok', plan };
    expect(neutralise(report)).toBe(report);
    expect(neutralise(report).plan.work[0]).toBe('case\u0000main\u0000bleu\u0000a');
  });
});

describe('terminal reporters print case text neutralised', () => {
  const hostile: RunReport = {
    ...sampleReport,
    results: sampleReport.results.map((r, i) => (i === 0 || r.verdict === 'fail'
      ? { ...r, verdict: 'fail' as const, caseId: `${r.caseId}\n::warning ::injected`, title: 'Effusion\n::error ::owned \u001b]0;pwned\u0007', reason: 'bad\n::add-mask::x' }
      : r)),
  };

  for (const [name, factory] of [['default', createDefaultReporter], ['verbose', createVerboseReporter], ['github-actions', makeGithubActionsReporter({ env: {} })]] as const) {
    it(`${name}: no output line starts a workflow command and no escape code comes from the case`, async () => {
      const out = await runReporter(factory, hostile, false);
      const lines = out.split('\n');
      const commands = lines.filter((l) => /^\s*::/.test(l));
      // the github-actions reporter's own annotations are the only commands allowed
      for (const l of commands) expect(l).toMatch(/^::(error|warning|notice) /);
      expect(out).not.toMatch(/^\s*::(warning|error|add-mask) ::?(injected|owned|x)/m);
      expect(out).not.toContain('\u001b]0;');
      expect(out).not.toContain('\u0007');
    });
  }
});
