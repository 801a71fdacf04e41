"""Token F1 between reference and candidate: a RadEval-style lexical metric in pure Python.

Run by metric-suite as a `command` metric (see metric-suite.config.yaml next to this file).
"""
import re
from collections import Counter

from metric_suite import options, serve

DECLARATION = {
    "id": "token-f1",
    "version": "1",
    "description": "Token-level F1 (SQuAD-style bag-of-words overlap) between reference and candidate",
    "direction": "higher",
    "range": [0, 1],
    "tieTolerance": 0.001,
    "deterministic": True,
    "symmetric": True,
    "inputs": ["text"],
    "batchSize": 32,
}


def tokens(text):
    words = re.findall(r"[a-z0-9]+(?:\.[0-9]+)?", str(text).lower())
    stop = set(options.get("stopwords", []))
    return [w for w in words if w not in stop]


def token_f1(reference, candidate):
    ref, cand = Counter(tokens(reference)), Counter(tokens(candidate))
    if not ref and not cand:
        return 1.0, {"precision": 1.0, "recall": 1.0}
    common = sum((ref & cand).values())
    if common == 0:
        return 0.0, {"precision": 0.0, "recall": 0.0}
    precision = common / sum(cand.values())
    recall = common / sum(ref.values())
    return 2 * precision * recall / (precision + recall), {"precision": precision, "recall": recall}


if __name__ == "__main__":
    serve(DECLARATION, score_one=lambda r: token_f1(r["reference"], r["candidate"]))
