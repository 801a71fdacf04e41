"""S-Score (seed 001, section 3.2, eqs. 1-11), a straightforward stdlib-only Python version of
src/metrics/s-score for the benchmark (bench/s-score.bench.ts) and as an independent check of the
arithmetic. Names are compared lowercased (no lexicon); reports are the canonical structured form
{"positive": [{name, probability, level, location}], "negative": [{name}]}.

Usage: python3 s_score.py PAIRS.json PRESET   (PRESET: literal | robust)
prints one JSON line: {"pairs": n, "seconds": t, "mean": mean S, "scores": [first 20 S]}
"""
import json
import math
import re
import sys
import time
from collections import Counter
from fractions import Fraction

TINY = sys.float_info.min  # nltk method0 replaces a zero precision by this


def ngrams(tokens, n):
    return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]


def modified_precision(ref, hyp, n):
    counts = Counter(ngrams(hyp, n))
    ref_counts = Counter(ngrams(ref, n))
    clipped = sum(min(c, ref_counts[g]) for g, c in counts.items())
    return Fraction(clipped, max(1, sum(counts.values())), _normalize=False)


def sentence_bleu(ref, hyp, smoothing=0, auto_reweigh=False):
    """nltk sentence_bleu for one reference, default weights, smoothing method 0 or 1."""
    weights = (0.25, 0.25, 0.25, 0.25)
    p_n = [modified_precision(ref, hyp, i) for i in range(1, 5)]
    hyp_len, ref_len = len(hyp), len(ref)
    if p_n[0].numerator == 0:
        return 0.0
    if auto_reweigh and hyp_len < 4:
        weights = (1 / hyp_len,) * hyp_len
    bp = 1.0 if hyp_len > ref_len else (0.0 if hyp_len == 0 else math.exp(1 - ref_len / hyp_len))
    if smoothing == 1:
        p = [(p.numerator + 0.1) / p.denominator if p.numerator == 0 else p for p in p_n]
    else:
        p = [p if p.numerator != 0 else TINY for p in p_n]
    s = math.fsum(w * math.log(float(pi)) for w, pi in zip(weights, p) if pi > 0)
    return bp * math.exp(s)


PRESETS = {
    "literal": dict(empty_sets="zero", prob_scale="raw", empty_details="zero", both_absent=(0, 1, 0),
                    smoothing=0, auto_reweigh=False, tokens="whitespace", level="exact"),
    "robust": dict(empty_sets="one", prob_scale="scaled", empty_details="drop", both_absent=(1, 1, 1),
                   smoothing=1, auto_reweigh=True, tokens="report", level="severity"),
}
SEVERITY = {w: 1 for w in "trace tiny minimal small mild slight".split()}
SEVERITY.update({"moderate": 2})
SEVERITY.update({w: 3 for w in "large severe marked extensive massive substantial big".split()})
WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)


def tokens(loc, mode):
    return loc.split() if mode == "whitespace" else WORD.findall(loc.lower())


def level_form(level, mode):
    if mode == "exact":
        return level
    text = " ".join(level.lower().split())
    if mode == "severity":
        ranks = [SEVERITY[t] for t in re.split(r"[^a-z]+", text) if t in SEVERITY]
        if ranks:
            return max(ranks)
    return text


def f1(ref, hyp, empty):
    if not ref and not hyp:
        return {"one": 1.0, "zero": 0.0, "drop": None}[empty]
    return 2 * len(ref & hyp) / (len(ref) + len(hyp))


def s_score(ref, pred, o):
    def positives(r):
        out = {}
        for f in r.get("positive", []):
            out.setdefault(f["name"].lower(), f)
        return out

    rp, pp = positives(ref), positives(pred)
    rn = {f["name"].lower() for f in ref.get("negative", [])}
    pn = {f["name"].lower() for f in pred.get("negative", [])}
    p_pos, p_neg = f1(set(rp), set(pp), o["empty_sets"]), f1(rn, pn, o["empty_sets"])
    parts = [x for x in (p_pos, p_neg) if x is not None]
    p = sum(parts) / len(parts) if parts else 1.0
    ds = []
    for name, a in rp.items():
        b = pp.get(name)
        if b is None:
            ds.append(0.0)
            continue
        pa, pb = a.get("probability"), b.get("probability")
        if pa is None and pb is None:
            sp = o["both_absent"][0]
        elif pa is None or pb is None:
            sp = 0
        else:
            diff = (pa - pb) if o["prob_scale"] == "raw" else (pa - pb) / 2
            sp = 1 - diff * diff
        la, lb = a.get("level"), b.get("level")
        if la is None and lb is None:
            sl = o["both_absent"][1]
        elif la is None or lb is None:
            sl = 0
        else:
            sl = 1 if level_form(la, o["level"]) == level_form(lb, o["level"]) else 0
        ca, cb = a.get("location"), b.get("location")
        if ca is None and cb is None:
            sc = o["both_absent"][2]
        elif ca is None or cb is None:
            sc = 0
        else:
            sc = sentence_bleu(tokens(ca, o["tokens"]), tokens(cb, o["tokens"]), o["smoothing"], o["auto_reweigh"])
        ds.append(sp / 3 + sl / 3 + sc / 3)
    if ds:
        d = sum(ds) / len(ds)
    else:
        d = {"zero": 0.0, "one": 1.0, "drop": None}[o["empty_details"]]
    return p if d is None else (p + d) / 2


def main():
    pairs = json.load(open(sys.argv[1]))
    o = PRESETS[sys.argv[2] if len(sys.argv) > 2 else "literal"]
    start = time.perf_counter()
    scores = [s_score(x["reference"], x["prediction"], o) for x in pairs]
    seconds = time.perf_counter() - start
    print(json.dumps({"pairs": len(pairs), "seconds": seconds, "mean": sum(scores) / len(scores), "scores": scores[:20]}))


if __name__ == "__main__":
    main()
