/**
 * BLEU and ROUGE-L against their Python references on the same generated report pairs
 * (tokenized once, by the project's tokenizer, so both sides score identical token lists).
 */
import { sentenceBleu } from '../../src/metrics/bleu/sentence-bleu.js';
import { tokenizeReport } from '../../src/metrics/bleu/tokenize.js';
import { rougeL } from '../../src/metrics/rouge-l/rouge-l.js';
import { rougeTokens } from '../../src/metrics/rouge-l/index.js';
import { generateReports } from '../extractor.js';
import { runPython } from '../_lib/python.js';
import { checkEqual, ratio, type BenchGroup, type BenchRow } from '../_lib/row.js';
import { best, duration } from '../_lib/timing.js';

const PAIRS = Number(process.env.BENCH_TEXT_PAIRS ?? 20_000);
/** Pure-Python LCS tables take ~1.5 ms a pair: fewer pairs keep the row under a minute. */
const ROUGE_PAIRS = Number(process.env.BENCH_ROUGE_PAIRS ?? 2_000);

/** Report pairs: each reference with another generated report (shared templates, partial overlap). */
function pairs<T>(tokenize: (text: string) => T, count = PAIRS): [T, T][] {
  const reports = generateReports(count * 2, 56, 7);
  return Array.from({ length: count }, (_, i) => [tokenize(reports[2 * i]!), tokenize(reports[2 * i + 1]!)]);
}

export const bleuGroup: BenchGroup = {
  id: 'bleu',
  rows: ['bleu'],
  async run(): Promise<BenchRow[]> {
    const data = pairs((t) => tokenizeReport(t));
    const tokens = data.reduce((n, [r, h]) => n + r.length + h.length, 0) / (2 * data.length);
    const ours = best(() => data.map(([r, h]) => sentenceBleu([r], h, { smoothing: 1 })), 3);
    const ref = runPython<number>('bleu_nltk.py', { pairs: data }, ['nltk'], 3); // best of 3, as ours
    checkEqual('bleu', ours.value, ref.outputs, 1e-12);
    const x = ref.cpuSeconds / ours.cpuSeconds;
    return [{
      id: 'bleu',
      what: `sentence BLEU-4 (smoothing 1) vs nltk \`sentence_bleu\`, ${data.length} report pairs (~${tokens.toFixed(0)} tokens)`,
      project: `${duration(ours.cpuSeconds / data.length)}/pair`,
      reference: `nltk (Python ${ref.python}): ${duration(ref.cpuSeconds / data.length)}/pair`,
      result: ratio(x),
      goal: '>= 20x',
      met: x >= 20,
    }];
  },
};

export const rougeGroup: BenchGroup = {
  id: 'rouge-l',
  rows: ['rouge-l'],
  async run(): Promise<BenchRow[]> {
    const data = pairs((t) => rougeTokens(t), ROUGE_PAIRS);
    const ours = best(() => data.map(([r, c]) => rougeL(r, c).f), 3);
    const ref = runPython<number>('rouge_l.py', { pairs: data }, [], 3);
    checkEqual('rouge-l', ours.value, ref.outputs);
    const x = ref.cpuSeconds / ours.cpuSeconds;
    return [{
      id: 'rouge-l',
      what: `ROUGE-L F1 vs rouge-score's algorithm (\`_score_lcs\`, ported: bench/_python/rouge_l.py), ${data.length} report pairs`,
      project: `${duration(ours.cpuSeconds / data.length)}/pair`,
      reference: `Python ${ref.python}: ${duration(ref.cpuSeconds / data.length)}/pair`,
      result: ratio(x),
      goal: '>= 20x',
      met: x >= 20,
    }];
  },
};
