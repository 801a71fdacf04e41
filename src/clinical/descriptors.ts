/**
 * Qualitative descriptors of a finding (METRICS §1.5 "descriptor": margins, solid vs ground-glass,
 * simple vs complex), read from the words around its mention; the extractor keeps none of them.
 * Only the mention's own phrase is read: the words before it in its clause and a following
 * "with ..." ("mass with spiculated margins").
 */

/** Descriptor axes; two reports that both state a value on an axis and differ have a descriptor error. */
export type DescriptorAxis = 'margin' | 'density' | 'calcification' | 'complexity' | 'chronicity';

/** Per axis, the first pattern that matches gives the value (more specific patterns first). */
const AXES: readonly [DescriptorAxis, readonly [RegExp, string][]][] = [
  ['margin', [[/\b(?:spiculated|irregular|ill[- ]defined|poorly defined|lobulated)\b/i, 'irregular'], [/\b(?:well[- ]defined|well[- ]circumscribed|circumscribed|smooth(?:ly marginated)?|sharply (?:defined|marginated))\b/i, 'smooth']]],
  ['density', [[/\b(?:part[- ]solid|subsolid|ground[- ]glass)\b/i, 'subsolid'], [/\bsolid\b/i, 'solid']]],
  ['calcification', [[/\bnon[- ]?calcified\b/i, 'noncalcified'], [/\b(?:calcified|calcific)\b/i, 'calcified']]],
  ['complexity', [[/\b(?:complex|loculated|septated)\b/i, 'complex'], [/\bsimple\b/i, 'simple']]],
  ['chronicity', [[/\b(?:old|healed|healing|remote|chronic)\b/i, 'old'], [/\b(?:acute|fresh)\b/i, 'acute']]],
];

/** Ends of a finding's own phrase: sentence and clause punctuation, and a coordinating "and". */
const BREAK = /(?<!\d)\.(?!\d)|[;,:]|\band\b|\bwith\b/gi;

/** The words of the mention's phrase: back to the clause start, and a following "with ..." phrase. */
export function phraseOf(span: readonly [number, number], text: string): string {
  const [a, b] = span;
  let start = 0;
  for (const m of text.slice(0, a).matchAll(BREAK)) if (m[0].toLowerCase() !== 'with') start = m.index + m[0].length;
  let rest = text.slice(b);
  const cut = /(?<!\d)\.(?!\d)|[;,:]|\band\b/i.exec(rest);
  rest = cut ? rest.slice(0, cut.index) : rest;
  const after = /^\s*(?:with|showing|demonstrating)\b/i.test(rest) ? rest : '';
  return text.slice(start, b) + after;
}

/** The descriptors stated in a mention's phrase. */
export function descriptorsOf(span: readonly [number, number], text: string): Partial<Record<DescriptorAxis, string>> {
  const phrase = phraseOf(span, text);
  const out: Partial<Record<DescriptorAxis, string>> = {};
  for (const [axis, values] of AXES) {
    const hit = values.find(([re]) => re.test(phrase));
    if (hit) out[axis] = hit[1];
  }
  return out;
}
