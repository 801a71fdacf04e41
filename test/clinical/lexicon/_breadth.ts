/**
 * Table helpers of the breadth tests (issue 12, eighth session): each row is a finding name and an own example
 * sentence that states it; the test lists every row the extractor does not read as that finding (present or
 * uncertain), so one failure names all the phrasings that broke.
 */
import { extractFindings } from '../../../src/clinical/report/index.js';

/** A finding name and a sentence stating it. */
export type Row = readonly [name: string, sentence: string];

/** The rows whose sentence yields no present or uncertain finding of the row's name, with what was read instead. */
export function unread(rows: readonly Row[]): string[] {
  return rows.flatMap(([name, sentence]) => {
    const got = extractFindings(sentence).filter((f) => f.status !== 'absent');
    return got.some((f) => f.name === name) ? [] : [`${name} <- ${sentence} (read: ${got.map((f) => f.name).join(', ') || 'nothing'})`];
  });
}

/** The names of the present or uncertain findings of a sentence. */
export function names(sentence: string): string[] {
  return extractFindings(sentence).filter((f) => f.status !== 'absent').map((f) => f.name);
}
