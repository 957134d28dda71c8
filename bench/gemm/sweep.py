#!/usr/bin/env python3
"""The GEMM sweep of issue 41: the kernel bench/gemm/chooser.py chooses for
each shape, type and layout, against cuBLAS (torch) and Triton, every
result checked against torch, on one GPU.

C = A @ B^T with A (M x K) and B (N x K), f32 (s32) accumulation. The sets
(`--set NAME`, repeatable; all by default):

  bf16     LLM layers: M in 16, 64, 128, 256, 512, 1024, 4096, 16384 x
           (N, K) in (4096, 4096), (6144, 4096), (14336, 4096),
           (4096, 14336), (8192, 8192), (28672, 8192), (8192, 28672);
           bf16 in and out, against torch.mm(a, b.t(), out=c)
  f16      the same shapes in f16
  squares  1024^3 to 16384^3 (powers of two) in bf16 and in f16
  fp8      the LLM shapes, e4m3 in (from bf16 values), bf16 out, against
           torch._scaled_mm(a, b.t(), scale_a=1, scale_b=1,
           out_dtype=torch.bfloat16) (and, reported beside it,
           use_fast_accum=True: the accumulation the kernel does)
  tf32     squares 1024 to 8192 and four LLM shapes, f32 in and out,
           against torch.mm with torch.backends.cuda.matmul.allow_tf32
  i8       the same shapes, i8 in, s32 out, against torch._int_mm(a, b.t())
           (it refuses M <= 16: that baseline is recorded as missing)
  mn       four shapes in bf16 with A, B or both MN-major: the kernel gets
           a.t().contiguous() (K x M) and/or b.t().contiguous() (K x N),
           cuBLAS the same memory as torch.mm(a_km.t(), b_kn) etc.

An entry is (set, M, N, K, type in, type out, A major, B major), named
e.g. `bf16/16x4096x4096/bf16-bf16/kk` (`mk`: A MN-major, `kn`: B, `mn`:
both). Its kernel is chooser.choose(...); in the bf16 and fp8 sets the
chooser's next two candidates are built and timed too, which measures the
chooser's regret (the best of the three over the chosen one), not the
ratios. An entry the chooser cannot build (MN-major operands, before the
generator has them) is recorded as not built, with the reason.

  bench/gemm/sweep.py --list [DIR] [--parts N] [--set NAME] [--only SUBSTR]
        here, in a second, compiling nothing: every entry, its kernel, the
        model's estimate and its part of N, the entries per set and the
        estimated device time (from DIR/manifest.json if given, else from
        the chooser)
  bench/gemm/sweep.py --build DIR [--set NAME] [--only SUBSTR]
        here (the package with libAsyncCopyCAPI.so, and ptxas): compiles
        each distinct kernel once (asynccopy.compile, module.save(DIR/
        <kernel>)), again only where gemm_gen's text for it changed; writes
        DIR/manifest.json (the entries, their kernels and each kernel's
        launch geometry: the run needs neither the chooser nor MLIR),
        copies the runtime libraries into DIR/lib and removes kernels no
        entry uses any more. All sets: 428 kernels, about 140 s on one
        core, 20-25 MB (it travels in the 64 MiB carry)
  bench/gemm/sweep.py --run DIR [--part I/N] [--json FILE] [--resume]
                      [--budget S] [--set NAME] [--only SUBSTR]
        on the GPU machine (torch, Triton; DIR/lib is the runtime unless
        ASYNCCOPY_LIB_DIR says otherwise): runs the entries of part I of N
        (parts of about equal estimated device time; give every part the
        same --set and --only), writing FILE after every entry. --budget S
        starts no entry that would end past S seconds (exit 2:
        incomplete); --resume keeps the entries FILE has and runs the rest
  bench/gemm/sweep.py --merge FILE... --json OUT
        anywhere (no torch): combines the parts' files into one summary

Here:

  export PYTHONPATH=$PWD/python
  python3 bench/gemm/sweep.py --build build/sweep
  python3 bench/gemm/sweep.py --list build/sweep --parts 3

On the GPU machine, carrying build/sweep, one command (at most 600 s) per
part, I = 1, 2, 3 (a part cut short by its budget goes on when the same
command runs again):

  mkdir -p build/sweep-out && python3 bench/gemm/sweep.py --run build/sweep
    --part I/3 --budget 500 --resume --json build/sweep-out/part-I.json
    > build/sweep-out/part-I.log 2>&1; echo rc=$?;
    cp build/sweep-out/* $OUT/; tail -c 5000 build/sweep-out/part-I.log

then `python3 bench/gemm/sweep.py --merge part-1.json part-2.json
part-3.json --json sweep.json` on the files that came back.

Checks (as gemm.py's): A and B random in [-1, 1) (i8: integers in
[-8, 8]), the reference torch.mm(a.float(), b.float().t()) in f32 without
TF32; every result, ours, the baselines' and each Triton configuration's,
within gemm.tolerance of it (relative Frobenius error: 2e-3, bf16 C 1e-2,
tf32 5e-3, s32 exact) and free of NaN; our C sits between NaN (s32:
INT32_MIN) guard bands that must stay intact; C is zeroed before every
launch of a split-K kernel that adds its slices by TMA reduce-add (the
zeroing is timed with it), not of one that sums them over a cluster. A
kernel not done after 10 s ends the run with `HANG`.

Triton: gemm.py's TMA-descriptor and pointer kernels on the entry's types
and layout, each tuned over TRITON_CONFIGS (Triton's usual Hopper tiles,
K tile 128 B): every configuration that compiles is checked and timed in
one window of >= 5 ms; the fastest of each kernel is timed in full. A
kernel none of whose configurations compiles is recorded as missing.

Timing: every launcher of an entry (ours, the candidates, the
baseline(s), Triton's two) is checked first, then timed in windows of
back-to-back launches lasting >= 20 ms (at least 3 launches), median of 3
windows, in 2 rounds interleaved over the launchers; each gets the median
of its rounds. TFLOP/s = 2 M N K / time (i8: TOP/s). Where a launcher of
an entry takes less than 0.1 ms, back-to-back launches would measure the
host's launch cost (about 8 us per launch for ours, 18 us for Triton's),
so every launcher of that entry is captured in a CUDA graph of 20
launches and the graph's replays are timed (all of them, or none where
one cannot be captured; the entry's `timing` says which).

Ratios (of TFLOP/s, ours over theirs): gemm_sweep_geomean_vs_cublas_bf16
(geomean over the bf16 set, target >= 1.00), gemm_sweep_min_vs_cublas
(the worst entry of any set, >= 0.90), gemm_fp8_vs_scaled_mm (geomean
over the fp8 set, >= 1.00), gemm_sweep_vs_triton (geomean over every
entry with a Triton result, against the faster of Triton's two, >= 1.05);
beside them the chooser's regret (geomean and worst), per-set figures and
the worst entries. Prints them and a `JSON {...}` line (without the
per-entry lists); FILE has them and a line of TFLOP/s per entry (`table`),
a part's FILE also every entry's whole record, which --merge reads. Exit
1 if a check failed, 3 at a hang (FILE keeps it: --resume goes on past
it), else 2 if entries were not run.
"""
import argparse
import collections
import json
import math
import os
import statistics
import sys
import time
import types
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, HERE)

LLM_MS = (16, 64, 128, 256, 512, 1024, 4096, 16384)
LLM_NK = ((4096, 4096), (6144, 4096), (14336, 4096), (4096, 14336),
          (8192, 8192), (28672, 8192), (8192, 28672))
SQUARES = (1024, 2048, 4096, 8192, 16384)
# The tf32 and i8 sets: squares to 8192 and LLM shapes, M = 16 among them.
SUBSET = ((1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096),
          (8192, 8192, 8192), (16, 4096, 4096), (256, 14336, 4096),
          (1024, 8192, 8192), (4096, 4096, 14336))
MN_SHAPES = ((256, 6144, 4096), (4096, 14336, 4096), (4096, 4096, 4096),
             (8192, 8192, 8192))
MN_MAJORS = (("mn", "k"), ("k", "mn"), ("mn", "mn"))
SETS = ("bf16", "f16", "squares", "fp8", "tf32", "i8", "mn")
# Sets whose entries also time the chooser's next two candidates.
REGRET_SETS = ("bf16", "fp8")
# Triton's configurations (BM, BN, stages, warps), K tiles of 128 B (64
# 2-byte, 128 1-byte, 32 4-byte elements): the Hopper tiles of Triton's
# matmul tutorials.
TRITON_CONFIGS = ((128, 256, 3, 8), (256, 128, 3, 8), (128, 128, 4, 4),
                  (128, 128, 4, 8), (128, 64, 4, 4), (64, 128, 4, 4),
                  (64, 64, 4, 4), (64, 256, 4, 4))
# Timing: windows of at least WINDOW_MS and MIN_LAUNCHES launches, the
# median of WINDOWS of them per round, ROUNDS rounds; Triton's
# configurations are tuned in one window of at least TUNE_MS.
WINDOW_MS = 20.0
MIN_LAUNCHES = 3
WINDOWS = 3
ROUNDS = 2
TUNE_MS = 5.0
# Entries with a launcher faster than this are timed as CUDA graphs of
# GRAPH_COPIES launches each (the host launches ours in about 8 us).
GRAPH_BELOW_MS = 0.1
GRAPH_COPIES = 20
TARGETS = {"gemm_sweep_geomean_vs_cublas_bf16": 1.00,
           "gemm_sweep_min_vs_cublas": 0.90,
           "gemm_fp8_vs_scaled_mm": 1.00,
           "gemm_sweep_vs_triton": 1.05}
MANIFEST = "manifest.json"
# The device-time model of --list and of the partition into parts (s):
# a part's start (torch, Triton, the CUDA context), one Triton
# configuration's compilation (once per part for each type and layout),
# an entry's set-up (operands, reference, checks), a launcher's checks
# and calibration, the f32 reference's rate (TFLOP/s), and how much
# slower than the model's estimate kernels run (the baselines as ours,
# Triton's 1.3 times that). Fitted to the H100 runs of
# bench/results/runs/2026-12-07-gemm-sweep.json: 285 s in all, 331 s here.
START_S = 20.0
TRITON_COMPILE_S = 0.5
ENTRY_S = 0.1
LAUNCHER_S = 0.01
REF_TFLOPS = 40.0
SLACK = 1.25
TRITON_SLOWER = 1.3


Entry = collections.namedtuple("Entry", "set m n k dtype out a_major b_major")


def entry_id(e):
    return "%s/%dx%dx%d/%s-%s/%s%s" % (
        e.set, e.m, e.n, e.k, e.dtype, e.out,
        "m" if e.a_major == "mn" else "k", "n" if e.b_major == "mn" else "k")


def all_entries(sets=SETS):
    """The entries of `sets`, in the sweep's order."""
    found = []
    for s in SETS:
        if s not in sets:
            continue
        if s in ("bf16", "f16", "fp8"):
            dtype, out = {"bf16": ("bf16", "bf16"), "f16": ("f16", "f16"),
                          "fp8": ("e4m3", "bf16")}[s]
            found += [Entry(s, m, n, k, dtype, out, "k", "k")
                      for m in LLM_MS for n, k in LLM_NK]
        elif s == "squares":
            found += [Entry(s, d, d, d, t, t, "k", "k")
                      for d in SQUARES for t in ("bf16", "f16")]
        elif s in ("tf32", "i8"):
            out = "f32" if s == "tf32" else "s32"
            found += [Entry(s, m, n, k, s, out, "k", "k") for m, n, k in SUBSET]
        else:
            found += [Entry(s, m, n, k, "bf16", "bf16", am, bm)
                      for m, n, k in MN_SHAPES for am, bm in MN_MAJORS]
    return found


def say(*words):
    print(*words, flush=True)


# --- The plan: each entry's kernels, from the chooser ----------------------

def kernel_info(g, us):
    """What the run needs of gemm_gen.Gemm `g` (and what says what it is),
    with the chooser's estimate `us`."""
    split = g.split_k > 1
    return {"m": g.m, "n": g.n, "k": g.k, "bm": g.bm, "bn": g.bn,
            "stages": g.stages, "grid": list(g.grid), "block": g.launch_threads,
            "cluster": list(g.cluster_dims), "split_k": g.split_k,
            "split_mode": g.split_mode if split else None,
            "persistent": g.persistent, "dtype": g.dtype, "out": g.out,
            "a_major": g.a_major, "b_major": g.b_major,
            "estimate_us": round(us, 2)}


def make_plan(entries):
    """{"entries": [...], "kernels": {name: kernel_info}} for `entries`,
    and the gemm_gen.Gemm of each kernel. An entry lists its kernels (the
    chosen one first), or why none was built."""
    import chooser
    plan = {"format": 1, "entries": [], "kernels": {}}
    gemms = {}
    for e in entries:
        rec = dict(e._asdict(), id=entry_id(e), kernels=[], not_built=None)
        plan["entries"].append(rec)
        args = (e.m, e.n, e.k, e.dtype, e.out, e.a_major, e.b_major)
        try:
            chosen = chooser.choose(*args)
            found = chooser.candidates(*args)
        except Exception as exc:  # e.g. MN-major before gemm_gen has it
            rec["not_built"] = "%s: %s" % (type(exc).__name__,
                                           str(exc).splitlines()[0] if str(exc) else "")
            continue
        estimates = {c.gemm.name: (c.us, c.gemm) for c in found}
        if chosen.name not in estimates:
            estimates[chosen.name] = (chooser.estimate(chosen)[0], chosen)
        names = [chosen.name]
        if e.set in REGRET_SETS:
            for c in found:
                if len(names) == 3:
                    break
                if c.gemm.name not in names:
                    names.append(c.gemm.name)
        rec["kernels"] = names
        for name in names:
            us, g = estimates[name]
            gemms[name] = g
            plan["kernels"][name] = kernel_info(g, us)
    return plan, gemms


def order_plan(plan):
    """The plan's entries in the sweep's order (a manifest merged from
    builds of other sets keeps it)."""
    rank = {entry_id(e): i for i, e in enumerate(all_entries())}
    plan["entries"].sort(key=lambda r: rank.get(r["id"], len(rank)))
    return plan


def select(plan, sets, only):
    """The plan's entries of `sets` whose id or a kernel's name has
    `only`."""
    return [r for r in plan["entries"] if r["set"] in sets and (
        not only or any(o in r["id"] or any(o in k for k in r["kernels"])
                        for o in only.split(",")))]


# --- The device-time model and the parts ----------------------------------

def launcher_s(us):
    """Device seconds to check, calibrate and time a launcher of `us`."""
    ms = us * SLACK / 1e3
    return LAUNCHER_S + (6 * ms + ROUNDS * WINDOWS * max(WINDOW_MS, MIN_LAUNCHES * ms)) / 1e3


def tune_s(us):
    """Device seconds to check and tune one Triton configuration."""
    ms = us * SLACK * TRITON_SLOWER / 1e3
    return LAUNCHER_S + (3 * ms + max(TUNE_MS, 2 * ms)) / 1e3


def entry_cost(rec, kernels):
    """Estimated device seconds of an entry (without Triton's
    compilations: triton_signature)."""
    if not rec["kernels"]:
        return 0.0
    us = [kernels[k]["estimate_us"] for k in rec["kernels"]]
    flops = 2.0 * rec["m"] * rec["n"] * rec["k"]
    base = 2 if rec["dtype"] == "e4m3" else 1  # _scaled_mm twice
    return (ENTRY_S + flops / (REF_TFLOPS * 1e12)
            + sum(launcher_s(u) for u in us)
            + base * launcher_s(us[0])
            + 2 * launcher_s(us[0] * TRITON_SLOWER)
            + 2 * len(TRITON_CONFIGS) * tune_s(us[0]))


def triton_signature(rec):
    """Entries of one signature share Triton's compiled kernels."""
    return (rec["dtype"], rec["out"], rec["a_major"], rec["b_major"])


def partition(recs, kernels, parts):
    """{id: part (1-based)} and each part's estimated seconds: the
    costliest entries first, each to the part it makes the least loaded,
    counting Triton's compilations once per part and signature."""
    costs = [(r["id"], entry_cost(r, kernels), triton_signature(r) if r["kernels"] else None)
             for r in recs]
    loads = [START_S] * parts
    sigs = [set() for _ in range(parts)]
    where = {}
    compile_s = 2 * len(TRITON_CONFIGS) * TRITON_COMPILE_S
    for rid, cost, sig in sorted(costs, key=lambda c: -c[1]):
        def marginal(p):
            return cost + (0.0 if sig is None or sig in sigs[p] else compile_s)
        p = min(range(parts), key=lambda p: (loads[p] + marginal(p), p))
        loads[p] += marginal(p)
        if sig is not None:
            sigs[p].add(sig)
        where[rid] = p + 1
    return where, loads


# --- --list and --build ----------------------------------------------------

def load_manifest(indir):
    path = os.path.join(indir, MANIFEST)
    if not os.path.exists(path):
        sys.exit("%s: no %s (build it with --build %s)" % (indir, MANIFEST, indir))
    with open(path) as f:
        return order_plan(json.load(f))


def list_entries(plan, sets, only, parts):
    recs = select(plan, sets, only)
    kernels = plan["kernels"]
    where, loads = partition(recs, kernels, parts)
    say("%-34s %4s %9s  %s" % ("entry", "part", "est us", "kernel (+ candidates)"))
    for r in recs:
        if not r["kernels"]:
            say("%-34s %4s %9s  not built: %s" % (r["id"], "-", "-", r["not_built"]))
            continue
        k = r["kernels"]
        say("%-34s %4d %9.1f  %s%s" % (r["id"], where[r["id"]],
                                      kernels[k[0]]["estimate_us"], k[0],
                                      " (+%d)" % (len(k) - 1) if len(k) > 1 else ""))
    counts = collections.Counter(r["set"] for r in recs)
    say("entries: %s (%d in all; %d not built)" % (
        ", ".join("%s %d" % (s, counts[s]) for s in SETS if counts[s]), len(recs),
        sum(1 for r in recs if not r["kernels"])))
    names = {k for r in recs for k in r["kernels"]}
    chosen = {r["kernels"][0] for r in recs if r["kernels"]}
    say("kernels: %d distinct (%d chosen, %d more candidates)" % (
        len(names), len(chosen), len(names - chosen)))
    total = partition(recs, kernels, 1)[1][0]
    say("estimated device time: %.0f s in one part (%.0f s of it kernels and "
        "tuning)" % (total, sum(entry_cost(r, kernels) for r in recs)))
    say("parts (--parts %d): %s s" % (parts, ", ".join("%.0f" % s for s in loads)))
    fit = next((p for p in range(1, 65)
                if max(partition(recs, kernels, p)[1]) <= 420), 64)
    say("suggested: --parts %d (each <= 420 s estimated; run each with "
        "--budget 500 --resume)" % fit)


def dir_bytes(path):
    total = 0
    for root, _, names in os.walk(path):
        for name in names:
            total += os.path.getsize(os.path.join(root, name))
    return total


def write_json(path, data, indent=1):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=indent)
        f.write("\n")
    os.replace(tmp, path)


# The libraries a launch needs (no MLIR), copied into DIR/lib so that DIR
# is all the GPU machine needs besides the source tree.
RUNTIME_LIBS = ("libAsyncCopyRuntime.so", "_fastlaunch.abi3.so")


def copy_runtime(outdir):
    import shutil
    from asynccopy import _libs
    os.makedirs(os.path.join(outdir, "lib"), exist_ok=True)
    for name in RUNTIME_LIBS:
        found = next((p for p in _libs._candidates(name) if os.path.exists(p)), None)
        if found is None:
            say("note: no %s to copy into %s/lib" % (name, outdir))
            continue
        shutil.copy2(found, os.path.join(outdir, "lib", name))


def use_runtime(indir):
    """Points the package at DIR/lib (unless ASYNCCOPY_LIB_DIR says
    otherwise); before asynccopy is imported."""
    lib = os.path.abspath(os.path.join(indir, "lib"))
    if "ASYNCCOPY_LIB_DIR" not in os.environ and os.path.exists(
            os.path.join(lib, RUNTIME_LIBS[0])):
        os.environ["ASYNCCOPY_LIB_DIR"] = lib


def build(outdir, sets, only):
    import asynccopy
    import gemm_gen
    os.makedirs(outdir, exist_ok=True)
    plan, gemms = make_plan(all_entries(sets))
    recs = select(plan, sets, only)
    names = []
    for r in recs:
        names += [k for k in r["kernels"] if k not in names]
    path = os.path.join(outdir, MANIFEST)
    old = {"entries": [], "kernels": {}}
    if os.path.exists(path):
        with open(path) as f:
            old = json.load(f)
    errors = {}
    start = time.time()
    built = 0
    for i, name in enumerate(names):
        # A kernel is built again when the generator's text for it changed.
        text = gemm_gen.emit(gemms[name])
        crc = "%08x" % zlib.crc32(text.encode())
        plan["kernels"][name]["source_crc"] = crc
        where = os.path.join(outdir, name)
        if old["kernels"].get(name, {}).get("source_crc") == crc and all(
                os.path.exists(os.path.join(where, f))
                for f in ("module.json", "module.ptx", "module.cubin")):
            continue
        try:
            module = asynccopy.compile(text)
        except asynccopy.CompileError as exc:
            errors[name] = str(exc).splitlines()[0] if str(exc) else "CompileError"
            say("FAIL %s: %s" % (name, errors[name]))
            continue
        if module.cubin is None:
            sys.exit("ptxas not found: the run needs cubins")
        module.save(where)
        built += 1
        say("built %s (%d/%d, %.0f s)" % (name, i + 1, len(names), time.time() - start))
    # The manifest: this build's entries and kernels merged into what DIR
    # had (other sets); kernels that did not compile are left out.
    for r in recs:
        if r["kernels"] and r["kernels"][0] in errors:
            r["not_built"] = "compile error: " + errors[r["kernels"][0]]
            r["kernels"] = []
        r["kernels"] = [k for k in r["kernels"] if k not in errors]
    kernels = dict(old.get("kernels", {}))
    kernels.update({k: plan["kernels"][k] for r in recs for k in r["kernels"]})
    ids = {r["id"] for r in recs}
    entries = [r for r in old.get("entries", []) if r["id"] not in ids] + recs
    used = {k for r in entries for k in r["kernels"]}
    merged = {"format": 1, "entries": entries,
              "kernels": {k: v for k, v in kernels.items() if k in used}}
    write_json(path, order_plan(merged))
    copy_runtime(outdir)
    # Kernels of earlier builds that no entry uses now (the chooser chose
    # otherwise) go, so that DIR stays small.
    import shutil
    for name in sorted(os.listdir(outdir)):
        if name not in used and os.path.exists(os.path.join(outdir, name, "module.json")):
            shutil.rmtree(os.path.join(outdir, name))
    size = dir_bytes(outdir)
    say("%s: %d kernels built now in %.0f s, %d entries in the manifest, "
        "%.1f MB in all" % (outdir, built, time.time() - start,
                            len(merged["entries"]), size / 1e6))
    if size > 40e6:
        say("WARNING: %s is over 40 MB: it travels in a 64 MiB carry" % outdir)
    if errors:
        say("FAILURES: %d kernels did not compile: %s" % (len(errors), ", ".join(errors)))
        return 1
    return 0


# --- --run -------------------------------------------------------------------

def graphed(launch):
    """The replay of a CUDA graph of GRAPH_COPIES launches of `launch`
    (warmed up on the capture's side stream first), or None where it
    cannot be captured; torch's current stream is what it was either way
    (torch.cuda.graph leaves its capture stream current when the capture
    fails, and what ran next would not be ordered with the default
    stream)."""
    import torch
    stream = torch.cuda.current_stream()
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            launch()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for _ in range(GRAPH_COPIES):
                launch()
        graph.replay()
        torch.cuda.synchronize()
        return graph.replay
    except Exception as exc:  # a launch that cannot be captured
        say("  (no graph: %s)" % (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160])
        torch.cuda.set_stream(stream)
        torch.cuda.synchronize()
        return None


def torch_type(torch, name):
    import gemm
    return getattr(torch, gemm.TORCH_TYPES[name])


def geomean(values):
    values = [v for v in values if v]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


class Runner:
    """The run of one part: the results so far, written to `json_path`
    after every entry."""

    def __init__(self, indir, plan, json_path, meta, planned, rounds):
        self.indir, self.plan, self.json_path = indir, plan, json_path
        self.meta, self.planned, self.rounds = meta, planned, rounds
        self.results = {}
        self.tma = self.ptr = None
        self.triton_missing = None

    def save(self):
        if self.json_path:
            write_json(self.json_path, full_summary(self.results, self.meta,
                                                    self.planned))

    def entry(self, rec):
        """Runs one entry: its result record."""
        import torch
        res = {k: rec[k] for k in ("set", "m", "n", "k", "dtype", "out",
                                   "a_major", "b_major")}
        res.update(status="ok", kernel=rec["kernels"][0] if rec["kernels"] else None,
                   candidates=rec["kernels"][1:], tflops={}, ms={}, rounds_ms={},
                   err={}, failures=[], notes=[])
        if not rec["kernels"]:
            res.update(status="not built", reason=rec["not_built"])
            return res
        try:
            self._entry(rec, res)
        finally:
            torch.backends.cuda.matmul.allow_tf32 = False
        return res

    def _entry(self, rec, res):
        import torch
        import asynccopy
        import benchlib
        import gemm
        import gemm_gen
        rid, m, n, k = rec["id"], rec["m"], rec["n"], rec["k"]
        dtype, out = rec["dtype"], rec["out"]
        a_mn, b_mn = rec["a_major"] == "mn", rec["b_major"] == "mn"
        out_t = torch_type(torch, out)
        guard = gemm.guard_value(out)
        tol = gemm.tolerance(dtype, out)
        torch.manual_seed(zlib.crc32(rid.encode()))
        # A and B, M x K and N x K of the entry's type.
        if dtype == "i8":
            a, b = (torch.randint(-8, 9, shape, device="cuda", dtype=torch.int32)
                    .to(torch.int8) for shape in ((m, k), (n, k)))
        else:
            src = torch.bfloat16 if dtype == "e4m3" else torch_type(torch, dtype)
            a, b = (torch.rand(shape, device="cuda").mul_(2).sub_(1).to(src)
                    .to(torch_type(torch, dtype)) for shape in ((m, k), (n, k)))
        torch.backends.cuda.matmul.allow_tf32 = False
        ref = torch.mm(a.float(), b.float().t())
        # The kernels' operands: MN-major ones transposed in memory.
        ak = a.t().contiguous() if a_mn else a
        bk = b.t().contiguous() if b_mn else b
        if a_mn or b_mn:
            del a, b
        if dtype == "tf32":
            torch.backends.cuda.matmul.allow_tf32 = True
        timed = []  # (label, launch), timed after every check

        def before_exit():
            res["status"] = "hang"
            self.results[rid] = res
            self.save()

        def first(label, launch):
            """Launches once, waiting for it (a hang ends the run)."""
            result = launch()
            benchlib.wait_or_exit("%s %s" % (rid, label), gemm.HANG_S,
                                  before_exit=before_exit)
            return result

        def check(label, c, flat=None):
            err, ok = gemm.rel_error(c, ref, tol)
            if flat is not None:
                ok = ok and gemm.bands_intact(flat, m, n, guard)
            res["err"][label] = float("%.3g" % err)
            if not ok:
                res["failures"].append(label)
            say("  %s %-36s rel err %.2e" % ("ok  " if ok else "FAIL", label, err))
            return ok

        # The baseline: cuBLAS through torch, in the entry's layout.
        if dtype == "e4m3":
            one = torch.ones((), device="cuda", dtype=torch.float32)
            res["baseline"] = "torch._scaled_mm"

            def scaled(fast):
                def launch():
                    r = torch._scaled_mm(ak, bk.t(), scale_a=one, scale_b=one,
                                         out_dtype=out_t, use_fast_accum=fast)
                    return r[0] if isinstance(r, tuple) else r
                return launch
            baselines = [("cublas", scaled(False)), ("cublas_fast_accum", scaled(True))]
        elif dtype == "i8":
            res["baseline"] = "torch._int_mm"
            baselines = [("cublas", lambda: torch._int_mm(ak, bk.t()))]
        else:
            res["baseline"] = "torch.mm" + (" (tf32)" if dtype == "tf32" else "")
            cout = torch.empty(m, n, device="cuda", dtype=out_t)
            lhs = ak.t() if a_mn else ak
            rhs = bk if b_mn else bk.t()
            baselines = [("cublas", lambda: torch.mm(lhs, rhs, out=cout))]
        for label, launch in baselines:
            try:
                c = first(label, launch)
            except Exception as exc:  # _int_mm refuses M <= 16
                if label == "cublas":
                    res["baseline_missing"] = "%s: %s" % (
                        res["baseline"], str(exc).splitlines()[0] if str(exc) else exc)
                else:
                    res["notes"].append("%s: %s" % (label, str(exc).splitlines()[0]))
                say("  --   %-36s missing: %s" % (label, str(exc).splitlines()[0]))
                continue
            if check(label, c):
                timed.append((label, launch))
            del c
        # Ours: the chosen kernel and the candidates, C between guard bands.
        flat, c = gemm.guarded_c(m, n, out_t, guard)
        labels = ["ours"] + ["cand%d" % i for i in range(1, len(rec["kernels"]))]
        for label, name in zip(labels, rec["kernels"]):
            info = self.plan["kernels"][name]
            # The launch geometry of the manifest (ak and bk are already
            # stored as the kernel reads them).
            g = types.SimpleNamespace(
                grid=tuple(info["grid"]), launch_threads=info["block"],
                cluster_dims=tuple(info["cluster"]), split_k=info["split_k"],
                split_mode=info["split_mode"] or "reduce")
            try:
                kernel = asynccopy.load(os.path.join(self.indir, name))["gemm"]
                launch = gemm.launcher(kernel, g, ak, bk, c)
                flat.fill_(guard)
                torch.cuda.synchronize()
                first(label, launch)
            except Exception as exc:
                res["failures"].append(label)
                res["notes"].append("%s %s: %s" % (label, name, str(exc).splitlines()[0]))
                say("  FAIL %-36s %s" % (label, str(exc).splitlines()[0]))
                continue
            if check(label, c, flat):
                timed.append((label, launch))
        # Triton: each kernel tuned over its configurations, C of its own.
        res["triton"] = {}
        tc = torch.empty(m, n, device="cuda", dtype=out_t)
        bk_elems = gemm_gen.TILE_K_BYTES // gemm_gen.DTYPES[dtype][1]
        for kind, make in (("tma", self.tma), ("ptr", self.ptr)):
            label = "triton_" + kind
            if make is None:
                res["triton"][kind] = "missing: " + self.triton_missing
                continue
            best, skipped, wrong = None, [], []
            for bm, bn, stages, warps in TRITON_CONFIGS:
                cfg = (bm, bn, bk_elems, stages, warps)
                name = "%dx%dx%d s%d w%d" % cfg
                try:
                    launch = make(ak, bk, tc, cfg, a_mn, b_mn)
                    tc.fill_(guard)
                    first("%s %s" % (label, name), launch)  # compiles it
                except Exception as exc:  # out of resources, or no such dot
                    skipped.append("%s: %s" % (name, (str(exc).strip().splitlines()
                                                      or [type(exc).__name__])[0][:200]))
                    continue
                err, ok = gemm.rel_error(tc, ref, tol)
                if not ok:
                    wrong.append(name)
                    res["failures"].append("%s %s" % (label, name))
                    say("  FAIL %-36s rel err %.2e" % (label + " " + name, err))
                    continue
                ms = benchlib.window_ms(launch, 2)
                ms = benchlib.window_ms(launch, max(2, math.ceil(TUNE_MS / ms)))
                if best is None or ms < best[0]:
                    best = (ms, name, launch, err)
            if best is None:
                # The distinct reasons (after the configuration's name).
                why = "; ".join(sorted({w.split(": ", 1)[-1] for w in skipped})[:3]) \
                    if skipped else "every configuration was wrong"
                res["triton"][kind] = "missing: " + why
                say("  --   %-36s missing: %s" % (label, why))
                continue
            res["triton"][kind] = best[1]
            res["err"][label] = float("%.3g" % best[3])
            say("  ok   %-36s best of %d configurations (%d skipped): %s, %.3f ms"
                % (label, len(TRITON_CONFIGS) - len(skipped) - len(wrong),
                   len(skipped), best[1], best[0]))
            timed.append((label, best[2]))
        # Timing: launchers shorter than GRAPH_BELOW_MS would be timed at
        # the host's launch rate, so every launcher of such an entry is
        # replayed from a CUDA graph of GRAPH_COPIES launches (all of them
        # or, where one cannot be captured, none: the same footing for
        # ours and theirs). Then each launcher's window length, then the
        # interleaved rounds.
        per = {label: 1 for label, _ in timed}
        eager = {label: benchlib.window_ms(launch, MIN_LAUNCHES)
                 for label, launch in timed}
        if timed and min(eager.values()) < GRAPH_BELOW_MS:
            replays = [(label, graphed(launch)) for label, launch in timed]
            if all(r is not None for _, r in replays):
                timed = replays
                per = {label: GRAPH_COPIES for label, _ in timed}
                res["timing"] = "graph of %d launches" % GRAPH_COPIES
            else:
                res["timing"] = "eager (a launcher could not be captured: %s)" % (
                    ", ".join(label for label, r in replays if r is None))
            say("  timed: %s" % res["timing"])
        launches = {}
        for label, launch in timed:
            ms = benchlib.window_ms(launch, MIN_LAUNCHES)
            launches[label] = max(MIN_LAUNCHES, math.ceil(WINDOW_MS / ms))
        rounds = {label: [] for label, _ in timed}
        for _ in range(self.rounds):
            for label, launch in timed:
                rounds[label].append(statistics.median(
                    benchlib.window_ms(launch, launches[label])
                    for _ in range(WINDOWS)) / per[label])
        flops = 2.0 * m * n * k
        for label, values in rounds.items():
            ms = statistics.median(values)
            res["ms"][label] = float("%.5g" % ms)
            res["rounds_ms"][label] = [float("%.5g" % v) for v in values]
            res["tflops"][label] = round(flops / ms / 1e9, 1)
            say("     %-36s %9.4f ms %7.1f TFLOP/s (%s; %d per window)" % (
                label, ms, flops / ms / 1e9,
                " ".join("%.1f" % (flops / v / 1e9) for v in values),
                launches[label] * per[label]))
        derive(res)
        if res["failures"]:
            res["status"] = "fail"


def derive(res):
    """The entry's ratios of throughput (of times: theirs over ours): ours
    over the baseline, over the faster Triton kernel, and the best of ours
    and the candidates over ours (the chooser's regret, >= 1)."""
    t = res["ms"]
    ours = t.get("ours")
    if not ours:
        return
    tri = [t[k] for k in ("triton_tma", "triton_ptr") if k in t]
    if "cublas" in t:
        res["vs_baseline"] = round(t["cublas"] / ours, 4)
    if "cublas_fast_accum" in t:
        res["vs_fast_accum"] = round(t["cublas_fast_accum"] / ours, 4)
    if tri:
        res["vs_triton"] = round(min(tri) / ours, 4)
    cands = [t[k] for k in t if k.startswith("cand")]
    if cands:
        res["regret"] = round(ours / min([ours] + cands), 4)


SHORT = (("ours", "ours"), ("cublas", "cublas"), ("cublas_fast_accum", "fast"),
         ("triton_tma", "tma"), ("triton_ptr", "ptr"), ("cand1", "c1"),
         ("cand2", "c2"))


def summarize(results, meta, planned):
    """The summary of entry results `results` (id -> record): ratios,
    per-set figures, the chooser's regret, the worst entries, what was
    not built or not run, failures, and a line of TFLOP/s per entry."""
    done = [(rid, r) for rid, r in results.items()]
    failures = ["%s %s" % (rid, f) for rid, r in done for f in r.get("failures", [])]
    failures += ["%s HANG" % rid for rid, r in done if r.get("status") == "hang"]
    failures += ["%s error: %s" % (rid, r.get("reason")) for rid, r in done
                 if r.get("status") == "error"]

    def values(key, sets=None):
        return [r[key] for _, r in done if key in r and (sets is None or r["set"] in sets)]

    ratios = {}
    for key, v in (("gemm_sweep_geomean_vs_cublas_bf16", geomean(values("vs_baseline", ("bf16",)))),
                   ("gemm_sweep_min_vs_cublas", min(values("vs_baseline"), default=None)),
                   ("gemm_fp8_vs_scaled_mm", geomean(values("vs_baseline", ("fp8",)))),
                   ("gemm_sweep_vs_triton", geomean(values("vs_triton")))):
        if v is not None:
            ratios[key] = round(v, 3)
    extra = {}
    fast = geomean(values("vs_fast_accum", ("fp8",)))
    if fast:
        extra["gemm_fp8_vs_scaled_mm_fast_accum"] = round(fast, 3)
    per_set = {}
    for s in SETS:
        rs = [r for _, r in done if r["set"] == s]
        if not rs:
            continue
        vb = [r["vs_baseline"] for r in rs if "vs_baseline" in r]
        vt = [r["vs_triton"] for r in rs if "vs_triton" in r]
        per_set[s] = {"entries": len(rs),
                      "timed": sum(1 for r in rs if "ours" in r.get("tflops", {})),
                      "not_built": sum(1 for r in rs if r.get("status") == "not built"),
                      "baseline_missing": sum(1 for r in rs if "baseline_missing" in r)}
        if vb:
            per_set[s].update(geomean_vs_baseline=round(geomean(vb), 3),
                              min_vs_baseline=round(min(vb), 3))
        if vt:
            per_set[s]["geomean_vs_triton"] = round(geomean(vt), 3)
    regrets = [(r["regret"], rid) for rid, r in done if "regret" in r]
    regret = {}
    if regrets:
        worst = max(regrets)
        regret = {"entries": len(regrets),
                  "geomean": round(geomean([v for v, _ in regrets]), 3),
                  "worst": worst[0], "worst_entry": worst[1],
                  "chosen_best": sum(1 for v, _ in regrets if v <= 1.0)}
    ranked = sorted((r["vs_baseline"], rid) for rid, r in done if "vs_baseline" in r)
    worst = ["%s %.3f (%s)" % (rid, v, results[rid]["kernel"]) for v, rid in ranked[:10]]
    targets = {key: {"target": t, "value": ratios.get(key),
                     "met": ratios.get(key) is not None and ratios[key] >= t}
               for key, t in TARGETS.items()}
    table = {}
    for rid, r in done:
        t = r.get("tflops", {})
        row = " ".join("%s=%.1f" % (short, t[label]) for label, short in SHORT if label in t)
        if "vs_baseline" in r:
            row += " x%.3f" % r["vs_baseline"]
        table[rid] = row or r.get("status", "")
    summary = dict(meta)
    summary.update(
        checks="FAIL" if failures else "PASS", failures=failures, ratios=ratios,
        extra_ratios=extra, targets=targets, per_set=per_set, chooser_regret=regret,
        worst_vs_baseline=worst,
        not_built={rid: r["reason"] for rid, r in done if r.get("status") == "not built"},
        baseline_missing={rid: r["baseline_missing"] for rid, r in done
                          if "baseline_missing" in r},
        triton_missing={"%s %s" % (rid, kind): why for rid, r in done
                        for kind, why in r.get("triton", {}).items()
                        if why.startswith("missing")},
        not_run=[rid for rid in planned if rid not in results],
        entries_done=len(done), table=table)
    return summary


def full_summary(results, meta, planned):
    """The summary with every entry's record and the planned ids (what a
    part writes and --merge reads)."""
    summary = summarize(results, meta, planned)
    summary["planned"] = list(planned)
    summary["entries"] = results
    return summary


def report(summary, json_path):
    """Prints the summary (the JSON line without the per-entry table),
    writes it to `json_path`, returns the exit status."""
    for key, t in summary["targets"].items():
        say("%-36s %s (target >= %.2f)%s" % (
            key, "-" if t["value"] is None else "%.3f" % t["value"], t["target"],
            "" if t["value"] is None else "  met" if t["met"] else "  MISSED"))
    for key, v in summary["extra_ratios"].items():
        say("%-36s %.3f" % (key, v))
    for s, f in summary["per_set"].items():
        say("set %-8s %s" % (s, " ".join("%s=%s" % kv for kv in f.items())))
    if summary["chooser_regret"]:
        say("chooser regret: %s" % " ".join(
            "%s=%s" % kv for kv in summary["chooser_regret"].items()))
    for line in summary["worst_vs_baseline"]:
        say("worst: " + line)
    for rid, why in summary["not_built"].items():
        say("not built: %s: %s" % (rid, why))
    for rid, why in summary["baseline_missing"].items():
        say("baseline missing: %s: %s" % (rid, why))
    if summary["not_run"]:
        say("NOT RUN: %d entries (%s%s)" % (
            len(summary["not_run"]), ", ".join(summary["not_run"][:5]),
            ", ..." if len(summary["not_run"]) > 5 else ""))
    small = {k: v for k, v in summary.items()
             if k not in ("table", "entries", "planned", "not_built",
                          "baseline_missing", "triton_missing", "failures")}
    small["failures"] = len(summary["failures"])
    import benchlib
    status = benchlib.finish(small, None, summary["failures"])
    if json_path:
        write_json(json_path, summary)
    if status == 0 and summary["not_run"]:
        return 2
    return status


def run(indir, sets, only, part, json_path, resume, budget, rounds):
    use_runtime(indir)
    import torch
    import gemm
    plan = load_manifest(indir)
    recs = select(plan, sets, only)
    missing = [entry_id(e) for e in all_entries(sets)
               if entry_id(e) not in {r["id"] for r in plan["entries"]}]
    if missing and not only:
        say("note: %d entries of these sets are not in %s (built with other "
            "--set?): %s" % (len(missing), MANIFEST, ", ".join(missing[:4])))
    index, parts = part
    where, loads = partition(recs, plan["kernels"], parts)
    mine = [r for r in recs if where[r["id"]] == index]
    props = torch.cuda.get_device_properties(0)
    meta = {"gpu": props.name, "torch": torch.__version__, "part": "%d/%d" % part}
    runner = Runner(indir, plan, json_path, meta, [r["id"] for r in mine], rounds)
    try:
        runner.tma, runner.ptr, meta["triton"] = gemm.triton_kernels()
    except Exception as exc:
        runner.triton_missing = "triton: %s" % str(exc).splitlines()[0]
        meta["triton"] = None
    if resume and json_path and os.path.exists(json_path):
        with open(json_path) as f:
            kept = json.load(f).get("entries", {})
        runner.results = {rid: r for rid, r in kept.items()
                          if rid in runner.planned and r.get("status") != "error"}
        say("resume: %d entries kept from %s" % (len(runner.results), json_path))
    say("gpu %s, torch %s, triton %s; part %d/%d: %d entries, estimated %.0f s"
        % (props.name, torch.__version__, meta["triton"], index, parts, len(mine),
           loads[index - 1]), )
    torch.backends.cuda.matmul.allow_tf32 = False
    start = time.time()
    compiled = set()  # Triton's signatures compiled in this process
    for i, rec in enumerate(mine):
        rid = rec["id"]
        if rid in runner.results:
            continue
        cost = entry_cost(rec, plan["kernels"])
        if rec["kernels"] and triton_signature(rec) not in compiled:
            cost += 2 * len(TRITON_CONFIGS) * TRITON_COMPILE_S
            compiled.add(triton_signature(rec))
        elapsed = time.time() - start
        if budget and i and elapsed + cost > budget:
            say("budget: %.0f s spent, %s needs about %.0f s more: stopping "
                "(rerun with --resume)" % (elapsed, rid, cost))
            break
        say("[%d/%d] %s %s (est %.1f s, %.0f s so far)" % (
            i + 1, len(mine), rid, rec["kernels"][0] if rec["kernels"] else "",
            cost, elapsed))
        try:
            res = runner.entry(rec)
        except Exception as exc:
            res = {k: rec[k] for k in ("set", "m", "n", "k", "dtype", "out",
                                       "a_major", "b_major")}
            res.update(status="error", kernel=rec["kernels"][0] if rec["kernels"] else None,
                       reason="%s: %s" % (type(exc).__name__,
                                          (str(exc).splitlines() or [""])[0][:300]))
            say("  ERROR %s" % res["reason"])
        runner.results[rid] = res
        runner.save()
        torch.cuda.empty_cache()
        if res["status"] == "error":
            try:
                torch.cuda.synchronize()
            except Exception as exc:  # a sticky error: the context is gone
                say("CUDA context lost (%s): stopping; rerun with --resume"
                    % str(exc).splitlines()[0])
                break
    say("part %d/%d: %.0f s" % (index, parts, time.time() - start))
    return report(full_summary(runner.results, meta, runner.planned), json_path)


def merge(paths, json_path):
    results, planned, meta = {}, [], {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        for key in ("gpu", "torch", "triton"):
            if meta.get(key) not in (None, data.get(key)):
                say("note: %s has %s %s, not %s" % (path, key, data.get(key), meta[key]))
            meta.setdefault(key, data.get(key))
        meta.setdefault("parts", []).append(data.get("part"))
        for rid, r in data.get("entries", {}).items():
            if rid in results:
                say("note: %s is in more than one file; the last one's kept" % rid)
            results[rid] = r
        planned += [rid for rid in data.get("planned", []) if rid not in planned]
    rank = {entry_id(e): i for i, e in enumerate(all_entries())}
    results = dict(sorted(results.items(), key=lambda kv: rank.get(kv[0], len(rank))))
    summary = summarize(results, meta, planned)
    say("merged %d files: %d entries" % (len(paths), len(results)))
    return report(summary, json_path)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--list", nargs="?", const="", metavar="DIR",
                   help="list the entries and the estimated device time "
                        "(from DIR/manifest.json if given, else the chooser)")
    p.add_argument("--parts", type=int, default=1, metavar="N",
                   help="with --list: the parts to split the run into")
    p.add_argument("--build", metavar="DIR")
    p.add_argument("--run", metavar="DIR")
    p.add_argument("--merge", nargs="+", metavar="FILE")
    p.add_argument("--set", action="append", choices=SETS, dest="sets",
                   help="a set of entries (repeatable; default all)")
    p.add_argument("--only", metavar="SUBSTR",
                   help="only entries whose name or a kernel's name has "
                   "SUBSTR (or one of several, comma-separated)")
    p.add_argument("--part", default="1/1", metavar="I/N",
                   help="with --run: run part I of N (default 1/1)")
    p.add_argument("--json", metavar="FILE",
                   help="the summary, with every entry's figures (--run: "
                        "written after every entry)")
    p.add_argument("--resume", action="store_true",
                   help="with --run: keep the entries --json FILE has")
    p.add_argument("--budget", type=float, metavar="S",
                   help="with --run: start no entry that would end past S "
                        "seconds (then exit 2)")
    p.add_argument("--rounds", type=int, default=ROUNDS,
                   help="timing rounds over the launchers (default %d)" % ROUNDS)
    a = p.parse_args()
    sets = tuple(a.sets or SETS)
    if a.list is None and not (a.build or a.run or a.merge):
        p.error("give --list, --build DIR, --run DIR or --merge FILE...")
    if a.parts < 1:
        p.error("--parts must be positive")
    try:
        index, parts = (int(x) for x in a.part.split("/"))
        assert 1 <= index <= parts
    except (ValueError, AssertionError):
        p.error("--part is I/N with 1 <= I <= N, not %s" % a.part)
    if a.merge:
        if a.build or a.run:
            p.error("--merge goes alone")
        return merge(a.merge, a.json)
    status = 0
    if a.list is not None:
        if a.list:
            plan = load_manifest(a.list)
        else:
            plan, _ = make_plan(all_entries(sets))
        list_entries(plan, sets, a.only, a.parts)
    if a.build:
        status = build(a.build, sets, a.only)
    if a.run and status == 0:
        status = run(a.run, sets, a.only, (index, parts), a.json, a.resume,
                     a.budget, a.rounds)
    return status


if __name__ == "__main__":
    sys.exit(main())
