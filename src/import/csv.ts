/**
 * RFC 4180 CSV: fields separated by commas, optionally in double quotes (a doubled quote inside
 * is one quote; quoted fields may hold commas and line breaks), records end at CRLF or LF. A
 * leading UTF-8 BOM is dropped. Rows keep the line on which they start, for messages.
 */

export interface CsvRow {
  /** 1-based line of the record's first character. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  override readonly name = 'CsvError';
}

export function parseCsv(text: string): CsvRow[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: start, fields }); // blank lines are skipped
    fields = [];
    field = '';
  };
  while (i < s.length) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        if (i < s.length && s[i] !== ',' && s[i] !== '\n' && s[i] !== '\r') throw new CsvError(`line ${line}: text after a closing quote`);
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && s[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) throw new CsvError(`line ${start}: a quoted field is not closed`);
  if (field !== '' || fields.length > 0) endRecord();
  return rows;
}
