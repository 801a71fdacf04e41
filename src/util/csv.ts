/**
 * RFC 4180 CSV: quoted fields with doubled quotes, commas and newlines inside quotes, CRLF or
 * LF line ends, a BOM ignored. Each record carries the line it starts on, for error messages.
 */

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

/**
 * Parses what it can: a malformed record (an unclosed quote, text after a closing quote, a
 * stray quote) is an error, and parsing resumes on the line after the one the record starts
 * on, so one bad row costs that row, not the rest of the file. A quote that never closes on its
 * record's line is reported where it opens (the parser notices only where its pairing breaks).
 */
export function parseCsvRecovering(text: string): { records: CsvRecord[]; errors: CsvError[] } {
  const s = text.startsWith('\ufeff') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const errors: CsvError[] = [];
  let at = 0;
  let line = 1;
  while (at < s.length) {
    const stop = parseFrom(s, at, line, records);
    if (!stop) break;
    const { error, recordStart, recordLine } = stop;
    errors.push(stop.quote && stop.quote.line === recordLine && error.line !== recordLine ? new CsvError('a quoted field is not closed on its line', recordLine, stop.quote.column) : error);
    const nl = s.indexOf('\n', recordStart);
    if (nl < 0) break;
    at = nl + 1;
    line = recordLine + 1;
  }
  return { records, errors };
}

interface Stop {
  error: CsvError;
  recordStart: number;
  recordLine: number;
  /** Where the quoted field open at the failure began. */
  quote?: { line: number; column: number };
}

/** Parses records from offset `from` (on line `line0`) into `out`; returns where it failed, if it did. */
function parseFrom(s: string, from: number, line0: number, out: CsvRecord[]): Stop | undefined {
  let fields: string[] = [];
  let field = '';
  let line = line0;
  let col = 1;
  let start = line0;
  let startOffset = from;
  let quoted = false;
  let quoteLine = 0;
  let quoteCol = 0;
  let wasQuoted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) out.push({ fields, line: start });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  const stop = (message: string, l: number, c: number, quote?: Stop['quote']): Stop => ({ error: new CsvError(message, l, c), recordStart: startOffset, recordLine: start, ...(quote ? { quote } : {}) });
  let lastQuote: Stop['quote'];
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
          col++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else field += c;
      if (c === '\n') {
        line++;
        col = 1;
      } else col++;
      continue;
    }
    if (afterQuote && c !== ',' && c !== '\n' && c !== '\r') return stop('text after a closing quote', line, col, lastQuote);
    afterQuote = false;
    if (c === '"') {
      if (field !== '') return stop('a quote inside an unquoted field (quote the whole field and double inner quotes)', line, col);
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
      quoteCol = col;
      lastQuote = { line, column: col };
    } else if (c === ',') {
      fields.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
      col = 0;
      start = line;
      startOffset = i + 1;
      lastQuote = undefined;
    } else field += c;
    col++;
  }
  if (quoted) return stop('a quoted field is never closed', quoteLine, quoteCol, { line: quoteLine, column: quoteCol });
  if (field !== '' || fields.length || wasQuoted) endRecord();
  return undefined;
}
