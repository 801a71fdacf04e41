"""Handler for the `radeval` provider: one metric of the user's installed RadEval package.

init(flag, kwargs) builds RadEval(**{flag: True}, do_per_sample=True, show_progress=False,
**kwargs) once (loading its model); score(refs, hyps, keys) calls it on a batch and returns
the per-sample lists under the requested result keys.
"""
import inspect

_evaluator = None


def _version():
    try:
        import importlib.metadata as md
        return md.version("RadEval")
    except Exception:
        import RadEval
        return getattr(RadEval, "__version__", None)


def init(flag, kwargs=None):
    global _evaluator
    from RadEval import RadEval
    accepted = inspect.signature(RadEval.__init__).parameters
    if flag not in accepted:
        raise ValueError("this RadEval version has no %s option (it accepts: %s)" % (flag, ", ".join(p for p in accepted if p.startswith("do_"))))
    args = dict(kwargs or {})
    unknown = [k for k in args if k not in accepted]
    if unknown:
        raise ValueError("RadEval does not take %s" % ", ".join(unknown))
    args[flag] = True
    args["do_per_sample"] = True
    if "show_progress" in accepted:
        args.setdefault("show_progress", False)
    _evaluator = RadEval(**args)
    return {"version": _version()}


def score(refs, hyps, keys):
    out = _evaluator(refs=list(refs), hyps=list(hyps))
    result = {}
    for k in keys:
        v = out.get(k)
        if v is None:
            continue
        v = v.tolist() if hasattr(v, "tolist") else list(v) if not isinstance(v, (int, float)) else v
        result[k] = v
    return {"scores": result, "keys": sorted(out.keys())}
