/**
 * RadGraph-XL's report pre-processing (the radgraph package's `radgraph_xl_preprocess_report`,
 * restated): literal `\n`, `\f` and `\u2122` escapes and real newlines become spaces, `\"`
 * becomes ``, whitespace collapses, nltk's wordpunct_tokenize (`\w+|[^\w\s]+`) splits words
 * and punctuation runs, and five punctuation pairs it keeps together are split apart:
 * `).` `%.` `.'` `%,` `%)`. The model's words are the result split on spaces.
 */
import { wordsOf } from '../../words.js';

const SPLITS: [string, string][] = [
  [').', ') .'],
  ['%.', '% .'],
  [".'", ". '"],
  ['%,', '% ,'],
  ['%)', '% )'],
];

/** The pre-processed text, words separated by single spaces. */
export function radgraphXlPreprocess(text: string): string {
  const t = text
    .replaceAll('\\n', '  ')
    .replaceAll('\\f', '  ')
    .replaceAll('\\u2122', '      ')
    .replaceAll('\n', ' ')
    .replaceAll('\\"', '``')
    .replace(/\s+/gu, ' ');
  let joined = wordsOf(t).join(' ');
  for (const [from, to] of SPLITS) joined = joined.replaceAll(from, to);
  return joined;
}

/** The words the model sees. */
export function radgraphXlWords(text: string): string[] {
  const p = radgraphXlPreprocess(text);
  return p ? p.split(' ') : [];
}
