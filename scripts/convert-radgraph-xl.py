#!/usr/bin/env python3
"""Convert a RadGraph-XL DyGIE++ checkpoint to the ONNX model directory of metric-suite's `onnx`
entity extractor (layout: src/metrics/radgraph/README.md), then check the export: the PyTorch
modules and the exported graphs (run by metric-suite's own extractor through onnxruntime-node)
must give the same entities and relations on a set of reports, or the script fails.

    pip install torch transformers        # plus: npm i onnxruntime-node (for the check)
    tar xzf radgraph-xl.tar.gz            # from StanfordAIMI/RRG_scorers (radgraph's cache)
    python scripts/convert-radgraph-xl.py radgraph-xl/ radgraph-xl-onnx

Input: the archive directory (`weights.th`, `config.json`, `vocabulary/`). Names are those of
DyGIE++ (scripts/radgraph_xl/names.py); every weight is loaded with strict=True, so a wrong
name stops the conversion instead of exporting random weights. The FeedForward activation
comes from the config (feedforward_params.activations; DyGIE's default is ReLU).
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from radgraph_xl import names  # noqa: E402
from radgraph_xl import reference  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK_REPORTS = [
    "There is a moderate left pleural effusion with adjacent atelectasis.",
    "Small right apical pneumothorax. No focal consolidation.",
    "Heart size is mildly enlarged (unchanged). Ejection fraction 55%.",
    "Endotracheal tube terminates 3 cm above the carina; the enteric tube courses below the diaphragm.",
    "No acute cardiopulmonary process.",
    "Patchy opacity in the left lower lobe, concerning for pneumonia, improved since the prior study (30%).",
]


def activation_module(name, torch):
    return {"relu": torch.nn.ReLU, "tanh": torch.nn.Tanh, "gelu": torch.nn.GELU, "sigmoid": torch.nn.Sigmoid,
            "linear": torch.nn.Identity, "elu": torch.nn.ELU, "leaky_relu": torch.nn.LeakyReLU}[name]()


def head(sd, keys, act, torch):
    """FeedForward (Linear + activation per layer; dropout is off at inference) then Linear, strict."""
    ff, out = keys
    layers, state = [], {}
    for i, (w, b) in enumerate(ff):
        layers += [torch.nn.Linear(sd[w].shape[1], sd[w].shape[0]), activation_module(act, torch)]
        state["%d.weight" % (2 * i)], state["%d.bias" % (2 * i)] = sd[w], sd[b]
    layers.append(torch.nn.Linear(sd[out[0]].shape[1], sd[out[0]].shape[0]))
    state["%d.weight" % (2 * len(ff))], state["%d.bias" % (2 * len(ff))] = sd[out[0]], sd[out[1]]
    mod = torch.nn.Sequential(*layers)
    mod.load_state_dict(state, strict=True)
    return mod.eval()


def transformers_encoder(name, state):
    from transformers import AutoConfig, AutoModel
    pooler = any(k.startswith("pooler.") for k in state)
    return AutoModel.from_config(AutoConfig.from_pretrained(name), add_pooling_layer=pooler)


def load_factory(spec):
    """`file.py:function` -> function(encoder_name, state_dict) returning the encoder module."""
    path, fn = spec.rsplit(":", 1)
    s = importlib.util.spec_from_file_location("encoder_factory", path)
    mod = importlib.util.module_from_spec(s)
    s.loader.exec_module(mod)
    return getattr(mod, fn)


def export(mod, args, path, inputs, outputs, dynamic, torch, opset):
    torch.onnx.export(mod, args, path, opset_version=opset, input_names=inputs, output_names=outputs, dynamic_axes=dynamic)


def write_graphs(a, encoder, width, heads, torch):
    """The five graphs, every batch axis dynamic."""
    ids = torch.ones(2, 8, dtype=torch.long)
    dyn = {"input_ids": {0: "segments", 1: "length"}, "attention_mask": {0: "segments", 1: "length"}, "last_hidden_state": {0: "segments", 1: "length"}}
    export(encoder, (ids, ids), os.path.join(a.out, "encoder.onnx"), ["input_ids", "attention_mask"], ["last_hidden_state"], dyn, torch, a.opset)
    export(width, (torch.zeros(3, dtype=torch.long),), os.path.join(a.out, "width.onnx"), ["widths"], ["width_embeddings"], {"widths": {0: "n"}, "width_embeddings": {0: "n"}}, torch, a.opset)
    for name, inp, out in [("ner", "span_embeddings", "logits"), ("mention", "span_embeddings", "scores"), ("relation", "pair_embeddings", "logits")]:
        mod = heads[name]
        export(mod, (torch.zeros(2, mod[0].in_features),), os.path.join(a.out, name + ".onnx"), [inp], [out], {inp: {0: "n"}, out: {0: "n"}}, torch, a.opset)


def onnx_annotations(out_dir, texts, node):
    """The exported directory run by metric-suite's onnx extractor (the real consumer)."""
    index = os.path.join(HERE, "..", "dist", "src", "metrics", "radgraph", "extractors", "onnx", "index.js")
    if not os.path.exists(index):
        raise SystemExit("self-check: metric-suite is not built (%s missing): run `npm run build`, or pass --no-verify" % index)
    js = ("import { readFileSync } from 'node:fs'; import { pathToFileURL } from 'node:url';"
          "const { createOnnxExtractor } = await import(pathToFileURL(process.argv[1]).href);"
          "const x = await createOnnxExtractor({ modelDir: process.argv[2], provider: 'cpu' });"
          "const out = await x.extract(JSON.parse(readFileSync(0, 'utf8'))); await x.close();"
          "process.stdout.write(JSON.stringify(out));")
    r = subprocess.run([node, "--input-type=module", "-e", js, os.path.abspath(index), os.path.abspath(out_dir)],
                       input=json.dumps(texts), capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("self-check: the onnx extractor failed on the export:\n" + r.stderr[-3000:])
    return json.loads(r.stdout)


def main(argv=None):
    import torch

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("archive")
    ap.add_argument("out")
    ap.add_argument("--encoder", default="microsoft/BiomedVLP-CXR-BERT-general", help="encoder config (transformers name or folder)")
    ap.add_argument("--encoder-factory", help="file.py:function building the encoder module (default: transformers AutoModel)")
    ap.add_argument("--vocab", help="a WordPiece vocab.txt to ship instead of the transformers tokenizer")
    ap.add_argument("--ner-namespace")
    ap.add_argument("--relation-namespace")
    ap.add_argument("--spans-per-word", type=float)
    ap.add_argument("--opset", type=int, default=14)
    ap.add_argument("--reports", help="a JSON list of report texts for the self-check (default: built-in ones)")
    ap.add_argument("--node", default="node")
    ap.add_argument("--no-verify", action="store_true", help="skip the PyTorch-vs-ONNX self-check")
    ap.add_argument("--verify-only", action="store_true", help="only check an existing conversion in OUT against the checkpoint")
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    sd = torch.load(os.path.join(a.archive, "weights.th"), map_location="cpu")
    with open(os.path.join(a.archive, "config.json")) as f:
        cfg = json.load(f)
    try:
        ner_ns = names.namespace(a.archive, "ner_labels", a.ner_namespace)
        rel_ns = names.namespace(a.archive, "relation_labels", a.relation_namespace)
        keys = names.head_keys(sd, ner_ns, rel_ns)
        enc_state = names.encoder_state(sd)
        act = names.activation(cfg)
        if names.WIDTH_KEY not in sd:
            raise names.NameError_("no span width embedding at %s%s" % (names.WIDTH_KEY, names.near(sd, "_endpoint_span_extractor")))
    except names.NameError_ as e:
        raise SystemExit("convert-radgraph-xl: %s" % e)

    factory = load_factory(a.encoder_factory) if a.encoder_factory else transformers_encoder
    enc = factory(a.encoder, enc_state)
    own = {k for k in enc.state_dict() if k not in names.IGNORED_ENCODER_KEYS}
    missing, unexpected = sorted(own - set(enc_state)), sorted(set(enc_state) - own)
    if missing or unexpected:
        raise SystemExit("convert-radgraph-xl: the encoder does not match the checkpoint (strict): missing %s, unexpected %s" % (missing[:10], unexpected[:10]))
    enc.load_state_dict({**{k: v for k, v in enc.state_dict().items() if k in names.IGNORED_ENCODER_KEYS}, **enc_state}, strict=True)
    enc.eval()

    class Encoder(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask):
            return self.m(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state

    class Width(torch.nn.Module):
        def __init__(self, table):
            super().__init__()
            self.t = torch.nn.Parameter(table, requires_grad=False)

        def forward(self, widths):
            return self.t[widths]

    encoder, table = Encoder(enc).eval(), sd[names.WIDTH_KEY]
    heads = {k: head(sd, v, act, torch) for k, v in keys.items()}
    if not a.verify_only:
        write_graphs(a, encoder, Width(table).eval(), heads, torch)

    model = cfg.get("model") or {}
    spw = a.spans_per_word or ((model.get("modules") or {}).get("relation") or {}).get("spans_per_word") or 0.5
    reader = ((cfg.get("dataset_reader") or {}).get("token_indexers") or {}).get("bert") or {}
    max_length = int(reader.get("max_length") or 512)
    if a.vocab:
        if not a.verify_only:
            shutil.copyfile(a.vocab, os.path.join(a.out, "vocab.txt"))
        special = {"cls": "[CLS]", "sep": "[SEP]", "pad": "[PAD]", "unk": "[UNK]"}
        lower = True
        wp = reference.VocabWordPiece(a.vocab, lower)
        pieces, cls, sep = wp.ids, wp.vocab["[CLS]"], wp.vocab["[SEP]"]
    else:
        from transformers import AutoTokenizer
        tok = AutoTokenizer.from_pretrained(a.encoder)
        if not a.verify_only:
            tok.save_pretrained(a.out)
        special = {"cls": tok.cls_token, "sep": tok.sep_token, "pad": tok.pad_token, "unk": tok.unk_token}
        lower = bool(getattr(tok, "do_lower_case", True))
        pieces = lambda w: tok(w, add_special_tokens=False)["input_ids"] or [tok.unk_token_id]  # noqa: E731
        cls, sep = tok.cls_token_id, tok.sep_token_id
    config = {"format": "radgraph-xl-onnx", "version": 1, "nerLabels": names.labels(a.archive, ner_ns),
              "relationLabels": names.labels(a.archive, rel_ns), "maxSpanWidth": int(table.shape[0]), "spansPerWord": spw,
              "maxLength": max_length, "clsToken": special["cls"], "sepToken": special["sep"], "padToken": special["pad"],
              "unkToken": special["unk"], "doLowerCase": lower}
    if a.verify_only:
        with open(os.path.join(a.out, "config.json")) as f:
            config = json.load(f)
    else:
        with open(os.path.join(a.out, "config.json"), "w") as f:
            json.dump(config, f, indent=2)
    print("wrote %s: %d NER labels, %d relation labels, activation %s, spans_per_word %s" % (a.out, len(config["nerLabels"]), len(config["relationLabels"]), act, spw))
    if a.no_verify:
        print("self-check skipped (--no-verify)")
        return 0
    texts = CHECK_REPORTS
    if a.reports:
        with open(a.reports) as f:
            texts = json.load(f)
    parts = {"config": config, "encoder": encoder, "width": table.detach(), "pieces": pieces, "cls": cls, "sep": sep, **heads}
    want = [reference.annotate(t, parts, torch) for t in texts]
    got = onnx_annotations(a.out, texts, a.node)
    bad = [(t, w, g) for t, w, g in zip(texts, want, got) if w["entities"] != g["entities"] or w["text"] != g["text"]]
    n_ent = sum(len(w["entities"]) for w in want)
    n_rel = sum(len(e["relations"]) for w in want for e in w["entities"].values())
    if bad:
        t, w, g = bad[0]
        sys.stderr.write("self-check FAILED on %d of %d reports; first: %r\n  pytorch: %s\n  onnx:    %s\n" % (len(bad), len(texts), t, json.dumps(w), json.dumps(g)))
        return 1
    print("self-check passed: PyTorch and ONNX agree on %d reports (%d entities, %d relations)" % (len(texts), n_ent, n_rel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
