"""metric_suite_worker: a persistent Python worker that metric-suite drives (stdlib only, 3.8+).

    python3 -u metric_suite_worker.py HANDLER

HANDLER is an importable module name (metric-suite ships its own under metric_suite_workers/)
or a path to a .py file. Its public functions are the worker's methods; each takes keyword
arguments (JSON params) and returns a JSON-able value. The worker lives as long as
metric-suite needs it, so a model loaded by one call (e.g. `init`) serves every later call.

Wire format: newline-delimited JSON.
    worker -> host, once at start:  {"type": "ready", "protocol": 1, "python": "3.11.2", "handler": "..."}
    host -> worker:                 {"type": "call", "id": 7, "method": "annotate", "params": {...}}
    worker -> host:                 {"type": "result", "id": 7, "result": ...}
                               or   {"type": "error", "id": 7, "error": {"type", "message", "traceback"}}
    host -> worker:                 {"type": "shutdown"}   (or end of input)

While a method runs, sys.stdout points at stderr: a library's print() cannot corrupt the
protocol, and stderr is quoted in metric-suite's error messages.
"""

import importlib
import importlib.util
import json
import math
import os
import signal
import sys
import traceback

PROTOCOL = 1


def _default(x):
    # numpy arrays and scalars, tensors, sets
    for name in ("tolist", "item"):
        f = getattr(x, name, None)
        if callable(f):
            try:
                return f()
            except Exception:
                pass
    if isinstance(x, (set, frozenset, tuple)):
        return list(x)
    return repr(x)


def _finite(x):
    """NaN and infinities become None (JSON has no spelling for them); the host reports them."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {str(k): _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def _encode(message):
    text = json.dumps(message, ensure_ascii=False, default=_default)
    if "NaN" in text or "Infinity" in text:
        text = json.dumps(_finite(json.loads(text)), ensure_ascii=False)
    return text


def load_handler(spec):
    if spec.endswith(".py") or os.sep in spec:
        name = "metric_suite_handler_" + os.path.splitext(os.path.basename(spec))[0].replace("-", "_")
        s = importlib.util.spec_from_file_location(name, spec)
        if s is None or s.loader is None:
            raise ImportError("cannot load handler file %s" % spec)
        module = importlib.util.module_from_spec(s)
        s.loader.exec_module(module)
        return module
    return importlib.import_module(spec)


def serve(handler, stdin, stdout):
    def send(message):
        stdout.write((_encode(message) + "\n").encode("utf-8"))
        stdout.flush()

    send({"type": "ready", "protocol": PROTOCOL, "python": "%d.%d.%d" % sys.version_info[:3],
          "handler": getattr(handler, "__name__", "?"), "executable": sys.executable})
    for line in stdin:
        line = line.decode("utf-8")
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            sys.stderr.write("metric_suite_worker: ignoring a line that is not JSON: %r\n" % line[:200])
            continue
        kind = message.get("type")
        if kind == "shutdown":
            return 0
        if kind != "call":
            sys.stderr.write("metric_suite_worker: ignoring message type %r\n" % (kind,))
            continue
        call_id = message.get("id")
        method = message.get("method") or ""
        fn = getattr(handler, method, None) if not method.startswith("_") else None
        if not callable(fn):
            send({"type": "error", "id": call_id, "error": {"type": "AttributeError", "message": "the handler has no method %r" % method, "traceback": ""}})
            continue
        try:
            result = fn(**(message.get("params") or {}))
        except BaseException as e:  # noqa: B902 - SystemExit from a library must not kill the worker silently
            tb = traceback.format_exc()
            sys.stderr.write(tb)
            send({"type": "error", "id": call_id, "error": {"type": type(e).__name__, "message": str(e), "traceback": tb[-4000:]}})
            if isinstance(e, KeyboardInterrupt):
                return 130
            continue
        send({"type": "result", "id": call_id, "result": result})
    return 0


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: metric_suite_worker.py HANDLER\n")
        return 2
    # Ctrl-C reaches the whole process group: metric-suite decides when the worker stops
    # (it finishes the batch in flight, then closes stdin), so the worker ignores SIGINT.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raw_in, raw_out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # prints from handlers and libraries go to stderr
    try:
        handler = load_handler(argv[1])
    except BaseException as e:
        traceback.print_exc()
        raw_out.write((_encode({"type": "error", "id": None, "error": {"type": type(e).__name__, "message": str(e), "traceback": ""}}) + "\n").encode("utf-8"))
        raw_out.flush()
        return 1
    return serve(handler, raw_in, raw_out)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
