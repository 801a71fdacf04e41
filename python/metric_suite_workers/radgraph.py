"""Handler for the radgraph `python` extractor: the user's installed `radgraph` package.

init() loads RadGraph(model_type=...) once; annotate(texts) runs it on a batch of report
texts and returns one annotation {text, entities} per text, in order (the package returns
them keyed "0", "1", ...).
"""

_model = None
_info = {}


def init(model_type="radgraph-xl", **kwargs):
    global _model, _info
    import radgraph
    from radgraph import RadGraph
    args = {k: v for k, v in kwargs.items() if v is not None}
    _model = RadGraph(model_type=model_type, **args)
    version = getattr(radgraph, "__version__", None)
    if version is None:
        try:
            import importlib.metadata as md
            version = md.version("radgraph")
        except Exception:
            version = None
    _info = {"version": version, "modelType": model_type, "device": str(getattr(_model, "device", "unknown"))}
    return _info


def annotate(texts):
    if not texts:
        return []
    out = _model(list(texts))
    result = []
    for i in range(len(texts)):
        a = out.get(str(i)) if isinstance(out, dict) else None
        if a is None:
            raise ValueError("radgraph returned no annotation for text %d of %d" % (i, len(texts)))
        result.append({"text": a.get("text", texts[i]), "entities": a.get("entities", {})})
    return result
