/** Sides read from the sentence's shape: per-side grades of a finding of both sides (CONVENTIONS §17). */
import { describe, expect, it } from 'vitest';
import { brief } from '../_helpers.js';

const sides = (t: string): string[] => brief(t).filter((x) => x.status !== 'absent').map((x) => `${x.name}:${x.laterality ?? '-'}:${x.severityText ?? '-'}`);

describe('grades by side', () => {
  it.each([
    ['Bilateral pleural effusions, moderate on the right and small on the left.', ['pleural effusion:right:moderate', 'pleural effusion:left:small']],
    ['Effusions: moderate R, small L.', ['pleural effusion:right:moderate', 'pleural effusion:left:small']],
    ['Small left and tiny right pneumothoraces.', ['pneumothorax:left:small', 'pneumothorax:right:tiny']],
    ['Both effusions have decreased, now trace on the left and small on the right.', ['pleural effusion:left:trace', 'pleural effusion:right:small']],
  ])('one finding per side with its own grade: %s', (text, expected) => {
    expect(sides(text)).toEqual(expected);
  });

  it('keeps one finding when the sides are compared without a grade each', () => {
    expect(sides('Small bilateral effusions, right greater than left.')).toEqual(['pleural effusion:bilateral:small']);
    expect(sides('Bilateral effusions, small on the right.')).toEqual(['pleural effusion:bilateral:small']);
  });

  it('gives the grades to the finding they follow, not to the one before it', () => {
    expect(sides('Bilateral perihilar opacification and effusions, moderate on the left and small on the right.')).toEqual([
      'lung opacity:bilateral:-',
      'pleural effusion:left:moderate',
      'pleural effusion:right:small',
    ]);
  });

});

describe('side of a place described with findings', () => {
  const sided = (t: string): string[] => brief(t).map((x) => `${x.name}:${x.laterality ?? '-'}`);

  it('gives the place its findings after `with`', () => {
    expect(sided('Improved aeration of the right lung base with residual atelectasis.')).toEqual(['atelectasis:right']);
    expect(sided('Re-expansion of the left lower lobe with a small residual pneumothorax.')).toEqual(['pneumothorax:left']);
  });

  it('stops at the next side word and leaves a direction alone', () => {
    expect(sided('Better aeration of the left base with residual atelectasis and a small right effusion.')).toEqual(['atelectasis:left', 'pleural effusion:right']);
    expect(sided('Volume loss in the left hemithorax with mediastinal shift.')).toEqual(['volume loss:left', 'mediastinal shift:-']);
  });
});
