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

export function parseCsv(text: string): CsvRecord[] {
  const s = text.startsWith('\ufeff') ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let col = 1;
  let start = 1;
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
  for (let i = 0; i < s.length; i++) {
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
    if (afterQuote && c !== ',' && c !== '\n' && c !== '\r') throw new CsvError('text after a closing quote', line, col);
    afterQuote = false;
    if (c === '"') {
      if (field !== '') throw new CsvError('a quote inside an unquoted field (quote the whole field and double inner quotes)', line, col);
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
      quoteCol = col;
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
    } else field += c;
    col++;
  }
  if (quoted) throw new CsvError('a quoted field is never closed', quoteLine, quoteCol);
  if (field !== '' || fields.length || wasQuoted) endRecord();
  return out;
}
