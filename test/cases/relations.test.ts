import { describe, expect, it } from 'vitest';
import { labelsOf, parseRelation } from '../../src/cases/relations.js';

const rejection = (expr: string): string => {
  try {
    parseRelation(expr);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`accepted: ${expr}`);
};

describe('parseRelation', () => {
  it('parses a comparison between two labels', () => {
    expect(parseRelation('exact > wrong_side')).toEqual([{ type: 'compare', left: 'exact', op: '>', right: 'wrong_side', text: 'exact > wrong_side' }]);
    expect(parseRelation('a >= b')).toEqual([{ type: 'compare', left: 'a', op: '>=', right: 'b', text: 'a >= b' }]);
    expect(parseRelation('a = b')).toEqual([{ type: 'compare', left: 'a', op: '=', right: 'b', text: 'a = b' }]);
  });

  it('reads "==" as "="', () => {
    expect(parseRelation('a == b')).toEqual([{ type: 'compare', left: 'a', op: '=', right: 'b', text: 'a = b' }]);
  });

  it('flips "<" and "<=" between labels, keeping the text as written', () => {
    expect(parseRelation('missed < exact')).toEqual([{ type: 'compare', left: 'exact', op: '>', right: 'missed', text: 'missed < exact' }]);
    expect(parseRelation('missed <= exact')).toEqual([{ type: 'compare', left: 'exact', op: '>=', right: 'missed', text: 'missed <= exact' }]);
  });

  it('needs no spaces and normalises them in the text', () => {
    expect(parseRelation('a>=b')).toEqual([{ type: 'compare', left: 'a', op: '>=', right: 'b', text: 'a >= b' }]);
    expect(parseRelation('  a   >    b  ')).toEqual([{ type: 'compare', left: 'a', op: '>', right: 'b', text: 'a > b' }]);
  });

  it('accepts labels with digits, ".", "-" and "_"', () => {
    expect(parseRelation('_v2.lobe-left > Wrong_Side')).toEqual([{ type: 'compare', left: '_v2.lobe-left', op: '>', right: 'Wrong_Side', text: '_v2.lobe-left > Wrong_Side' }]);
  });

  it('splits a chain into adjacent pairs', () => {
    expect(parseRelation('exact > wrong_side >= missed')).toEqual([
      { type: 'compare', left: 'exact', op: '>', right: 'wrong_side', text: 'exact > wrong_side' },
      { type: 'compare', left: 'wrong_side', op: '>=', right: 'missed', text: 'wrong_side >= missed' },
    ]);
    expect(parseRelation('a < b <= c = d')).toEqual([
      { type: 'compare', left: 'b', op: '>', right: 'a', text: 'a < b' },
      { type: 'compare', left: 'c', op: '>=', right: 'b', text: 'b <= c' },
      { type: 'compare', left: 'c', op: '=', right: 'd', text: 'c = d' },
    ]);
  });

  it('reads a label and a number as a bound on the raw value', () => {
    expect(parseRelation('exact >= 0.8')).toEqual([{ type: 'bound', label: 'exact', op: '>=', value: 0.8, text: 'exact >= 0.8' }]);
    expect(parseRelation('a < 0.2')).toEqual([{ type: 'bound', label: 'a', op: '<', value: 0.2, text: 'a < 0.2' }]);
    expect(parseRelation('a == 1')).toEqual([{ type: 'bound', label: 'a', op: '=', value: 1, text: 'a = 1' }]);
    expect(parseRelation('a > -0.5')).toEqual([{ type: 'bound', label: 'a', op: '>', value: -0.5, text: 'a > -0.5' }]);
    expect(parseRelation('a <= 1e-3')).toEqual([{ type: 'bound', label: 'a', op: '<=', value: 0.001, text: 'a <= 1e-3' }]);
  });

  it('reads a number on the left by flipping the operator', () => {
    expect(parseRelation('0.8 <= exact')).toEqual([{ type: 'bound', label: 'exact', op: '>=', value: 0.8, text: 'exact >= 0.8' }]);
    expect(parseRelation('0.2 > a')).toEqual([{ type: 'bound', label: 'a', op: '<', value: 0.2, text: 'a < 0.2' }]);
    expect(parseRelation('0.5 = a')).toEqual([{ type: 'bound', label: 'a', op: '=', value: 0.5, text: 'a = 0.5' }]);
    expect(parseRelation('1 >= a')).toEqual([{ type: 'bound', label: 'a', op: '<=', value: 1, text: 'a <= 1' }]);
  });

  it('mixes bounds and comparisons in one chain', () => {
    expect(parseRelation('1 >= a > b >= 0')).toEqual([
      { type: 'bound', label: 'a', op: '<=', value: 1, text: 'a <= 1' },
      { type: 'compare', left: 'a', op: '>', right: 'b', text: 'a > b' },
      { type: 'bound', label: 'b', op: '>=', value: 0, text: 'b >= 0' },
    ]);
  });

  it('rejects comparing two numbers', () => {
    expect(rejection('0.1 < 0.2')).toBe('"0.1 < 0.2" compares two numbers');
    expect(rejection('a > 0.5 > 0.2')).toBe('"0.5 > 0.2" compares two numbers');
  });

  it('rejects characters it cannot read, naming where', () => {
    expect(rejection('a ! b')).toBe('cannot read "! b" in "a ! b"');
    expect(rejection('a > .5')).toBe('cannot read ".5" in "a > .5"');
    expect(rejection('exact > wrong side?')).toBe('cannot read "?" in "exact > wrong side?"');
  });

  it('rejects expressions that are not operand-operator-operand chains', () => {
    const help = 'is not a relation: write "a > b", "a = b", "a > b >= c" or "a >= 0.8"';
    expect(rejection('')).toBe(`"" ${help}`);
    expect(rejection('exact')).toBe(`"exact" ${help}`);
    expect(rejection('a >')).toBe(`"a >" ${help}`);
    expect(rejection('a > > b')).toBe(`"a > > b" ${help}`);
    expect(rejection('a => b')).toBe(`"a => b" ${help}`);
  });

  it('rejects misplaced operators and operands', () => {
    expect(rejection('a b c')).toBe('"a b c": expected operand, operator, operand near "a b c"');
    expect(rejection('> a b')).toBe('"> a b": expected operand, operator, operand near "> a b"');
    expect(rejection('a > b c d')).toBe('"a > b c d": expected operand, operator, operand near "b c d"');
  });
});

describe('labelsOf', () => {
  it('names both labels of a comparison and the one of a bound', () => {
    expect(labelsOf(parseRelation('a < b')[0]!)).toEqual(['b', 'a']);
    expect(labelsOf(parseRelation('0.3 < a')[0]!)).toEqual(['a']);
  });
});
