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

describe('parseCsv on csv-parse: positions and recovery', () => {
  it('counts columns in characters, not bytes, and lines across blank lines and multi-line fields', () => {
    // csv-parse reports byte offsets; columns are characters of the line
    const { records, errors } = parseCsvRecovering('a,b\n\n"é\n€",x"y\n\n\nok,1\n');
    // the record of lines 3-4 is lost; parsing resumes on line 4, which is itself malformed
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [4, 5, 'a quote inside an unquoted field (quote the whole field and double inner quotes)'],
      [4, 2, 'a quote inside an unquoted field (quote the whole field and double inner quotes)'],
    ]);
    expect(records.map((r) => [r.line, ...r.fields])).toEqual([[1, 'a', 'b'], [7, 'ok', '1']]);
    expect(parseCsvRecovering('é,€,"x"y\n').errors.map((e) => [e.line, e.column])).toEqual([[1, 8]]);
    expect(parseCsv('a,b\n\n\n"x\ny",2\r\n\r\nz,3').map((r) => [r.line, ...r.fields])).toEqual([[1, 'a', 'b'], [4, 'x\ny', '2'], [7, 'z', '3']]);
  });

  it('keeps ragged rows and a quoted empty field on its own', () => {
    expect(parseCsv('a,b,c\n1\n1,2,3,4\n""\n').map((r) => r.fields)).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4'], ['']]);
  });

  it('reads mixed and CR-only line ends, resuming after a bad CR-ended line', () => {
    expect(parseCsv('a\r\nb\nc\rd').map((r) => [r.line, ...r.fields])).toEqual([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd']]);
    const { records, errors } = parseCsvRecovering('id\r1,"x"y\r2\r');
    expect(records.map((r) => [r.line, ...r.fields])).toEqual([[1, 'id'], [3, '2']]);
    expect(errors.map((e) => [e.line, e.column, e.message])).toEqual([[2, 6, 'text after a closing quote']]);
  });

  it('locates a broken quote in a later field, after doubled quotes, and one that opens on a later line of its record', () => {
    expect(parseCsvRecovering('a,b\n1,"say ""hi""" x\n').errors.map((e) => [e.line, e.column, e.message])).toEqual([[2, 15, 'text after a closing quote']]);
    expect(parseCsvRecovering('a,b,c\n1,"ok",x"\n').errors.map((e) => [e.line, e.column])).toEqual([[2, 9]]);
    // the record starts on line 2; its second field's quote opens on line 3 and never closes;
    // parsing resumes on line 3, whose first quote then stands inside an unquoted field
    const late = parseCsvRecovering('a,b\n"x\ny","open\nz\n');
    expect(late.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [3, 4, 'a quoted field is never closed'],
      [3, 2, 'a quote inside an unquoted field (quote the whole field and double inner quotes)'],
    ]);
    expect(late.records.map((r) => [r.line, ...r.fields])).toEqual([[1, 'a', 'b'], [4, 'z']]);
  });
});
