import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import {
  LOCATION_CHOICES,
  LOCATION_SIDES,
  MEASUREMENT_RANGES,
  placementFor,
  positionChoices,
  sideLocationCombos,
  temporalChoices,
} from '../../../src/clinical/render/applicability.js';
import { postfixForms, prefixForms } from '../../../src/clinical/render/_internals/anatomy.js';
import { POSITION_PHRASES } from '../../../src/clinical/render/_internals/words.js';
import { DEVICE_POSITIONS, FINDING_NAMES, LOCATIONS } from '../../../src/clinical/vocabulary.js';

const lex = getLexicon();
const names = new Set<string>(FINDING_NAMES);
const locations = new Set<string>(LOCATIONS);

describe('applicability tables', () => {
  it('use canonical ids only', () => {
    for (const [name, locs] of Object.entries(LOCATION_CHOICES)) {
      expect(names.has(name), name).toBe(true);
      for (const l of locs) expect(locations.has(l), `${name}: ${l}`).toBe(true);
    }
    for (const l of Object.keys(LOCATION_SIDES)) expect(locations.has(l), l).toBe(true);
    for (const name of Object.keys(MEASUREMENT_RANGES)) expect(names.has(name), name).toBe(true);
    for (const p of Object.keys(POSITION_PHRASES)) expect((DEVICE_POSITIONS as readonly string[]).includes(p), p).toBe(true);
  });

  it('only give locations to findings the lexicon marks as located', () => {
    for (const name of Object.keys(LOCATION_CHOICES)) expect(lex.byName.get(name)?.located, name).toBe(true);
  });

  it('only give sizes to findings the lexicon marks as measured', () => {
    for (const name of Object.keys(MEASUREMENT_RANGES)) expect(lex.byName.get(name)?.measured, name).toBe(true);
  });

  it('give every (side, location) combination a wording', () => {
    for (const lf of lex.findings) {
      for (const { laterality, location } of sideLocationCombos(lf)) {
        if (!location) continue;
        const forms = [...prefixForms(location, laterality), ...postfixForms(location, laterality)];
        expect(forms.length, `${lf.name}: ${laterality ?? '-'} ${location}`).toBeGreaterThan(0);
      }
    }
  });

  it('never give a side to findings without one (cardiomegaly), nor a location to unlocated ones', () => {
    for (const lf of lex.findings) {
      const combos = sideLocationCombos(lf);
      expect(combos[0], lf.name).toEqual({});
      if (!lf.lateralized) expect(combos.every((c) => c.laterality === undefined), lf.name).toBe(true);
      if (!lf.located) expect(combos.every((c) => c.location === undefined), lf.name).toBe(true);
    }
    expect(sideLocationCombos(lex.byName.get('cardiomegaly')!)).toEqual([{}]);
  });

  it('offer device tips the vocabulary knows and the renderer can write', () => {
    for (const lf of lex.findings) {
      for (const p of positionChoices(lf)) {
        expect((DEVICE_POSITIONS as readonly string[]).includes(p), `${lf.name}: ${p}`).toBe(true);
        expect(POSITION_PHRASES[p], p).toBeDefined();
      }
    }
    const ett = lex.byName.get('endotracheal tube')!;
    expect(placementFor(ett, 'above carina')).toBe('appropriate');
    expect(placementFor(ett, 'right mainstem bronchus')).toBe('malpositioned');
    expect(positionChoices(lex.byName.get('sternotomy wires')!)).toEqual([]);
  });

  it('keep time words sensible', () => {
    expect(temporalChoices(lex.byName.get('scoliosis')!)).toEqual(['unchanged']);
    expect(temporalChoices(lex.byName.get('picc')!)).toEqual(['new', 'unchanged']);
    expect(temporalChoices(lex.byName.get('pleural effusion')!)).not.toContain('resolved');
  });
});
