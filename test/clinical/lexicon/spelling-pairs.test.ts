/**
 * British and US spellings of one term are both terms (issue 12, eighth session): reports of both traditions reach
 * the extractor, and the tolerant speller (spelling.ts) corrects a word only when it is unknown, so a term written in
 * one spelling whose words are known from other terms (`tunnelled`, `hemodialysis`) is missed in the other. The
 * rules are the regular pairs of clinical words; each must give a term of the same finding (or of none: a wording
 * the lexicon reads otherwise is listed by its finding).
 */
import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../../src/clinical/lexicon/load.js';

/** Word-level spelling pairs, both directions: `haem-`/`hem-`, `-aemia`/`-emia`, `oe-`/`e-`, `-our`, `-tre`, `-ise`, `-elled`. */
const RULES: readonly [RegExp, string][] = [
  [/^hem(?=o|a|orr|at)/, 'haem'], [/^haem/, 'hem'],
  [/(?<=[a-z]{2})emi(?=a|as|c)\b/, 'aemi'], [/(?<=[a-z]{2})aemi(?=a|as|c)\b/, 'emi'],
  [/^edem/, 'oedem'], [/^oedem/, 'edem'],
  [/^esophag/, 'oesophag'], [/^oesophag/, 'esophag'],
  [/^fet(?=al|us)/, 'foet'], [/^foet/, 'fet'],
  [/^pedi(?=atric)/, 'paedi'], [/^paed/, 'ped'],
  [/^etiol/, 'aetiol'], [/^aetiol/, 'etiol'],
  [/anesthe/, 'anaesthe'], [/anaesthe/, 'anesthe'],
  [/^tumor/, 'tumour'], [/^tumour/, 'tumor'],
  [/^goiter/, 'goitre'], [/^goitre/, 'goiter'],
  [/(?<=\w{3})iz(?=e|ed|es|ing|ation|ations)\b/, 'is'], [/(?<=\w{3})is(?=e|ed|es|ing|ation|ations)\b/, 'iz'],
  [/(?<=[^l])el(?=ed|ing)\b/, 'ell'], [/(?<=[^l])ell(?=ed|ing)\b/, 'el'],
];

/** The other spelling of each word of a term that has one, one word at a time. */
function otherSpellings(term: string): string[] {
  const words = term.split(' ');
  return words.flatMap((w, i) => RULES.filter(([re]) => re.test(w)).map(([re, to]) => words.map((x, j) => (j === i ? w.replace(re, to) : x)).join(' ')));
}

describe('lexicon spelling pairs', () => {
  it('lists the British and the US spelling of every term', () => {
    const terms = new Set(getLexicon().findings.flatMap((f) => f.terms));
    const missing = getLexicon().findings.flatMap((f) => f.terms.flatMap((t) => otherSpellings(t).filter((v) => !terms.has(v)).map((v) => `${f.name}: ${t} -> ${v}`)));
    expect(missing).toEqual([]);
  });
});
