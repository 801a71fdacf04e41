"""Handler for `crimson:upstream`: the user's installed CRIMSON package builds the judge prompt.

Nothing of CRIMSON's text lives in metric-suite: the prompt comes from
CRIMSON.prompt_parts.build_prompt, and the system message is read from the literal that
CRIMSON/generate_score.py sends (it is written inline there, not importable), found by
parsing that file with `ast` (the module itself is not imported: it may pull in torch).
"""

import ast
import hashlib
import importlib.util
import inspect

_build = None


def _system_messages(path):
    """Every string literal sent as {"role": "system", "content": "..."} in a source file."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename=path)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        pairs = {}
        for k, v in zip(node.keys, node.values):
            if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Constant) and isinstance(v.value, str):
                pairs[k.value] = v.value
        if pairs.get("role") == "system" and "content" in pairs:
            found.append(pairs["content"])
    return found


def _version():
    try:
        import importlib.metadata as md
        for dist in ("crimson-score", "CRIMSON", "crimson"):
            try:
                return md.version(dist)
            except md.PackageNotFoundError:
                continue
    except ImportError:
        pass
    import CRIMSON
    return getattr(CRIMSON, "__version__", None)


def init():
    global _build
    from CRIMSON.prompt_parts import build_prompt  # the user's package
    _build = build_prompt
    import CRIMSON.prompt_parts as parts
    digest = hashlib.sha256()
    with open(parts.__file__, "rb") as f:
        digest.update(f.read())
    spec = importlib.util.find_spec("CRIMSON.generate_score")
    systems = []
    if spec is not None and spec.origin:
        with open(spec.origin, "rb") as f:
            digest.update(f.read())
        systems = _system_messages(spec.origin)
    distinct = sorted(set(systems))
    return {
        "version": _version(),
        "promptParts": parts.__file__,
        "generateScore": spec.origin if spec is not None else None,
        "system": distinct[0] if len(distinct) == 1 else None,
        "systemMessages": distinct,
        "signature": str(inspect.signature(build_prompt)),
        "fingerprint": digest.hexdigest()[:16],
    }


def build_prompts(items):
    """One prompt per item {reference, candidate, context (dict or None), guidelines (bool)}."""
    out = []
    for it in items:
        g = bool(it.get("guidelines"))
        out.append(_build(
            it["reference"],
            it["candidate"],
            patient_context=it.get("context"),
            include_significance_examples=g,
            include_attribute_guidelines=g,
            include_context_guidelines=g,
        ))
    return out
