import { describe, expect, it } from 'vitest';
import {
  annotations,
  escapeData,
  escapeProperty,
  formatAnnotation,
  makeGithubActionsReporter,
} from '../../reporters/github-actions.js';
import { getReporter } from '../../reporters/index.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

/** Reads a workflow command back the way the runner parses it. */
function parse(line: string): { level: string; props: Record<string, string>; message: string } {
  const m = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const unData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unProp = (s: string) => unData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
  const props: Record<string, string> = {};
  for (const kv of m[2] ? m[2].split(',') : []) {
    const eq = kv.indexOf('=');
    props[kv.slice(0, eq)] = unProp(kv.slice(eq + 1));
  }
  return { level: m[1]!, props, message: unData(m[3]!) };
}

const factory = (env: Record<string, string | undefined>, files: Record<string, string> = {}) =>
  makeGithubActionsReporter({ env, cwd: '/repo', appendFile: (f, t) => void (files[f] = (files[f] ?? '') + t) });

describe('github-actions escaping', () => {
  it('escapes data: %, \\r and \\n only', () => {
    expect(escapeData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeData('%0A literal')).toBe('%250A literal');
  });

  it('escapes properties: as data plus : and ,', () => {
    expect(escapeProperty('crimson:lexicon, 50%\n')).toBe('crimson%3Alexicon%2C 50%25%0A');
  });

  it('formats annotations with file, line, col and title; no line without a file or for line 0', () => {
    expect(formatAnnotation({ level: 'error', file: 'a,b.yaml', line: 3, col: 2, title: 'T: x', message: 'm1\nm2' })).toBe(
      '::error file=a%2Cb.yaml,line=3,col=2,title=T%3A x::m1%0Am2',
    );
    expect(formatAnnotation({ level: 'warning', message: 'plain' })).toBe('::warning::plain');
    expect(formatAnnotation({ level: 'error', file: 'f', line: 0, col: 0, message: 'x' })).toBe('::error file=f::x');
  });

  it('round-trips any text through the escaping', () => {
    const nasty = 'a%b\r\nc:d,e::f%0A';
    const { props, message } = parse(formatAnnotation({ level: 'error', file: nasty, line: 1, title: nasty, message: nasty }));
    expect(props.file).toBe(nasty);
    expect(props.title).toBe(nasty);
    expect(message).toBe(nasty);
  });
});

describe('github-actions reporter', () => {
  it('is registered', () => {
    expect(getReporter('github-actions')).toBeTypeOf('function');
  });

  it('matches the golden annotations', async () => {
    const out = await runReporter(factory({}));
    await expect(out).toMatchFileSnapshot('./__golden__/github-actions.txt');
  });

  it('annotates gating failures as errors on the case file lines, once per case × metric', async () => {
    const lines = (await runReporter(factory({}))).trimEnd().split('\n');
    expect(lines.every((l) => l.startsWith('::'))).toBe(true);
    const parsed = lines.map(parse);
    const effusion = parsed.filter((a) => a.props.title === 'FAIL laterality/effusion-side [rouge-l]');
    expect(effusion).toHaveLength(1);
    expect(effusion[0]).toMatchObject({ level: 'error', props: { file: 'cases/ranking/laterality/effusion-side.yaml', line: '1', col: '1' } });
    expect(effusion[0]!.message).toContain('actual:   exact 0.8123 │ wrong_side 0.8120 │ missed 0.1000');
    expect(effusion[0]!.message).toContain('wrong_side: laterality: left -> right (pleural effusion)');
    // a miss its gate tolerates (crimson:lexicon passes at 50%) is a warning, not an error
    const lexicon = parsed.find((a) => a.props.title === 'FAIL (within the gate) laterality/s-score-left-effusion [crimson:lexicon]');
    expect(lexicon).toMatchObject({ level: 'warning', props: { line: '2', col: '1' } });
    expect(parsed.find((a) => a.props.title?.startsWith('INCONCLUSIVE'))?.level).toBe('error');
    expect(parsed.find((a) => a.props.title?.startsWith('ERROR'))?.message).toContain('HTTP 504 <gateway> & "proxy"');
  });

  it('makes problems errors, one notice per informational metric and known-failure list, and flags failed gates and laws', async () => {
    const report: RunReport = {
      ...sampleReport,
      results: [...sampleReport.results, { ...sampleReport.results[0]!, suite: 'extra', caseId: 'known/one', knownFailure: true }],
    };
    const parsed = (await runReporter(factory({}), report)).trimEnd().split('\n').map(parse);
    expect(parsed[0]).toMatchObject({ level: 'error', props: { file: 'cases/ranking/negation/bad.yaml', line: '7', col: '5' } });
    expect(parsed[0]!.message).toBe('expect: "exact >> missed" is not a relation');
    expect(parsed.filter((a) => a.props.title?.includes('bleu'))).toEqual([
      { level: 'notice', props: { title: 'informational: bleu (not gating)' }, message: '1 case not passing; see the job summary or --reporter verbose' },
    ]);
    expect(parsed.find((a) => a.props.title === 'known failures: rouge-l (not gating)')).toMatchObject({ level: 'notice', message: '1 case failing as documented in the suite' });
    expect(parsed.some((a) => a.props.title?.includes('known/one'))).toBe(false);
    expect(parsed.find((a) => a.props.title === 'FAIL law negation-lowers-score [rouge-l]')).toMatchObject({ level: 'error' });
    const gates = parsed.filter((a) => a.props.title?.startsWith('gate failed'));
    expect(gates.map((g) => g.props.title)).toEqual(['gate failed: clinical · rouge-l', 'gate failed: clinical · crimson']);
    // errors come before warnings and notices
    const levels = parsed.map((a) => a.level);
    expect(levels.lastIndexOf('error')).toBeLessThan(levels.indexOf('warning'));
    expect(levels.lastIndexOf('warning')).toBeLessThan(levels.indexOf('notice'));
  });

  it('makes absolute case paths relative to GITHUB_WORKSPACE', () => {
    const report: RunReport = { ...sampleReport, results: [{ ...sampleReport.results[0]!, file: '/ws/cases/a.yaml' }], problems: [], laws: [], gates: [] };
    const [a] = annotations(report, '/ws');
    expect(a).toMatchObject({ file: 'cases/a.yaml', line: 1, col: 1 });
  });

  it('appends the markdown job summary to GITHUB_STEP_SUMMARY (read when created)', async () => {
    const files: Record<string, string> = { '/tmp/summary.md': 'earlier step\n' };
    const env: Record<string, string | undefined> = { GITHUB_STEP_SUMMARY: '/tmp/summary.md' };
    const f = factory(env, files);
    const out = await runReporter(f);
    expect(out).toContain('::error ');
    const summary = files['/tmp/summary.md']!;
    expect(summary.startsWith('earlier step\n# metric-suite report\n')).toBe(true);
    expect(summary).toContain('## Gates');
    // matrix cells by gate outcome: rouge-l's gate fails, crimson:lexicon's holds, bleu is informational
    expect(summary).toContain('| laterality | ❌ 0/2 | ✅ 1/2 | ℹ️ 1/1 | ❌ 0/1 | skipped |');
    expect(summary).toContain('4 passed, 6 failed, 1 skipped');
  });

  it('writes no summary without GITHUB_STEP_SUMMARY, and warns when it cannot write one', async () => {
    const files: Record<string, string> = {};
    await runReporter(factory({}, files));
    expect(files).toEqual({});
    const failing = makeGithubActionsReporter({
      env: { GITHUB_STEP_SUMMARY: '/nope/summary.md' },
      appendFile: () => {
        throw new Error('EACCES');
      },
    });
    const out = await runReporter(failing);
    expect(out.trimEnd().split('\n').at(-1)).toBe('::warning title=metric-suite::cannot write the job summary to /nope/summary.md: EACCES');
  });

  it('prints nothing for a clean run', async () => {
    const report: RunReport = { ...sampleReport, results: [sampleReport.results[1]!], laws: [], gates: [], problems: [], exitCode: 0 };
    expect(await runReporter(factory({}), report)).toBe('');
  });
});
