/**
 * The lexicon's YAML files. Findings live in `findings/*.yaml` (one file per body region or
 * kind, each a YAML sequence of entries) and the report language in `language/*.yaml` (each a
 * mapping of sections), so a contribution touches one small file. Each folder is read in file
 * name order and joined into one document, which the loader validates as a whole (a term owned
 * by two findings in two files is still refused).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** One YAML file of the lexicon, as read. */
export interface SourceFile {
  /** Path relative to the lexicon folder, e.g. `findings/pleura.yaml`. */
  name: string;
  text: string;
}

/** Both folders' files and the two documents joined from them. */
export interface LexiconSources {
  findings: string;
  language: string;
  files: { findings: SourceFile[]; language: SourceFile[] };
}

/** The two folders a lexicon directory holds. */
export const SOURCE_FOLDERS = ['findings', 'language'] as const;

function readFolder(dir: string, folder: string): SourceFile[] {
  const where = path.join(dir, folder);
  if (!existsSync(where)) throw new Error(`lexicon: cannot find ${where}`);
  const names = readdirSync(where).filter((n) => n.endsWith('.yaml')).sort();
  if (names.length === 0) throw new Error(`lexicon: no .yaml files in ${where}`);
  return names.map((n) => ({ name: `${folder}/${n}`, text: readFileSync(path.join(where, n), 'utf8') }));
}

const withNewline = (t: string): string => (t.endsWith('\n') ? t : `${t}\n`);

/** The findings files as one document: `findings:` over their sequences (YAML lets a block sequence sit at its key's indentation). */
export function joinFindings(texts: readonly string[]): string {
  return `findings:\n${texts.map(withNewline).join('')}`;
}

/** The language files as one mapping (a section defined in two files is a YAML duplicate-key error). */
export function joinLanguage(texts: readonly string[]): string {
  return texts.map(withNewline).join('');
}

/** Reads `findings/*.yaml` and `language/*.yaml` under `dir` and joins each folder. */
export function readLexiconSources(dir: string): LexiconSources {
  const findings = readFolder(dir, 'findings');
  const language = readFolder(dir, 'language');
  return {
    findings: joinFindings(findings.map((f) => f.text)),
    language: joinLanguage(language.map((f) => f.text)),
    files: { findings, language },
  };
}

/**
 * The file and line of a 1-based line of a joined document (`offset` lines of header before the
 * first file), to name the file an error is in.
 */
export function fileOfLine(files: readonly SourceFile[], line: number, offset: number): { name: string; line: number } | undefined {
  let start = offset + 1;
  for (const f of files) {
    const count = withNewline(f.text).split('\n').length - 1;
    if (line < start + count) return { name: f.name, line: line - start + 1 };
    start += count;
  }
  return undefined;
}
