"""scipy.stats.kendalltau (Debian python3-scipy), variant b, on numpy arrays: the reference
row for tau-b. Input: {"x": [...], "y": [...], "calls": k} (k calls on the same data)."""
import numpy as np
from scipy.stats import kendalltau

from _common import run


def score_all(data):
    x, y = np.asarray(data['x'], dtype=float), np.asarray(data['y'], dtype=float)
    out = None
    for _ in range(data['calls']):
        out = kendalltau(x, y)[0]
    return [float(out)]


if __name__ == '__main__':
    run(score_all)
