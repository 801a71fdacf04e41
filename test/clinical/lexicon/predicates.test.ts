/**
 * statedAs predicates are matched longest-first across all subjects: a predicate written for one subject that extends
 * another subject's predicate ("shifted to" beside "shifted") makes the matcher read the longer phrase, which the
 * other subject does not know, so "the mediastinum is shifted to the left" would state nothing.
 */
import { describe, expect, it } from 'vitest';
import { getLoadedLexicon } from '../../../src/clinical/lexicon/load.js';
import { phraseKey } from '../../../src/clinical/extract/_internals/tokenize.js';
import { seen } from '../report/_helpers.js';

/** Extensions that only add a direction or "in size": no subject of another finding is read with the longer words. */
const HARMLESS = /^(?:in size|upwards?|superiorly|up|height of|involving|and lobulated)$/;

describe('lexicon: statedAs predicates', () => {
  it('no predicate hides a shorter one of another subject, except by a direction or "in size"', () => {
    const bySubject = new Map<string, Set<string>>();
    for (const f of getLoadedLexicon().findings) {
      for (const [subject, preds] of Object.entries(f.statedAs ?? {})) {
        const set = bySubject.get(subject) ?? new Set<string>();
        for (const p of preds) set.add(phraseKey(p));
        bySubject.set(subject, set);
      }
    }
    const all = new Set([...bySubject.values()].flatMap((s) => [...s]));
    const hidden: string[] = [];
    for (const [subject, preds] of bySubject) {
      for (const q of preds) {
        for (const p of all) {
          if (p.startsWith(`${q} `) && !preds.has(p) && !HARMLESS.test(p.slice(q.length + 1))) hidden.push(`${subject}: "${q}" hidden by "${p}"`);
        }
      }
    }
    expect(hidden).toEqual([]);
  });

  it('subjects added for second-language report styles read their predicates', () => {
    expect(seen('Lt hilum is elevated.')).toEqual(['hilar retraction:present:left']);
    expect(seen('Both hila are prominent.')).toEqual(['hilar lymphadenopathy:present:bilateral']);
    expect(seen('Lt dome of diaphragm is raised.')).toEqual(['elevated hemidiaphragm:present:left']);
    expect(seen('Rt CP angle is blunted.')).toEqual(['costophrenic angle blunting:present:right']);
    expect(seen('Bronchovascular markings are increased.')).toEqual(['prominent bronchovascular markings:present']);
    expect(seen('The mediastinum is deviated towards the right.')).toEqual(['mediastinal shift:present:right']);
  });

  it('abbreviations of these styles carry their expansion', () => {
    expect(getLoadedLexicon().language.abbreviations.ijv).toBe('internal jugular vein');
    expect(seen('Nodular opacities rt upper zone s/o granulomas.')).toEqual(['granuloma:uncertain:right']);
    expect(seen('Patchy opacities b/l lower zones.')).toEqual(['lung opacity:present:bilateral']);
  });
});
