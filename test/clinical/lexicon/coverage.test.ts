/** The lexicon covers exactly the canonical vocabulary, and every term reads back as its own finding. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';
import { DEVICE_POSITIONS, FINDING_NAMES, LOCATIONS } from '../../../src/clinical/vocabulary.js';

const lexicon = getLexicon();

describe('lexicon coverage', () => {
  it('defines exactly the FINDING_NAMES, each once', () => {
    const names = lexicon.findings.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...FINDING_NAMES].sort());
    expect(lexicon.byName.size).toBe(FINDING_NAMES.length);
  });

  it('covers every canonical location and device tip position', () => {
    expect([...lexicon.locations.keys()].sort()).toEqual([...LOCATIONS].sort());
    expect([...lexicon.devicePositions.keys()].sort()).toEqual([...DEVICE_POSITIONS].sort());
  });

  it('lists the preferred wording first, lowercase terms, and flags for every finding', () => {
    for (const f of lexicon.findings) {
      expect(f.terms[0], f.name).toBe(f.name);
      for (const t of f.terms) expect(t, f.name).toBe(t.toLowerCase());
      expect(typeof f.lateralized && typeof f.graded && typeof f.located && typeof f.measured).toBe('boolean');
    }
  });

  it('gives every tube and line appropriate tip positions from DEVICE_POSITIONS', () => {
    const tubes = ['endotracheal tube', 'tracheostomy tube', 'enteric tube', 'central venous catheter', 'picc', 'pulmonary artery catheter', 'implanted port', 'chest tube'];
    for (const name of tubes) {
      const positions = lexicon.byName.get(name)!.appropriatePositions ?? [];
      expect(positions.length, name).toBeGreaterThan(0);
      for (const p of positions) expect(DEVICE_POSITIONS as readonly string[]).toContain(p);
    }
  });

  it('maps the abbreviations of CONVENTIONS §2 and §17', () => {
    for (const a of ['rll', 'rml', 'rul', 'lll', 'lul', 'ett', 'ngt', 'ogt', 'picc', 'ptx', 'cvc', 'ij', 'svc']) {
      expect(lexicon.abbreviations.has(a), a).toBe(true);
    }
  });

  it('carries the severity scale, certainty, negation and temporal cues of the conventions', () => {
    expect(lexicon.severity.get('trace')).toBe('mild');
    expect(lexicon.severity.get('moderate')).toBe('moderate');
    expect(lexicon.severity.get('marked')).toBe('severe');
    expect(lexicon.certainty.get('likely')).toBe(2);
    expect(lexicon.certainty.get('cannot be excluded')).toBe(1);
    expect(lexicon.certainty.get('consistent with')).toBe(3);
    expect(lexicon.negation.pseudo).toContain('no change in');
    expect(lexicon.negation.terminators).toEqual(expect.arrayContaining(['but', 'however', 'although', 'except', 'which', ';', 'there is', 'with']));
    expect(lexicon.temporal.get('redemonstrated')).toBe('unchanged');
    expect(lexicon.temporal.get('no longer seen')).toBe('resolved');
  });

  it('reads every term back as its own finding, present, absent after "No", uncertain after "Possible"', () => {
    const wrong: string[] = [];
    for (const f of lexicon.findings) {
      for (const t of f.terms) {
        for (const [text, status] of [[`${t}.`, 'present'], [`No ${t}.`, 'absent'], [`Possible ${t}.`, 'uncertain']] as const) {
          const got = extractFindings(text);
          if (got.length !== 1 || got[0]!.name !== f.name || got[0]!.status !== status) wrong.push(`${text} -> ${JSON.stringify(got.map((g) => [g.name, g.status]))}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
