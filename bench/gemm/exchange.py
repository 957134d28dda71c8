#!/usr/bin/env python3
"""What a cluster split-K exchange costs (issue 41): small-M GEMMs as one
kernel without a split, split over S CTAs of a cluster with 1, 2 or one
receive slot per part (`gemm_gen.py --split-mode cluster --max-slots R`),
and split with TMA reduce-add into an f32 C (no exchange, no cluster),
against cuBLAS, each timed in a CUDA graph of launches (sweep.py's) and checked
against torch.

  exchange.py --build DIR [--shapes 16x4096x4096,128x4096x4096]
  exchange.py --run DIR [--json FILE]      (on the GPU machine)

The split kernels' time over the reduce-add split's with the same S is
the exchange's cost beyond the split itself; over the unsplit kernel's,
what the split buys. docs/performance.md has what it showed.
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, HERE)

SHAPES = ((16, 4096, 4096), (128, 4096, 4096))
SPLITS = (2, 3, 4)
SLOTS = (1, 2, None)  # None: as many as fit, up to one per part
TILE = dict(bm=64, bn=128, stages=6, dtype="bf16")


def configurations(shapes):
    """The gemm_gen.Gemm of every kernel of the experiment, in order."""
    import gemm_gen
    out = []
    for m, n, k in shapes:
        out.append(gemm_gen.Gemm(m, n, k, out="bf16", **TILE))
        for s in SPLITS:
            most = gemm_gen.Gemm(m, n, k, out="bf16", split_k=s,
                                 split_mode="cluster", **TILE)
            for r in SLOTS:
                g = gemm_gen.Gemm(m, n, k, out="bf16", split_k=s,
                                  split_mode="cluster", max_slots=r, **TILE)
                # Bounds below the default only (the default's own name).
                if not g.smem_error() and (r is None or r < most.slots):
                    out.append(g)
            out.append(gemm_gen.Gemm(m, n, k, out="f32", split_k=s, **TILE))
    return out


def build(outdir, shapes):
    import asynccopy
    import gemm_gen
    import sweep
    os.makedirs(outdir, exist_ok=True)
    kernels = {}
    for g in configurations(shapes):
        module = asynccopy.compile(gemm_gen.emit(g))
        if module.cubin is None:
            sys.exit("ptxas not found: the run needs cubins")
        module.save(os.path.join(outdir, g.name))
        kernels[g.name] = dict(sweep.kernel_info(g, 0), slots=g.slots)
        print("built", g.name, flush=True)
    sweep.write_json(os.path.join(outdir, "manifest.json"),
                     {"format": 1, "kernels": kernels})
    sweep.copy_runtime(outdir)


def graph_us(launch):
    """Best of 3 replays of sweep.graphed's CUDA graph of `launch` (or of 3
    windows of launches where it cannot be captured), in microseconds per
    launch."""
    import benchlib
    import sweep
    replay = sweep.graphed(launch)
    if replay is None:
        return min(benchlib.window_ms(launch, sweep.GRAPH_COPIES)
                   for _ in range(3)) * 1e3
    return min(benchlib.window_ms(replay, 1)
               for _ in range(3)) * 1e3 / sweep.GRAPH_COPIES


def run(indir, json_path):
    import sweep
    sweep.use_runtime(indir)
    import types
    import torch
    import asynccopy
    import gemm
    with open(os.path.join(indir, "manifest.json")) as f:
        kernels = json.load(f)["kernels"]
    rows, failures = [], 0
    operands = {}
    for name, k in kernels.items():
        shape = (k["m"], k["n"], k["k"])
        if shape not in operands:
            torch.manual_seed(0)
            a = torch.randn(k["m"], k["k"], device="cuda").to(torch.bfloat16)
            b = torch.randn(k["n"], k["k"], device="cuda").to(torch.bfloat16)
            ref = a.float() @ b.float().t()
            us = graph_us(lambda: torch.mm(a, b.t()))
            operands[shape] = (a, b, ref)
            rows.append({"kernel": "cublas %dx%dx%d bf16" % shape, "us": round(us, 2)})
            print("%-58s %8.2f us" % (rows[-1]["kernel"], us), flush=True)
        a, b, ref = operands[shape]
        c = torch.full((k["m"], k["n"]), float("nan"), device="cuda",
                       dtype=torch.float32 if k["out"] == "f32" else torch.bfloat16)
        g = types.SimpleNamespace(
            grid=tuple(k["grid"]), launch_threads=k["block"],
            cluster_dims=tuple(k["cluster"]), split_k=k["split_k"],
            split_mode=k["split_mode"] or "reduce")
        launch = gemm.launcher(asynccopy.load(os.path.join(indir, name))["gemm"],
                               g, a, b, c)
        launch()
        torch.cuda.synchronize()
        err, ok = gemm.rel_error(c, ref, gemm.tolerance("bf16", k["out"]))
        us = graph_us(launch)
        failures += not ok
        rows.append({"kernel": name, "us": round(us, 2), "split_k": k["split_k"],
                     "split_mode": k["split_mode"], "slots": k["slots"],
                     "rel_error": float("%.2e" % err), "ok": ok})
        print("%-58s %8.2f us  err %.1e%s" % (name, us, err, "" if ok else "  FAIL"),
              flush=True)
    if json_path:
        sweep.write_json(json_path, {
            "date": time.strftime("%Y-%m-%d"),
            "gpu": torch.cuda.get_device_name(),
            "command": "python3 bench/gemm/exchange.py --build DIR && "
                       "python3 bench/gemm/exchange.py --run DIR --json FILE",
            "rows": rows})
    print("FAILURES: %d" % failures)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", metavar="DIR")
    p.add_argument("--run", metavar="DIR")
    p.add_argument("--shapes", metavar="MxNxK,...",
                   help="default: %s" % ",".join("%dx%dx%d" % s for s in SHAPES))
    p.add_argument("--json", metavar="FILE")
    a = p.parse_args()
    shapes = SHAPES
    if a.shapes:
        shapes = [tuple(int(x) for x in s.split("x")) for s in a.shapes.split(",")]
    if a.build:
        build(a.build, shapes)
    if a.run:
        return run(a.run, a.json)
    if not (a.build or a.run):
        p.error("give --build DIR or --run DIR")
    return 0


if __name__ == "__main__":
    sys.exit(main())
