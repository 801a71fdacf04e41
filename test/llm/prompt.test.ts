import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateSet, renderTemplate } from '../../src/llm/prompt.js';

describe('prompt templates', () => {
  it('never HTML-escapes (a prompt is not HTML)', () => {
    expect(renderTemplate('R: {{r}}', { r: 'size < 5 mm & "new" <b>' })).toBe('R: size < 5 mm & "new" <b>');
  });

  it('loads partials from a folder and offers json/eq/join/inc helpers', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ms-prompt-'));
    writeFileSync(path.join(dir, 'greet.hbs'), 'Hello {{name}}');
    const set = createTemplateSet({ partialsDir: dir, partials: { bye: 'Bye' } });
    expect(set.partials()).toEqual(['bye', 'greet']);
    const t = set.compile('{{> greet}}. {{json obj}} {{#if (eq a 1)}}one{{/if}} {{join xs " | "}} {{#each xs}}{{inc @index}}{{/each}} {{> bye}}');
    expect(t({ name: 'Ann', obj: { k: [1] }, a: 1, xs: ['x', 'y'] })).toBe('Hello Ann. {"k":[1]} one x | y 12 Bye');
  });

  it('reports template syntax errors when compiling, not at first use', () => {
    expect(() => createTemplateSet().compile('{{#if x}}unclosed')).toThrow();
  });

  it('keeps environments isolated', () => {
    const a = createTemplateSet({ partials: { p: 'A' } });
    const b = createTemplateSet();
    expect(a.compile('{{> p}}')({})).toBe('A');
    expect(() => b.compile('{{> p}}')({})).toThrow(/partial/i);
  });

  it('names the file when a template file cannot be read', () => {
    expect(() => createTemplateSet().compileFile('/no/such/template.hbs')).toThrow(/template\.hbs/);
  });
});
