/**
 * Anatomy wordings of the ninth session (issue 12): the knuckle (the aortic knuckle of British reports), the right
 * paratracheal stripe, which names its own side, the aortopulmonary window and nodal disease; "raises concern for" as a
 * hedge. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { seen } from '../report/_helpers.js';

describe('lexicon anatomy: the knuckle', () => {
  it('a calcified or unfolded knuckle is the aortic knuckle calcified or unfolded', () => {
    expect(seen('Calcification of the knuckle.')).toEqual(['aortic atherosclerosis:present']);
    expect(seen('Cardiomegaly with calcification of the knuckle.')).toEqual(['cardiomegaly:present', 'aortic atherosclerosis:present']);
    expect(seen('Calcified knuckle.')).toEqual(['aortic atherosclerosis:present']);
    expect(seen('Unfolded knuckle.')).toEqual(['tortuous aorta:present']);
    expect(seen('No calcification of the knuckle.')).toEqual([]);
  });
});

describe('lexicon anatomy: the right paratracheal stripe', () => {
  it('a widened or thickened right paratracheal stripe is right mediastinal (paratracheal) lymphadenopathy', () => {
    expect(seen('Widening of the right paratracheal stripe.')).toEqual(['mediastinal lymphadenopathy:present:right']);
    expect(seen('The right paratracheal stripe is thickened.')).toEqual(['mediastinal lymphadenopathy:present:right']);
    expect(seen('Right paratracheal stripe widening.')).toEqual(['mediastinal lymphadenopathy:present:right']);
    expect(seen('Widening of the right paratracheal stripe, ?nodes.')).toEqual(['mediastinal lymphadenopathy:uncertain:right']);
    expect(seen('Paratracheal stripe widening.')).toEqual(['mediastinal lymphadenopathy:present']);
  });

  it('a normal or unwidened stripe states no nodes', () => {
    expect(seen('Normal right paratracheal stripe.')).toEqual([]);
    expect(seen('No widening of the right paratracheal stripe.')).toEqual([]);
  });
});

describe('lexicon anatomy: the aortopulmonary window', () => {
  it('a full or convex AP window is mediastinal lymphadenopathy; raising concern for it hedges it', () => {
    expect(seen('Subtle fullness at the aortopulmonary window.')).toEqual(['mediastinal lymphadenopathy:present']);
    expect(seen('AP window convexity.')).toEqual(['mediastinal lymphadenopathy:present']);
    expect(seen('AP window fullness raises concern for nodal disease.')).toEqual(['mediastinal lymphadenopathy:uncertain']);
  });

  it('nodal disease is lymphadenopathy, of the station its sentence names', () => {
    expect(seen('Bulky right hilar nodal disease.')).toEqual(['hilar lymphadenopathy:present:right']);
    expect(seen('Subcarinal nodal disease.')).toEqual(['mediastinal lymphadenopathy:present']);
    expect(seen('No hilar or mediastinal nodal disease.')).toEqual([]);
  });
});

describe('lexicon certainty: raises concern for', () => {
  it('raising concern or suspicion for an interpretation links it to its sign, as concerning for does', () => {
    expect(seen('Right lower lobe opacity raises concern for pneumonia.')).toEqual(['pneumonia:uncertain:right']);
    expect(seen('Left hilar fullness, raising suspicion of lymphadenopathy.')).toEqual(['hilar lymphadenopathy:uncertain:left']);
  });
});
