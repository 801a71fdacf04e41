/** Tips placed by a vertebral level (src/clinical/extract/_internals/levels.ts, CONVENTIONS §33). */
import { describe, expect, it } from 'vitest';
import { levelRange } from '../../../../src/clinical/extract/_internals/levels.js';
import { extractFindings } from '../../../../src/clinical/extract/index.js';

const placement = (text: string, name: string) => extractFindings(text).find((f) => f.name === name)?.devicePlacement;

describe('levelRange', () => {
  it('counts down the spine from C7 through the thoracic to the lumbar levels', () => {
    expect(levelRange('T8-T9')).toEqual([8, 9]);
    expect(levelRange('L3-L4')).toEqual([15, 16]);
    expect(levelRange('T2')).toEqual([2, 2]);
    expect(levelRange('C7')).toEqual([0, 0]);
  });
});

describe('a tip stated at a vertebral level', () => {
  it.each([
    ['The umbilical venous line ends at T9.', 'umbilical venous catheter', 'appropriate'],
    ['Umbilical venous catheter, tip projecting at T8-9.', 'umbilical venous catheter', 'appropriate'],
    ['UVC tip overlies T11, within the liver shadow.', 'umbilical venous catheter', 'malpositioned'],
    ['UVC tip high at T6.', 'umbilical venous catheter', 'malpositioned'],
    ['Umbilical arterial line with its tip at T8.', 'umbilical arterial catheter', 'appropriate'],
    ['Low-lying umbilical artery catheter, tip at L3/L4.', 'umbilical arterial catheter', 'appropriate'],
    ['UAC tip at L1, at the level of the renal arteries.', 'umbilical arterial catheter', 'malpositioned'],
    ['Endotracheal tube projecting at the level of T1/T2.', 'endotracheal tube', 'appropriate'],
    ['Endotracheal tube tip at T5.', 'endotracheal tube', 'malpositioned'],
    ['Tracheostomy with tip at T2.', 'tracheostomy tube', 'appropriate'],
  ] as const)('%s', (text, name, expected) => {
    expect(placement(text, name)).toBe(expected);
  });

  it('lets stated words win over the level', () => {
    expect(placement('ETT tip at T2, should be advanced 5 mm.', 'endotracheal tube')).toBe('malpositioned');
  });

  it('gives nothing to devices placed by other landmarks, or to a level that is not a tip', () => {
    expect(placement('Right chest drain, tip medially at T9.', 'chest tube')).toBeUndefined();
    expect(extractFindings('Mild wedge compression of T8.').some((f) => f.devicePlacement)).toBe(false);
  });
});
