"""The CRIMSON score of a judge evaluation, written from the published formula (docs METRICS
§1.2; upstream's `_calculate_crimson`): weights per significance label, E_false, E_miss, N_G,
partial credit b * b / (b + A) per first match of a reference, S and the final squashing,
Python's round(x, 4). A small port for the bench (the crimson-score package is not
installable here), not the package itself. It returns the result dict computeCrimsonScore
returns (crimson_score, metrics, error_counts, weighted_error_counts), so both sides do the same
work; the bench flattens it to the compared numbers outside the timed loop.
Input: {"evaluations": [...]}."""
from _common import run

SIGNIFICANCE = {'urgent': 1.0, 'actionable_not_urgent': 0.5, 'not_actionable_not_urgent': 0.25, 'benign_expected': 0.0}
SEVERITY = {'significant': 0.5, 'negligible': 0.0}
TYPES = ['location', 'severity', 'descriptor', 'measurement', 'certainty', 'unspecific', 'overinterpretation', 'temporal']


def _calculate_crimson(evaluation):
    errors = evaluation.get('errors', {}) or {}
    matched = evaluation.get('matched_findings', []) or []
    refs = evaluation.get('reference_findings', []) or []
    preds = evaluation.get('predicted_findings', []) or []
    false_ids = errors.get('false_findings', []) or []
    missing_ids = errors.get('missing_findings', []) or []
    attr_errors = errors.get('attribute_errors', []) or []

    ref_weight = {r.get('id'): SIGNIFICANCE.get(r.get('clinical_significance'), 0.25) for r in refs}
    pred_weight = {p.get('id'): SIGNIFICANCE.get(p.get('clinical_significance'), 0.25) for p in preds}
    e_false = sum(pred_weight.get(i, 0) for i in false_ids)
    e_miss = sum(ref_weight.get(i, 0) for i in missing_ids)
    counts = {f'{t}_errors': sum(1 for e in attr_errors if t in (e.get('error_types') or [])) for t in TYPES}

    n_g = sum(SIGNIFICANCE.get(r.get('clinical_significance'), 0.25) for r in refs)
    if n_g == 0 and len(refs) == 0:
        n_g = len(matched) + e_miss

    correct = 0.0
    counted = set()
    for m in matched:
        ref_id = m.get('ref_id')
        if ref_id in counted:
            continue
        counted.add(ref_id)
        base = ref_weight.get(ref_id, 0.0)
        own = [e for e in attr_errors if e.get('ref_id') == ref_id]
        if not own:
            correct += base
        else:
            a = sum(SEVERITY.get(e.get('severity'), 0.25) for e in own)
            credit = base / (base + a) if base + a > 0 else 0.0
            correct += base * credit

    more = e_false - correct
    if n_g == 0:
        s = 1.0 if e_false == 0 and e_miss == 0 else -(e_false + e_miss + 1)
    else:
        s = (correct - e_false) / n_g
    score = s if s >= 0 else (-1 * more / (1 + more) if more > 0 else 0)
    weighted_attr = sum(SEVERITY.get(e.get('severity'), 0.25) for e in attr_errors)
    return {
        'crimson_score': round(score, 4),
        'metrics': {'N_G': n_g, 'E_penalty': e_false, 'correct': correct, 'errors_more_than_correct': more, 'S': s},
        'error_counts': {'false_findings': len(false_ids), 'missing_findings': len(missing_ids), 'attribute_errors': len(attr_errors), **counts},
        'weighted_error_counts': {'false_findings': e_false, 'missing_findings': e_miss, 'attribute_errors': weighted_attr},
    }


def score_all(data):
    return [_calculate_crimson(e) for e in data['evaluations']]


def flatten(r):
    m, c = r['metrics'], r['error_counts']
    return [r['crimson_score'], m['N_G'], m['E_penalty'], m['correct'], m['S'], c['false_findings'], c['missing_findings'], c['attribute_errors'], c['location_errors']]


if __name__ == '__main__':
    run(score_all, flatten=flatten)
