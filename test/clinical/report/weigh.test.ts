/** Significance read across one report's findings (src/clinical/report/weigh.ts, METRICS §1.5). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const sigOf = (text: string, name: string, context: Record<string, string | number> = { age: 50 }) =>
  extractFindings(text, { context }).find((f) => f.name === name && f.status !== 'absent')?.significance;

describe('weighing findings together', () => {
  it('a mediastinal shift away from an urgent pneumothorax is urgent, even when slight', () => {
    const text = 'Large right pneumothorax. Slight shift of the mediastinum to the left.';
    expect(sigOf(text, 'pneumothorax')).toBe('urgent');
    expect(sigOf(text, 'mediastinal shift')).toBe('urgent');
  });

  it('a small pneumothorax that pushes the mediastinum away is under tension', () => {
    expect(sigOf('Small left pneumothorax. The mediastinum is shifted to the right.', 'pneumothorax')).toBe('urgent');
    expect(sigOf('Small left pneumothorax. No mediastinal shift.', 'pneumothorax')).toBe('actionable_not_urgent');
  });

  it('a shift toward a collapse that is not urgent is worked up, not decompressed', () => {
    const text = 'Right upper lobe atelectasis. The mediastinum is shifted to the right.';
    expect(sigOf(text, 'mediastinal shift')).toBe('actionable_not_urgent');
  });

  it('air or blood with a well-placed drain on its side is being treated', () => {
    const text = 'Left intercostal drain in situ, tip at the apex. Residual left pneumothorax, apical. Left haemothorax.';
    const context = { age: 35, indication: 'Stabbed left chest' };
    expect(sigOf(text, 'hemothorax', context)).toBe('actionable_not_urgent');
    expect(sigOf('Left haemothorax.', 'hemothorax', context)).toBe('urgent');
  });

  it('a deviated trachea is weighed as the shift it is', () => {
    const text = 'Large left pneumothorax. Trachea deviated to the right.';
    expect(sigOf(text, 'tracheal deviation', { age: 30, indication: 'Fell from scaffolding' })).toBe('urgent');
  });
});
