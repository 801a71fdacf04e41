import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { getLexicon } from '../../clinical/lexicon/load.js';
import type { ReportFinding } from '../../clinical/report/index.js';
import type { CliIO } from '../io.js';
import { contextOf } from '../context-pairs.js';

const collect = (v: string, prev: string[] = []) => [...prev, v];


/** One line per finding: what the offline judge saw, and why it weighs what it weighs. */
export function formatFinding(f: ReportFinding): string {
  const hedge = f.status === 'uncertain' ? ` (${f.probability === 2 ? 'likely' : 'possible'})` : '';
  // a device's stated distance is where its tip lies ("ETT 1 cm above the carina"), not a size of the finding
  // a lodged object (a swallowed coin) lies somewhere and has a size of its own; a device's size is its tip distance
  const lodged = getLexicon().byName.get(f.name)?.lodged === true;
  const tipDistance = !lodged && f.size !== undefined && f.devicePosition !== undefined ? `${f.size.mm} mm ` : '';
  const attrs = [
    f.side && `side ${f.side}`,
    f.location && `at ${f.location.join(', ')}`,
    f.severityText && `severity ${f.severityText}`,
    f.size && !tipDistance && `size ${f.size.dimensionsMm.join(' x ')} mm`,
    f.temporal && `temporal ${f.temporal}`,
    f.devicePosition && (lodged ? `in ${f.devicePosition}` : `tip ${tipDistance}${f.devicePosition}`),
    f.devicePlacement,
    f.evidence && `from ${f.evidence.join(', ')}`,
    f.interpretations && `or ${f.interpretations.join(', ')}`,
  ].filter(Boolean);
  const why = f.significanceRule ? ` (${f.significanceRule})` : '';
  return `${f.id} ${f.status}${hedge} ${f.name}${attrs.length ? ` [${attrs.join('; ')}]` : ''}\n   significance ${f.significance}${why}\n   text ${JSON.stringify(f.text)} at ${f.span[0]}-${f.span[1]}`;
}

/** The report: the text argument, a file, or standard input (`-`, or piped with neither given). */
async function reportText(text: string | undefined, file: string | undefined, io: CliIO): Promise<string> {
  if (text !== undefined && file !== undefined) throw new Error('extract takes the report text or --file <path>, not both');
  const named = text === '-' || file === '-';
  if (named && !io.stdin) throw new Error('extract: no standard input to read the report from');
  if (named || (text === undefined && file === undefined && io.stdin && io.stdin.isTTY !== true)) {
    const piped = await io.stdin!.read();
    // nothing piped in (stdin closed, e.g. </dev/null) and nothing asked of it: the usage error
    if (named || piped.trim() !== '') return piped;
  }
  if (file !== undefined) return readFileSync(path.resolve(io.cwd, file), 'utf8');
  if (text !== undefined) return text;
  throw new Error('extract takes the report text, --file <path>, or the report on standard input (`... | metric-suite extract`)');
}

/** `metric-suite extract`: the findings the offline judge reads in a report. */
export function registerExtract(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('extract')
    .description('show the findings the offline judge reads in a report (name, status, side, place, size, significance, span)')
    .argument('[text]', 'report text (- or piped input: read it from standard input)')
    .option('--file <path>', 'read the report from a file (- for standard input)')
    .option('--context <key=value>', 'patient context, e.g. age=72, sex=F, indication="fall" (repeatable)', collect)
    .option('--json', 'print the findings as JSON')
    .action(async (text: string | undefined, f: { file?: string; context?: string[]; json?: boolean }) => {
      try {
        const report = await reportText(text, f.file, io);
        const { extractFindings } = await import('../../clinical/report/index.js');
        const findings = extractFindings(report, { context: contextOf(f.context) });
        if (f.json) io.stdout.write(`${JSON.stringify(findings, null, 2)}\n`);
        else io.stdout.write(findings.length ? `${findings.map(formatFinding).join('\n')}\n` : 'no findings\n');
        setExit(0);
      } catch (e) {
        io.stderr.write(`metric-suite: ${(e as Error).message}\n`);
        setExit(2);
      }
    });
}
