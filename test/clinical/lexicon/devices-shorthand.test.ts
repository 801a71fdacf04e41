/**
 * Device shorthand of East Asian reports (issue 12, tenth session): the E-tube, the L-tube (Levin), the C-line, and a
 * venous catheter named by its two lumens (the dialysis one). Own example sentences; see _breadth.ts.
 */
import { describe, expect, it } from 'vitest';
import { names, unread, type Row } from './_breadth.js';

const ROWS: readonly Row[] = [
  ['endotracheal tube', 'E-tube in place, tip 4 cm above the carina.'],
  ['endotracheal tube', 'E tube tip at T2.'],
  ['enteric tube', 'L-tube with its tip in the stomach.'],
  ['enteric tube', 'Levin tube in situ.'],
  ['central venous catheter', 'Lt IJ C-line, tip at the SVC.'],
  ['dialysis catheter', 'Right IJ dual-lumen catheter, tip in the right atrium.'],
  ['dialysis catheter', 'Left subclavian double lumen line.'],
];

describe('device shorthand', () => {
  it('reads each shorthand as its device', () => {
    expect(unread(ROWS)).toEqual([]);
  });

  it('leaves a named two-lumen device its own name', () => {
    expect(names('Dual lumen ECMO cannula via the right IJ.')).toEqual(['ecmo cannula']);
    expect(names('Double lumen PICC in the left arm.')).toEqual(['picc']);
    expect(names('Double lumen tube in the left main bronchus.')).toEqual(['endotracheal tube']);
  });
});
