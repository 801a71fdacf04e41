/** Bad input never throws and gives a defined result. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { splitSentences } from '../../../src/clinical/extract/sentences.js';
import { FINDING_NAMES } from '../../../src/clinical/vocabulary.js';

describe('bad input', () => {
  it('empty and blank text give []', () => {
    expect(extractFindings('')).toEqual([]);
    expect(extractFindings('   \n\t  ')).toEqual([]);
    expect(extractFindings('...;;;,,,')).toEqual([]);
  });

  it('a non-string gives [] (callers from JavaScript)', () => {
    expect(extractFindings(undefined as unknown as string)).toEqual([]);
    expect(extractFindings(42 as unknown as string)).toEqual([]);
  });

  it('numbers only give []', () => {
    expect(extractFindings('123 456.789 0 1.5 2 x 3 10/12/2020 -4')).toEqual([]);
  });

  it('non-ASCII text is read around the foreign words', () => {
    expect(extractFindings('肺野清晰。 Ünremarkable. Épanchement pleural: no effusion. 🙂')).toMatchObject([{ name: 'pleural effusion', status: 'absent' }]);
    expect(extractFindings('\u0000\uFFFF\uD800 pneumothorax')).toMatchObject([{ name: 'pneumothorax', status: 'present' }]);
  });

  it('HTML is read as text, its tags ignored, spans pointing into the original', () => {
    const t = '<html><body><p>FINDINGS:</p><p>Small&nbsp;left <b>pleural effusion</b>.</p><br>No pneumothorax.</body></html>';
    const out = extractFindings(t);
    expect(out.map((x) => [x.name, x.status, x.laterality])).toEqual([['pleural effusion', 'present', 'left'], ['pneumothorax', 'absent', undefined]]);
    expect(t.slice(...out[0]!.span)).toBe('pleural effusion');
    expect(extractFindings('<script>alert("pneumothorax")</script>')).toMatchObject([{ name: 'pneumothorax' }]);
  });

  it('a 1 MB report is processed in bounded time', () => {
    const unit = 'Small left pleural effusion. No pneumothorax or consolidation. ';
    const big = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const start = performance.now();
    const out = extractFindings(big);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(out.length).toBe(3 * Math.ceil(1_000_000 / unit.length));
    expect(out.at(-1)!.id).toBe(`F${out.length}`);
  });

  it('1 MB without any punctuation or line break is processed in bounded time', () => {
    const big = 'no effusion or pneumothorax and small left effusion '.repeat(20_000);
    const start = performance.now();
    const out = extractFindings(big);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(out.length).toBeGreaterThan(0);
    expect(splitSentences(big).every((s) => s.end - s.start <= 1000)).toBe(true);
  });

  it('arbitrary strings give well-formed findings (property, 500 runs)', () => {
    const words = fc.constantFrom('no', 'small', 'left', 'effusion', 'pneumothorax', 'or', ',', '.', 'likely', 'not seen', '\n', 'ETT', '2 cm', 'é', '<b>', 'heart', 'normal');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(words, { maxLength: 40 }).map((w) => w.join(' '))), (text) => {
        const out = extractFindings(text);
        out.forEach((x, i) => {
          expect(x.id).toBe(`F${i + 1}`);
          expect(FINDING_NAMES as readonly string[]).toContain(x.name);
          expect(x.span[0]).toBeGreaterThanOrEqual(0);
          expect(x.span[1]).toBeLessThanOrEqual(text.length);
          expect(x.span[0]).toBeLessThan(x.span[1]);
          if (x.status === 'absent') expect(x.probability).toBeUndefined();
          else expect([1, 2, 3]).toContain(x.probability);
        });
      }),
      { numRuns: 500 },
    );
  });
});
