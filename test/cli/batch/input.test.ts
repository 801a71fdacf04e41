import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, readPairs } from '../../../src/cli/batch/input.js';
import { tmpTree } from '../../_support/tmp.js';

describe('readPairs', () => {
  it('CSV: id, reference, candidate, context.<key> and named context columns, typed values', () => {
    const dir = tmpTree({ 'p.csv': 'id,reference,candidate,context.age,indication,note\nx1,A.,B.,72,Dyspnea,skip me\n,C.,D.,,,\n' });
    const { rows, problems } = readPairs(path.join(dir, 'p.csv'), { ...DEFAULT_COLUMNS, context: ['indication'] });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { id: 'x1', reference: 'A.', candidate: 'B.', context: { age: 72, indication: 'Dyspnea' }, line: 2 },
      { id: '2', reference: 'C.', candidate: 'D.', line: 3 },
    ]);
  });

  it('CSV: a missing column is an error naming the columns; a short row is a problem with its line', () => {
    const dir = tmpTree({ 'a.csv': 'ref,candidate\nx,y\n', 'b.csv': 'reference,candidate\nx,y\nonly-one\n' });
    expect(() => readPairs(path.join(dir, 'a.csv'))).toThrow(/a\.csv:1:1: no "reference" column \(columns: ref, candidate\)/);
    const b = readPairs(path.join(dir, 'b.csv'));
    expect(b.rows).toHaveLength(1);
    expect(b.problems).toEqual([`${path.join(dir, 'b.csv')}:3:1: 1 fields where the header has 2`]);
  });

  it('CSV: a row with an unterminated quote is a problem; the other rows are read, their default ids unchanged', () => {
    const dir = tmpTree({ 'q.csv': 'reference,candidate\nA.,B.\nC.,"D. unterminated\nE.,F.\n' });
    const file = path.join(dir, 'q.csv');
    const { rows, problems } = readPairs(file);
    expect(problems).toEqual([`${file}:3:4: a quoted field is never closed (row skipped)`]);
    expect(rows.map((r) => [r.id, r.reference, r.candidate])).toEqual([['1', 'A.', 'B.'], ['3', 'E.', 'F.']]);
  });

  it('JSONL: structured reports, a context object, problems with file:line:col, duplicate ids left out', () => {
    const dir = tmpTree({
      'p.jsonl': [
        '{"id": 1, "reference": {"positive": []}, "candidate": "B.", "context": {"age": "64", "sex": "F"}}',
        '{"reference": "A."}',
        '{"id": 1, "reference": "A.", "candidate": "B."}',
        '{"id": 2, "reference": "A.", "candidate": "B.",',
        '',
        '{"reference": "A.", "candidate": "C."}',
      ].join('\n'),
    });
    const file = path.join(dir, 'p.jsonl');
    const { rows, problems } = readPairs(file);
    expect(rows).toEqual([
      { id: '1', reference: { positive: [] }, candidate: 'B.', context: { age: 64, sex: 'F' }, line: 1 },
      { id: '6', reference: 'A.', candidate: 'C.', line: 6 },
    ]);
    expect(problems[0]).toBe(`${file}:2:1: missing "candidate"`);
    expect(problems[1]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+: not JSON`));
    expect(problems[2]).toBe(`${file}:3:1: id "1" repeats the id of line 1 (ids must be unique for resumption)`);
  });
});
