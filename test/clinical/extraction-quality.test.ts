/**
 * Extraction quality on the independent labelled evaluation set
 * (test/fixtures/clinical/extraction/*.yaml, labelled by src/clinical/CONVENTIONS.md).
 *
 * Findings match on (name, status, laterality), multiset per item, greedy in order; attributes are
 * scored over matched pairs (see ./_quality/score.ts). Bars: F1 >= 0.95, each attribute >= 0.90.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'glob';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../src/clinical/extract/index.js';
import { ATTRIBUTES, formatReport, scoreItems, validateFixture, type FixtureItem, type Score, type ScoredItem } from './_quality/score.js';

const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/clinical/extraction/', import.meta.url));
const F1_BAR = 0.95;
const ATTRIBUTE_BAR = 0.9;

function loadFixtures(): { files: string[]; items: FixtureItem[]; problems: string[] } {
  const files = globSync('*.yaml', { cwd: FIXTURE_DIR, posix: true }).sort();
  const items: FixtureItem[] = [];
  const problems: string[] = [];
  if (files.length === 0) problems.push(`no fixture files in ${FIXTURE_DIR}`);
  for (const file of files) {
    let data: unknown;
    try {
      data = parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8'));
    } catch (e) {
      problems.push(`${file}: invalid YAML: ${(e as Error).message}`);
      continue;
    }
    const r = validateFixture(data, file);
    items.push(...r.items);
    problems.push(...r.problems);
  }
  const seen = new Map<string, string>();
  for (const it of items) {
    const prev = seen.get(it.text);
    if (prev) problems.push(`${it.where}: duplicate text (also ${prev})`);
    else seen.set(it.text, it.where);
  }
  return { files, items, problems };
}

const fixtures = loadFixtures();

let cached: Score | undefined;
function score(): Score {
  if (fixtures.problems.length > 0) throw new Error(`fixtures are malformed:\n${fixtures.problems.join('\n')}`);
  if (cached) return cached;
  const scored: ScoredItem[] = fixtures.items.map((it) => {
    try {
      return { where: it.where, text: it.text, expected: it.findings, got: extractFindings(it.text) };
    } catch (e) {
      return { where: it.where, text: it.text, expected: it.findings, got: [], error: String(e) };
    }
  });
  cached = scoreItems(scored);
  console.log(formatReport(cached, 40));
  return cached;
}

describe('extraction quality (labelled evaluation set)', () => {
  it('fixtures are well-formed', () => {
    expect(fixtures.problems).toEqual([]);
  });

  it('the evaluation set keeps its coverage', () => {
    const names = new Set(fixtures.items.flatMap((i) => i.findings.map((f) => f.name)));
    const negativeOnly = fixtures.items.filter((i) => i.findings.every((f) => f.status === 'absent'));
    expect(fixtures.items.length).toBeGreaterThanOrEqual(170);
    expect(names.size).toBeGreaterThanOrEqual(45);
    expect(negativeOnly.length).toBeGreaterThanOrEqual(30);
  });

  it(`finding-level F1 on (name, status, laterality) >= ${F1_BAR}`, () => {
    const s = score();
    expect(s.f1, `precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}`).toBeGreaterThanOrEqual(F1_BAR);
  });

  for (const a of ATTRIBUTES) {
    it(`${a} accuracy over matched findings >= ${ATTRIBUTE_BAR}`, () => {
      const s = score().attributes[a];
      expect(s.accuracy, `${a}: ${s.correct}/${s.total}`).toBeGreaterThanOrEqual(ATTRIBUTE_BAR);
    });
  }
});
