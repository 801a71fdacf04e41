import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { writeCases, type ImportResult } from '../../import/common.js';
import { importRadjudge } from '../../import/radjudge.js';
import { importRadpref, readRadprefFolder } from '../../import/radpref.js';
import { importRatings } from '../../import/ratings.js';
import { packageRoot } from '../../util/package-root.js';
import type { CliIO } from '../io.js';

const FORMATS = ['radjudge', 'radpref', 'ratings'] as const;

/** `metric-suite import <format> <path> --out <dir>`: convert public formats into case files. */
export function registerImport(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('import')
    .description('convert a public dataset into case files: radjudge (a JSON export), radpref (a folder) or ratings (a CSV of reference, candidate, rating, rater)')
    .argument('<format>', FORMATS.join(' | '))
    .argument('<path>', 'radjudge: the JSON file; radpref: the folder holding preference_data.json and radiologist_annotations/; ratings: the CSV file')
    .requiredOption('--out <dir>', 'folder to write the cases into (e.g. cases/imported/radjudge)')
    .option('--license <text>', 'license written into each case\'s provenance (the source\'s license)')
    .option('--force', 'overwrite existing files')
    .action((format: string, source: string, flags: { out: string; license?: string; force?: boolean }) => {
      const src = path.resolve(io.cwd, source);
      let result: ImportResult;
      try {
        if (format === 'radjudge') {
          const file = statSync(src).isDirectory() ? path.join(src, 'radjudge.json') : src;
          result = importRadjudge(JSON.parse(readFileSync(file, 'utf8')), path.basename(file), flags.license);
        } else if (format === 'radpref') {
          const dir = statSync(src).isDirectory() ? src : path.dirname(src);
          const { items, raters } = readRadprefFolder(dir);
          result = importRadpref(items, raters, path.basename(dir), flags.license);
        } else if (format === 'ratings') {
          result = importRatings(readFileSync(src, 'utf8'), path.basename(src), flags.license);
        } else {
          io.stderr.write(`metric-suite import: unknown format "${format}" (one of ${FORMATS.join(', ')})\n`);
          return setExit(2);
        }
      } catch (e) {
        io.stderr.write(`metric-suite import: cannot read ${source}: ${(e as Error).message}\n`);
        return setExit(2);
      }
      const outDir = path.resolve(io.cwd, flags.out);
      const { written, skipped } = writeCases(result.cases, outDir, path.join(packageRoot(), 'schema', 'case.schema.json'), flags.force === true); // the published schema, as `new case` points to it
      for (const w of result.warnings) io.stderr.write(`warning: ${w}\n`);
      for (const s of skipped) io.stderr.write(`warning: ${path.relative(io.cwd, s)} exists, not overwritten (--force)\n`);
      // a ratings CSV becomes one file with a `cases:` list
      const n = result.cases.filter((c) => written.includes(path.resolve(outDir, c.file))).reduce((k, c) => k + (Array.isArray(c.data.cases) ? c.data.cases.length : 1), 0);
      io.stdout.write(`imported ${n} ${format} case${n === 1 ? '' : 's'} into ${path.relative(io.cwd, outDir) || '.'}` +
        `${result.warnings.length ? ` (${result.warnings.length} item${result.warnings.length === 1 ? '' : 's'} skipped)` : ''}; check them with metric-suite validate ${path.relative(io.cwd, outDir) || '.'}\n`);
      setExit(result.cases.length === 0 || skipped.length > 0 ? 2 : 0);
    });
}
