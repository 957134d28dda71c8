#!/usr/bin/env python3
"""Host-only launch cost of the Python package, on the fake CUDA driver.

HOST ONLY: no GPU. The driver is test/Unit's fake
(libAsyncCopyFakeCudaDriver.so), whose calls cost a lock and a few
stores, so what this measures is the package's own work per launch
(argument reading and checks, packing, tensor maps, the ctypes calls), not
cuLaunchKernel's. bench/python_launch.py measures the real thing on a GPU.

The kernel is bench/python_launch.mlir (one CTA, 64x256 f16 TMA copy),
compiled here in both descriptor modes; its arguments are made-up tensors
from python/tests/fake_tensors.py: `torch-like` (the attributes the torch
fast path reads, plus DLPack) and `dlpack` (a DLPack producer that makes a
capsule per call). With --legacy DIR (bench/python_launch.py --build DIR
saves the package as it was before the one-call launcher there) the old
package is timed on the same tensors (it reads both kinds through DLPack).

  ASYNCCOPY_LIB_DIR=build/lib python3 bench/python_launch_host.py \\
      --legacy build/python-launch [--profile]

Prints a table (per launch: the median and the least wall time over the
rounds, and the median CPU time of the thread, which other processes on
the machine disturb less) and a line `JSON {...}`.
"""
import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
sys.path.insert(0, HERE)

from python_launch import KERNEL, MODES, import_legacy  # noqa: E402
import asynccopy  # noqa: E402
from fake_tensors import DLPackTensor, FakeTorchTensor, fast_torch  # noqa


def tensors(kind):
    if kind == "torch-like":
        return (FakeTorchTensor(0x7f0000001000, [64, 256], "float16"),
                FakeTorchTensor(0x7f0000100000, [64, 256], "float16"))
    return (DLPackTensor(0x7f0000001000, [64, 256], "f16"),
            DLPackTensor(0x7f0000100000, [64, 256], "f16"))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fake-driver", default=os.path.join(
        ROOT, "build", "test", "Unit", "libAsyncCopyFakeCudaDriver.so"))
    parser.add_argument("--legacy", metavar="DIR",
                        help="also time the package saved in DIR/legacy")
    parser.add_argument("--launches", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--profile", action="store_true",
                        help="cProfile 20000 param launches (torch-like)")
    args = parser.parse_args()
    # Before the first launch loads the runtime's driver.
    os.environ["ASYNCCOPY_CUDA_DRIVER"] = args.fake_driver
    fast_torch()

    packages = [(asynccopy, "")]
    legacy = import_legacy(args.legacy) if args.legacy else None
    if legacy is not None:
        packages.append((legacy, " (legacy)"))
    launchers = {}
    for package, suffix in packages:
        for mode in MODES:
            kernel = package.compile(KERNEL,
                                     descriptor_mode=mode)["copy_tile"]
            for kind in ("torch-like", "dlpack"):
                x, y = tensors(kind)
                launchers["%s %s%s" % (mode, kind, suffix)] = (
                    lambda k=kernel, x=x, y=y: k(x, y, grid=1, block=128))
                if not suffix and kind == "torch-like":
                    # Without the native module (Kernel._call).
                    launchers["%s %s (python path)" % (mode, kind)] = (
                        lambda k=kernel, x=x, y=y: k._call(
                            x, y, grid=1, block=128))

    for launch in launchers.values():
        for _ in range(100):
            launch()
    # Wall time, and the thread's CPU time (steadier on a shared machine).
    rounds = {label: [] for label in launchers}
    for _ in range(args.reps):
        for label, launch in launchers.items():
            start, cpu = time.perf_counter(), time.thread_time()
            for _ in range(args.launches):
                launch()
            rounds[label].append(
                ((time.perf_counter() - start) / args.launches * 1e6,
                 (time.thread_time() - cpu) / args.launches * 1e6))

    print("HOST ONLY, fake CUDA driver (%s), python %s, load average %s: "
          "us per launch, %d launches x %d rounds"
          % (os.path.basename(args.fake_driver), sys.version.split()[0],
             "%.1f" % os.getloadavg()[0], args.launches, args.reps))
    print("%-32s %10s %10s %10s" % ("launcher", "median", "min", "cpu"))
    results = {}
    for label, values in rounds.items():
        wall = [w for w, _ in values]
        cpu = statistics.median(c for _, c in values)
        results[label] = dict(median_us=round(statistics.median(wall), 2),
                              min_us=round(min(wall), 2),
                              cpu_us=round(cpu, 2))
        print("%-32s %10.2f %10.2f %10.2f" % (
            label, statistics.median(wall), min(wall), cpu))
    print("JSON " + json.dumps(dict(host_only_fake_driver=True,
                                    launches=args.launches, rounds=args.reps,
                                    results=results), sort_keys=True))
    if args.profile:
        import cProfile
        import pstats
        launch = launchers["param torch-like"]
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(20000):
            launch()
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
