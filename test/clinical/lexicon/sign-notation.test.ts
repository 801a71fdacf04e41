/** Telegraphic notation of East Asian reports: "(-)" after a finding denies it; "CV catheter", "endo tube" name devices. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const seen = (text: string): string[] => extractFindings(text).map((f) => [f.name, f.status, f.side].filter(Boolean).join(':'));

describe('(-) and device shorthand', () => {
  it.each([
    ['Pneumothorax (-).', ['pneumothorax:absent']],
    ['Pleural effusion (-), pneumothorax (-).', ['pleural effusion:absent', 'pneumothorax:absent']],
    ['Cardiomegaly (+). Pleural effusion (-).', ['cardiomegaly:present', 'pleural effusion:absent']],
    ['Rt IJ CV catheter, tip in SVC.', ['central venous catheter:present:right']],
    ['Endo tube tip 4.5 cm above carina.', ['endotracheal tube:present']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
