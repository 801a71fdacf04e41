"""RadGraph-F1 at the three reward levels (simple, partial, complete) as the radgraph package's
compute_reward computes them (docs METRICS §2.2, `head` variant: token strings lowercased):
tuple sets per report, |hyp ∩ ref| / |hyp|, |ref ∩ hyp| / |ref|, F1. A small port of the
published formula for the bench (radgraph is not installable here), not the package itself.
Input: {"pairs": [[hyp_annotation, ref_annotation], ...]} (one pre-parsed corpus, the scoring
loop timed) or {"batches": [json_text, ...]}, each text a JSON list of such pairs (decoded per
batch untimed, as a worker's reply is, then its pairs scored, timed)."""
import sys

from _common import run, run_batched


def _f1(hyp, ref):
    precision = sum(1 for x in hyp if x in ref) / len(hyp) if len(hyp) > 0 else 0.0
    recall = sum(1 for x in ref if x in hyp) / len(ref) if len(ref) > 0 else 0.0
    return 2 * precision * recall / (precision + recall) if (precision + recall) > 0 else 0.0


def exact_entity_token_match_reward(hyp, ref):
    sets = [set((e['tokens'].lower(), e['label']) for e in a['entities'].values()) for a in (hyp, ref)]
    return _f1(*sets)


def exact_entity_token_if_rel_exists_reward(hyp, ref):
    sets = []
    for a in (hyp, ref):
        candidate = []
        for e in a['entities'].values():
            if not e['relations']:
                candidate.append((e['tokens'].lower(), e['label']))
            if e['relations']:
                candidate.append((e['tokens'].lower(), e['label'], True))
        sets.append(set(candidate))
    return _f1(*sets)


def exact_entity_token_if_all_match_reward(hyp, ref):
    sets = []
    for a in (hyp, ref):
        candidate = []
        for e in a['entities'].values():
            if not e['relations']:
                candidate.append((e['tokens'].lower(), e['label']))
            for relation in e['relations']:
                target = a['entities'][relation[1]]
                candidate.append((e['tokens'].lower(), e['label'], relation[0], target['tokens'].lower()))
        sets.append(set(candidate))
    return _f1(*sets)


def compute_reward(hyp, ref):
    if len(hyp['entities']) == 0 or len(ref['entities']) == 0:
        return (0.0, 0.0, 0.0)
    return (exact_entity_token_match_reward(hyp, ref),
            exact_entity_token_if_rel_exists_reward(hyp, ref),
            exact_entity_token_if_all_match_reward(hyp, ref))


def score_all(data):
    return [list(compute_reward(h, r)) for h, r in data['pairs']]


def score_batch(pairs):
    return [list(compute_reward(h, r)) for h, r in pairs]


def batched(path):
    with open(path, encoding='utf-8') as f:
        return f.read(10) == '{"batches"'


if __name__ == '__main__':
    if batched(sys.argv[1]):
        run_batched(score_batch)
    else:
        run(score_all)
