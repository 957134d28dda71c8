#!/usr/bin/env python3
"""Sustained GEMM throughput with the GPU's SM clock and power draw
(issue 26: is a gap to cuBLAS lost cycles, or a lower clock?).

Each launcher (cuBLAS, then each asynccopy configuration of bench/gemm
named by an `--only` (e.g. `128x256_s4_p`; all without one), from every
`--run` folder)
runs back to back for `--seconds` while `nvidia-smi` samples the SM clock
and the board's power every 50 ms; then the next launcher, in `--rounds`
interleaved sweeps. Per launcher: TFLOP/s over the whole sustained run,
median SM clock (MHz), mean power (W), and TFLOP/s per GHz of SM clock,
which compares kernels independently of how far the clock drops; the
ratios of gemm.py (best asynccopy launcher over cuBLAS, best on 2x1
clusters over best without clusters) from these sustained figures. Every
kernel's C is checked against torch first (as gemm.py does, without guard
bands).

  power.py --run build/gemm-bench [--run build/gemm-bench-b] \\
           --shape 4096x4096x4096 --only 128x256_s4 [--only ...] --json FILE

On the GPU machine only (torch, nvidia-smi, libAsyncCopyRuntime.so through
ASYNCCOPY_LIB_DIR).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)

import asynccopy  # noqa: E402
import gemm  # noqa: E402


class Sampler:
    """nvidia-smi sampling the SM clock and power draw while it runs."""

    def __enter__(self):
        self.proc = subprocess.Popen(
            ["nvidia-smi", "--query-gpu=clocks.sm,power.draw",
             "--format=csv,noheader,nounits", "-lms", "50"],
            stdout=subprocess.PIPE, text=True)
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        out, _ = self.proc.communicate()
        self.samples = []
        for line in out.splitlines():
            try:
                clock, power = (float(x) for x in line.split(","))
            except ValueError:
                continue
            self.samples.append((clock, power))
        # The first samples precede the load.
        self.samples = self.samples[len(self.samples) // 5:] or self.samples


def sustained(launch, seconds):
    """Launches back to back for about `seconds`; returns ms per launch."""
    import torch
    launch()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    count = 0
    t0 = time.time()
    start.record()
    while time.time() - t0 < seconds:
        for _ in range(20):
            launch()
        count += 20
        if count % 200 == 0:
            # Keep the queue short, so that the timing ends with the launches.
            torch.cuda.current_stream().synchronize()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / count


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--run", action="append", required=True, metavar="DIR")
    p.add_argument("--shape", default="4096x4096x4096")
    p.add_argument("--only", action="append", default=[])
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--json", metavar="FILE")
    a = p.parse_args()
    import torch
    m, n, k = (int(x) for x in a.shape.split("x"))
    torch.manual_seed(0)
    A = torch.rand(m, k, device="cuda", dtype=torch.float16) * 2 - 1
    B = torch.rand(n, k, device="cuda", dtype=torch.float16) * 2 - 1
    C = torch.empty(m, n, device="cuda", dtype=torch.float16)
    ref = torch.mm(A.float(), B.float().t())
    launchers = {"cublas": lambda: torch.mm(A, B.t(), out=C)}
    for d in a.run:
        tag = os.path.basename(os.path.normpath(d))
        for g in gemm.configurations([(m, n, k)]):
            if a.only and g.name.split("_", 2)[2] not in a.only:
                continue
            if not os.path.exists(os.path.join(d, g.name)):
                continue
            kern = asynccopy.load(os.path.join(d, g.name))["gemm"]
            launchers["%s %s" % (tag, g.name.split("_", 2)[2])] = gemm.launcher(
                kern, g, A, B, C)
    failures = []
    for label, launch in launchers.items():
        C.fill_(float("nan"))
        launch()
        torch.cuda.synchronize()
        err, ok = gemm.rel_error(C, ref)
        print("%s %-44s rel err %.2e" % ("ok  " if ok else "FAIL", label, err), flush=True)
        if not ok:
            failures.append(label)
    flops = 2.0 * m * n * k
    runs = {label: [] for label in launchers}
    for _ in range(a.rounds):
        for label, launch in launchers.items():
            with Sampler() as s:
                ms = sustained(launch, a.seconds)
            clock = statistics.median(c for c, _ in s.samples)
            power = statistics.mean(w for _, w in s.samples)
            runs[label].append((flops / ms / 1e9, clock, power))
    results = {}
    print("%-46s %8s %8s %7s %10s" % ("launcher", "TFLOP/s", "SM MHz", "W", "TFLOP/GHz"))
    for label, values in runs.items():
        tflops = statistics.median(v[0] for v in values)
        clock = statistics.median(v[1] for v in values)
        power = statistics.median(v[2] for v in values)
        per_ghz = statistics.median(v[0] / (v[1] / 1000) for v in values)
        results[label] = {"tflops": round(tflops, 1), "sm_mhz": round(clock),
                          "power_w": round(power, 1),
                          "tflops_per_ghz": round(per_ghz, 1),
                          "rounds": [[round(x, 1) for x in v] for v in values]}
        print("%-46s %8.1f %8.0f %7.1f %10.1f" % (label, tflops, clock, power, per_ghz),
              flush=True)
    # As gemm.py's ratios: the best asynccopy launcher over cuBLAS, and the
    # best one on 2x1 clusters over the best one without clusters.
    ours = {l: v["tflops"] for l, v in results.items() if l != "cublas"}
    ratios = {}
    if ours:
        ratios["vs_cublas"] = round(max(ours.values()) / results["cublas"]["tflops"], 3)
        gain = gemm.multicast_gain(ours)
        if gain:
            ratios["multicast_gain"] = gain
    print("ratios", ratios)
    summary = {"shape": a.shape, "seconds": a.seconds, "rounds": a.rounds,
               "checks": "FAIL" if failures else "PASS", "ratios": ratios,
               "results": results}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
