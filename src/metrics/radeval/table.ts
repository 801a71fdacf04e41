/**
 * RadEval's metrics as this provider exposes them: the constructor flag that turns each on,
 * the per-sample result key that is the value (others go to details), which way is better and
 * the bounds. Keys and flags are RadEval's public API (`RadEval(do_<x>=True, do_per_sample=True)`).
 */

export interface RadEvalMetric {
  flag: string;
  /** Result key of the value; `details` keys are reported alongside. */
  key: string;
  details?: string[];
  direction: 'higher' | 'lower';
  range: [number, number];
  /** Calls an LLM API (network, not repeatable). */
  remote?: boolean;
  what: string;
}

/** No declared bound (RadCliQ-v1 is a regression output). */
const UNBOUNDED: [number, number] = [-Number.MAX_VALUE, Number.MAX_VALUE];

export const RADEVAL_METRICS: Readonly<Record<string, RadEvalMetric>> = {
  bleu: { flag: 'do_bleu', key: 'bleu', direction: 'higher', range: [0, 1], what: 'BLEU-4 (RadEval\'s implementation)' },
  rouge: { flag: 'do_rouge', key: 'rougeL', details: ['rouge1', 'rouge2'], direction: 'higher', range: [0, 1], what: 'ROUGE-L F (rouge1, rouge2 in details)' },
  bertscore: { flag: 'do_bertscore', key: 'bertscore', direction: 'higher', range: [-1, 1], what: 'BERTScore F1 (distilbert-base-uncased, 5 layers)' },
  radeval_bertscore: { flag: 'do_radeval_bertscore', key: 'radeval_bertscore', direction: 'higher', range: [-1, 1], what: 'BERTScore with RadEval\'s ModernBERT' },
  radgraph: { flag: 'do_radgraph', key: 'radgraph_partial', details: ['radgraph_simple', 'radgraph_complete'], direction: 'higher', range: [0, 1], what: 'RadGraph-F1 (RadGraph-XL; partial, simple and complete)' },
  green: { flag: 'do_green', key: 'green', direction: 'higher', range: [0, 1], what: 'GREEN (GREEN-RadLlama2-7b judge)' },
  mammo_green: { flag: 'do_mammo_green', key: 'mammo_green', direction: 'higher', range: [0, 1], remote: true, what: 'MammoGREEN (API judge)' },
  srrbert: { flag: 'do_srrbert', key: 'srrbert_weighted_f1', details: ['srrbert_weighted_precision', 'srrbert_weighted_recall'], direction: 'higher', range: [0, 1], what: 'SRR-BERT weighted F1' },
  f1chexbert: { flag: 'do_f1chexbert', key: 'f1chexbert_sample_acc_5', details: ['f1chexbert_sample_acc_all'], direction: 'higher', range: [0, 1], what: 'F1-CheXbert per-report accuracy on the 5 main labels (all 14 in details)' },
  f1radbert_ct: { flag: 'do_f1radbert_ct', key: 'f1radbert_ct_sample_acc', direction: 'higher', range: [0, 1], what: 'F1-RadBERT-CT per-report accuracy' },
  ratescore: { flag: 'do_ratescore', key: 'ratescore', direction: 'higher', range: [0, 1], what: 'RaTEScore' },
  radgraph_radcliq: { flag: 'do_radgraph_radcliq', key: 'radgraph_radcliq', direction: 'higher', range: [0, 1], what: 'RadGraph F1 as RadCliQ uses it' },
  radcliq: { flag: 'do_radcliq', key: 'radcliq_v1', direction: 'lower', range: UNBOUNDED, what: 'RadCliQ-v1 (estimated error count: lower is better)' },
  temporal: { flag: 'do_temporal', key: 'temporal_f1', direction: 'higher', range: [0, 1], what: 'temporal entity F1' },
  radfact_ct: { flag: 'do_radfact_ct', key: 'radfact_ct_f1', details: ['radfact_ct_precision', 'radfact_ct_recall'], direction: 'higher', range: [0, 1], remote: true, what: 'RadFact-CT logical F1 (API judge)' },
  crimson: { flag: 'do_crimson', key: 'crimson', direction: 'higher', range: [-1, 1], what: 'CRIMSON through RadEval' },
};
