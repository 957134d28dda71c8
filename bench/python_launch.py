#!/usr/bin/env python3
"""Launch overhead of the Python package against Triton and torch (issue 28).

Back-to-back launches of a one-CTA copy of a 64x256 f16 tile
(bench/python_launch.mlir: a TMA load into shared memory and a TMA store),
on torch tensors, in one process on one GPU:
  - asynccopy, descriptor_mode="param" and "scratch": `k(x, y, grid=1,
    block=128)` on the modules compiled here (through the native module
    _fastlaunch where ASYNCCOPY_LIB_DIR has it), and the same through
    Kernel._call (`python path`: the launch without _fastlaunch);
  - the same launches through the package as it was before the one-call
    launcher (the `legacy` copy --build saves), if present;
  - Triton: `copy_kernel[(1,)](x, y, N=16384)`, an equivalent one-program
    copy (tl.load / tl.store);
  - torch: `y.copy_(x)`.
Each launcher: a warm-up, a check that the copy is right (for asynccopy
also into a new output tensor, whose map is encoded once, into outputs
that alternate, and on a side stream, current or not), then `--reps` rounds of
`--launches` back-to-back launches, the launchers interleaved within each
round. Per launch: host wall time of the loop (`host_us`) and of the loop
plus torch.cuda.synchronize (`sync_us`); medians over the rounds. Back to
back, a launcher that is faster than the GPU runs the kernels fills the
launch queue and then waits for the GPU, so `host_us` can be the GPU's
time per kernel; `queued_us` is the host time of `--queued` launches issued
while a `torch.cuda._sleep` kernel holds the stream, so that none runs and
none waits (the host's own cost, the figure the targets are about).
`asynccopy param (runtime call)` repeats only the package's one call into
the runtime with the last launch's record: the floor under the Python
side, that is the runtime's work and the driver's cuLaunchKernel.

  bench/python_launch.py --build DIR   here: compiles both modes with the
                                       package (needs libAsyncCopyCAPI.so and
                                       ptxas) and saves them, with the legacy
                                       package, under DIR
  bench/python_launch.py --run DIR     on the GPU machine: loads them (no
                                       MLIR; needs libAsyncCopyRuntime.so via
                                       ASYNCCOPY_LIB_DIR), torch and Triton

Prints a table and a line `JSON {...}` with python_launch_us_param,
python_launch_us_scratch (host_us of asynccopy) and python_launch_vs_triton
= triton host_us / asynccopy param host_us (>= 1: asynccopy launches
faster), also written to --json FILE. Exits 1 if a copy is wrong.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))

import asynccopy  # noqa: E402
import benchlib  # noqa: E402

KERNEL = os.path.join(HERE, "python_launch.mlir")
MODES = ("param", "scratch")
ROWS, COLS = 64, 256
LEGACY_FILES = ("__init__.py", "_capi.py", "_launch.py", "_libs.py")


def build(outdir, legacy_rev):
    for mode in MODES:
        module = asynccopy.compile(KERNEL, descriptor_mode=mode)
        if module.cubin is None:
            sys.exit("ptxas not found: the run needs cubins")
        module.save(os.path.join(outdir, mode))
        print("built", mode, module.kernels)
    if legacy_rev == "none":
        return
    if legacy_rev is None:
        # The commit before the one that added the one-call launcher.
        added = subprocess.run(
            ["git", "-C", ROOT, "log", "--format=%H", "--diff-filter=A",
             "--", "include/asynccopy/Runtime/Launch.h"],
            capture_output=True, text=True, check=True).stdout.split()
        if not added:
            sys.exit("cannot find the commit that added the one-call "
                     "launcher: give --legacy-rev REV (or none)")
        legacy_rev = subprocess.run(
            ["git", "-C", ROOT, "rev-parse", added[-1] + "^"],
            capture_output=True, text=True, check=True).stdout.strip()
    package = os.path.join(outdir, "legacy", "asynccopy")
    os.makedirs(package, exist_ok=True)
    for name in LEGACY_FILES:
        source = subprocess.run(
            ["git", "-C", ROOT, "show",
             "%s:python/asynccopy/%s" % (legacy_rev, name)],
            capture_output=True, text=True, check=True).stdout
        with open(os.path.join(package, name), "w") as f:
            f.write(source)
    with open(os.path.join(outdir, "legacy", "REVISION"), "w") as f:
        f.write(legacy_rev + "\n")
    print("saved the package of", legacy_rev, "as legacy")


def import_legacy(indir):
    """The package as it was before (saved by --build), as
    `asynccopy_legacy`, or None."""
    import importlib.util
    init = os.path.join(indir, "legacy", "asynccopy", "__init__.py")
    if not os.path.exists(init):
        return None
    spec = importlib.util.spec_from_file_location(
        "asynccopy_legacy", init,
        submodule_search_locations=[os.path.dirname(init)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["asynccopy_legacy"] = module
    spec.loader.exec_module(module)
    return module


def time_launches(launch, launches):
    """(host_us, sync_us) per launch of one round."""
    import torch
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(launches):
        launch()
    issued = time.perf_counter()
    torch.cuda.synchronize()
    done = time.perf_counter()
    return ((issued - start) / launches * 1e6,
            (done - start) / launches * 1e6)


def time_queued(launch, launches, sleep_cycles):
    """Host us per launch while a sleeping kernel holds the stream, or None
    where the sleep ended before the loop did (then the GPU ran some)."""
    import torch
    torch.cuda.synchronize()
    torch.cuda._sleep(sleep_cycles)
    held = torch.cuda.Event()
    held.record()
    start = time.perf_counter()
    for _ in range(launches):
        launch()
    issued = time.perf_counter()
    still_held = not held.query()
    torch.cuda.synchronize()
    return (issued - start) / launches * 1e6 if still_held else None


def run(indir, launches, reps, warmup, json_path, queued=400):
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def copy_kernel(x, y, N: tl.constexpr):
        offsets = tl.arange(0, N)
        tl.store(y + offsets, tl.load(x + offsets))

    props = torch.cuda.get_device_properties(0)
    print("gpu %s, torch %s, triton %s, python %s; %d launches x %d rounds"
          % (props.name, torch.__version__, triton.__version__,
             sys.version.split()[0], launches, reps), flush=True)
    x = torch.randn(ROWS, COLS, device="cuda").to(torch.float16)
    y = torch.zeros_like(x)
    failures = []

    def check(label, launch, out):
        out.zero_()
        launch()
        torch.cuda.synchronize()
        if not torch.equal(out, x):
            failures.append(label)
            print("FAIL %s: the copy differs from the input" % label)
        else:
            print("ok   %s copies the tile" % label)

    launchers = {}  # label -> launch
    kernels = {}
    for mode in MODES:
        kernel = asynccopy.load(os.path.join(indir, mode))["copy_tile"]
        kernels[mode] = kernel
        launchers["asynccopy " + mode] = (
            lambda k=kernel: k(x, y, grid=1, block=128))
        # Kernel._call: the launch without the native module (_fastlaunch).
        launchers["asynccopy " + mode + " (python path)"] = (
            lambda k=kernel: k._call(x, y, grid=1, block=128))
    legacy = import_legacy(indir)
    if legacy is not None:
        for mode in MODES:
            kernel = legacy.load(os.path.join(indir, mode))["copy_tile"]
            launchers["asynccopy " + mode + " (legacy)"] = (
                lambda k=kernel: k(x, y, grid=1, block=128))
    record = {}

    def runtime_call(k=kernels["param"]):
        # The last launch's plan and record: only acLauncherLaunch remains.
        if not record:
            k._call(x, y, grid=1, block=128)  # fills the thread's record
            words = k._local.record
            record["args"] = (k._plan.launch, k._plan.handle,
                              type(words)(*words))
        launch, handle, words = record["args"]
        if launch(handle, words):
            raise RuntimeError("acLauncherLaunch failed")
    launchers["asynccopy param (runtime call)"] = runtime_call
    launchers["triton"] = lambda: copy_kernel[(1,)](x, y, N=ROWS * COLS)
    launchers["torch copy_"] = lambda: y.copy_(x)

    for label, launch in launchers.items():
        for _ in range(warmup):
            launch()
        check(label, launch, y)
    # A new output tensor: the map follows it (param and scratch alike).
    for mode, kernel in kernels.items():
        before = kernel._counters()["maps_encoded"]
        other = torch.empty_like(x)
        check("asynccopy %s, new output tensor" % mode,
              lambda k=kernel: k(x, other, grid=1, block=128), other)
        encoded = kernel._counters()["maps_encoded"] - before
        print("     maps encoded for it: %d (expected 1)" % encoded)
        if encoded != 1:
            failures.append("asynccopy %s re-encoding" % mode)
        # Outputs that alternate: each launch copies into its own tensor
        # (maps encoded again, scratch buffers refilled, as they change).
        outputs = [torch.empty_like(x) for _ in range(2)]
        for i in (0, 1, 0, 1, 1):
            check("asynccopy %s, alternating outputs (%d)" % (mode, i),
                  lambda k=kernel, o=outputs[i]: k(x, o, grid=1, block=128),
                  outputs[i])
        # On a stream that is not torch's current one (DLPack orders
        # torch's work before it), then as the current one (fast path).
        side = torch.cuda.Stream()

        def on_side(k=kernel):
            k(x, y, grid=1, block=128, stream=side)
            side.synchronize()
        check("asynccopy %s on a side stream" % mode, on_side, y)

        def side_current(k=kernel):
            with torch.cuda.stream(side):
                k(x, y, grid=1, block=128, stream=side)
            side.synchronize()
        check("asynccopy %s on the current side stream" % mode, side_current,
              y)
    from asynccopy import _launch
    fast = _launch._FAST_TYPES.get(torch.Tensor) is not None
    native = _launch._fastlaunch is not None
    print("torch fast path: %s; native launch (_fastlaunch): %s"
          % ("on" if fast else "OFF (DLPack)", "on" if native else "OFF"))
    for mode, kernel in kernels.items():
        calls = kernel._native_calls()
        print("     %s: native launches %s, handed to Python %s"
              % (mode, *(calls or ("-", "-"))))
        if native and calls[0] < calls[1]:
            failures.append("asynccopy %s: launches not native" % mode)

    rounds = {label: [] for label in launchers}
    queued_rounds = {label: [] for label in launchers}
    for _ in range(reps):
        for label, launch in launchers.items():
            rounds[label].append(time_launches(launch, launches))
            # The sleeping kernel spins (at about 2 GHz) for 4x the host
            # time the launches just took back to back, at least 20 us each.
            per_launch_us = max(4 * rounds[label][-1][0], 20.0)
            queued_rounds[label].append(time_queued(
                launch, queued, int(queued * per_launch_us * 2000)))
    for label in launchers:
        check(label + " (after timing)", launchers[label], y)

    results = {}
    print("\n%-32s %10s %10s %10s %10s %10s" % (
        "launcher", "host_us", "min", "sync_us", "queued_us", "min"))
    for label, values in rounds.items():
        host = [h for h, _ in values]
        sync = [s for _, s in values]
        held = [q for q in queued_rounds[label] if q is not None]
        if len(held) < len(queued_rounds[label]):
            failures.append("%s: the GPU ran while queued" % label)
            held = held or [float("nan")]
        results[label] = dict(host_us=statistics.median(host),
                              host_us_min=min(host),
                              sync_us=statistics.median(sync),
                              queued_us=statistics.median(held),
                              queued_us_min=min(held))
        print("%-32s %10.2f %10.2f %10.2f %10.2f %10.2f" % (
            label, results[label]["host_us"], min(host),
            results[label]["sync_us"], results[label]["queued_us"],
            min(held)))

    def us(label, key="host_us"):
        return round(results[label][key], 2)

    def vs_triton(label, key="host_us"):
        # >= 1: asynccopy launches faster than Triton.
        return round(results["triton"][key] / results[label][key], 3)

    summary = {
        "python_launch_us_param": us("asynccopy param"),
        "python_launch_us_scratch": us("asynccopy scratch"),
        "python_launch_vs_triton": vs_triton("asynccopy param"),
        "python_launch_vs_triton_scratch": vs_triton("asynccopy scratch"),
        "triton_launch_us": us("triton"),
        # Host cost alone, the GPU held (see the docstring).
        "python_launch_queued_us_param": us("asynccopy param", "queued_us"),
        "python_launch_queued_us_scratch": us("asynccopy scratch",
                                              "queued_us"),
        "python_launch_queued_vs_triton": vs_triton("asynccopy param",
                                                    "queued_us"),
        "runtime_call_queued_us": us("asynccopy param (runtime call)",
                                     "queued_us"),
        "triton_launch_queued_us": us("triton", "queued_us"),
        "torch_copy_queued_us": us("torch copy_", "queued_us"),
        "torch_copy_us": us("torch copy_"),
        "gpu": props.name, "torch": torch.__version__,
        "triton": triton.__version__, "launches": launches, "rounds": reps,
        "queued_launches": queued,
        "python_path_us_param": us("asynccopy param (python path)"),
        "python_path_us_scratch": us("asynccopy scratch (python path)"),
        "torch_fast_path": fast, "native_launch": native,
        "checks": "FAIL" if failures else "PASS",
        "launchers": {k: {m: round(v, 3) for m, v in r.items()}
                      for k, r in results.items()},
    }
    return benchlib.finish(summary, json_path, failures)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", metavar="DIR")
    parser.add_argument("--legacy-rev", default=None,
                        help="the revision whose package --build saves as "
                        "legacy (default: the commit before the one-call "
                        "launcher; none: no legacy package)")
    parser.add_argument("--run", metavar="DIR")
    parser.add_argument("--launches", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--queued", type=int, default=400,
                        help="launches per round while the GPU is held")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if not args.build and not args.run:
        parser.error("give --build DIR and/or --run DIR")
    if args.build:
        build(args.build, args.legacy_rev)
    if args.run:
        return run(args.run, args.launches, args.reps, args.warmup, args.json,
                   args.queued)
    return 0


if __name__ == "__main__":
    sys.exit(main())
