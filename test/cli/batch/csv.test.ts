import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '../../../src/cli/batch/csv.js';

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
});
