#!/usr/bin/env python3
"""Convert a RadGraph-XL DyGIE++ checkpoint to the ONNX layout of metric-suite's `onnx`
entity extractor (src/metrics/radgraph/README.md).

NOT RUN IN THIS PROJECT: the weights cannot be downloaded here and this environment has no
torch. Users who hold the weights run it themselves:

    pip install torch transformers onnx
    tar xzf radgraph-xl.tar.gz            # from StanfordAIMI/RRG_scorers
    python scripts/convert-radgraph-xl.py radgraph-xl/ out/radgraph-xl-onnx \
        --encoder microsoft/BiomedVLP-CXR-BERT-general

Input: an AllenNLP/DyGIE archive directory holding `weights.th` (a state dict) and
`config.json`, plus `vocabulary/` (ner_labels, relation_labels namespaces).
The state-dict key names below are those of DyGIE++ (`_embedder`, `_endpoint_span_extractor`,
`_ner._ner_scorers`, `_relation._mention_pruners`, `_relation._relation_scorers`); check them
against `print(list(sd))` if your checkpoint differs, and adjust PREFIXES.
"""
import argparse, json, math, os, shutil, sys

PREFIXES = {
    "encoder": "_embedder._token_embedders.bert.transformer_model.",
    "width": "_endpoint_span_extractor._span_width_embedding.weight",
    "ner": "_ner._ner_scorers.",          # + '<namespace>__ner_labels.' then FeedForward + Linear
    "mention": "_relation._mention_pruners.",  # + namespace + '._scorer.'
    "relation": "_relation._relation_scorers.",  # + namespace + '.'
}


def labels(archive, namespace_suffix):
    vocab_dir = os.path.join(archive, "vocabulary")
    for name in sorted(os.listdir(vocab_dir)):
        if name.endswith(namespace_suffix + ".txt"):
            with open(os.path.join(vocab_dir, name)) as f:
                items = [l.rstrip("\n") for l in f if l.strip()]
            # DyGIE vocabularies start with the null label ("" / @@PADDING@@); drop it.
            return [x for x in items if x not in ("", "@@PADDING@@", "@@UNKNOWN@@")], name[: -len(namespace_suffix + ".txt")]
    raise SystemExit(f"no *{namespace_suffix} vocabulary in {vocab_dir}")


def sequential(sd, prefix, torch):
    """FeedForward (linear+ReLU layers) followed by a final Linear, as a torch Sequential."""
    layers, i = [], 0
    while f"{prefix}0._linear_layers.{i}.weight" in sd:
        w = sd[f"{prefix}0._linear_layers.{i}.weight"]
        lin = torch.nn.Linear(w.shape[1], w.shape[0])
        lin.weight.data, lin.bias.data = w, sd[f"{prefix}0._linear_layers.{i}.bias"]
        layers += [lin, torch.nn.ReLU()]
        i += 1
    w = sd[f"{prefix}1.weight"]
    lin = torch.nn.Linear(w.shape[1], w.shape[0])
    lin.weight.data, lin.bias.data = w, sd[f"{prefix}1.bias"]
    return torch.nn.Sequential(*layers, lin).eval()


def main():
    import torch
    from transformers import AutoConfig, AutoModel, AutoTokenizer

    ap = argparse.ArgumentParser()
    ap.add_argument("archive")
    ap.add_argument("out")
    ap.add_argument("--encoder", default="microsoft/BiomedVLP-CXR-BERT-general")
    ap.add_argument("--spans-per-word", type=float, default=None)
    ap.add_argument("--opset", type=int, default=17)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    sd = torch.load(os.path.join(a.archive, "weights.th"), map_location="cpu")
    cfg = json.load(open(os.path.join(a.archive, "config.json")))

    # Encoder: BERT with the fine-tuned weights.
    enc = AutoModel.from_config(AutoConfig.from_pretrained(a.encoder))
    enc_sd = {k[len(PREFIXES["encoder"]):]: v for k, v in sd.items() if k.startswith(PREFIXES["encoder"])}
    missing, unexpected = enc.load_state_dict(enc_sd, strict=False)
    print("encoder: missing", missing, "unexpected", unexpected, file=sys.stderr)
    enc.eval()

    class Encoder(torch.nn.Module):
        def __init__(self, m):
            super().__init__(); self.m = m
        def forward(self, input_ids, attention_mask):
            return self.m(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state

    ids = torch.ones(1, 8, dtype=torch.long)
    torch.onnx.export(Encoder(enc), (ids, ids), os.path.join(a.out, "encoder.onnx"), opset_version=a.opset,
                      input_names=["input_ids", "attention_mask"], output_names=["last_hidden_state"],
                      dynamic_axes={"input_ids": {0: "s", 1: "t"}, "attention_mask": {0: "s", 1: "t"}, "last_hidden_state": {0: "s", 1: "t"}})

    table = sd[PREFIXES["width"]]
    class Width(torch.nn.Module):
        def __init__(self):
            super().__init__(); self.t = torch.nn.Parameter(table)
        def forward(self, widths):
            return self.t[widths]
    torch.onnx.export(Width(), (torch.zeros(3, dtype=torch.long),), os.path.join(a.out, "width.onnx"), opset_version=a.opset,
                      input_names=["widths"], output_names=["width_embeddings"], dynamic_axes={"widths": {0: "n"}, "width_embeddings": {0: "n"}})

    ner_labels, ner_ns = labels(a.archive, "ner_labels")
    rel_labels, rel_ns = labels(a.archive, "relation_labels")
    ner = sequential(sd, f"{PREFIXES['ner']}{ner_ns}__ner_labels.", torch)
    mention = sequential(sd, f"{PREFIXES['mention']}{rel_ns}__relation_labels._scorer.", torch)
    relation = sequential(sd, f"{PREFIXES['relation']}{rel_ns}__relation_labels.", torch)
    d = ner[0].in_features
    for name, mod, dim, inp in [("ner", ner, d, "span_embeddings"), ("mention", mention, d, "span_embeddings"), ("relation", relation, relation[0].in_features, "pair_embeddings")]:
        torch.onnx.export(mod, (torch.zeros(2, dim),), os.path.join(a.out, f"{name}.onnx"), opset_version=a.opset,
                          input_names=[inp], output_names=["scores" if name == "mention" else "logits"],
                          dynamic_axes={inp: {0: "n"}})

    spw = a.spans_per_word
    if spw is None:
        spw = cfg.get("model", {}).get("module_initializer", {}).get("relation", {}).get("spans_per_word") \
            or cfg.get("model", {}).get("modules", {}).get("relation", {}).get("spans_per_word", 0.5)
    tok = AutoTokenizer.from_pretrained(a.encoder)
    tok.save_pretrained(a.out)  # tokenizer.json / vocab.txt
    json.dump({"format": "radgraph-xl-onnx", "version": 1, "nerLabels": ner_labels, "relationLabels": rel_labels,
               "maxSpanWidth": int(table.shape[0]), "spansPerWord": spw, "maxLength": 512,
               "clsToken": tok.cls_token, "sepToken": tok.sep_token, "padToken": tok.pad_token, "unkToken": tok.unk_token,
               "doLowerCase": bool(getattr(tok, "do_lower_case", True))},
              open(os.path.join(a.out, "config.json"), "w"), indent=2)
    print(f"wrote {a.out}: {len(ner_labels)} NER labels, {len(rel_labels)} relation labels, spans_per_word {spw}")


if __name__ == "__main__":
    main()
