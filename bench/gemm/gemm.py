#!/usr/bin/env python3
"""GEMM throughput of the asynccopy kernel (bench/gemm/gemm_gen.py) against
cuBLAS (torch) and Triton, in one process on one GPU (issue 26).

C = A @ B^T, A (M x K) and B (N x K) row-major f16, f32 accumulation, f16
C: the kernels read both operands K-major, as cuBLAS does for
`torch.mm(a, b.t(), out=c)`. Shapes 4096^3, 8192^3 and the ragged
8000^3 (TMA zero-fills the loads past the edges and clips the stores).

  bench/gemm/gemm.py --build DIR   here: generates and compiles each
                                   configuration with the package (needs
                                   libAsyncCopyCAPI.so and ptxas), saves
                                   them under DIR
  bench/gemm/gemm.py --run DIR     on the GPU machine: loads them (no MLIR;
                                   needs libAsyncCopyRuntime.so through
                                   ASYNCCOPY_LIB_DIR), torch and Triton

`--run DIR --small` only checks the configurations on small shapes (one
ragged in M, N and K), e.g. under compute-sanitizer. The small shapes also
get the kernels of other types and split-K (TYPED_CONFIGS: gemm_gen.py
--dtype/--out/--split-k), checked against torch on inputs of their type,
not timed (the typed sweep against cuBLAS, cuBLASLt's fp8 and int8
GEMMs and Triton is bench/gemm/sweep.py, issue 41), and the kernels of
deterministic split-K through DSMEM and MN-major operands
(SPLIT_LAYOUT_CONFIGS: gemm_gen.py --split-mode cluster, --a-major/--b-major
mn; operands passed in the storage they read, every cluster split-K
kernel run twice and compared bit for bit).

Every kernel's C is compared with torch's: f16 inputs in [-1, 1),
relative Frobenius error below 2e-3 (f16 rounding of C gives 2e-4), no
NaN, and C sits between NaN guard bands that must stay NaN (a write past a
ragged column edge lands in the next row, one past the last row in a
band); a kernel still running after 10 s ends the run with `HANG`.
Timing: back-to-back launches, median of 5 windows of 20 (CUDA events); every
launcher of a shape is checked first, then timed in `--rounds` sweeps over
all of them (3 by default), interleaved, and gets the median of its sweeps,
TFLOP/s = 2 M N K / time. Prints a table and `JSON {...}` with the ratios
of summary.json (gemm_4096_vs_cublas, gemm_8192_vs_cublas and
gemm_vs_triton with the best asynccopy configuration of each shape;
gemm_multicast_gain: the best 128x256 kernel on 2x1 clusters multicasting
B over the best 128x256 kernel without clusters, at 8192^3), also written to --json FILE. Exits 1 if a result is wrong.
"""
import argparse
import collections
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, HERE)

import asynccopy  # noqa: E402
import benchlib  # noqa: E402
import gemm_gen  # noqa: E402

SHAPES = ((4096, 4096, 4096), (8192, 8192, 8192), (8000, 8000, 8000))
# `--small`: shapes small enough to run under compute-sanitizer, one ragged
# in every dim (K = 200: the last K tile is zero-filled past K).
SMALL_SHAPES = ((256, 512, 256), (200, 504, 200))
# (bm, bn, stages, async consumer, cluster, producer warpgroup, persistent
# over this many SMs[, other gemm_gen.Gemm keywords]): the asynccopy
# configurations. The `_ctabar` ones release stages at a CTA barrier per K
# tile, as every configuration did before `asynccopy.pipeline_empty_barrier`;
# `_g16` ones rasterise in groups of 16 tile rows instead of 8; `_d` ones
# claim their tiles at run time.
CONFIGS = ((128, 256, 3, True, (1, 1), False, 0), (128, 256, 3, False, (1, 1), False, 0),
           (128, 128, 4, True, (1, 1), False, 0), (128, 256, 3, True, (2, 1), False, 0),
           (128, 256, 3, True, (1, 2), False, 0), (128, 256, 3, True, (2, 2), False, 0),
           (128, 256, 3, True, (1, 1), True, 0), (128, 256, 3, True, (2, 1), True, 0),
           (128, 128, 4, True, (1, 1), True, 0), (128, 256, 3, True, (2, 2), True, 0),
           (128, 256, 3, True, (1, 1), False, 132), (128, 256, 3, True, (2, 1), False, 132),
           (128, 256, 3, True, (1, 1), True, 132), (128, 256, 3, True, (2, 1), True, 132),
           (128, 256, 3, True, (1, 1), False, 0, {"empty_barrier": False}),
           (128, 256, 3, True, (2, 1), False, 0, {"empty_barrier": False}),
           (128, 256, 3, True, (1, 1), False, 132, {"empty_barrier": False}),
           # Two CTAs per SM (96 KiB of SMEM each): one's epilogue overlaps
           # the other's main loop. Rasterisation groups of 16 tile rows.
           (128, 128, 2, True, (1, 1), False, 0),
           (128, 256, 3, True, (1, 1), False, 0, {"group_m": 16}),
           (128, 256, 3, True, (1, 1), False, 132, {"group_m": 16}),
           # 4 stages: the C tile is stored in two column halves through a
           # 32 KiB buffer (gemm_gen.Gemm.cparts).
           (128, 256, 4, True, (1, 1), False, 0), (128, 256, 4, True, (1, 1), False, 132),
           (128, 256, 4, True, (1, 1), False, 132, {"empty_barrier": False}),
           (128, 256, 4, True, (2, 1), False, 132),
           # Rasterisation groups of 16 tile rows: a wave of 132 CTAs reads
           # 16 row panels of A and 8 column panels of B (instead of 8 and
           # 16), 20 % less from DRAM at 4096^3.
           (128, 256, 4, True, (1, 1), False, 0, {"group_m": 16}),
           (128, 256, 4, True, (1, 1), False, 132, {"group_m": 16}),
           # Persistent, each CTA (or cluster) claiming its next tile from
           # the launch's counter (`_d`, asynccopy.pipeline_dynamic_schedule).
           (128, 256, 3, True, (1, 1), False, 132, {"dynamic": True}),
           (128, 256, 4, True, (1, 1), False, 132, {"dynamic": True}),
           (128, 256, 3, True, (2, 1), False, 132, {"dynamic": True}),
           (128, 256, 4, True, (2, 1), False, 132, {"dynamic": True}))
# Only on the small shapes: one warpgroup, clusters with synchronous
# consumers, producer warpgroups with one consumer warpgroup or synchronous
# consumers, persistent kernels with fewer CTAs than tiles (with and without
# a producer warpgroup).
SMALL_CONFIGS = ((64, 256, 3, True, (1, 1), False, 0), (64, 256, 3, True, (2, 1), False, 0),
                 (128, 256, 3, False, (2, 1), False, 0), (128, 256, 3, False, (2, 2), False, 0),
                 (64, 256, 3, True, (1, 1), True, 0), (128, 256, 3, False, (1, 2), True, 0),
                 (128, 128, 3, True, (1, 1), False, 3), (128, 128, 3, True, (2, 1), False, 4),
                 (128, 128, 3, True, (1, 1), True, 3), (128, 128, 3, True, (2, 1), True, 4),
                 (128, 128, 3, True, (1, 1), False, 3, {"dynamic": True}),
                 (128, 128, 3, True, (2, 1), False, 4, {"dynamic": True}),
                 (128, 128, 3, True, (2, 2), False, 4, {"dynamic": True}))
# Only on the small shapes: A and B of other types, C of other types
# (gemm_gen.OUT_TYPES), split-K (C zeroed by the launcher, every slice added
# by a TMA reduction), the 128x256 i8 kernel with 4 stages (its s32 C tile
# stored in quarters). Split-K results vary in the last bits with the order
# the slices land in (within the f32 tolerance).
TYPED_CONFIGS = tuple(
    (128, 256, 3, True, (1, 1), False, 0, {"dtype": d, "out": o})
    for d, o in (("f16", "f32"), ("bf16", "bf16"), ("bf16", "f32"),
                 ("e4m3", "bf16"), ("e4m3", "f16"), ("e4m3", "f32"),
                 ("tf32", "f32"), ("i8", "s32"))) + (
    (128, 256, 3, True, (1, 1), False, 0, {"out": "f32", "split_k": 2}),
    # 8 (K = 256) or 7 (K = 200) K tiles in slices of 3: the last slice
    # loads tiles wholly past K (TMA's zeros).
    (128, 256, 3, True, (1, 1), False, 0, {"dtype": "tf32", "out": "f32", "split_k": 3}),
    (128, 256, 3, True, (2, 1), True, 0,
     {"dtype": "e4m3", "out": "f32", "split_k": 2}),
    (128, 256, 4, True, (1, 1), False, 0, {"dtype": "i8"}))
# Only on the small shapes (checked on an H100, and under the three
# sanitizers with `--only _skc,_amn,_bmn`): deterministic split-K
# (`split_mode="cluster"`: the S CTAs of one tile form a cluster along z and
# the z-rank-0 CTA sums the partial tiles, sent through DSMEM, in a fixed
# order, then stores C alone), any C type, C not zeroed (it starts as the
# NaN guard), checked with the plain tolerance of its types; their results
# are deterministic: each is launched twice and must be bit-identical. With
# 2x1 clusters multicasting B, a producer warpgroup (i8); one receive slot
# per sender (128x256), two (64x128, S = 4) and one per part, so no slot is
# reused (128x128, 4 stages). And MN-major operands (`a_major`,
# `b_major` = "mn": A stored K x M, B K x N; f16 and bf16), with multicast
# and a producer warpgroup, and with cluster split-K.
SPLIT_LAYOUT_CONFIGS = (
    (128, 256, 3, True, (1, 1), False, 0,
     {"dtype": "bf16", "split_k": 2, "split_mode": "cluster"}),
    (128, 256, 3, True, (1, 1), False, 0,
     {"out": "f32", "split_k": 4, "split_mode": "cluster"}),
    (128, 256, 3, True, (2, 1), False, 0,
     {"dtype": "bf16", "out": "f32", "split_k": 2, "split_mode": "cluster"}),
    (128, 256, 3, True, (1, 1), True, 0,
     {"dtype": "i8", "split_k": 2, "split_mode": "cluster"}),
    (128, 128, 4, True, (1, 1), False, 0, {"split_k": 2, "split_mode": "cluster"}),
    (64, 128, 6, True, (1, 1), False, 0,
     {"dtype": "bf16", "split_k": 4, "split_mode": "cluster"}),
    (128, 256, 3, True, (1, 1), False, 0, {"a_major": "mn"}),
    (128, 256, 3, True, (1, 1), False, 0, {"b_major": "mn"}),
    (128, 256, 3, True, (1, 1), False, 0,
     {"dtype": "bf16", "out": "f32", "a_major": "mn", "b_major": "mn"}),
    (64, 256, 3, True, (1, 1), False, 0, {"a_major": "mn"}),
    (128, 256, 3, True, (2, 2), True, 0, {"a_major": "mn", "b_major": "mn"}),
    (128, 256, 3, True, (1, 1), False, 0,
     {"dtype": "bf16", "b_major": "mn", "split_k": 2, "split_mode": "cluster"}))
# torch's dtype of each gemm_gen type (tf32 is stored as f32).
TORCH_TYPES = {"f16": "float16", "bf16": "bfloat16", "e4m3": "float8_e4m3fn",
               "tf32": "float32", "i8": "int8", "f32": "float32", "s32": "int32"}
# Triton: (BM, BN, BK, stages, warps).
TRITON_CONFIGS = ((128, 256, 64, 3, 8), (128, 256, 64, 4, 8),
                  (128, 128, 64, 4, 4), (128, 128, 64, 4, 8),
                  (256, 128, 64, 3, 8))
PEAK_TFLOPS = 989.0  # dense f16 of the H100/H200 SXM
HANG_S = 10  # a kernel not done after this long is reported as hung
GUARD = 8  # rows of NaN guard band before and after C


def configurations(shapes=SHAPES + SMALL_SHAPES):
    """The kernels of each shape; those whose rows of A, B or C are not a
    multiple of 16 B (1-byte types with K = 200), which TMA cannot load,
    are left out."""
    for m, n, k in shapes:
        small = (m, n, k) not in SHAPES
        for bm, bn, stages, asc, cluster, ws, sms, *more in (
                CONFIGS + (SMALL_CONFIGS + TYPED_CONFIGS + SPLIT_LAYOUT_CONFIGS
                           if small else ())):
            g = gemm_gen.Gemm(m, n, k, bm, bn, stages, async_consumer=asc,
                              cluster=cluster, warp_specialize=ws,
                              persistent=sms, **(more[0] if more else {}))
            # GMEM rows: K of K-major operands, M (N) of MN-major ones.
            rows = (m if g.a_major == "mn" else k, n if g.b_major == "mn" else k)
            if (all(r * g.ebytes % 16 == 0 for r in rows)
                    and n * g.obytes % 16 == 0):
                yield g


def build(outdir, shapes):
    os.makedirs(outdir, exist_ok=True)
    for g in configurations(shapes):
        text = gemm_gen.emit(g)
        with open(os.path.join(outdir, g.name + ".mlir"), "w") as f:
            f.write(text)
        module = asynccopy.compile(text)
        if module.cubin is None:
            sys.exit("ptxas not found: the run needs cubins")
        module.save(os.path.join(outdir, g.name))
        with open(os.path.join(outdir, g.name + ".ptx"), "w") as f:
            f.write(module.ptx)
        print("built", g.name, flush=True)


def triton_kernels():
    import triton
    import triton.language as tl
    from triton.tools.tensor_descriptor import TensorDescriptor

    @triton.jit
    def grouped_tile(M, N, BM: tl.constexpr, BN: tl.constexpr,
                     GROUP_M: tl.constexpr):
        """The program's tile, rasterised as gemm_gen.py does."""
        pid = tl.program_id(0)
        tiles_m = tl.cdiv(M, BM)
        tiles_n = tl.cdiv(N, BN)
        width = GROUP_M * tiles_n
        first_m = (pid // width) * GROUP_M
        size_m = min(tiles_m - first_m, GROUP_M)
        pid_m = first_m + (pid % width) % size_m
        pid_n = (pid % width) // size_m
        return pid_m, pid_n

    # Both kernels take A and B of any type tl.dot takes (f16, bf16, fp8,
    # f32 as tf32, i8 with an s32 accumulator: INT_ACC) and store C in the
    # type of its tensor. A_MN (B_MN): A (B) is MN-major, given as the
    # K x M (K x N) row-major tensor. With the defaults they are the
    # K-major f16 kernels gemm.py times.
    @triton.jit
    def tma_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                   STAGES: tl.constexpr, A_MN: tl.constexpr = False,
                   B_MN: tl.constexpr = False, INT_ACC: tl.constexpr = False):
        pid_m, pid_n = grouped_tile(M, N, BM, BN, GROUP_M)
        if INT_ACC:
            acc = tl.zeros((BM, BN), dtype=tl.int32)
        else:
            acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, tl.cdiv(K, BK), num_stages=STAGES):
            if A_MN:
                a = a_desc.load([k * BK, pid_m * BM]).T
            else:
                a = a_desc.load([pid_m * BM, k * BK])
            if B_MN:
                b = b_desc.load([k * BK, pid_n * BN])
                acc = tl.dot(a, b, acc)
            else:
                b = b_desc.load([pid_n * BN, k * BK])
                acc = tl.dot(a, b.T, acc)
        c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))

    @triton.jit
    def ptr_kernel(a, b, c, M, N, K, stride_am, stride_bn, stride_cm,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   GROUP_M: tl.constexpr, STAGES: tl.constexpr,
                   A_MN: tl.constexpr = False, B_MN: tl.constexpr = False,
                   INT_ACC: tl.constexpr = False):
        # With A_MN (B_MN), stride_am (stride_bn) is the stride of K, the
        # rows of the K x M (K x N) tensor.
        pid_m, pid_n = grouped_tile(M, N, BM, BN, GROUP_M)
        rm = pid_m * BM + tl.arange(0, BM)
        rn = pid_n * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        if A_MN:
            pa = a + rm[:, None] + rk[None, :] * stride_am
        else:
            pa = a + rm[:, None] * stride_am + rk[None, :]
        if B_MN:
            pb = b + rn[:, None] + rk[None, :] * stride_bn
        else:
            pb = b + rn[:, None] * stride_bn + rk[None, :]
        if INT_ACC:
            acc = tl.zeros((BM, BN), dtype=tl.int32)
        else:
            acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, tl.cdiv(K, BK), num_stages=STAGES):
            kk = k * BK + rk
            x = tl.load(pa, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
            y = tl.load(pb, mask=(rn[:, None] < N) & (kk[None, :] < K), other=0.0)
            acc = tl.dot(x, y.T, acc)
            if A_MN:
                pa += BK * stride_am
            else:
                pa += BK
            if B_MN:
                pb += BK * stride_bn
            else:
                pb += BK
        pc = c + rm[:, None] * stride_cm + rn[None, :]
        tl.store(pc, acc.to(c.dtype.element_ty),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))

    def shape(a, b, a_mn, b_mn):
        """M, N, K of A (M x K, or K x M with a_mn) and B (N x K, or
        K x N with b_mn)."""
        k, m = a.shape if a_mn else a.shape[::-1]
        n = b.shape[1] if b_mn else b.shape[0]
        return m, n, k

    def tma(a, b, c, cfg, a_mn=False, b_mn=False):
        """A launch of the TMA-descriptor kernel with configuration `cfg`
        (BM, BN, BK, stages, warps), C's type from `c`; A (B) is the K x M
        (K x N) tensor with a_mn (b_mn)."""
        bm, bn, bk, stages, warps = cfg
        m, n, k = shape(a, b, a_mn, b_mn)
        ad = TensorDescriptor.from_tensor(a, [bk, bm] if a_mn else [bm, bk])
        bd = TensorDescriptor.from_tensor(b, [bk, bn] if b_mn else [bn, bk])
        cd = TensorDescriptor.from_tensor(c, [bm, bn])
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
        extra = {}
        if a_mn or b_mn or not a.dtype.is_floating_point:
            extra = dict(A_MN=a_mn, B_MN=b_mn, INT_ACC=not a.dtype.is_floating_point)
        return lambda: tma_kernel[grid](ad, bd, cd, m, n, k, BM=bm, BN=bn, BK=bk,
                                        GROUP_M=8, STAGES=stages, num_warps=warps,
                                        **extra)

    def ptr(a, b, c, cfg, a_mn=False, b_mn=False):
        """A launch of the pointer kernel, as `tma`."""
        bm, bn, bk, stages, warps = cfg
        m, n, k = shape(a, b, a_mn, b_mn)
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
        extra = {}
        if a_mn or b_mn or not a.dtype.is_floating_point:
            extra = dict(A_MN=a_mn, B_MN=b_mn, INT_ACC=not a.dtype.is_floating_point)
        return lambda: ptr_kernel[grid](a, b, c, m, n, k, a.stride(0), b.stride(0),
                                        c.stride(0), BM=bm, BN=bn, BK=bk, GROUP_M=8,
                                        STAGES=stages, num_warps=warps, **extra)
    return tma, ptr, triton.__version__


def time_ms(launch, windows=5, per_window=20):
    """Median over `windows` of the mean time of `per_window` launches."""
    import torch
    launch()
    torch.cuda.synchronize()
    return statistics.median(benchlib.window_ms(launch, per_window)
                             for _ in range(windows))


def rel_error(out, ref, tol=2e-3):
    """C's relative Frobenius error against the f32 reference, and whether
    it passes (below `tol`, no NaN)."""
    import torch
    err = ((out.float() - ref).norm() / ref.norm()).item()
    return err, err < tol and not torch.isnan(out).any().item()


# A and B of a kernel, the f32 reference, C inside guard bands in `flat`,
# the guard value, and the error C may have.
Operands = collections.namedtuple("Operands", "a b ref flat c guard tol")


def guarded_c(m, n, dtype, guard):
    """C inside guard bands: the kernels take dense tensors with static
    strides, so the bands sit before and after C in one buffer. A write past
    a ragged column edge lands in the next row (and fails the comparison),
    one past the last row in a band."""
    import torch
    flat = torch.full((m * n + 2 * GUARD * n,), guard, device="cuda", dtype=dtype)
    return flat, flat[GUARD * n:GUARD * n + m * n].view(m, n)


def typed_operands(g, a, b):
    """The operands of a kernel of other types: A and B converted from the
    f16 inputs (i8: times 8, rounded), the reference computed from them, C
    of its type between bands of NaN (s32: INT32_MIN)."""
    import torch
    dtype = {name: getattr(torch, t) for name, t in TORCH_TYPES.items()}
    if g.dtype == "i8":
        at, bt = ((x * 8).round().to(torch.int8) for x in (a, b))
    else:
        at, bt = a.to(dtype[g.dtype]), b.to(dtype[g.dtype])
    ref = torch.mm(at.float(), bt.float().t())
    guard = guard_value(g.out)
    flat, c = guarded_c(g.m, g.n, dtype[g.out], guard)
    return Operands(at, bt, ref, flat, c, guard, tolerance(g.dtype, g.out))


def guard_value(out):
    """What the guard bands around a C of type `out` hold: NaN, or
    INT32_MIN for s32."""
    return -2 ** 31 if out == "s32" else float("nan")


def tolerance(dtype, out):
    """The relative Frobenius error a C of type `out` from A and B of type
    `dtype` may have: bf16 C rounds to 8 bits; tf32 drops 13 bits of every
    input; s32 is exact."""
    return {"bf16": 1e-2, "s32": 1e-9}.get(out, 5e-3 if dtype == "tf32" else 2e-3)


def bands_intact(flat, m, n, guard):
    """Whether the guard bands around the M x N C in `flat` (guarded_c)
    still hold `guard` (NaN, or s32's INT32_MIN)."""
    import torch
    bands = torch.cat([flat[:GUARD * n], flat[GUARD * n + m * n:]])
    intact = torch.isnan(bands) if isinstance(guard, float) else bands == guard
    return intact.all().item()


def stored_operands(g, a, b):
    """A (M x K) and B (N x K) as the kernel `g` reads them from GMEM: an
    MN-major A (`a_major` "mn") stored K x M, an MN-major B K x N (then
    C = A @ B with that B)."""
    return (a.t().contiguous() if g.a_major == "mn" else a,
            b.t().contiguous() if g.b_major == "mn" else b)


def launcher(kernel, g, a, b, c):
    """A launch of the compiled configuration `g` on A and B as it reads
    them (stored_operands) and C (zeroed first with split-K by TMA
    reduce-add, whose slices add into C; a split over a cluster,
    `split_mode` "cluster", writes C)."""
    dims = tuple(g.cluster_dims)
    cluster = dims if any(d != 1 for d in dims) else None
    if g.split_k > 1 and g.split_mode == "reduce":
        return lambda: (c.zero_(), kernel(a, b, c, grid=g.grid, block=g.launch_threads,
                                          cluster=cluster))
    return lambda: kernel(a, b, c, grid=g.grid, block=g.launch_threads,
                          cluster=cluster)


def multicast_gain(tflops):
    """The best launcher on 2x1 clusters (multicasting B) over the best one
    without clusters, among `tflops` (label -> TFLOP/s, labels naming the
    configuration); None without both."""
    multicast = [v for l, v in tflops.items() if "_c2x1" in l]
    plain = [v for l, v in tflops.items()
             if not any(c in l for c in ("_c1x2", "_c2x1", "_c2x2"))]
    if not multicast or not plain:
        return None
    return round(max(multicast) / max(plain), 3)


def run(indir, json_path, only, small, shapes, rounds=1):
    import torch
    tma, ptr, triton_version = triton_kernels()
    props = torch.cuda.get_device_properties(0)
    print("gpu %s, torch %s, triton %s" % (props.name, torch.__version__,
                                          triton_version), flush=True)
    torch.manual_seed(0)
    failures = []
    table = []  # (shape, label, ms)
    by_shape = {}
    for m, n, k in shapes or (SMALL_SHAPES if small else SHAPES):
        a = torch.rand(m, k, device="cuda", dtype=torch.float16) * 2 - 1
        b = torch.rand(n, k, device="cuda", dtype=torch.float16) * 2 - 1
        flat, cd = guarded_c(m, n, torch.float16, float("nan"))
        ref = torch.mm(a.float(), b.float().t())
        f16 = Operands(a, b, ref, flat, cd, float("nan"), 2e-3)
        typed = {}  # (dtype, out) -> Operands of the kernels of those types
        flops = 2.0 * m * n * k
        shape = "%dx%dx%d" % (m, n, k)
        results = by_shape.setdefault(shape, {})

        def check(label, out, ops):
            err, ok = rel_error(out, ops.ref, ops.tol)
            if out is ops.c:
                ok = ok and bands_intact(ops.flat, m, n, ops.guard)
            if not ok:
                failures.append("%s %s" % (shape, label))
            print("%s %-40s rel err %.2e" % ("ok  " if ok else "FAIL", label, err),
                  flush=True)

        timed = {}  # label -> launch, timed after every check of the shape

        def measure(label, launch, out, ops=f16, deterministic=False):
            out.fill_(ops.guard)
            torch.cuda.synchronize()
            run_once(label, launch)
            check(label, out, ops)
            if deterministic:
                # The same bits again (C refilled with the guard first).
                first = out.clone()
                out.fill_(ops.guard)
                run_once(label, launch)
                if not torch.equal(out, first):
                    failures.append("%s %s: not deterministic" % (shape, label))
                    print("FAIL %-40s differs between two runs" % label,
                          flush=True)
            if not small:
                timed[label] = launch

        def run_once(label, launch):
            launch()
            # A kernel that hangs ends the run with its name, not silently.
            benchlib.wait_or_exit("%s %s" % (shape, label), HANG_S)

        cout = torch.empty(m, n, device="cuda", dtype=torch.float16)
        measure("cublas", lambda: torch.mm(a, b.t(), out=cout), cout)
        for g in configurations([(m, n, k)]):
            if only and not any(o in g.name for o in only.split(",")):
                continue
            kernel = asynccopy.load(os.path.join(indir, g.name))["gemm"]
            ops = f16
            if (g.dtype, g.out) != ("f16", "f16"):
                if (g.dtype, g.out) not in typed:
                    typed[g.dtype, g.out] = typed_operands(g, a, b)
                ops = typed[g.dtype, g.out]
            measure("asynccopy " + g.name.split("_", 2)[2],
                    launcher(kernel, g, *stored_operands(g, ops.a, ops.b), ops.c),
                    ops.c, ops,
                    deterministic=g.split_mode == "cluster")
        for cfg in () if small else TRITON_CONFIGS:
            label = "triton tma %dx%dx%d s%d w%d" % cfg
            try:
                measure(label, tma(a, b, cout, cfg), cout)
            except Exception as exc:  # out of resources for some configs
                print("skip %s: %s" % (label, str(exc).splitlines()[0]))
        for cfg in () if small else TRITON_CONFIGS:
            label = "triton ptr %dx%dx%d s%d w%d" % cfg
            try:
                measure(label, ptr(a, b, cout, cfg), cout)
            except Exception as exc:
                print("skip %s: %s" % (label, str(exc).splitlines()[0]))
        # `rounds` sweeps over every launcher of the shape, interleaved, so
        # that the GPU's clock and temperature drift over the run spreads
        # over all of them; each gets the median of its rounds.
        times = {label: [] for label in timed}
        for _ in range(rounds):
            for label, launch in timed.items():
                times[label].append(time_ms(launch))
        for label, values in times.items():
            ms = statistics.median(values)
            tflops = flops / ms / 1e9
            results[label] = tflops
            table.append((shape, label, ms, tflops))
            print("     %-40s %8.3f ms %7.1f TFLOP/s  (%s)" % (
                label, ms, tflops, " ".join("%.1f" % (flops / v / 1e9)
                                            for v in values)), flush=True)
        del flat, cd, cout, f16, typed

    summary = {"gpu": props.name, "torch": torch.__version__,
               "triton": triton_version, "checks": "FAIL" if failures else "PASS",
               "tflops": {s: {l: round(v, 1) for l, v in r.items()}
                          for s, r in by_shape.items()}}

    def best(results, prefix):
        values = [v for l, v in results.items() if l.startswith(prefix)]
        return max(values) if values else None

    ratios = {}
    for s, key in (("4096x4096x4096", "gemm_4096_vs_cublas"),
                   ("8192x8192x8192", "gemm_8192_vs_cublas")):
        r = by_shape.get(s, {})
        ours = best(r, "asynccopy")
        if ours and "cublas" in r:
            ratios[key] = round(ours / r["cublas"], 3)
            tri = best(r, "triton")
            if tri:
                ratios.setdefault("gemm_vs_triton", 10.0)
                ratios["gemm_vs_triton"] = min(ratios["gemm_vs_triton"],
                                               round(ours / tri, 3))
            ratios[key.replace("vs_cublas", "fraction_of_peak")] = round(
                ours / PEAK_TFLOPS, 3)
    r = by_shape.get("8192x8192x8192", {})
    # The best 128x256 kernel on 2x1 clusters (multicasting B) against the
    # best 128x256 kernel without clusters, over every form of both.
    gain = multicast_gain({l: v for l, v in r.items()
                           if l.startswith("asynccopy 128x256_")})
    if gain:
        ratios["gemm_multicast_gain"] = gain
    summary["ratios"] = ratios
    return benchlib.finish(summary, json_path, failures)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", metavar="DIR")
    p.add_argument("--run", metavar="DIR")
    p.add_argument("--only", help="run only configurations whose name has one of these "
                   "(comma-separated)")
    p.add_argument("--small", action="store_true",
                   help="only check the small shapes (for compute-sanitizer)")
    p.add_argument("--shapes", metavar="MxNxK,...",
                   help="build and run these shapes instead (with the small "
                   "shapes' configurations too)")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--rounds", type=int, default=3,
                   help="timing sweeps over all launchers of a shape, "
                        "interleaved; each gets the median (default 3)")
    a = p.parse_args()
    shapes = None
    if a.shapes:
        shapes = [tuple(int(d) for d in s.split("x")) for s in a.shapes.split(",")]
    if not a.build and not a.run:
        p.error("give --build DIR and/or --run DIR")
    if a.build:
        build(a.build, shapes or SHAPES + SMALL_SHAPES)
    if a.run:
        return run(a.run, a.json, a.only, a.small, shapes, a.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
