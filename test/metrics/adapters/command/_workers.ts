/** Python worker scripts for command-metric tests, written into temp folders. */
export const DECL = `{"id": "py-test", "version": "1", "description": "test worker", "direction": "higher", "range": [0, 1], "tieTolerance": 0, "deterministic": True, "inputs": ["text"]}`;

/** A worker built on the helper whose behaviour depends on the candidate text. */
export const FLAKY = `
import os, sys, time
from metric_suite import serve, options

DECL = ${DECL}

def score_batch(requests):
    out = []
    for r in requests:
        c = r["candidate"]
        if c == "crash":
            sys.stderr.write("boom: about to crash\\n"); sys.stderr.flush(); os._exit(3)
        if c == "hang":
            sys.stderr.write("hanging now\\n"); sys.stderr.flush(); time.sleep(60)
        if c == "garbage":
            sys.__stdout__.write("this is not json\\n"); sys.__stdout__.flush(); time.sleep(60)
        if c == "short":
            return out
        if c == "nan": out.append(float("nan")); continue
        if c == "inf": out.append(float("-inf")); continue
        if c == "big": out.append(7.0); continue
        if c == "raise": raise RuntimeError("batch exploded")
        if c == "print": print("a stray print"); 
        if c == "option": out.append(options["value"]); continue
        out.append((len(c) / 100, {"pid": os.getpid()}))
    return out

serve(DECL, score_batch)
`;

/** A worker without the helper that writes NaN/Infinity tokens and an out-of-range value. */
export const RAW_NONFINITE = `
import sys, json
DECL = ${DECL}
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "declaration": DECL}), flush=True)
    elif m["type"] == "score":
        sys.stderr.write("scored batch %d\\n" % m["id"]); sys.stderr.flush()
        print('{"type":"result","id":%d,"outcomes":[{"value":NaN},{"value":Infinity},{"value":-Infinity},{"value":0.5},{"value":2},{"error":"own reason"},"x"]}' % m["id"], flush=True)
    else:
        break
`;

/** A worker answering the handshake with the given hello message (a Python literal). */
export const hello = (message: string) => `
import sys, json
for line in sys.stdin:
    print(json.dumps(${message}), flush=True)
`;

/** A worker that ignores shutdown (and exits on SIGTERM), recording what it received. */
export const STUBBORN = `
import sys, json, signal, time
DECL = ${DECL}
def term(*_):
    open("terminated", "w").write("yes"); sys.exit(0)
signal.signal(signal.SIGTERM, term)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "declaration": DECL}), flush=True)
    elif m["type"] == "shutdown":
        open("got-shutdown", "w").write("yes")
time.sleep(60)
`;
