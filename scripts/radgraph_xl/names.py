"""Where each part of a RadGraph-XL DyGIE++ checkpoint lives in its state dict (stdlib only).

DyGIE++ (the radgraph package's vendored copy) names its parameters:
- encoder: PretrainedTransformerMismatchedEmbedder wraps a PretrainedTransformerEmbedder as
  `_matched_embedder`, whose BERT is `transformer_model`;
- span width embedding: EndpointSpanExtractor's `_span_width_embedding`;
- label namespaces are vocabulary namespaces such as `None__ner_labels` (the file stem in
  vocabulary/, trailing `__` included once);
- NER scorer: Sequential(TimeDistributed(FeedForward), TimeDistributed(Linear)) in the ModuleDict
  `_ner._ner_scorers`, so each part sits under `.<i>._module.`;
- mention pruner: Pruner(`_scorer` = the same Sequential shape) in `_relation._mention_pruners`;
- relation: FeedForward in `_relation._relation_feedforwards`, Linear in `_relation._relation_scorers`
  (two ModuleDicts, no TimeDistributed).
"""
import os

ENCODER_PREFIX = "_embedder._token_embedders.bert._matched_embedder.transformer_model."
WIDTH_KEY = "_endpoint_span_extractor._span_width_embedding.weight"
# Buffers that some transformers versions store and others do not: never weights.
IGNORED_ENCODER_KEYS = ("embeddings.position_ids",)


class NameError_(Exception):
    """A checkpoint that does not have the expected names (message lists what is missing)."""


def namespace(archive, suffix, explicit=None):
    """The label namespace for `ner_labels` / `relation_labels`: the vocabulary file stem."""
    if explicit:
        return explicit
    vocab = os.path.join(archive, "vocabulary")
    stems = sorted(n[:-4] for n in os.listdir(vocab) if n.endswith(suffix + ".txt"))
    if len(stems) != 1:
        raise NameError_("expected one *%s namespace in %s, found %s; pass it explicitly" % (suffix, vocab, stems or "none"))
    return stems[0]


def labels(archive, ns):
    """Labels of a namespace without the null label DyGIE puts first ("")."""
    with open(os.path.join(archive, "vocabulary", ns + ".txt"), encoding="utf-8") as f:
        items = [line.rstrip("\n") for line in f]
    return [x for x in items if x not in ("", "@@PADDING@@", "@@UNKNOWN@@")]


def feedforward_keys(sd, prefix):
    """[(weight, bias), ...] of an AllenNLP FeedForward under prefix (`..._linear_layers.<i>`)."""
    out, i = [], 0
    while prefix + "_linear_layers.%d.weight" % i in sd:
        out.append((prefix + "_linear_layers.%d.weight" % i, prefix + "_linear_layers.%d.bias" % i))
        i += 1
    if not out:
        raise NameError_("no FeedForward at %s_linear_layers.0.weight%s" % (prefix, near(sd, prefix)))
    return out


def linear_keys(sd, prefix):
    w, b = prefix + "weight", prefix + "bias"
    if w not in sd or b not in sd:
        raise NameError_("no Linear at %sweight%s" % (prefix, near(sd, prefix)))
    return (w, b)


def near(sd, prefix):
    """Keys sharing the first part of a missing name, for the error message."""
    head = prefix.split(".")[0]
    keys = [k for k in sd if k.startswith(head)][:8]
    return " (keys under %s: %s)" % (head, ", ".join(keys)) if keys else " (no keys under %s)" % head


def head_keys(sd, ner_ns, rel_ns):
    """Names of the three heads: {'ner'|'mention'|'relation': (feedforward pairs, linear pair)}."""
    return {
        "ner": (feedforward_keys(sd, "_ner._ner_scorers.%s.0._module." % ner_ns), linear_keys(sd, "_ner._ner_scorers.%s.1._module." % ner_ns)),
        "mention": (feedforward_keys(sd, "_relation._mention_pruners.%s._scorer.0._module." % rel_ns), linear_keys(sd, "_relation._mention_pruners.%s._scorer.1._module." % rel_ns)),
        "relation": (feedforward_keys(sd, "_relation._relation_feedforwards.%s." % rel_ns), linear_keys(sd, "_relation._relation_scorers.%s." % rel_ns)),
    }


def encoder_state(sd):
    """The BERT state dict (prefix removed, version-dependent buffers dropped)."""
    out = {k[len(ENCODER_PREFIX):]: v for k, v in sd.items() if k.startswith(ENCODER_PREFIX)}
    if not out:
        raise NameError_("no encoder weights under %s%s" % (ENCODER_PREFIX, near(sd, "_embedder.")))
    return {k: v for k, v in out.items() if k not in IGNORED_ENCODER_KEYS}


def activation(cfg):
    """The FeedForward activation: feedforward_params.activations when the config names one, else ReLU (DyGIE's)."""
    params = (cfg.get("model") or {}).get("feedforward_params") or {}
    act = params.get("activations", "relu")
    if isinstance(act, list):
        if len(set(a if isinstance(a, str) else a.get("type") for a in act)) != 1:
            raise NameError_("different activations per layer are not supported: %r" % (act,))
        act = act[0]
    if isinstance(act, dict):
        act = act.get("type", "relu")
    act = str(act).lower()
    if act not in ("relu", "tanh", "gelu", "sigmoid", "linear", "elu", "leaky_relu"):
        raise NameError_("unsupported activation %r" % act)
    return act
