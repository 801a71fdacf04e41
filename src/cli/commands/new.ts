import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { CliIO } from '../io.js';
import { packageRoot } from '../../util/package-root.js';
import { caseTarget } from './case-target.js';

import { CAPABILITIES } from '../../cases/lint/capabilities.js';

export { CAPABILITIES };

const KINDS = ['ranking', 'preference'] as const;
type NewKind = (typeof KINDS)[number];

const PROVENANCE = `provenance:
  author: TODO your name or handle   # who wrote the case
  source: written for metric-suite from chest X-ray knowledge   # or where it came from (never patient data)
  license: MIT
  # reviewed_by: TODO   # added by the clinician who reviews it (CONTRIBUTING.md)`;

/** The commented scaffold of a new case file (valid as written; every TODO is to replace). */
export function scaffold(kind: NewKind, capability: string, id: string, schemaRef: string): string {
  const head = `# yaml-language-server: $schema=${schemaRef}
# A new ${kind} case: replace every TODO, then run \`metric-suite validate <this file>\`.
# Until its reports are filled in, runs report it as todo (not scored, not gated).
# Write it from clinical knowledge: no patient data, no dates, names, record numbers,
# phone numbers or ages over 89 (validate lints for them). See CONTRIBUTING.md.
id: ${id}
kind: ${kind}
title: TODO one line saying what the case tests
capability: ${capability}
# One of easy, medium, hard, plus topic tags; add "tie" when the case expects \`=\`.
tags: [TODO-topic, medium]
# Optional patient or study context (per candidate too: { text: ..., context: {...} }).
# context: { age: 64, sex: F, indication: Shortness of breath }
`;
  if (kind === 'preference') {
    return `${head}reference: TODO the reference report.
candidates:
  C1: TODO a candidate report.
  C2: TODO another candidate report.
# One entry per rater; higher scores are better (e.g. 1-5).
ratings:
  - { rater: r1, scores: { C1: 4, C2: 2 } }
rationale: TODO who rated and how (scale, instructions).
${PROVENANCE}
`;
  }
  return `${head}reference: TODO the reference report, e.g. Moderate left pleural effusion.
candidates:
  # Labels are yours; keep one candidate identical to the reference ("exact").
  exact: TODO the reference text again.
  # A clinically equivalent rewording (ties with exact: expect \`exact = reworded\`).
  reworded: TODO the same findings in other words.
  # One clinical change a metric should notice (wrong side, size, hedge, omission...).
  wrong: TODO the reference with one clinical error.
# Relations: a > b (better beyond the tie tolerance), a >= b, a = b (a tie), chains
# (a = b > c), numeric bounds (a >= 0.8). Use \`=\` where a clinician sees no difference.
expect:
  - exact = reworded > wrong
# Why a clinician expects this ranking: the management the error would change.
rationale: TODO why a clinician ranks the candidates this way.
${PROVENANCE}
`;
}

const posixRel = (from: string, to: string) => path.relative(from, to).split(path.sep).join('/') || '.';

function slug(id: string): string {
  return id.split('/').at(-1)!.replace(/[^A-Za-z0-9._-]+/g, '-') || 'new-case';
}

/** `metric-suite new case --kind ranking --capability laterality [--id ...] [--out path]`. */
export function registerNew(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const cmd = program.command('new').description('scaffold new files (`new case`)');
  cmd
    .command('case')
    .description('write a commented case file to fill in (default: cases/<kind>/<capability>/<name>.yaml, or under the folder a suite of yours runs)')
    .option('--kind <kind>', `case kind: ${KINDS.join(', ')}`, 'ranking')
    .requiredOption('--capability <name>', `clinical capability (${CAPABILITIES.join(', ')})`)
    .option('--id <id>', 'case id (default <capability>/new-case)')
    .option('--out <path>', 'file to write')
    .option('--force', 'overwrite an existing file')
    .action(async (flags: { kind: string; capability: string; id?: string; out?: string; force?: boolean }) => {
      if (!KINDS.includes(flags.kind as NewKind)) {
        io.stderr.write(`metric-suite new case: unknown --kind "${flags.kind}" (one of ${KINDS.join(', ')})\n`);
        return setExit(2);
      }
      if (!/^[a-z0-9][a-z0-9-]*$/.test(flags.capability)) {
        io.stderr.write(`metric-suite new case: --capability must be lower-case words joined by "-" (e.g. ${CAPABILITIES[0]})\n`);
        return setExit(2);
      }
      if (!(CAPABILITIES as readonly string[]).includes(flags.capability)) {
        io.stderr.write(`note: "${flags.capability}" is a new capability (known: ${CAPABILITIES.join(', ')}); declare it under \`capabilities:\` in the config, or validate rejects it\n`);
      }
      const id = flags.id ?? `${flags.capability}/new-case`;
      const target = await caseTarget(io.cwd, { kind: flags.kind, capability: flags.capability, name: slug(id) }, flags.out);
      const out = target.file;
      const shown = path.relative(io.cwd, out).replace(/\\/g, '/');
      if (existsSync(out) && !flags.force) {
        io.stderr.write(`metric-suite new case: ${shown} exists (use --force or another --out)\n`);
        return setExit(2);
      }
      // the published schema: in a project, node_modules/metric-suite/schema (a project has no schema/ of its own)
      const schemaRef = path.relative(path.dirname(out), path.join(packageRoot(), 'schema', 'case.schema.json')).replace(/\\/g, '/');
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, scaffold(flags.kind as NewKind, flags.capability, id, schemaRef));
      const where = target.suite ? ` (suite ${target.suite} runs it)` : '';
      io.stdout.write(`wrote ${shown}${where}: fill in the TODOs, then run metric-suite validate on it\n`);
      if (!target.suite && target.suiteDir) {
        io.stderr.write(`note: none of your suites runs ${shown}: add \`${posixRel(target.suiteDir, path.dirname(out))}/*.yaml\` to a suite's \`cases\` (globs are relative to the suite file)\n`);
      }
      setExit(0);
    });
  return cmd;
}
