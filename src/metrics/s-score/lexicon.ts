import { getLexicon } from '../../clinical/lexicon/load.js';
import { buildNameIndex, DEFAULT_SEVERITY, TEXT_NAMES, type NameIndex, type SeverityWords } from './names.js';

/** The vocabulary S-Score normalizes names and levels with. */
export interface Vocabulary {
  names: NameIndex;
  severity: SeverityWords;
}

let canonical: Vocabulary | undefined;

/**
 * Canonical names (every lexicon term and abbreviation of a finding maps to its FINDING_NAMES
 * entry) and severity words (CONVENTIONS.md rule 16), from the clinical core's lexicon; built
 * once on first use.
 */
export function lexiconVocabulary(): Vocabulary {
  if (!canonical) {
    const lexicon = getLexicon();
    const severity = new Map(DEFAULT_SEVERITY);
    for (const [word, s] of lexicon.severity) severity.set(word.toLowerCase(), s);
    canonical = { names: buildNameIndex(lexicon.findings, lexicon.abbreviations), severity };
  }
  return canonical;
}

/** The vocabulary for the `names` reading. */
export function vocabularyFor(names: 'canonical' | 'text'): Vocabulary {
  return names === 'canonical' ? lexiconVocabulary() : { names: TEXT_NAMES, severity: lexiconVocabulary().severity };
}
