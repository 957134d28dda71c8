"""What the Python benchmarks share: CUDA-event timing of back-to-back
calls, the wait that turns a hung kernel into a named exit, and the summary
they end with (a `JSON {...}` line, a JSON file, the failures and the exit
status)."""
import json
import os
import time


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


def wait_or_exit(what, seconds, before_exit=None):
    """Waits for the work queued so far on the current stream; a kernel
    still running after `seconds` ends the process (exit 3) with
    `HANG <what>`, not silently, after calling `before_exit` (which must
    not touch the GPU)."""
    import torch
    done = torch.cuda.Event()
    done.record()
    deadline = time.time() + seconds
    while not done.query():
        if time.time() > deadline:
            print("HANG %s: not done after %d s" % (what, seconds), flush=True)
            if before_exit is not None:
                before_exit()
            os._exit(3)
        time.sleep(0.001)


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
