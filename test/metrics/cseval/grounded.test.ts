import { describe, expect, it } from 'vitest';
import { binValue, parseGrounded, selectFindings } from '../../../src/metrics/cseval/grounded.js';

const MAIRA = '<obj>Moderate left pleural effusion.<box><x52><y62><x92><y94></box></obj><obj>Heart size is normal.</obj>';

describe('MAIRA-2 grounded output', () => {
  it('parses phrases with their boxes as bin centres (k + 0.5) / 100', () => {
    const p = parseGrounded(MAIRA);
    expect(p.grounded).toBe(true);
    expect(p.phrases).toEqual([
      { text: 'Moderate left pleural effusion.', boxes: [[0.525, 0.625, 0.925, 0.945]] },
      { text: 'Heart size is normal.', boxes: [] },
    ]);
    expect(binValue(0)).toBe(0.005);
    expect(binValue(99)).toBe(0.995);
  });

  it('keeps several boxes per phrase, and reads text outside <obj> as ungrounded sentences', () => {
    const p = parseGrounded('Lines and tubes unchanged. <obj>Bilateral effusions<box><x1><y2><x3><y4></box><box><x60><y60><x90><y90></box></obj> Trailing text.');
    expect(p.phrases.map((x) => [x.text, x.boxes.length])).toEqual([
      ['Lines and tubes unchanged.', 0],
      ['Bilateral effusions', 2],
      ['Trailing text.', 0],
    ]);
  });

  it('reports malformed boxes and an unclosed <obj> as warnings; a malformed box does not ground', () => {
    const p = parseGrounded('<obj>Effusion.<box><x1><y2><x3></box></obj><obj>Cut off');
    expect(p.phrases[0]).toEqual({ text: 'Effusion.', boxes: [] });
    expect(p.warnings.join(' ')).toMatch(/malformed box/);
    expect(p.warnings.join(' ')).toMatch(/unclosed <obj>/);
  });

  it('selects grounded phrases only by default, every phrase on request, free text whole', () => {
    expect(selectFindings(MAIRA)).toMatchObject({ text: 'Moderate left pleural effusion.', grounded: true, kept: 1, dropped: 1 });
    expect(selectFindings(MAIRA, { groundedOnly: false }).text).toBe('Moderate left pleural effusion. Heart size is normal.');
    expect(selectFindings('Mild cardiomegaly. No effusion.')).toMatchObject({ text: 'Mild cardiomegaly. No effusion.', grounded: false, kept: 2, dropped: 0 });
    expect(selectFindings('<obj>No pneumothorax.</obj>').text).toBe('');
  });

  it('ends each kept phrase with a full stop so sentences stay apart', () => {
    expect(selectFindings('<obj>Small effusion<box><x1><y1><x2><y2></box></obj><obj>Atelectasis<box><x1><y1><x2><y2></box></obj>').text).toBe('Small effusion. Atelectasis.');
  });
});
