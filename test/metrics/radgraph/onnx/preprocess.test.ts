import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { radgraphXlPreprocess, radgraphXlWords } from '../../../../src/metrics/radgraph/extractors/onnx/preprocess.js';

describe('RadGraph-XL pre-processing', () => {
  it('splits the punctuation pairs wordpunct_tokenize keeps together', () => {
    expect(radgraphXlWords('Effusion (small).')).toEqual(['Effusion', '(', 'small', ')', '.']);
    expect(radgraphXlWords('Ejection fraction 55%.')).toEqual(['Ejection', 'fraction', '55', '%', '.']);
    expect(radgraphXlWords("Described as 'stable.' Unchanged")).toEqual(['Described', 'as', "'", 'stable', '.', "'", 'Unchanged']);
    expect(radgraphXlWords('Sat 92%, stable')).toEqual(['Sat', '92', '%', ',', 'stable']);
    expect(radgraphXlWords('(about 30%) of the lung')).toEqual(['(', 'about', '30', '%', ')', 'of', 'the', 'lung']);
    expect(radgraphXlWords('improved (30%).')).toEqual(['improved', '(', '30', '%', ')', '.']);
  });

  it('keeps other punctuation runs whole, as wordpunct_tokenize does', () => {
    expect(radgraphXlWords('Heart size normal), lungs clear...')).toEqual(['Heart', 'size', 'normal', '),', 'lungs', 'clear', '...']);
  });

  it('turns escapes and newlines into spaces and collapses whitespace', () => {
    expect(radgraphXlPreprocess('No effusion.\\nMild\ncardiomegaly.  \t Done \\"x\\"')).toBe('No effusion . Mild cardiomegaly . Done `` x ``');
    expect(radgraphXlWords('   ')).toEqual([]);
  });

  it('agrees with the same steps done by Python (re, str.replace) on tricky reports', () => {
    const reports = ['Effusion (small).', 'EF 55%. Sat 92%, (30%) ok', "said 'stable.' then", 'Über-größe 3.5cm), naïve_x', 'a\\nb\\fc \\u2122 d', 'x %), y'];
    const code = String.raw`import json, re, sys
def wordpunct(t): return re.findall(r"\w+|[^\w\s]+", t)
out = []
for text in json.load(sys.stdin):
    text = text.replace("\\n", "  ").replace("\\f", "  ").replace("\\u2122", "      ").replace("\n", " ").replace('\\"', "${'``'}")
    t = " ".join(wordpunct(re.sub(r"\s+", " ", text)))
    for a, b in [(").", ") ."), ("%.", "% ."), (".'", ". '"), ("%,", "% ,"), ("%)", "% )")]: t = t.replace(a, b)
    out.append(t)
print(json.dumps(out))`;
    const want = JSON.parse(execFileSync('python3', ['-c', code], { input: JSON.stringify(reports), encoding: 'utf8' })) as string[];
    expect(reports.map(radgraphXlPreprocess)).toEqual(want);
  });
});
