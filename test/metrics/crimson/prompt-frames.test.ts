import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemplateSet } from '../../../src/llm/prompt.js';
import { buildCrimsonPrompt, type CrimsonPromptOptions } from '../../../src/metrics/crimson/prompt.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'crimson-frames-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same prompt with and without frames must give identical messages; the framed one also gives its JSON. */
function pair(options: CrimsonPromptOptions) {
  return { framed: buildCrimsonPrompt(options), plain: buildCrimsonPrompt({ ...options, frames: false }) };
}

// report texts with the characters that matter at the seams: newlines (runs of 3+), quotes,
// backslashes, control characters, whitespace at the ends, astral and lone surrogates, NUL
const piece = fc.constantFrom('\n', '\n\n\n', '\n\n\n\n', '"', '\\', '\t', ' ', '\u2028', '\u00a0', '😀', '\ud83d', '\ude00', '\u0000', '{{x}}', 'é', 'Small left effusion.', 'R1', '');
const report = fc.oneof(fc.array(piece, { maxLength: 8 }).map((a) => a.join('')), fc.array(fc.array(piece, { maxLength: 3 }).map((a) => a.join('')), { maxLength: 3 }));
const context = fc.option(fc.dictionary(fc.constantFrom('age', 'indication', 'sex', 'study_description'), fc.oneof(fc.integer({ min: 0, max: 99 }), fc.array(piece, { maxLength: 3 }).map((a) => a.join('')))), { nil: undefined });

describe('crimson prompt frames', () => {
  for (const [name, options] of [
    ['built-in, guidelines', { guidelines: true, patientContext: true }],
    ['built-in, no guidelines, no context', { guidelines: false, patientContext: false }],
    ['a system prompt with placeholders', { guidelines: true, patientContext: true, systemPrompt: 'Judge {{candidate}} against the reference.' }],
  ] as [string, CrimsonPromptOptions][]) {
    it(`gives the same messages as rendering every call (${name}), and the JSON of the user message`, () => {
      const { framed, plain } = pair(options);
      fc.assert(
        fc.property(report, report, context, (r, c, ctx) => {
          const a = framed.render(r, c, ctx);
          const b = plain.render(r, c, ctx);
          expect(a.user).toBe(b.user);
          expect(a.system).toBe(b.system);
          if (a.userJson !== undefined) expect(a.userJson).toBe(JSON.stringify(a.user));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('frames the common case (plain report text) and a user template that uses the reports as text', () => {
    const file = path.join(dir, 'mine.hbs');
    writeFileSync(file, 'REF:{{reference}}\n\n\n\nCAND:{{{candidate}}}{{#each context}} {{key}}={{value}}{{/each}} {{reference}}');
    for (const options of [{ guidelines: true, patientContext: true }, { guidelines: false, patientContext: true, templateFile: file }] as CrimsonPromptOptions[]) {
      const { framed, plain } = pair(options);
      const a = framed.render('Small left pleural effusion.\n\n\n\nMild cardiomegaly.', ['left effusion', 'no "pneumothorax"'], { age: 82, indication: 'Dyspnea' });
      expect(a.userJson).toBe(JSON.stringify(a.user));
      expect(a.user).toBe(plain.render('Small left pleural effusion.\n\n\n\nMild cardiomegaly.', ['left effusion', 'no "pneumothorax"'], { age: 82, indication: 'Dyspnea' }).user);
    }
  });

  it('does not frame a template whose output depends on the reports beyond their text', () => {
    const set = createTemplateSet({ partials: { uses: '{{#if reference}}has{{/if}}', plain: '{{reference}}', whole: '{{json this}}' } });
    const slots = ['reference', 'candidate'];
    expect(set.plainSlots('{{reference}} and {{candidate}} {{> plain}} {{#each context}}{{key}}{{/each}}', slots)).toBe(true);
    for (const source of ['{{#if reference}}x{{/if}}', '{{json candidate}}', '{{> uses}}', '{{> whole}}', '{{> plain this}}', '{{@root.reference}}', '{{eq (lookup this "reference") "a"}}', '{{#with this}}{{reference}}{{/with}}', '{{> missing}}', '{{> (lookup . "plain")}}', '{{#> plain}}x{{/plain}}', '{{']) {
      expect(set.plainSlots(source, slots), source).toBe(false);
    }
    // and such a user template is rendered every call, with the same result
    const file = path.join(dir, 'cond.hbs');
    writeFileSync(file, '{{#if candidate}}C={{candidate}}{{else}}none{{/if}}');
    const p = buildCrimsonPrompt({ guidelines: false, patientContext: false, templateFile: file });
    expect(p.render('a', 'b', undefined)).toEqual({ system: expect.any(String), user: 'C=b' });
  });
});
