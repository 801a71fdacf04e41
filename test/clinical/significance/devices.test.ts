/** How urgent a malpositioned device is (METRICS §1.5). */
import { describe, expect, it } from 'vitest';
import { significanceOf } from '../../../src/clinical/significance.js';

const tube = (position: string | undefined, mm?: number, extra: object = {}, context: Record<string, number> = {}) =>
  significanceOf('endotracheal tube', context, { status: 'present', devicePlacement: 'malpositioned', ...(position ? { devicePosition: position } : {}), ...(mm !== undefined ? { measurementMm: mm } : {}), ...extra }).significance;

describe('malpositioned devices', () => {
  it('a tube in a bronchus or the oesophagus, or a malposition without a stated tip, is urgent', () => {
    expect(tube('right mainstem bronchus')).toBe('urgent');
    expect(tube('esophagus')).toBe('urgent');
    expect(tube(undefined)).toBe('urgent');
    // "slightly" does not soften a tube in a bronchus
    expect(tube('right mainstem bronchus', undefined, { cues: { slight: true } })).toBe('urgent');
  });

  it('a tube at the wrong depth in the trachea is actionable, unless at the carina or at the thoracic inlet', () => {
    expect(tube('above carina', 20)).toBe('actionable_not_urgent');
    expect(tube('above carina', 15)).toBe('urgent');
    expect(tube('above carina', 90)).toBe('urgent');
    expect(tube('above carina', 90, { cues: { slight: true } })).toBe('actionable_not_urgent');
  });

  it("the adult carina window does not apply to an infant's short trachea", () => {
    expect(tube('above carina', 10, {}, { age: 0 })).toBe('not_actionable_not_urgent');
    expect(tube('above carina', 10, {}, { age: 40 })).toBe('urgent');
  });

  it('an enteric tube in the stomach with its side port at the junction, or a line slightly deep, is actionable', () => {
    expect(significanceOf('enteric tube', {}, { status: 'present', devicePlacement: 'malpositioned', devicePosition: 'stomach' }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('enteric tube', {}, { status: 'present', devicePlacement: 'malpositioned', devicePosition: 'airway' }).significance).toBe('urgent');
    expect(significanceOf('implanted port', {}, { status: 'present', devicePlacement: 'malpositioned', devicePosition: 'right atrium', cues: { slight: true } }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('picc', {}, { status: 'present', devicePlacement: 'malpositioned', devicePosition: 'internal jugular vein' }).significance).toBe('urgent');
  });

  it('a displaced pacing or defibrillator lead is urgent, even when only said to have retracted', () => {
    expect(significanceOf('pacemaker', {}, { status: 'present', devicePlacement: 'malpositioned', devicePosition: 'svc' }).significance).toBe('urgent');
    expect(significanceOf('pacemaker', {}, { status: 'present', devicePlacement: 'appropriate' }).significance).toBe('not_actionable_not_urgent');
  });
});
