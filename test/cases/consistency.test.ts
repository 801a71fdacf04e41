import { describe, expect, it } from 'vitest';
import { findContradiction, type IndexedRelation } from '../../src/cases/consistency.js';
import { parseRelation } from '../../src/cases/relations.js';

/** The relations of `expect` items, indexed as the case builder does. */
const items = (...exprs: string[]): IndexedRelation[] => exprs.flatMap((e, index) => parseRelation(e).map((r) => ({ ...r, index })));
const check = (...exprs: string[]) => findContradiction(items(...exprs));

describe('findContradiction: order', () => {
  it('finds a > b with b > a', () => {
    expect(check('a > b', 'b > a')).toEqual({ index: 1, message: 'contradictory relations: a > b, b > a cannot all hold' });
  });

  it('finds a > b with b = a (and a = b)', () => {
    expect(check('a > b', 'b = a')).toEqual({ index: 1, message: 'contradictory relations: a > b, b = a cannot all hold' });
    expect(check('a = b', 'a > b')).toEqual({ index: 1, message: 'contradictory relations: a > b, a = b cannot all hold' });
  });

  it('finds a > b with b >= a', () => {
    expect(check('a > b', 'b >= a')).toEqual({ index: 1, message: 'contradictory relations: a > b, b >= a cannot all hold' });
  });

  it('finds a cycle through three labels, pointing at the last item involved', () => {
    expect(check('a > b', 'b > c', 'c > a')).toEqual({ index: 2, message: 'contradictory relations: a > b, b > c, c > a cannot all hold' });
    expect(check('c > a', 'a > b', 'b > c')).toEqual({ index: 2, message: 'contradictory relations: c > a, a > b, b > c cannot all hold' });
    expect(check('a > b', 'b >= c', 'c >= a')?.index).toBe(2);
  });

  it('finds a cycle within one chain', () => {
    expect(check('x >= a > b > a')).toEqual({ index: 0, message: 'contradictory relations: a > b, b > a cannot all hold' });
  });

  it('finds a cycle written with "<"', () => {
    expect(check('a < b', 'b < a')).toEqual({ index: 1, message: 'contradictory relations: a < b, b < a cannot all hold' });
  });

  it('finds a strict step across a chain of ties', () => {
    expect(check('a = b', 'b = c', 'a > c')).toEqual({ index: 2, message: 'contradictory relations: a > c, b = c, a = b cannot all hold' });
  });

  it('finds a label better than itself', () => {
    expect(check('a > a')).toEqual({ index: 0, message: 'contradictory relations: a > a cannot all hold' });
  });

  it('does not flag a >= b with b >= a (a tie satisfies both)', () => {
    expect(check('a >= b', 'b >= a')).toBeUndefined();
    expect(check('a >= b', 'b >= c', 'c >= a')).toBeUndefined();
    expect(check('a = b', 'b = a', 'a >= a')).toBeUndefined();
  });

  it('does not flag consistent orders', () => {
    expect(check('a > b', 'b > c', 'a > c')).toBeUndefined();
    expect(check('exact > wrong_side >= missed', 'exact > missed')).toBeUndefined();
    expect(check('a > b', 'c > b', 'c = a')).toBeUndefined();
  });
});

describe('findContradiction: bounds', () => {
  it('finds a >= 0.8 with a < 0.2', () => {
    expect(check('a >= 0.8', 'a < 0.2')).toEqual({ index: 1, message: 'contradictory bounds: a >= 0.8, a < 0.2 leave no possible score' });
  });

  it('finds a > 0.5 with a <= 0.5 (either order)', () => {
    expect(check('a > 0.5', 'a <= 0.5')).toEqual({ index: 1, message: 'contradictory bounds: a > 0.5, a <= 0.5 leave no possible score' });
    expect(check('a <= 0.5', 'a > 0.5')?.index).toBe(1);
  });

  it('finds a strict upper bound equal to a lower bound', () => {
    expect(check('a >= 0.5', 'a < 0.5')?.message).toBe('contradictory bounds: a >= 0.5, a < 0.5 leave no possible score');
  });

  it('finds conflicting equalities and an equality outside a bound', () => {
    expect(check('a = 0.3', 'a = 0.4')?.index).toBe(1);
    expect(check('a = 0.5', 'a > 0.5')?.index).toBe(1);
    expect(check('a < 0.5', 'b > 0.1', 'a = 0.5')?.index).toBe(2);
  });

  it('finds bounds written with the number on the left', () => {
    expect(check('0.8 <= a', '0.2 > a')).toEqual({ index: 1, message: 'contradictory bounds: a >= 0.8, a < 0.2 leave no possible score' });
  });

  it('allows a single possible value and bounds on different labels', () => {
    expect(check('a >= 0.5', 'a <= 0.5')).toBeUndefined();
    expect(check('a = 0.5', 'a >= 0.5', 'a <= 0.5')).toBeUndefined();
    expect(check('a >= 0.8', 'b < 0.2')).toBeUndefined();
    expect(check('a > 0.2', 'a > 0.4', 'a < 0.5')).toBeUndefined();
  });

  it('reports order contradictions before bound ones', () => {
    expect(check('a >= 0.8', 'a < 0.2', 'a > b', 'b > a')?.message).toBe('contradictory relations: a > b, b > a cannot all hold');
  });

  it('finds nothing in an empty list', () => {
    expect(findContradiction([])).toBeUndefined();
  });
});
