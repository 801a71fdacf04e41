"""metric_suite: serve a Python metric to metric-suite (stdlib only, Python 3.8+).

    from metric_suite import serve

    DECLARATION = {"id": "token-f1", "version": "1", "description": "...", "direction": "higher",
                   "range": [0, 1], "tieTolerance": 0.01, "deterministic": True, "inputs": ["text"]}

    def score_batch(requests):
        return [token_f1(r["reference"], r["candidate"]) for r in requests]

    if __name__ == "__main__":
        serve(DECLARATION, score_batch)

and in metric-suite.config.yaml:  metrics: { token-f1: { command: [python3, token_f1.py] } }

metric-suite puts this file's folder on the worker's PYTHONPATH, so the import needs no
install. The wire protocol is newline-delimited JSON on stdin/stdout (PROTOCOL.md in
src/metrics/adapters/command/ of the package). While the metric runs, sys.stdout points at
stderr, so a stray print() cannot corrupt the protocol; stderr is shown in error verdicts.

score_batch(requests) returns one outcome per request, in order. An outcome is
  - a number                              -> {"value": x}
  - (number, dict)                        -> {"value": x, "details": dict}
  - {"value": x, "details": {...}}        as is
  - {"error": "reason"}                   an error verdict for that request
  - an Exception instance                 an error verdict with its message
A value must be a number (int, float, or a numpy-style scalar); a str such as "0.5", a bool or
None is an error verdict naming its type, never parsed.
An exception raised by score_batch fails the batch (its traceback goes to stderr and into the
verdicts); metric-suite then re-sends its requests one at a time, so only the one that raises
alone is an error. The worker keeps serving. NaN and infinities become per-request errors.
Use score_one=f instead of score_batch to score requests one by one: an exception then
fails only its own request.

The options from the config entry (`options:`) are in metric_suite.options once the
handshake is done; `declaration` may also be a function of those options.
"""

import json
import math
import sys
import traceback

PROTOCOL = 1

#: The config entry's `options`, filled in by the handshake.
options = {}

__all__ = ["serve", "options", "PROTOCOL"]


def _number(value):
    """The float a metric's value stands for, or the reason it is not a number.

    Numbers and numpy-style scalars (anything with __float__ or __index__) convert; a str,
    bool, None or container is refused by name rather than parsed: a metric that returns "0.5"
    has a bug, and scoring it anyway would hide it (the TypeScript side refuses it too).
    """
    kind = type(value)
    if isinstance(value, bool) or kind.__name__ in ("bool_", "bool"):
        return None, "the metric returned a bool (%r), not a number" % (value,)
    if value is None:
        return None, "the metric returned None, not a number"
    if isinstance(value, (str, bytes)) or not (hasattr(kind, "__float__") or hasattr(kind, "__index__")):
        shown = ("%r" % (value,))[:80]
        return None, "the metric returned a %s (%s), not a number" % (kind.__name__, shown)
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError) as e:
        return None, ("the metric returned a %s that does not convert to a number: %s" % (kind.__name__, e))[:200]
    if not math.isfinite(number):
        return None, "the metric returned a non-finite value (%s)" % number
    return number, None


def _outcome(o):
    if isinstance(o, BaseException):
        return {"error": "%s: %s" % (type(o).__name__, o)}
    if isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], dict):
        o = {"value": o[0], "details": o[1]}
    if isinstance(o, dict):
        if "error" in o:
            return {"error": str(o["error"]) or "the metric reported an error without a message"}
        if "value" not in o:
            return {"error": ("the metric returned a dict without \"value\" or \"error\": %r" % (o,))[:200]}
        value, reason = _number(o["value"])
        if reason is not None:
            return {"error": reason}
        out = {"value": value}
        if isinstance(o.get("details"), dict):
            out["details"] = o["details"]
        return out
    value, reason = _number(o)
    return {"error": reason} if reason is not None else {"value": value}


def _safe_json(message):
    try:
        return json.dumps(message, ensure_ascii=False, allow_nan=False, default=_default)
    except (TypeError, ValueError) as e:
        if message.get("type") == "result":
            # details that cannot be encoded: keep the values, drop the details
            outcomes = [{k: v for k, v in o.items() if k != "details"} for o in message["outcomes"]]
            sys.stderr.write("metric_suite: details dropped (%s)\n" % e)
            return json.dumps(dict(message, outcomes=outcomes), ensure_ascii=False, allow_nan=False)
        raise


def _default(x):
    for cast in (float, list, str):
        try:
            v = cast(x)
            if cast is float and not math.isfinite(v):
                return None
            return v
        except Exception:
            continue
    return repr(x)


def serve(declaration, score_batch=None, score_one=None, stdin=None, stdout=None):
    """Answers metric-suite's messages until `shutdown` or end of input. Returns the exit code."""
    if (score_batch is None) == (score_one is None):
        raise TypeError("serve() needs exactly one of score_batch or score_one")
    if score_one is not None:
        def score_batch(requests):  # noqa: F811
            out = []
            for r in requests:
                try:
                    out.append(score_one(r))
                except Exception as e:  # one bad request fails only itself
                    traceback.print_exc(file=sys.stderr)
                    out.append(e)
            return out

    raw_in = stdin if stdin is not None else sys.stdin.buffer
    raw_out = stdout if stdout is not None else sys.stdout.buffer
    if stdout is None:
        sys.stdout = sys.stderr  # user print()s go to stderr, never into the protocol

    def send(message):
        raw_out.write((_safe_json(message) + "\n").encode("utf-8"))
        raw_out.flush()

    for line in raw_in:
        line = line.decode("utf-8") if isinstance(line, bytes) else line
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            sys.stderr.write("metric_suite: ignoring a line that is not JSON: %r\n" % line[:200])
            continue
        kind = message.get("type")
        if kind == "hello":
            options.clear()
            options.update(message.get("options") or {})
            try:
                decl = declaration(dict(options)) if callable(declaration) else declaration
            except Exception as e:
                traceback.print_exc(file=sys.stderr)
                send({"type": "error", "error": "declaration failed: %s: %s" % (type(e).__name__, e)})
                continue
            send({"type": "hello", "protocol": PROTOCOL, "declaration": decl})
        elif kind == "score":
            batch_id = message.get("id")
            requests = message.get("requests") or []
            try:
                outcomes = score_batch(requests)
                outcomes = [_outcome(o) for o in outcomes]
            except Exception as e:
                sys.stderr.write(traceback.format_exc())
                send({"type": "error", "id": batch_id, "error": "%s: %s" % (type(e).__name__, e)})
                continue
            send({"type": "result", "id": batch_id, "outcomes": outcomes})
        elif kind == "shutdown":
            return 0
        else:
            sys.stderr.write("metric_suite: ignoring unknown message type %r\n" % (kind,))
    return 0
