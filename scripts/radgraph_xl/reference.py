"""The RadGraph-XL span pipeline in PyTorch, for the converter's self-check.

It runs the checkpoint's own modules (no ONNX) on report texts the way metric-suite's onnx
extractor runs the exported graphs: radgraph-xl pre-processing, WordPiece pieces per word,
segments of at most max_length pieces with [CLS]/[SEP] (each run alone, unpadded), word
vector = mean of its pieces, spans up to max_span_width words, NER argmax with a null logit
0, top ceil(n_words * spans_per_word) spans by mention score, relations over their pairs.
"""
import math
import re
import unicodedata

_SPLITS = [(").", ") ."), ("%.", "% ."), (".'", ". '"), ("%,", "% ,"), ("%)", "% )")]


def preprocess(text):
    """radgraph's radgraph_xl_preprocess_report, restated."""
    t = text.replace("\\n", "  ").replace("\\f", "  ").replace("\\u2122", "      ").replace("\n", " ").replace('\\"', "``")
    t = " ".join(re.findall(r"\w+|[^\w\s]+", re.sub(r"\s+", " ", t)))
    for a, b in _SPLITS:
        t = t.replace(a, b)
    return t


def _is_punct(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


class VocabWordPiece:
    """BERT uncased WordPiece from a vocab.txt (lowercase, accents stripped, punctuation split)."""

    def __init__(self, path, lower=True):
        with open(path, encoding="utf-8") as f:
            self.vocab = {line.rstrip("\n"): i for i, line in enumerate(f) if line.rstrip("\n")}
        self.lower = lower
        self.unk = self.vocab["[UNK]"]

    def _pieces(self, token):
        if len(token) > 100:
            return [self.unk]
        out, start = [], 0
        while start < len(token):
            end, found = len(token), None
            while end > start:
                piece = ("##" if start else "") + token[start:end]
                if piece in self.vocab:
                    found = self.vocab[piece]
                    break
                end -= 1
            if found is None:
                return [self.unk]
            out.append(found)
            start = end
        return out

    def ids(self, word):
        w = word
        if self.lower:
            w = "".join(c for c in unicodedata.normalize("NFD", w.lower()) if unicodedata.category(c) != "Mn")
        tokens, cur = [], ""
        for ch in w:
            if _is_punct(ch):
                if cur:
                    tokens.append(cur)
                tokens.append(ch)
                cur = ""
            else:
                cur += ch
        if cur:
            tokens.append(cur)
        return [i for t in tokens for i in self._pieces(t)] or [self.unk]


def _argmax_null(row):
    best, best_v = 0, 0.0
    for k, v in enumerate(row):
        if v > best_v:
            best, best_v = k + 1, v
    return best


def annotate(text, parts, torch):
    """One report's annotation {text, entities} with the PyTorch modules in `parts`."""
    cfg = parts["config"]
    words = [w for w in preprocess(text).split(" ") if w]
    if not words:
        return {"text": "", "entities": {}}
    pieces = [parts["pieces"](w) for w in words]
    flat = [p for ps in pieces for p in ps]
    per = cfg["maxLength"] - 2
    hidden = []
    with torch.no_grad():
        for s in range(0, len(flat), per):
            ids = [parts["cls"]] + flat[s:s + per] + [parts["sep"]]
            t = torch.tensor([ids], dtype=torch.long)
            hidden.append(parts["encoder"](t, torch.ones_like(t))[0, 1:-1])
        h = torch.cat(hidden, 0)
        vecs, k = [], 0
        for ps in pieces:
            vecs.append(h[k:k + len(ps)].mean(0))
            k += len(ps)
        spans = [(s, e) for s in range(len(words)) for e in range(s, min(len(words), s + cfg["maxSpanWidth"]))]
        emb = torch.stack([torch.cat([vecs[s], vecs[e], parts["width"][e - s]]) for s, e in spans])
        ner = parts["ner"](emb).tolist()
        mention = parts["mention"](emb)[:, 0]
        m = mention.tolist()
        n_keep = min(len(spans), int(math.ceil(len(words) * cfg["spansPerWord"])))
        kept = sorted(sorted(range(len(spans)), key=lambda i: (-m[i], i))[:n_keep])
        entities, of_span = {}, {}
        for i, (s, e) in enumerate(spans):
            lab = _argmax_null(ner[i])
            if lab:
                eid = str(len(of_span) + 1)
                of_span[i] = eid
                entities[eid] = {"tokens": " ".join(words[s:e + 1]), "label": cfg["nerLabels"][lab - 1], "start_ix": s, "end_ix": e, "relations": []}
        if kept:
            ki = torch.tensor(kept)
            a = emb[ki].unsqueeze(1).expand(-1, len(kept), -1)
            b = emb[ki].unsqueeze(0).expand(len(kept), -1, -1)
            feats = torch.cat([a, b, a * b], -1).reshape(len(kept) * len(kept), -1)
            rel = parts["relation"](feats).reshape(len(kept), len(kept), -1)
            rel = (rel + mention[ki].view(-1, 1, 1) + mention[ki].view(1, -1, 1)).tolist()
            for x, si in enumerate(kept):
                for y, sj in enumerate(kept):
                    lab = _argmax_null(rel[x][y])
                    if lab and si in of_span and sj in of_span:
                        entities[of_span[si]]["relations"].append([cfg["relationLabels"][lab - 1], of_span[sj]])
    return {"text": " ".join(words), "entities": entities}
