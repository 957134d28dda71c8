#!/usr/bin/env python3
"""Chooses the configuration of bench/gemm/gemm_gen.py's kernel for a GEMM:
a user gives the shape, the types and the operands' layouts and gets a
kernel, without timing anything.

  chooser.py M N K [--dtype bf16] [--out f32] [--a-major mn] [--b-major k]
                   [--sms 132] [--deterministic] [--explain]

prints the module of the chosen kernel (as gemm_gen.py does), headed by a
comment naming the configuration and the model's estimate; `--explain`
prints the ranked candidates instead. `choose(...)` returns the
`gemm_gen.Gemm` and `candidates(...)` the ranked list, for the bench.

The rules (docs/performance.md, "Choosing a GEMM configuration"):

1. Candidates: tiles of 128x256, 128x128, 64x256 and 64x128 (64-row tiles
   have one consumer warpgroup, for M of 64 or less and for skinny grids);
   K split in S = 1, 2, 3, 4, 6 or 8 slices while every slice keeps at
   least 4 K tiles; 2x1 clusters multicasting B with 128x256 tiles where
   the grid has two tile rows or more, not with a cluster split (the
   sweep measured both smaller tiles and split CTAs slower in them).
2. Stages: as many as fit beside the C buffer (gemm_gen's own SMEM
   accounting, the figure `asynccopy-report` prints as the kernel's
   shared memory), at most 6 and at most the slice's K tiles.
3. Split mode: partial tiles go through DSMEM to the cluster's first CTA,
   which adds them in rank order (`cluster`, deterministic, any C type);
   only a C of f32 may instead be added into by TMA reduce-add (`reduce`:
   C zeroed by an extra launch, results vary in the last bits), and only
   when the caller does not ask for `--deterministic`.
4. Persistent (one CTA per SM walking the tiles, grid-stride, rasterised
   in groups of 16 tile rows) when the grid has more than one wave.
5. The candidate with the least estimated time wins; within 1 % of it
   the smaller split, then the least time of the SMs' own work (the most
   slack under a DRAM bound), then no cluster, then the larger tile.

The estimate is a roofline per wave: a CTA's K tile costs the larger of
its wgmma time (the tile's FLOPs at the SM's share of the sustained
tensor rate, times the tile shape's efficiency) and its load time (the
tile's bytes at what the ring keeps in flight over the DRAM latency,
capped per SM); a CTA adds the ring's first fill and its epilogue (the C
tile, plus the partial tiles a split moves); waves are ceil(CTAs / SMs).
The launch cannot be faster than its DRAM traffic (A, B and C once, plus
the split's partials) or its L2 traffic (every CTA's K tiles, B halved by
multicast). The constants are an H100/H200 SXM at its power cap; the
bench (bench/gemm/sweep.py) measures how close the choice comes to the
best configuration it times beside it.
"""

import argparse
import collections
import math
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gemm_gen  # noqa: E402

SMS = 132
# Sustained dense tensor rate per SM (TFLOP/s) of a 128x256 tile: 690 of
# f16/bf16 over 132 SMs, the sweep's tensor-bound kernels on an H100
# (bench/results/runs/2026-12-07-gemm-sweep.json); e4m3 and i8 twice that,
# tf32 half.
SM_TFLOPS = {"f16": 5.2, "bf16": 5.2, "e4m3": 10.4, "i8": 10.4, "tf32": 2.6}
# Steady-state tensor efficiency of a tile shape relative to 128x256 (two
# consumer warpgroups of m64n256 keep the tensor pipe busiest; wide
# m64n256 instructions beat two warpgroups of m64n128), fitted to the same
# sweep.
TILE_EFFICIENCY = {(128, 256): 1.0, (128, 128): 0.76, (64, 256): 0.9, (64, 128): 0.64}
DRAM_GBS = 2800.0  # what an H100 SXM's loads reach (3350 peak; H200: 4800)
L2_GBS = 10000.0  # L2 -> SM read bandwidth of the whole chip
DRAM_LATENCY_US = 0.9  # a TMA load's round trip under load
SM_LOAD_GBS = 200.0  # the most one SM's TMA loads stream
DSMEM_GBS = 150.0  # one CTA's DSMEM receive rate
# What a cluster split-K exchange costs per wave beyond its bytes, fitted
# to the sweep's split kernels on an H100 (bench/results/runs/
# 2026-12-07-gemm-sweep.json): a fixed part, and each round trip of a
# receive slot (a part written, sent, summed and acknowledged).
EXCHANGE_US = 6.5
EXCHANGE_ROUND_US = 1.0
FILL_US = 1.0  # a CTA's first stage landing, launch and set-up
LAUNCH_US = 3.0  # one more launch (the zeroing of C before `reduce`)
MAX_STAGES = 6
TILES = ((128, 256), (128, 128), (64, 256), (64, 128))
SPLITS = (1, 2, 3, 4, 6, 8)
MIN_SLICE = 4  # K tiles a slice keeps at least
TIE = 0.01  # estimates within 1 % are a tie

Candidate = collections.namedtuple("Candidate", "us sm_us gemm why")


def _stages(kw, m, n, k, ktiles):
    """The most stages (<= MAX_STAGES, <= the slice's K tiles, >= 2) whose
    ring fits beside the C buffer; None if not even 2 fit."""
    best = None
    for s in range(2, MAX_STAGES + 1):
        g = gemm_gen.Gemm(m, n, k, stages=s, **kw)
        if g.smem_bytes() <= gemm_gen.SMEM_BYTES and s <= max(2, ktiles):
            best = g
    return best


def estimate(g, sms=SMS):
    """Estimated microseconds of one launch of `g`, the bound that sets it
    (`tensor`, `load`, `dram`, `l2`), and the SMs' own time (waves of
    CTAs, without the DRAM and L2 bounds)."""
    split = g.split_k
    mode = g.split_mode
    cx, cy = g.cluster
    ktiles = gemm_gen.ceil_div(g.k, g.bk)
    kt = g.kslice if split > 1 else ktiles
    tile_bytes = (g.bm + g.bn) * gemm_gen.TILE_K_BYTES
    flops = 2.0 * g.bm * g.bn * g.bk
    eff = TILE_EFFICIENCY[(g.bm, g.bn)]
    t_mma = flops / (SM_TFLOPS[g.dtype] * eff * 1e6)
    in_flight = (g.stages - 1) * tile_bytes
    sm_gbs = min(SM_LOAD_GBS, in_flight / DRAM_LATENCY_US / 1e3)
    t_load = tile_bytes / (sm_gbs * 1e3)
    c_tile = g.bm * g.bn * g.obytes
    t_epi = c_tile / (SM_LOAD_GBS * 1e3)
    if split > 1 and mode == "cluster":
        # The first CTA receives the other slices' f32 tiles one after the
        # other, a slot's round trip per part.
        t_epi += (split - 1) * g.bm * g.bn * 4 / (DSMEM_GBS * 1e3)
        t_epi += EXCHANGE_US + EXCHANGE_ROUND_US * (split - 1) * math.ceil(
            g.parts / g.slots)
    elif split > 1:
        t_epi = g.bm * g.bn * 4 / (SM_LOAD_GBS * 1e3)
    ctas = g.tiles_m * g.tiles_n * split
    waves = math.ceil(ctas / sms)
    per_cta = kt * max(t_mma, t_load) + t_epi
    if g.persistent:
        # The next tile's fill overlaps the epilogue's drain.
        t_sm = FILL_US + waves * per_cta
    else:
        t_sm = waves * (FILL_US + per_cta)
    ebytes, obytes = g.ebytes, g.obytes
    dram = g.k * (g.m + g.n) * ebytes + g.m * g.n * obytes
    extra = 0.0
    if split > 1 and mode == "reduce":
        dram += g.m * g.n * 4 * (split + 1)  # zeroing, then every slice adds
        extra = LAUNCH_US
    t_dram = dram / (DRAM_GBS * 1e3)
    l2 = ctas * kt * (g.bm + g.bn / cx) * gemm_gen.TILE_K_BYTES
    t_l2 = l2 / (L2_GBS * 1e3)
    bound = max((t_sm, "tensor" if t_mma >= t_load else "load"),
                (t_dram, "dram"), (t_l2, "l2"))
    return bound[0] + extra, bound[1], t_sm


def candidates(m, n, k, dtype="f16", out=None, a_major="k", b_major="k",
               sms=SMS, deterministic=False):
    """Every configuration the rules allow, cheapest first, as Candidates
    (estimated us, the SMs' own us, gemm_gen.Gemm, the bound in words);
    ValueError with the generator's reasons if there is none."""
    out = out or gemm_gen.OUT_TYPES[dtype][0]
    layout = {}
    if a_major != "k":
        layout["a_major"] = a_major
    if b_major != "k":
        layout["b_major"] = b_major
    ebytes = gemm_gen.DTYPES[dtype][1]
    ktiles = gemm_gen.ceil_div(k, gemm_gen.TILE_K_BYTES // ebytes)
    found = []
    refused = set()  # the generator's reasons for the forms it refused
    for bm, bn in TILES:
        tiles_m = gemm_gen.ceil_div(m, bm)
        tiles_n = gemm_gen.ceil_div(n, bn)
        for split in SPLITS:
            if split > 1 and gemm_gen.ceil_div(ktiles, split) < MIN_SLICE:
                continue
            if split > 1 and (split - 1) * gemm_gen.ceil_div(ktiles, split) >= ktiles:
                continue  # a slice would be empty
            modes = ["cluster"] if split > 1 else [None]
            if split > 1 and out == "f32" and not deterministic:
                modes.append("reduce")
            for mode in modes:
                clusters = [(1, 1)]
                # The sweep measured 2x1 clusters of smaller tiles 10-20 %
                # slower than 1x1 ones, and of split CTAs half as fast.
                if tiles_m >= 2 and bm * bn == 128 * 256 and (
                        split == 1 or mode == "reduce"):
                    clusters.append((2, 1))
                for cluster in clusters:
                    ctas = tiles_m * tiles_n * split
                    persistent = sms if ctas > sms and split == 1 else 0
                    kw = dict(bm=bm, bn=bn, cluster=cluster, persistent=persistent,
                              dtype=dtype, out=out, **layout)
                    if persistent:
                        kw["group_m"] = 16
                    if split > 1:
                        kw["split_k"] = split
                        if mode != "reduce":
                            kw["split_mode"] = mode
                    try:
                        g = _stages(kw, m, n, k, gemm_gen.ceil_div(ktiles, split))
                    except ValueError as exc:
                        refused.add(str(exc))
                        continue  # a form the generator does not build
                    if g is None:
                        continue
                    us, bound, sm_us = estimate(g, sms)
                    why = "%s-bound, %d CTAs in %d wave(s) on %d SMs" % (
                        bound, ctas, math.ceil(ctas / sms), sms)
                    found.append(Candidate(us, sm_us, g, why))
    # Cheapest first, except that within TIE of the cheapest fewer slices,
    # then the SMs' least own time (the most slack under a DRAM bound),
    # then no cluster, then the larger tile come first: the model does not
    # see differences that small, and a split costs synchronisation it
    # only estimates.
    if not found:
        raise ValueError("no configuration of gemm_gen builds this GEMM%s" % (
            ": " + "; ".join(sorted(refused)) if refused else ""))
    found.sort(key=lambda c: c.us)
    near = [c for c in found if c.us <= found[0].us * (1 + TIE)]
    near.sort(key=lambda c: (c.gemm.split_k, round(c.sm_us / found[0].us, 2),
                             c.gemm.cluster != (1, 1), -c.gemm.bm * c.gemm.bn))
    return near + found[len(near):]


def choose(m, n, k, dtype="f16", out=None, a_major="k", b_major="k", sms=SMS,
           deterministic=False):
    """The chosen gemm_gen.Gemm for the GEMM."""
    return candidates(m, n, k, dtype, out, a_major, b_major, sms,
                      deterministic)[0].gemm


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("m", type=int)
    p.add_argument("n", type=int)
    p.add_argument("k", type=int)
    p.add_argument("--dtype", choices=sorted(gemm_gen.DTYPES), default="f16")
    p.add_argument("--out", choices=sorted(gemm_gen.OUTS))
    p.add_argument("--a-major", choices=("k", "mn"), default="k")
    p.add_argument("--b-major", choices=("k", "mn"), default="k")
    p.add_argument("--sms", type=int, default=SMS)
    p.add_argument("--deterministic", action="store_true",
                   help="no TMA reduce-add of split-K slices")
    p.add_argument("--explain", action="store_true",
                   help="print the ranked candidates, not the kernel")
    a = p.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends quietly
    if min(a.m, a.n, a.k) < 1:
        p.error("M, N and K must be positive")
    try:
        found = candidates(a.m, a.n, a.k, a.dtype, a.out, a.a_major, a.b_major,
                           a.sms, a.deterministic)
    except ValueError as exc:
        p.error(str(exc))
    if a.explain:
        for c in found:
            print("%9.1f us  %-40s %s" % (c.us, c.gemm.name, c.why))
        return
    best = found[0]
    print("// chooser.py: %s, estimated %.1f us (%s)." % (best.gemm.name, best.us,
                                                           best.why))
    print(gemm_gen.emit(best.gemm), end="")


if __name__ == "__main__":
    main()
