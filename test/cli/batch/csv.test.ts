import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRecovering } from '../../../src/cli/batch/csv.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines; CRLF and a BOM', () => {
    const recs = parseCsv('\ufeffid,reference\r\n1,"Small, left ""moderate""\neffusion."\r\n2,plain\n');
    expect(recs).toEqual([
      { fields: ['id', 'reference'], line: 1 },
      { fields: ['1', 'Small, left "moderate"\neffusion.'], line: 2 },
      { fields: ['2', 'plain'], line: 4 },
    ]);
  });

  it('skips blank lines, keeps empty fields and a last line without newline', () => {
    expect(parseCsv('a,b\n\n1,\n,2').map((r) => r.fields)).toEqual([['a', 'b'], ['1', ''], ['', '2']]);
  });

  it('says where a quote is malformed', () => {
    expect(() => parseCsv('a,b\n1,"open\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,x"y\n');
    } catch (e) {
      expect(e).toMatchObject({ line: 2, column: 4 });
    }
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/text after a closing quote/);
  });

  it('recovering: a row with an unclosed quote is an error where the quote opens, and the rows after it still parse', () => {
    const { records, errors } = parseCsvRecovering('id,reference\n1,ok\n2,"open\n3,fine\n4,"closed"\n');
    expect(records.map((r) => [r.line, ...r.fields])).toEqual([[1, 'id', 'reference'], [2, '1', 'ok'], [4, '3', 'fine'], [5, '4', 'closed']]);
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([[3, 3, 'a quoted field is not closed on its line']]);
    expect(parseCsvRecovering('a\n"x\n').errors.map((e) => e.message)).toEqual(['a quoted field is never closed']);
    // an unclosed quote that a later row's quote seems to close: reported on its own line, the later row kept
    const paired = parseCsvRecovering('a,b\n1,"open\n"x",y\n');
    expect(paired.errors.map((e) => [e.line, e.column, e.message])).toEqual([[2, 3, 'a quoted field is not closed on its line']]);
    expect(paired.records.map((r) => r.fields)).toEqual([['a', 'b'], ['x', 'y']]);
  });
});
