"""What the Python benchmarks share: CUDA-event timing of back-to-back
calls, and the summary they end with (a `JSON {...}` line, a JSON file,
the failures and the exit status)."""
import json


def window_ms(fn, iters):
    """Mean milliseconds per call over `iters` back-to-back calls of `fn`,
    between two CUDA events. The caller warms up and synchronises first."""
    import torch
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / iters


def finish(summary, json_path, failures):
    """Prints `summary` as a `JSON ` line, writes it to `json_path` (if
    given) and lists `failures`; returns the exit status (1 if any)."""
    print("JSON " + json.dumps(summary, sort_keys=True))
    if json_path:
        with open(json_path, "w") as f:
            json.dump(summary, f, indent=2, sort_keys=True)
    if failures:
        print("FAILURES: %s" % ", ".join(failures))
    return 1 if failures else 0
