"""Shared harness of the bench's Python references: read the input JSON, time the scoring loop
(process CPU time and wall time, best of `repeats`), print one JSON line with the outputs so the
TypeScript side can check they are equal."""
import json
import sys
import time


def run(score_all, repeats_default=1, flatten=None):
    """score_all(data) -> list of outputs; data is the parsed input file (argv[1]). `flatten`
    turns each output into the compared numbers after the timing (outputs that are result
    objects, as the TypeScript side returns)."""
    with open(sys.argv[1], encoding='utf-8') as f:
        data = json.load(f)
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else repeats_default
    best_cpu = best_wall = float('inf')
    outputs = None
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        outputs = score_all(data)
        c1, w1 = time.process_time(), time.perf_counter()
        best_cpu, best_wall = min(best_cpu, c1 - c0), min(best_wall, w1 - w0)
    if flatten is not None:
        outputs = [flatten(o) for o in outputs]
    print(json.dumps({'cpu_s': best_cpu, 'wall_s': best_wall, 'python': sys.version.split()[0], 'outputs': outputs}))


def run_batched(score_batch, repeats_default=1):
    """As `run`, for input {"batches": [json_text, ...]}: each batch is decoded with json.loads
    untimed (as a worker's reply is decoded before scoring), then score_batch(decoded) is timed;
    the CPU and wall times are summed over the batches (best total of `repeats`)."""
    with open(sys.argv[1], encoding='utf-8') as f:
        batches = json.load(f)['batches']
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else repeats_default
    best_cpu = best_wall = float('inf')
    outputs = None
    for _ in range(repeats):
        cpu = wall = 0.0
        outputs = []
        for text in batches:
            data = json.loads(text)
            c0, w0 = time.process_time(), time.perf_counter()
            out = score_batch(data)
            c1, w1 = time.process_time(), time.perf_counter()
            cpu, wall = cpu + (c1 - c0), wall + (w1 - w0)
            outputs.extend(out)
        best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
    print(json.dumps({'cpu_s': best_cpu, 'wall_s': best_wall, 'python': sys.version.split()[0], 'outputs': outputs}))
