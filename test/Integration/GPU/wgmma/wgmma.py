#!/usr/bin/env python3
"""wgmma on tiles that asynccopy loads: for every element type wgmma reads
from SMEM (f16, bf16, tf32, e4m3, e5m2, s8), every swizzle (0, 32, 64, 128
B) and both majors of A and B where wgmma allows them (MN-major: 16-bit
types only), one kernel TMA-loads A (64 x K) and B (128 x K, or their
transposes for MN-major) with the tile transform that gives the layout
`asynccopy.wgmma_descriptor` documents, runs K / k-step `nvvm.wgmma.mma_async`
(m64n128) on the descriptors of per-step subviews, and stores the
accumulators (f32, s32 for s8) from their fragment layout; for f16 and bf16
the same with A in registers (`asynccopy.wgmma_register_a`, each thread's
K-major fragments read from GMEM), B in both majors. One host GEMM per
configuration; inputs are small integers, so every sum is exact and the
output is compared byte for byte (guard bands included).

Also whole GEMMs of bench/gemm/gemm_gen.py (the main loop of
examples/gemm/: two warpgroups, a 3-stage TMA ring with an asynchronous
wgmma consumer, the swizzled TMA-store epilogue) on small and ragged
shapes, on 2x1, 1x2 and 2x2 clusters multicasting A and/or B, with and
without a producer warpgroup.

  wgmma.py --out DIR [--ptx-only]

Writes DIR/manifest.txt, DIR/matrix.data and DIR/libmatrix*.so for the copy
matrix's runner (asynccopy-gpu-matrix --dir DIR; the "impl" column is
`wgmma`).
"""

import argparse
import os
import random
import re
import shlex
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "matrix"))

import matrix  # noqa: E402
import semantics as sem  # noqa: E402

sys.path.insert(0, os.path.join(matrix.ROOT, "bench", "gemm"))
import gemm_gen  # noqa: E402

WG = "#gpu.address_space<workgroup>"
M, N = 64, 128
K_BYTES = 128  # K of every configuration in bytes: 4 instructions
GUARD = 1024

# element type -> (MLIR type, bytes, wgmma type, accumulator)
TYPES = {
    "f16": ("f16", 2, "f16", "f32"),
    "bf16": ("bf16", 2, "bf16", "f32"),
    "tf32": ("f32", 4, "tf32", "f32"),
    "e4m3": ("f8E4M3FN", 1, "e4m3", "f32"),
    "e5m2": ("f8E5M2", 1, "e5m2", "f32"),
    "s8": ("i8", 1, "s8", "s32"),
}


def encode(kind, value):
    """Bytes of the small integer `value` as an element of `kind`."""
    if kind in ("f16", "bf16"):
        return sem.encode(kind, float(value))
    if kind == "tf32":
        return struct.pack("<f", float(value))
    if kind == "s8":
        return (value % 256).to_bytes(1, "little")
    mantissa_bits, bias = (3, 7) if kind == "e4m3" else (2, 15)
    if value == 0:
        return b"\0"
    sign = 0x80 if value < 0 else 0
    v = abs(value)
    exponent = v.bit_length() - 1
    mantissa = (v - (1 << exponent)) << mantissa_bits >> exponent
    assert (1 << exponent) + (mantissa << exponent >> mantissa_bits) == v
    return bytes([sign | (exponent + bias) << mantissa_bits | mantissa])


class Config:
    """One configuration; with `stages`, a GEMM main loop instead: a loop
    over K tiles (K_BYTES each) written with one A and one B tile and marked
    `asynccopy.pipeline_stages = stages`, accumulating in an iter_arg."""

    def __init__(self, kind, major_a, major_b, swizzle, index, stages=0, tiles=1,
                 markers=(), register_a=False):
        self.kind, self.major_a, self.major_b, self.swizzle = kind, major_a, major_b, swizzle
        self.stages, self.tiles, self.markers = stages, tiles, markers
        self.register_a = register_a
        self.name = "%s.a%s.b%s.s%d" % (kind, "reg" if register_a else major_a,
                                        major_b, swizzle)
        if stages:
            self.name += ".loop%dx%d" % (tiles, stages)
        for marker in markers:
            self.name += {"pipeline_async_consumer": ".async",
                          "pipeline_empty_barrier": ".empty"}[marker]
        self.seed = 0x7000 + index * 8
        self.mlir, self.e, self.wtype, self.acc = TYPES[kind]
        self.tk = K_BYTES // self.e  # K of one tile, in elements
        self.k = self.tk * tiles  # K in elements
        self.step = 32 // self.e  # K per instruction

    def describe(self):
        return "%s: A %s-major, B %s-major, %d-B swizzle, m64n128, K = %d" % (
            self.kind, self.major_a, self.major_b, self.swizzle, self.k)


class GemmConfig:
    """A whole GEMM of bench/gemm/gemm_gen.py (C = A @ B^T, f16 in, f32
    accumulation, f16 out; two warpgroups per 128-row tile or one per 64),
    on small shapes, ragged ones and clusters multicasting A and B.
    Inputs in [-1, 1] and K <= 1024, so C is exact in f16."""

    def __init__(self, index, m, n, k, bm=128, bn=256, stages=3,
                 async_consumer=True, cluster=(1, 1), warp_specialize=False,
                 persistent=0, empty_barrier=True, dynamic=False):
        self.gemm = gemm_gen.Gemm(m, n, k, bm, bn, stages,
                                  async_consumer=async_consumer,
                                  cluster=cluster,
                                  warp_specialize=warp_specialize,
                                  persistent=persistent,
                                  empty_barrier=empty_barrier,
                                  dynamic=dynamic)
        self.stages = stages
        self.name = "gemm.%dx%dx%d.%dx%d.s%d%s.c%dx%d%s%s%s" % (
            m, n, k, bm, bn, stages, "" if async_consumer else ".sync",
            cluster[0], cluster[1], ".ws" if warp_specialize else "",
            ".p%d" % persistent if persistent else "",
            "" if empty_barrier else ".ctabar") + (".dyn" if dynamic else "")
        self.seed = 0x9000 + index * 8

    def describe(self):
        g = self.gemm
        return "GEMM %dx%dx%d, %dx%d tiles, %d stages, %s wgmma, %dx%d clusters%s" % (
            g.m, g.n, g.k, g.bm, g.bn, g.stages,
            "async" if g.async_consumer else "synchronous", *g.cluster,
            ", producer warpgroup" if g.warp_specialize else "") + (
            "" if g.empty_barrier else ", stages released at a CTA barrier") + (
            ", tiles claimed from a counter" if g.dynamic else "") + (
            ", persistent on %d CTAs" % (g.grid[0] * g.grid[1])
            if g.persistent else "")

    def reference(self):
        g = self.gemm
        rng = random.Random(self.seed)
        a = [[rng.randint(-1, 1) for _ in range(g.k)] for _ in range(g.m)]
        b = [[rng.randint(-1, 1) for _ in range(g.k)] for _ in range(g.n)]
        enc = lambda rows: b"".join(sem.encode("f16", float(v)) for r in rows for v in r)
        c = [[sum(x * y for x, y in zip(a[i], b[j])) for j in range(g.n)]
             for i in range(g.m)]
        out = bytearray(sem.pattern(self.seed + 2, GUARD + g.m * g.n * 2 + GUARD))
        out[GUARD:GUARD + g.m * g.n * 2] = enc(c)
        B = matrix.Buffer
        return [B("A", 2, enc(a)), B("B", 2, enc(b)),
                B("C", 2, ("pattern", self.seed + 2, len(out)), bytes(out)),
                B("unused", 1, ("pattern", self.seed + 3, 16))]

    def kernel(self):
        """The generator's kernel as `@kernel`, its accumulator type spelt
        out (each module of a batch has its own)."""
        return gemm_gen.kernel(self.gemm, "kernel", gemm_gen.acc_type(self.gemm))

    def host(self, module, fn):
        g = self.gemm
        a, b, c = ("memref<%dx%dxf16>" % shape for shape in
                   ((g.m, g.k), (g.n, g.k), (g.m, g.n)))
        clusters = ""
        if g.cluster != (1, 1):
            clusters = "clusters in (%%c%d, %%c%d, %%c1) " % g.cluster
        consts = sorted({1, g.threads, *g.grid, *g.cluster})
        return (["func.func @%s(%%b0: memref<?xi8>, %%b1: memref<?xi8>, %%b2: memref<?xi8>,"
                 " %%b3: memref<?xi8>) attributes {llvm.emit_c_interface} {" % fn,
                 "  %c0 = arith.constant 0 : index",
                 "  %%guard = arith.constant %d : index" % GUARD] +
                ["  %%c%d = arith.constant %d : index" % (v, v) for v in consts] +
                ["  %%a = memref.view %%b0[%%c0][] : memref<?xi8> to %s" % a,
                 "  %%b = memref.view %%b1[%%c0][] : memref<?xi8> to %s" % b,
                 "  %%c = memref.view %%b2[%%guard][] : memref<?xi8> to %s" % c,
                 "  gpu.launch_func @%s::@kernel %sblocks in (%%c%d, %%c%d, %%c1)"
                 " threads in (%%c%d, %%c1, %%c1)" % (module, clusters, g.grid[0], g.grid[1],
                                                   g.threads),
                 "      args(%%a : %s, %%b : %s, %%c : %s)" % (a, b, c),
                 "  return",
                 "}"])


def gemm_configs(start):
    """Whole GEMMs: clusters of every shape multicasting A and/or B, one
    warpgroup, synchronous consumers, edges ragged in M, N and K, a CTA whose
    whole tile lies past M, and a long K. Each warp releases the stages
    (`asynccopy.pipeline_empty_barrier`) but in the `empty_barrier=False`
    ones, which keep the CTA barrier per K tile."""
    # Small enough to keep the GPU tests' data within what the device
    # machine takes (128x128 tiles where the shape only needs clusters).
    shapes = [
        ((256, 512, 256), {"cluster": (2, 2)}),
        ((256, 256, 256), {"bn": 128, "cluster": (2, 1)}),
        ((256, 256, 256), {"bn": 128, "cluster": (1, 2)}),
        ((256, 256, 256), {"bm": 64, "bn": 128, "cluster": (2, 1)}),
        ((256, 256, 256), {"bn": 128, "async_consumer": False, "cluster": (2, 2)}),
        ((200, 504, 200), {"cluster": (2, 2)}),
        ((200, 504, 200), {"async_consumer": False}),
        ((128, 256, 512), {"cluster": (2, 1)}),
        # 4 stages of 128x256: the C tile stored in two column halves
        # (ragged: the second half of the right tiles is partly, or wholly,
        # past N), and persistent on 2x1 clusters.
        ((200, 504, 256), {"stages": 4}),
        ((512, 1024, 512), {"stages": 4, "cluster": (2, 1), "persistent": 4}),
        # Persistent kernels that claim their (super) tiles from the launch's
        # counter: per CTA, and per 2x1 and 2x2 cluster (multicast), the
        # cluster's first CTA handing the tile to the others.
        ((512, 512, 256), {"bn": 128, "persistent": 3, "dynamic": True}),
        ((512, 1024, 512), {"stages": 4, "cluster": (2, 1), "persistent": 4,
                            "dynamic": True}),
        ((512, 1024, 256), {"bn": 128, "cluster": (2, 2), "persistent": 8,
                            "dynamic": True}),
        # Stages released at a CTA barrier, on 2x2 clusters and alone.
        ((256, 512, 256), {"cluster": (2, 2), "empty_barrier": False}),
        ((512, 512, 256), {"bn": 128, "persistent": 3,
                           "empty_barrier": False}),
        # A producer warpgroup (`asynccopy.pipeline_warp_specialize`): the
        # module's launches start 128 threads more.
        ((256, 512, 256), {"cluster": (2, 2), "warp_specialize": True}),
        ((200, 504, 200), {"warp_specialize": True}),
        ((256, 256, 256), {"bm": 64, "bn": 128, "warp_specialize": True}),
        ((256, 256, 256), {"bn": 128, "async_consumer": False,
                           "cluster": (2, 1), "warp_specialize": True}),
        ((128, 128, 1024), {"bn": 128, "stages": 4, "warp_specialize": True}),
        # Persistent: fewer CTAs than tiles (6, 5 and 5 tiles each), the
        # pipeline running on from tile to tile; and on 2x1 clusters
        # multicasting B (4 tiles per CTA).
        ((512, 512, 256), {"bn": 128, "persistent": 3}),
        ((512, 512, 256), {"bn": 128, "cluster": (2, 1), "persistent": 4}),
        # Persistent with a producer warpgroup: it walks the tiles too and
        # fills the next tile's stages during the epilogue; on 1x1, 2x1 and
        # 2x2 clusters, and with synchronous consumers.
        ((512, 512, 256), {"bn": 128, "persistent": 3,
                           "warp_specialize": True}),
        ((512, 512, 256), {"bn": 128, "cluster": (2, 1), "persistent": 4,
                           "warp_specialize": True}),
        ((512, 1024, 256), {"bn": 128, "cluster": (2, 2), "persistent": 8,
                            "warp_specialize": True}),
        ((200, 504, 200), {"async_consumer": False, "persistent": 2,
                           "warp_specialize": True}),
    ]
    return [GemmConfig(start + i, *shape, **kw) for i, (shape, kw) in enumerate(shapes)]


def configs():
    out = []
    for kind in TYPES:
        majors = ("k", "mn") if TYPES[kind][1] == 2 else ("k",)
        for ma in majors:
            for mb in majors:
                for s in (0, 32, 64, 128):
                    out.append(Config(kind, ma, mb, s, len(out)))
    # A from registers (`asynccopy.wgmma_register_a`, K-major fragments read
    # from GMEM), B from SMEM in both majors: attention's P V.
    for kind in ("f16", "bf16"):
        for mb in ("k", "mn"):
            for s in (0, 128):
                out.append(Config(kind, "k", mb, s, len(out), register_a=True))
    # GEMM main loops: 8 K tiles through a 3-stage pipeline, one of each
    # operand layout family.
    for kind, ma, mb, s in (("f16", "k", "k", 128), ("bf16", "mn", "k", 64),
                            ("e4m3", "k", "k", 128), ("f16", "mn", "mn", 0)):
        out.append(Config(kind, ma, mb, s, len(out), stages=3, tiles=8))
    # The same with one wgmma group in flight across iterations
    # (`asynccopy.pipeline_async_consumer`), releasing stages with a CTA
    # barrier or on empty barriers, 2 to 4 stages.
    for kind, ma, mb, s, stages, markers in (
            ("f16", "k", "k", 128, 3, ("pipeline_async_consumer",)),
            ("bf16", "mn", "k", 64, 4, ("pipeline_async_consumer",
                                        "pipeline_empty_barrier")),
            ("e4m3", "k", "k", 128, 2, ("pipeline_async_consumer",)),
            ("f16", "mn", "mn", 0, 3, ("pipeline_async_consumer",
                                       "pipeline_empty_barrier"))):
        out.append(Config(kind, ma, mb, s, len(out), stages=stages, tiles=8,
                          markers=markers))
    return out + gemm_configs(len(out))


#===----------------------------------------------------------------------===#
# Reference
#===----------------------------------------------------------------------===#


def operands(cfg):
    """Logical A (M x K) and B (N x K) as small integers."""
    rng = random.Random(cfg.seed)
    lo, hi = (-8, 8) if cfg.kind == "s8" else (-3, 3)
    a = [[rng.randint(lo, hi) for _ in range(cfg.k)] for _ in range(M)]
    b = [[rng.randint(lo, hi) for _ in range(cfg.k)] for _ in range(N)]
    return a, b


def gmem(cfg, rows, major):
    """The GMEM bytes of an operand: rows x K (K-major) or its transpose."""
    if major == "mn":
        rows = [list(col) for col in zip(*rows)]
    return b"".join(encode(cfg.kind, v) for row in rows for v in row)


def reference(cfg):
    if isinstance(cfg, GemmConfig):
        return cfg.reference()
    a, b = operands(cfg)
    d = [[sum(x * y for x, y in zip(a[m], b[n])) for n in range(N)] for m in range(M)]
    fmt = "<i" if cfg.acc == "s32" else "<f"
    out = bytearray(sem.pattern(cfg.seed + 2, GUARD + M * N * 4 + GUARD))
    at = GUARD
    for row in d:
        for v in row:
            out[at:at + 4] = struct.pack(fmt, v if cfg.acc == "s32" else float(v))
            at += 4
    B = matrix.Buffer
    return [B("A", cfg.e, gmem(cfg, a, cfg.major_a)),
            B("B", cfg.e, gmem(cfg, b, cfg.major_b)),
            B("D", 4, ("pattern", cfg.seed + 2, len(out)), bytes(out)),
            B("unused", 1, ("pattern", cfg.seed + 3, 16))]


#===----------------------------------------------------------------------===#
# MLIR
#===----------------------------------------------------------------------===#


def memref(shape, t, layout=None, space=None):
    text = "memref<%s%s" % ("".join("%dx" % d for d in shape), t)
    if layout:
        text += ", " + layout
    if space:
        text += ", " + space
    return text + ">"


def operand_layout(cfg, rows, major):
    """(GMEM shape, tile, SMEM shape, [(subview offsets, sizes, view type)]
    per instruction) of one operand with `rows` M or N rows."""
    s, e, t = cfg.swizzle, cfg.e, cfg.mlir
    block = (s or 16) // e  # elements of one S-byte (16-B) column
    tk = cfg.tk
    steps = []
    if major == "k":
        gshape, window, tile = [rows, cfg.k], [rows, tk], [rows, block]
        sshape = [tk // block, rows, block]
        for j in range(tk // cfg.step):
            kb = j * cfg.step
            if s:
                chunk, off = kb // block, kb % block
                offset = chunk * rows * block + off
                steps.append(([chunk, 0, off], [1, rows, cfg.step],
                              memref([rows, cfg.step], t,
                                     "strided<[%d, 1], offset: %d>" % (block, offset), WG)))
            else:
                chunk = kb // block
                offset = chunk * rows * block
                steps.append(([chunk, 0, 0], [2, rows, block],
                              memref([2, rows, block], t,
                                     "strided<[%d, %d, 1], offset: %d>" % (rows * block, block, offset),
                                     WG)))
    else:
        gshape, window, tile = [cfg.k, rows], [tk, rows], [tk, block]
        blocks = rows // block
        sshape = [blocks, tk, block]
        for j in range(tk // cfg.step):
            offset = j * cfg.step * block
            steps.append(([0, j * cfg.step, 0], [blocks, cfg.step, block],
                          memref([blocks, cfg.step, block], t,
                                 "strided<[%d, %d, 1], offset: %d>" % (tk * block, block, offset),
                                 WG)))
    return gshape, window, tile, sshape, steps


def kernel(cfg):
    t = cfg.mlir
    ga, wa, ta, sa, steps_a = operand_layout(cfg, M, cfg.major_a)
    gb, wb, tb, sb, steps_b = operand_layout(cfg, N, cfg.major_b)
    acc_elem = "i32" if cfg.acc == "s32" else "f32"
    regs = N // 2
    acc = "!llvm.struct<(%s)>" % ", ".join([acc_elem] * regs)
    swz = (", swizzle = %d : i64" % cfg.swizzle) if cfg.swizzle else ""
    loop = cfg.stages > 0
    ind = "    " if loop else "  "

    def load(src, dst, g, w, tile, smem, major):
        # The K tile's offset along K: dim 1 of a K-major operand, dim 0 of
        # an MN-major one.
        offsets = ("0, %kcol" if major == "k" else "%kcol, 0") if loop else "0, 0"
        return (ind + "asynccopy.copy %s to %s window [%s] [%d, %d] barrier %%bar[%%c0]"
                " {transforms = [#asynccopy.tile<[%d, %d]>]%s} : %s to %s" % (
                    src, dst, offsets, w[0], w[1], tile[0], tile[1], swz, memref(g, t),
                    memref(smem, t, None, WG)))

    lines = [
        "gpu.func @kernel(%%A: %s, %%B: %s, %%D: %s)" % (memref(ga, t), memref(gb, t),
                                                       memref([M, N], acc_elem)),
        "    workgroup(%%sa : %s, %%sb : %s) kernel {" % (memref(sa, t, None, WG),
                                                       memref(sb, t, None, WG)),
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %false = arith.constant false",
        "  %true = arith.constant true",
        "  %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>",
        "  asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>",
        "  %%accz = llvm.mlir.zero : %s" % acc,
    ]
    start = "%accz"
    if loop:
        lines += [
            "  %%ntiles = arith.constant %d : index" % cfg.tiles,
            "  %%tk = arith.constant %d : index" % cfg.tk,
            "  %%res:2 = scf.for %%kt = %%c0 to %%ntiles step %%c1 iter_args(%%ph = %%false,"
            " %%acc = %%accz) -> (i1, %s) {" % acc,
            "    %kcol = arith.muli %kt, %tk : index",
        ]
        start = "%acc"
    lines += [load("%A", "%sa", ga, wa, ta, sa, cfg.major_a),
              load("%B", "%sb", gb, wb, tb, sb, cfg.major_b),
              ind + "asynccopy.barrier.wait %%bar[%%c0], %s : !asynccopy.barrier<1>" % (
                  "%ph" if loop else "%false"),
              ] + (register_a_fragments(cfg, ga) if cfg.register_a else []) + [
              ind + "nvvm.wgmma.fence.aligned"]
    # wgmma's layouts: A row = K-major, B col = K-major (not transposed).
    layout_a = "row" if cfg.major_a == "k" else "col"
    layout_b = "col" if cfg.major_b == "k" else "row"
    prev = start
    for j, ((oa, za, va), (ob, zb, vb)) in enumerate(zip(steps_a, steps_b)):
        lines += [
            ind + "%%va%d = memref.subview %%sa[%s] [%s] [1, 1, 1] : %s to %s" % (
                j, ", ".join(map(str, oa)), ", ".join(map(str, za)),
                memref(sa, t, None, WG), va),
            ind + "%%vb%d = memref.subview %%sb[%s] [%s] [1, 1, 1] : %s to %s" % (
                j, ", ".join(map(str, ob)), ", ".join(map(str, zb)),
                memref(sb, t, None, WG), vb),
            ind + "%%da%d = asynccopy.wgmma_descriptor %%va%d major %s : %s" % (
                j, j, cfg.major_a, va),
            ind + "%%db%d = asynccopy.wgmma_descriptor %%vb%d major %s : %s" % (
                j, j, cfg.major_b, vb),
        ]
        if cfg.register_a:
            lines.append(
                ind + "%%acc%d = asynccopy.wgmma_register_a [%s], %%db%d, %s,"
                " <m = 64, n = %d, k = %d>, D[<%s>, %%true], A[<%s>, <one>],"
                " B[<%s>, <one>, <%s>] : %s" % (
                    j + 1, ", ".join("%%ra%d_%d" % (j, q) for q in range(4)), j, prev, N,
                    cfg.step, cfg.acc, cfg.wtype, cfg.wtype, layout_b, acc))
        else:
            lines.append(
                ind + "%%acc%d = nvvm.wgmma.mma_async %%da%d, %%db%d, %s,"
                " #nvvm.shape<m = 64, n = %d, k = %d>, D [<%s>, <one>], A [<%s>, <one>, <%s>],"
                " B [<%s>, <one>, <%s>] : %s -> %s" % (
                    j + 1, j, j, prev, N, cfg.step, cfg.acc, cfg.wtype, layout_a, cfg.wtype,
                    layout_b, acc, acc))
        prev = "%%acc%d" % (j + 1)
    lines += [ind + "nvvm.wgmma.commit.group.sync.aligned",
              ind + "nvvm.wgmma.wait.group.sync.aligned 0"]
    final = prev
    if loop:
        # One tile buffer: every warp is done with it before the next load.
        lines += ["    gpu.barrier",
                  "    %nph = arith.xori %ph, %true : i1",
                  "    scf.yield %%nph, %s : i1, %s" % (prev, acc),
                  "  } {asynccopy.pipeline_stages = %d : i64%s}" % (
                      cfg.stages, "".join(", asynccopy." + m for m in cfg.markers))]
        final = "%res#1"
    lines += [
        # Fragment of m64nN: warp w, lane l hold rows 16w + l/4 (+8) and
        # columns 8j + 2(l%4) (+1), registers 4j .. 4j+3.
        "  %tid = gpu.thread_id x",
        "  %c4 = arith.constant 4 : index",
        "  %c8 = arith.constant 8 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        "  %c2 = arith.constant 2 : index",
        "  %w = arith.divui %tid, %c32 : index",
        "  %l = arith.remui %tid, %c32 : index",
        "  %w16 = arith.muli %w, %c16 : index",
        "  %l4 = arith.divui %l, %c4 : index",
        "  %row0 = arith.addi %w16, %l4 : index",
        "  %row1 = arith.addi %row0, %c8 : index",
        "  %lm = arith.remui %l, %c4 : index",
        "  %colbase = arith.muli %lm, %c2 : index",
    ]
    for r in range(regs):
        j, q = divmod(r, 4)
        row = "%row1" if q >= 2 else "%row0"
        lines += [
            "  %%x%d = llvm.extractvalue %s[%d] : %s" % (r, final, r, acc),
            "  %%cc%d = arith.constant %d : index" % (r, 8 * j + (q & 1)),
            "  %%col%d = arith.addi %%colbase, %%cc%d : index" % (r, r),
            "  memref.store %%x%d, %%D[%s, %%col%d] : %s" % (r, row, r, memref([M, N], acc_elem)),
        ]
    lines += ["  gpu.return", "}"]
    return lines, (ga, gb, acc_elem)


def register_a_fragments(cfg, ga):
    """Each thread's A fragments of every K step, read from GMEM (K-major A,
    16-bit types): warp w, lane l hold rows 16w + l/4 (registers 0, 2) and
    +8 (1, 3), columns 2(l%4) (+1) (registers 0, 1) and +8 (2, 3) of the
    step, two elements packed per 32-bit register."""
    t, a = cfg.mlir, memref(ga, cfg.mlir)
    lines = [
        "  %ftid = gpu.thread_id x",
        "  %fc2 = arith.constant 2 : index",
        "  %fc4 = arith.constant 4 : index",
        "  %fc8 = arith.constant 8 : index",
        "  %fc16 = arith.constant 16 : index",
        "  %fc32 = arith.constant 32 : index",
        "  %fw = arith.divui %ftid, %fc32 : index",
        "  %fl = arith.remui %ftid, %fc32 : index",
        "  %fw16 = arith.muli %fw, %fc16 : index",
        "  %fl4 = arith.divui %fl, %fc4 : index",
        "  %frow0 = arith.addi %fw16, %fl4 : index",
        "  %frow1 = arith.addi %frow0, %fc8 : index",
        "  %flm = arith.remui %fl, %fc4 : index",
        "  %fcol = arith.muli %flm, %fc2 : index",
    ]
    for j in range(cfg.tk // cfg.step):
        for q in range(4):
            row = "%frow1" if q & 1 else "%frow0"
            n = "%d_%d" % (j, q)
            lines += [
                "  %%fk%s = arith.constant %d : index" % (n, j * cfg.step + (8 if q >= 2 else 0)),
                "  %%fkp%s = arith.constant %d : index" % (n, j * cfg.step + (8 if q >= 2 else 0) + 1),
                "  %%fc%s = arith.addi %%fcol, %%fk%s : index" % (n, n),
                "  %%fcp%s = arith.addi %%fcol, %%fkp%s : index" % (n, n),
                "  %%lo%s = memref.load %%A[%s, %%fc%s] : %s" % (n, row, n, a),
                "  %%hi%s = memref.load %%A[%s, %%fcp%s] : %s" % (n, row, n, a),
                "  %%pv%s = vector.from_elements %%lo%s, %%hi%s : vector<2x%s>" % (n, n, n, t),
                "  %%pi%s = vector.bitcast %%pv%s : vector<2x%s> to vector<1xi32>" % (n, n, t),
                "  %%ra%s = vector.extract %%pi%s[0] : i32 from vector<1xi32>" % (n, n),
            ]
    return lines


def host(cfg, module, fn, shapes):
    ga, gb, acc_elem = shapes
    t = cfg.mlir
    return [
        "func.func @%s(%%b0: memref<?xi8>, %%b1: memref<?xi8>, %%b2: memref<?xi8>, %%b3: memref<?xi8>)"
        " attributes {llvm.emit_c_interface} {" % fn,
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %c128 = arith.constant 128 : index",
        "  %%guard = arith.constant %d : index" % GUARD,
        "  %%a = memref.view %%b0[%%c0][] : memref<?xi8> to %s" % memref(ga, t),
        "  %%b = memref.view %%b1[%%c0][] : memref<?xi8> to %s" % memref(gb, t),
        "  %%d = memref.view %%b2[%%guard][] : memref<?xi8> to %s" % memref([M, N], acc_elem),
        "  gpu.launch_func @%s::@kernel blocks in (%%c1, %%c1, %%c1) threads in (%%c128, %%c1, %%c1)"
        % module,
        "      args(%%a : %s, %%b : %s, %%d : %s)" % (memref(ga, t), memref(gb, t),
                                                    memref([M, N], acc_elem)),
        "  return",
        "}",
    ]


def render(entries):
    out = ["module attributes {gpu.container_module} {"]
    lines = []
    for e in entries:
        first = len(out) + 1
        module = "k_" + e.cfg.name.replace(".", "_")
        if isinstance(e.cfg, GemmConfig):
            body, host_lines = e.cfg.kernel(), e.cfg.host(module, e.fn)
        else:
            body, shapes = kernel(e.cfg)
            host_lines = host(e.cfg, module, e.fn, shapes)
        out.append("gpu.module @%s {" % module)
        out += ["  " + l for l in body]
        out.append("}")
        out += host_lines
        lines.append((first, first, len(out)))
    out.append("}")
    return "\n".join(out) + "\n", lines


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("--work")
    p.add_argument("--build", default=os.path.join(matrix.ROOT, "build"))
    p.add_argument("--ac-opt")
    p.add_argument("--ptx-only", action="store_true")
    p.add_argument("--extract-ptx", default="%s %s/utils/extract-ptx.py --ptxas "
                   "/usr/local/cuda/bin/ptxas" % (shlex.quote(sys.executable), matrix.ROOT))
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    args.build = os.path.abspath(args.build)
    args.ac_opt = args.ac_opt or os.path.join(args.build, "bin", "ac-opt")
    os.environ["PATH"] += os.pathsep + "/usr/local/cuda/bin"
    out = os.path.abspath(args.out)
    args.work = os.path.abspath(args.work or os.path.join(out, "obj"))
    os.makedirs(args.work, exist_ok=True)
    start = time.time()
    cfgs = configs()
    refs = {c.name: reference(c) for c in cfgs}
    entries = []
    for c in cfgs:
        e = matrix.Entry(c, "wgmma", len(entries))
        e.fn = "wg%d" % len(entries)
        entries.append(e)
    # The main loops must be pipelined: a remark of asynccopy-pipeline-loops (a
    # loop it leaves alone) fails them.
    loops = [e for e in entries if e.cfg.stages]
    text, lines = render(loops)
    path = os.path.join(args.work, "loops.mlir")
    with open(path, "w") as f:
        f.write(text)
    r = matrix.run([args.ac_opt, path, "--asynccopy-pipeline-loops", "-o", os.devnull])
    for m in re.finditer(r":(\d+):\d+: (remark|error): (.*)$", r.stderr, re.M):
        for (_, first, last), e in zip(lines, loops):
            if first <= int(m.group(1)) <= last:
                e.status, e.reason = "compile-fail", m.group(3)
    failed = [e for e in loops if e.status]
    failed += matrix.build([e for e in entries if not e.status], args, out, render)
    for e in entries:
        if e.status is None:
            e.status = "run"
    matrix.write_manifest(cfgs, entries, refs, out)
    print("wgmma: %d configurations in %.0f s, %d built, %d compile failures" % (
        len(cfgs), time.time() - start, sum(e.status == "run" for e in entries), len(failed)))
    for e in failed:
        print("wgmma: COMPILE-FAIL %s: %s" % (e.cfg.name, e.reason))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
