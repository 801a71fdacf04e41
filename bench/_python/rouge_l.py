"""ROUGE-L as Google's rouge-score computes it (rouge_scorer._score_lcs with _lcs_table: the
full dynamic-programming table, then P = lcs / len(prediction), R = lcs / len(target),
F = 2PR / (P + R)), written out here because rouge-score is not a Debian package. A port of
the published algorithm, not the package itself. Input: {"pairs": [[target, prediction], ...]}."""
from _common import run


def _lcs_table(ref, can):
    rows, cols = len(ref), len(can)
    table = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(1, rows + 1):
        for j in range(1, cols + 1):
            if ref[i - 1] == can[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    return table


def _score_lcs(target, prediction):
    if not target or not prediction:
        return 0.0
    lcs = _lcs_table(target, prediction)[-1][-1]
    precision = lcs / len(prediction)
    recall = lcs / len(target)
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def score_all(data):
    return [_score_lcs(t, p) for t, p in data['pairs']]


if __name__ == '__main__':
    run(score_all)
