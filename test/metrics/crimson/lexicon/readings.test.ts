import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../src/clinical/model.js';
import { attributeErrors } from '../../../../src/metrics/crimson/lexicon/attributes.js';
import type { Judged } from '../../../../src/metrics/crimson/lexicon/judged.js';
import { matchFindings } from '../../../../src/metrics/crimson/lexicon/match.js';

/** Judged findings written by hand: the differential reading (Finding.interpretations) whatever the extractor emits today. */
let n = 0;
function judged(name: string, more: Partial<Finding> & Partial<Pick<Judged, 'significance' | 'readings'>> = {}): Judged {
  const { significance = 'actionable_not_urgent', readings, ...f } = more;
  const finding: Finding = { id: `F${++n}`, name, status: 'present', probability: 3, sentence: 0, span: [0, 1], ...f } as Finding;
  return { id: `X${n}`, f: finding, significance, term: name, descriptors: {}, ...(readings ? { readings } : {}) };
}
const opacity = (readings: [string, Judged['significance']][], more: Partial<Finding> = {}) =>
  judged('lung opacity', { laterality: 'right', location: ['base'], interpretations: readings.map((r) => r[0]), readings: readings.map(([name, significance]) => ({ name, significance })), ...more });

describe('crimson:lexicon an undecided differential: the sign with its readings (CONVENTIONS §4)', () => {
  it('a candidate naming one reading matches the sign; the reading is possible, so the hedge is the error', () => {
    const ref = judged('pneumonia', { laterality: 'right', location: ['lower lobe'] });
    const cand = opacity([['atelectasis', 'not_actionable_not_urgent'], ['pneumonia', 'actionable_not_urgent']]);
    const m = matchFindings([ref], [cand]);
    expect(m).toHaveLength(1);
    expect(m[0]!.reading).toEqual({ name: 'pneumonia', in: 'p' });
    expect(attributeErrors(m[0]!, m).map((a) => [a.error_types[0], a.severity])).toEqual([['certainty', 'significant']]);
  });

  it('a weightier reading than the one named raises a possibility that changes management', () => {
    const ref = judged('atelectasis', { laterality: 'right', location: ['base'], status: 'uncertain', probability: 2, significance: 'not_actionable_not_urgent' });
    const cand = opacity([['atelectasis', 'not_actionable_not_urgent'], ['pneumonia', 'actionable_not_urgent']]);
    const m = matchFindings([ref], [cand]);
    const errors = attributeErrors(m[0]!, m).filter((a) => a.severity === 'significant');
    expect(errors.map((a) => a.error_types[0])).toEqual(['overinterpretation']);
  });

  it('the reference offering a weightier reading than the candidate names: the candidate drops it', () => {
    const ref = opacity([['atelectasis', 'not_actionable_not_urgent'], ['pneumonia', 'actionable_not_urgent']]);
    const cand = judged('atelectasis', { laterality: 'right', location: ['base'], status: 'uncertain', probability: 1, significance: 'not_actionable_not_urgent' });
    const m = matchFindings([ref], [cand]);
    expect(attributeErrors(m[0]!, m).map((a) => a.error_types[0])).toEqual(['unspecific']);
    // ... unless the candidate names that reading too, for the same finding
    const also = judged('pneumonia', { laterality: 'right', location: ['base'], status: 'uncertain', probability: 1 });
    const both = matchFindings([ref], [cand, also]);
    expect(both).toHaveLength(2);
    expect(both.flatMap((x) => attributeErrors(x, both))).toEqual([]);
  });

  it('a differential that does not hold the other report\'s reading is that sign read otherwise', () => {
    const ref = judged('tuberculosis', { laterality: 'left', location: ['upper lobe'], evidence: ['consolidation'], status: 'uncertain', probability: 2 });
    const cand = judged('consolidation', { laterality: 'left', location: ['upper lobe'], interpretations: ['pneumonia', 'lung abscess'], readings: [{ name: 'pneumonia', significance: 'actionable_not_urgent' }, { name: 'lung abscess', significance: 'actionable_not_urgent' }] });
    const m = matchFindings([ref], [cand]);
    expect(m.map((x) => x.names)).toEqual(['reinterpreted']);
  });
});
