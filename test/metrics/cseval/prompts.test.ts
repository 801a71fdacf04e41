import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csevalCaseFiles, imagesFor, PLACEHOLDER_NOTE } from '../../../src/metrics/cseval/fixtures.js';
import { csevalPrompts, SEEDS_PER_PROMPT } from '../../../src/metrics/cseval/prompts.js';

const CASES = path.resolve(import.meta.dirname, '../../../cases/image');

describe('the CSEval prompt set', () => {
  it('is the paper\'s 31 prompts: 3 cardiomegaly, 4 effusion, 12 opacification, 12 pneumothorax', () => {
    const prompts = csevalPrompts();
    expect(prompts).toHaveLength(31);
    expect(prompts.length * SEEDS_PER_PROMPT).toBe(310);
    const count = (f: string) => prompts.filter((p) => p.finding === f).length;
    expect([count('cardiomegaly'), count('pleural effusion'), count('opacification'), count('pneumothorax')]).toEqual([3, 4, 12, 12]);
    expect(new Set(prompts.map((p) => p.text)).size).toBe(31);
    expect(prompts.map((p) => p.text)).toContain('moderate right lower lobe opacification');
    expect(prompts.map((p) => p.text)).toContain('large left apical pneumothorax');
    expect(prompts.map((p) => p.text)).not.toContain('large left pleural effusion');
  });

  it('covers faithful, wrong-side (where the prompt has a side), wrong-severity and missed outcomes', () => {
    for (const p of csevalPrompts()) {
      const labels = imagesFor(p).map((i) => i.label);
      expect(labels).toEqual(p.location ? ['faithful', 'wrong_side', 'wrong_severity', 'missed'] : ['faithful', 'wrong_severity', 'missed']);
      const sev = imagesFor(p).find((i) => i.label === 'wrong_severity')!;
      expect(sev.drawn!.severity).not.toBe(p.severity);
    }
  });
});

describe('cases/image (generated)', () => {
  it('matches the generator byte for byte (regenerate: npx tsx src/metrics/cseval/generate-cases.ts)', () => {
    const files = csevalCaseFiles();
    for (const [rel, content] of files) {
      const file = path.join(CASES, rel);
      expect(existsSync(file), rel).toBe(true);
      expect(readFileSync(file).equals(Buffer.from(content)), rel).toBe(true);
    }
    const onDisk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? onDisk(path.join(dir, n)) : [path.relative(CASES, path.join(dir, n))]));
    const extra = onDisk(CASES).filter((f) => !files.has(f.replace(/\\/g, '/')) && !/README\.md$/.test(f));
    expect(extra).toEqual([]);
  });

  it('ships small PNG placeholders named and marked as placeholders', () => {
    const pngs = [...csevalCaseFiles()].filter(([rel]) => rel.endsWith('.png'));
    expect(pngs.length).toBe(31 + 28 + 31 + 31);
    for (const [rel, bytes] of pngs) {
      expect(rel).toMatch(/\.placeholder\.png$/);
      expect((bytes as Buffer).length).toBeLessThan(2048);
      expect((bytes as Buffer).subarray(1, 4).toString()).toBe('PNG');
      expect((bytes as Buffer).toString('latin1')).toContain(PLACEHOLDER_NOTE);
    }
  });
});
