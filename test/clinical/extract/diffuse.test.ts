/** Diffuse processes named without a side are both lungs at report level (CONVENTIONS §17). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { extractFindings as sentenceFindings } from '../../../src/clinical/extract/index.js';

const sides = (text: string) => extractFindings(text).map((f) => `${f.name}:${f.status}:${f.side ?? '-'}`);

describe('diffuse processes', () => {
  it('are bilateral when no side is stated', () => {
    expect(sides('Worsening interstitial oedema. Centrilobular emphysema.')).toEqual(['pulmonary edema:present:bilateral', 'emphysema:present:bilateral']);
  });

  it('keep a stated side, also one stated in another sentence of the report', () => {
    expect(sides('Asymmetric edema in the right lung.')).toEqual(['pulmonary edema:present:right']);
    expect(sides('Pulmonary edema. The edema is confined to the right lung.')).toEqual(['pulmonary edema:present:right']);
  });

  it('stay unsided when absent, and for findings that are unsided as often as not', () => {
    expect(sides('No pulmonary edema.')).toEqual(['pulmonary edema:absent:-']);
    expect(sides('Low lung volumes.')).toEqual(['low lung volumes:present:-']);
    expect(sides('Mild pulmonary venous congestion.')).toEqual(['vascular congestion:present:-']);
  });

  it('hyperinflation and bronchial wall thickening without a side are both lungs; with one, that side', () => {
    expect(sides('The lungs are hyperinflated. Peribronchial cuffing.')).toEqual(['hyperinflation:present:bilateral', 'bronchial wall thickening:present:bilateral']);
    expect(sides('Hyperinflation of the left lung.')).toEqual(['hyperinflation:present:left']);
  });

  it('are not given a side in the sentence-level reading (what the renderer writes round-trips)', () => {
    expect(sentenceFindings('Interstitial edema.')[0]!.laterality).toBeUndefined();
  });
});
