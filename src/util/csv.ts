/**
 * RFC 4180 CSV, parsed by csv-parse: quoted fields with doubled quotes, commas and newlines
 * inside quotes, CRLF, LF or CR line ends, a BOM ignored, blank lines skipped, ragged rows kept.
 * This wrapper adds what the CLI's error messages need and csv-parse does not give: the line each
 * record starts on, an error's line and column (csv-parse reports only a byte count and a field
 * index), and recovery: one malformed record costs that record, not the rest of the file.
 */
import { CsvError as ParseError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the record's first character. */
  line: number;
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses the whole text. @throws CsvError at the first malformed record. */
export function parseCsv(text: string): CsvRecord[] {
  const { records, errors } = parseCsvRecovering(text);
  if (errors.length) throw errors[0]!;
  return records;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * Parses what it can: a malformed record (an unclosed quote, text after a closing quote, a
 * stray quote) is an error, and parsing resumes on the line after the one the record starts
 * on, so one bad row costs that row, not the rest of the file. A quote that never closes on its
 * record's line is reported where it opens (the parser notices only where its pairing breaks).
 */
export function parseCsvRecovering(text: string): { records: CsvRecord[]; errors: CsvError[] } {
  const buf = Buffer.from(text.startsWith('\ufeff') ? text.slice(1) : text);
  // csv-parse counts bytes, so positions here are byte offsets into buf
  const lineStarts = [0];
  for (let i = 0; i < buf.length; i++) if (buf[i] === LF || (buf[i] === CR && buf[i + 1] !== LF)) lineStarts.push(i + 1);
  const lineOf = (pos: number): number => {
    let lo = 0;
    let hi = lineStarts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (lineStarts[mid]! <= pos) lo = mid;
      else hi = mid;
    }
    return lo + 1;
  };
  const errorAt = (message: string, pos: number): CsvError => {
    const line = lineOf(pos);
    return new CsvError(message, line, buf.toString('utf8', lineStarts[line - 1], pos).length + 1);
  };
  /** Where the record after a record ending at `pos` starts (csv-parse skips blank lines). */
  const skipBlank = (pos: number): number => {
    while (buf[pos] === LF || buf[pos] === CR) pos++;
    return pos;
  };

  const records: CsvRecord[] = [];
  const errors: CsvError[] = [];
  let at = 0;
  while (at < buf.length) {
    let end = at; // where the last record read ends
    try {
      parse(buf.subarray(at), {
        record_delimiter: ['\r\n', '\n', '\r'],
        skip_empty_lines: true,
        relax_column_count: true,
        on_record: (fields: string[], info) => {
          records.push({ fields, line: lineOf(skipBlank(end)) });
          end = at + info.bytes;
          return null; // collected here; csv-parse need not keep them
        },
      });
      break;
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      const start = skipBlank(end);
      const line = lineOf(start);
      errors.push(describe(e, start, line));
      if (line >= lineStarts.length) break;
      at = lineStarts[line]!;
    }
  }
  return { records, errors };

  /** The error csv-parse threw for the record at `start` (on `line`), located in the text. */
  function describe(e: ParseError, start: number, line: number): CsvError {
    // e.index is the field being read; e.bytes the offset of the comma before it
    const field = (e.index as number) > 0 ? at + (e.bytes as number) + 1 : start;
    if (e.code === 'INVALID_OPENING_QUOTE') return errorAt('a quote inside an unquoted field (quote the whole field and double inner quotes)', buf.indexOf(QUOTE, field));
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') return errorAt('a quoted field is never closed', field);
    if (e.code === 'CSV_INVALID_CLOSING_QUOTE') {
      // the field opens with a quote at `field`; its closing quote is the first one not doubled
      let close = buf.indexOf(QUOTE, field + 1);
      while (buf[close + 1] === QUOTE) close = buf.indexOf(QUOTE, close + 2);
      if (lineOf(field) === line && lineOf(close + 1) !== line) return errorAt('a quoted field is not closed on its line', field);
      return errorAt('text after a closing quote', close + 1);
    }
    return errorAt(e.message, start);
  }
}
