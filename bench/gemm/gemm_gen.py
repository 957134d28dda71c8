#!/usr/bin/env python3
"""The GEMM kernel of bench/gemm, written as a compiler author would emit it
for asynccopy: C = A @ B^T with A (M x K) and B (N x K) row-major (both
operands K-major, as `torch.matmul(a, b.t())` reads them), f16 by default,
f32 accumulation, f16 C.

Types (`--dtype` for A and B, `--out` for C; the first C type is the
default), as wgmma takes them, always K-major:

  --dtype  GMEM type         wgmma            accumulators  --out
  f16      f16               m64nBNk16        f32           f16, f32
  bf16     bf16              m64nBNk16        f32           bf16, f32
  e4m3     f8E4M3FN          m64nBNk32        f32           bf16, f16, f32
  tf32     f32 (read tf32)   m64nBNk8         f32           f32
  i8       i8                m64nBNk32 (s8)   s32           s32 (i32)

A K tile is 128 B wide whatever the type (64 f16/bf16, 128 e4m3/i8, 32
tf32 elements: one 128-B swizzle row), four wgmma deep. TMA needs rows of A
and B (K elements) and of C (N) that are multiples of 16 B: with other
shapes (an e4m3 or i8 K of 200) the copies fall back to per-thread copies,
with a warning.

One CTA computes a BM x BN tile of C (BM = 64 x warpgroups). Its main loop
is written with single-buffer semantics: each iteration TMA-loads one K tile
of A and B (128-B swizzle) into one buffer each, waits for them, runs
four `nvvm.wgmma.mma_async` (one per 32 B of K) per warpgroup on the
`asynccopy.wgmma_descriptor`s of per-step subviews and waits for its wgmma
group. `asynccopy.pipeline_stages` turns that into a ring of stages and
`asynccopy.pipeline_async_consumer` keeps one wgmma group in flight, and
`asynccopy.pipeline_empty_barrier` has each warp release a stage on its own
(no CTA barrier per K tile; `--cta-release` keeps the barrier). The
epilogue converts the accumulators to the C type, stores them into a C tile
in SMEM in the 128-B swizzled layout a TMA store reads (no bank conflicts),
and stores the tile with one asynccopy copy (ragged edges clipped by TMA),
waiting only until the copy has read the SMEM tile. Where the whole C tile
does not fit beside the stages (4 stages of 128x256, or an f32/s32 C tile),
it goes through a buffer half (or a quarter) its size, one column part
after the other.

Split-K (`--split-k S`, only with `--out f32`): the K tiles are cut into S
slices of ceil(K tiles / S) (an S that leaves a slice empty is an error; a
last slice past K reads TMA's zeros), the grid gets
a z dim of S, and the CTA (x, y, z) computes slice z's partial C tile in f32
and adds it into C with one TMA reduction store
(`reduction = #asynccopy<reduction add>`). The caller must zero C before
the launch. The S partial tiles land in C in whatever order the CTAs finish:
f32 addition is not associative, so results may differ in the last bits from
run to run (no deterministic order yet).

CTAs are rasterised in groups of `group_m` tile rows so that concurrently
running CTAs share A and B panels in L2.

With clusters of CX x CY CTAs (`--cluster CX CY`), the CTAs of a cluster
row compute vertically adjacent tiles and multicast their common B tile
(`collective = [#gpu<dim x>]`), those of a column share A (dim y).

  gemm_gen.py M N K [--bm 128] [--bn 256] [--stages 3] [--group-m 8]
                    [--cluster CX CY] [--sync-consumer] [--ws]
                    [--persistent SMS] [--cta-release]
                    [--dtype f16] [--out f16] [--split-k S]

prints the module (a gpu.module with the kernel `gemm`, launched with
128 x BM/64 threads (128 more with `--ws`: `asynccopy.pipeline_warp_specialize`
gives the loop a producer warpgroup), a grid of ceil(M/BM) x ceil(N/BN) CTAs rounded up to
whole clusters (x S with `--split-k S`), and the cluster).
"""

import argparse

WG = "#gpu.address_space<workgroup>"
TILE_K_BYTES = 128  # K of one tile in bytes: one 128-B swizzle row
BK = 64  # K of one f16 tile (Gemm.bk for the others)
# A and B types: (GMEM element type, bytes, wgmma type, accumulator type).
DTYPES = {"f16": ("f16", 2, "f16", "f32"), "bf16": ("bf16", 2, "bf16", "f32"),
          "e4m3": ("f8E4M3FN", 1, "e4m3", "f32"), "tf32": ("f32", 4, "tf32", "f32"),
          "i8": ("i8", 1, "s8", "s32")}
# C types: (GMEM element type, bytes).
OUTS = {"f16": ("f16", 2), "bf16": ("bf16", 2), "f32": ("f32", 4), "s32": ("i32", 4)}
# The C types of each A and B type, as wgmma accumulates it; the first is
# the default.
OUT_TYPES = {"f16": ("f16", "f32"), "bf16": ("bf16", "f32"),
             "e4m3": ("bf16", "f16", "f32"), "tf32": ("f32",), "i8": ("s32",)}
# The SMEM of a CTA (227 KiB) less the 1 KiB the swizzled buffers' alignment
# reserves and room for the barriers.
SMEM_BYTES = 227 * 1024 - 1024 - 256


def ceil_div(a, b):
    return -(-a // b)


class Gemm:
    def __init__(self, m, n, k, bm=128, bn=256, stages=3, group_m=8,
                 async_consumer=True, cluster=(1, 1), warp_specialize=False,
                 persistent=0, empty_barrier=True, dynamic=False,
                 dtype="f16", out=None, split_k=1):
        assert bm % 64 == 0 and bn % 64 == 0 and 8 <= bn <= 256
        self.m, self.n, self.k = m, n, k
        self.set_types(dtype, out or OUT_TYPES[dtype][0])
        self.bm, self.bn, self.stages, self.group_m = bm, bn, stages, group_m
        self.async_consumer = async_consumer
        # Stages released by each warp on empty barriers rather than at a
        # CTA barrier per K tile (`asynccopy.pipeline_empty_barrier`).
        self.empty_barrier = empty_barrier
        self.warpgroups = bm // 64
        self.threads = 128 * self.warpgroups
        # With a producer warpgroup the kernel launches with 128 threads
        # more than it is written for.
        self.warp_specialize = warp_specialize
        self.launch_threads = self.threads + (128 if warp_specialize else 0)
        # Clusters of cx x cy CTAs: the cx CTAs of a cluster row compute
        # vertically adjacent tiles and share (multicast) the B tile, the
        # cy CTAs of a column horizontally adjacent ones and share A.
        self.cluster = tuple(cluster)
        cx, cy = self.cluster
        self.tiles_m, self.tiles_n = ceil_div(m, bm), ceil_div(n, bn)
        self.grid = (ceil_div(self.tiles_m, cx) * cx,
                     ceil_div(self.tiles_n, cy) * cy)
        # Persistent (`persistent` = SMs): one cluster per `cx * cy` SMs
        # walks the cluster-sized super tiles, grid-stride.
        self.persistent = persistent
        # A persistent kernel whose clusters claim their super tiles from
        # the launch's counter (`asynccopy.pipeline_dynamic_schedule`),
        # which the module's launches or the package's launcher pass.
        self.dynamic = dynamic and bool(persistent)
        self.super_m, self.super_n = self.grid[0] // cx, self.grid[1] // cy
        self.super_tiles = self.super_m * self.super_n
        if persistent:
            self.clusters = max(1, min(self.super_tiles, persistent // (cx * cy)))
            self.grid = (cx * self.clusters, cy)
        self.set_split_k(split_k)

    def set_types(self, dtype, out):
        """A and B of `dtype`, C of `out` (keys of DTYPES and OUTS)."""
        if dtype not in DTYPES or out not in OUT_TYPES.get(dtype, ()):
            raise ValueError("no %s x %s -> %s GEMM: wgmma gives %s" % (
                dtype, dtype, out, ", ".join(
                    "%s -> %s" % (d, "/".join(o)) for d, o in OUT_TYPES.items())))
        self.dtype, self.out = dtype, out
        self.elem, self.ebytes, self.wtype, self.acc = DTYPES[dtype]
        self.out_elem, self.obytes = OUTS[out]
        self.bk = TILE_K_BYTES // self.ebytes  # K of one tile
        self.kstep = 32 // self.ebytes  # K of one wgmma

    def set_split_k(self, split_k):
        """K cut into `split_k` slices of `kslice` tiles, one per grid z,
        each added into C by a TMA reduction."""
        ktiles = ceil_div(self.k, self.bk)
        self.split_k = split_k
        self.kslice = ceil_div(ktiles, split_k)
        if split_k == 1:
            return
        if self.out != "f32" or self.persistent:
            raise ValueError("--split-k needs --out f32 and no --persistent")
        if (split_k - 1) * self.kslice >= ktiles:
            raise ValueError("--split-k %d leaves a slice of the %d K tiles "
                             "empty" % (split_k, ktiles))
        self.grid = self.grid + (split_k,)

    @property
    def name(self):
        return "gemm_%dx%dx%d_%dx%d_s%d%s%s%s%s%s" % (
            self.m, self.n, self.k, self.bm, self.bn, self.stages,
            "" if self.async_consumer else "_sync",
            "_ws" if self.warp_specialize else "",
            "_p" if self.persistent else "",
            "_c%dx%d" % self.cluster if self.cluster != (1, 1) else "",
            "" if self.empty_barrier else "_ctabar") + (
            "_d" if self.dynamic else "") + (
            "_g%d" % self.group_m if self.group_m != 8 else "") + (
            "_%s_%s" % (self.dtype, self.out)
            if (self.dtype, self.out) != ("f16", "f16") else "") + (
            "_sk%d" % self.split_k if self.split_k > 1 else "")

    @property
    def cw(self):
        """Columns of one 128-B column block of the C tile."""
        return 128 // self.obytes

    @property
    def cparts(self):
        """Column parts the epilogue stores the C tile in: 1, or 2 (4) where
        the whole C tile does not fit beside the stages (4 stages of
        128x256; an f32 or s32 C tile), through a C buffer half (a quarter)
        the size."""
        ring = (self.bm + self.bn) * TILE_K_BYTES * self.stages
        whole = self.bm * self.bn * self.obytes
        blocks, parts = self.bn // self.cw, 1
        while ring + whole // parts > SMEM_BYTES and blocks % (2 * parts) == 0:
            parts *= 2
        return parts

    def smem_bytes(self):
        return ((self.bm + self.bn) * TILE_K_BYTES * self.stages
                + self.bm * self.bn * self.obytes // self.cparts)


def mref(shape, layout=None, space=None, elem="f16"):
    text = "memref<" + "".join("%dx" % d for d in shape) + elem
    if layout:
        text += ", " + layout
    if space:
        text += ", " + space
    return text + ">"


def acc_type(g):
    """The accumulators of one thread: m64nBN f32 (s32) is BN / 2
    registers."""
    return "!llvm.struct<(%s)>" % ", ".join(
        ["i32" if g.acc == "s32" else "f32"] * (g.bn // 2))


def emit(g):
    """The module: the kernel `gemm` in gpu.module @kernels."""
    L = ["// C = A @ B^T, %d x %d x %d, %s in, %s accumulation, %s out; "
         "tile %d x %d x %d, %d stages%s." % (
             g.m, g.n, g.k, g.dtype, g.acc, g.out, g.bm, g.bn, g.bk, g.stages,
             "; K in %d slices added into C (zero it first)" % g.split_k
             if g.split_k > 1 else ""),
         "// Launch: grid %s, block %d, cluster %d x %d, %d B of shared "
         "memory." % (" x ".join(map(str, g.grid)), g.launch_threads,
                      *g.cluster, g.smem_bytes()),
         "!acc = %s" % acc_type(g),
         "module attributes {gpu.container_module} {",
         "gpu.module @kernels {"]
    L += kernel(g)
    L += ["}", "}"]
    return "\n".join(L) + "\n"


def kernel(g, name="gemm", acc="!acc"):
    """The lines of the gpu.func `name`; `acc` spells the accumulator type
    (the alias `emit` defines, or the type itself)."""
    ga = mref([g.m, g.k], elem=g.elem)
    gb = mref([g.n, g.k], elem=g.elem)
    gc = mref([g.m, g.n], elem=g.out_elem)
    sa = mref([g.bm, g.bk], None, WG, g.elem)
    sb = mref([g.bn, g.bk], None, WG, g.elem)
    cblocks = g.bn // g.cw  # 128-B column blocks of the C tile
    # The C buffer holds one of the tile's `cparts` column parts.
    pblocks = cblocks // g.cparts
    sc = mref([pblocks, g.bm, g.cw], None, WG, g.out_elem)
    cx, cy = g.cluster
    # Cluster-sized super tiles, rasterised in groups of `group_m` rows.
    super_m, super_n = g.super_m, g.super_n
    ktiles = ceil_div(g.k, g.bk)
    L = []
    e = L.append
    e("gpu.func @%s(%%A: %s, %%B: %s, %%C: %s)" % (name, ga, gb, gc))
    e("    workgroup(%%sa : %s, %%sb : %s, %%sc : %s) kernel" % (sa, sb, sc))
    attrs = "known_block_size = array<i32: %d, 1, 1>" % g.threads
    if g.cluster != (1, 1):
        attrs += ", known_cluster_size = array<i32: %d, %d, 1>" % (cx, cy)
    e("    attributes {%s} {" % attrs)
    for c in sorted({0, 1, 2, 4, 8, 16, 32, 64, 128, g.bm, g.bn, g.group_m,
                     *(g.cw * pblocks * p for p in range(g.cparts)),
                     *range(cblocks), cx, cy, super_m, g.group_m * super_n,
                     ktiles if g.split_k == 1 else g.kslice, g.bk,
                     *((g.super_tiles, g.clusters) if g.persistent else ())}):
        e("  %%c%d = arith.constant %d : index" % (c, c))
    e("  %false = arith.constant false")
    e("  %true = arith.constant true")
    # Grouped rasterisation of the super tiles: `group_m` rows at a time,
    # down the rows first, so that a wave of CTAs reuses A and B panels
    # from L2. The CTA's place in its cluster picks its tile in the super
    # tile. A persistent kernel walks the super tiles from its cluster's,
    # grid-stride; the ops of one tile are then indented in that loop.
    e("  %bx = gpu.block_id x")
    e("  %by = gpu.block_id y")
    e("  %%rx = arith.remui %%bx, %%c%d : index" % cx)
    e("  %%ry = arith.remui %%by, %%c%d : index" % cy)
    if g.split_k > 1:
        # Grid z picks the slice of K tiles.
        e("  %bz = gpu.block_id z")
        e("  %%kbase = arith.muli %%bz, %%c%d : index" % g.kslice)
    # Each warpgroup owns 64 rows of the tile.
    e("  %tid = gpu.thread_id x")
    e("  %wg = arith.divui %tid, %c128 : index")
    e("  %wrow = arith.muli %wg, %c64 : index")
    e("  %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
    e("  asynccopy.barrier.init %bar, 2 : !asynccopy.barrier<1>")
    if g.persistent and g.dynamic:
        # Over clusters (or CTAs), as the dynamic schedule wants them.
        if cx * cy > 1:
            e("  %cluster = gpu.cluster_id x")
            e("  %clusters = gpu.cluster_dim x")
        else:
            e("  %cluster = gpu.block_id x")
            e("  %clusters = gpu.grid_dim x")
        e("  %%tiles:1 = scf.for %%bid = %%cluster to %%c%d step %%clusters "
          "iter_args(%%ph0 = %%false) -> (i1) {" % g.super_tiles)
        pad = "  "
    elif g.persistent:
        e("  %%cluster = arith.divui %%bx, %%c%d : index" % cx)
        e("  %%tiles:1 = scf.for %%bid = %%cluster to %%c%d step %%c%d "
          "iter_args(%%ph0 = %%false) -> (i1) {" % (g.super_tiles, g.clusters))
        pad = "  "
    else:
        e("  %%sx = arith.divui %%bx, %%c%d : index" % cx)
        e("  %%sy = arith.divui %%by, %%c%d : index" % cy)
        e("  %%sline = arith.muli %%sy, %%c%d : index" % super_m)
        e("  %bid = arith.addi %sline, %sx : index")
        pad = ""
    tile_start = len(L)
    e("  %%group = arith.divui %%bid, %%c%d : index" % (g.group_m * super_n))
    e("  %%first_m = arith.muli %%group, %%c%d : index" % g.group_m)
    e("  %%left_m = arith.subi %%c%d, %%first_m : index" % super_m)
    e("  %%group_size = arith.minui %%left_m, %%c%d : index" % g.group_m)
    e("  %%in_group = arith.remui %%bid, %%c%d : index" % (g.group_m * super_n))
    e("  %dm = arith.remui %in_group, %group_size : index")
    e("  %sm = arith.addi %first_m, %dm : index")
    e("  %sn = arith.divui %in_group, %group_size : index")
    e("  %%smc = arith.muli %%sm, %%c%d : index" % cx)
    e("  %pid_m = arith.addi %smc, %rx : index")
    e("  %%snc = arith.muli %%sn, %%c%d : index" % cy)
    e("  %pid_n = arith.addi %snc, %ry : index")
    e("  %%m0 = arith.muli %%pid_m, %%c%d : index" % g.bm)
    e("  %%n0 = arith.muli %%pid_n, %%c%d : index" % g.bn)
    L += main_loop(g, ga, gb, sa, sb)
    L += epilogue(g, gc, sc, pblocks)
    if g.persistent:
        L[tile_start:] = [pad + line for line in L[tile_start:]]
        e("    scf.yield %main#0 : i1")
        e("  }" + (" {asynccopy.pipeline_dynamic_schedule}" if g.dynamic else ""))
    e("  gpu.return")
    e("}")
    return [line.replace("!acc", acc) for line in L]


def main_loop(g, ga, gb, sa, sb):
    """The main loop over the CTA's K tiles (of its slice with split-K),
    with single-buffer semantics; its results are %main#0 (the barrier's
    phase) and %main#1 (the accumulators)."""
    L = []
    e = L.append
    e("  %zero = llvm.mlir.zero : !acc")
    e("  %%main:2 = scf.for %%kt = %%c0 to %%c%d step %%c1 "
      "iter_args(%%ph = %s, %%acc = %%zero) -> (i1, !acc) {"
      % (ceil_div(g.k, g.bk) if g.split_k == 1 else g.kslice,
         "%ph0" if g.persistent else "%false"))
    if g.split_k > 1:
        e("    %kslice = arith.addi %kbase, %kt : index")
        e("    %%k0 = arith.muli %%kslice, %%c%d : index" % g.bk)
    else:
        e("    %%k0 = arith.muli %%kt, %%c%d : index" % g.bk)
    # A is shared by the CTAs of a cluster column, B by those of a row.
    cx, cy = g.cluster
    share_a = ", collective = [#gpu<dim y>]" if cy > 1 else ""
    share_b = ", collective = [#gpu<dim x>]" if cx > 1 else ""
    e("    asynccopy.copy %%A to %%sa window [%%m0, %%k0] [%d, %d] barrier %%bar[%%c0]"
      " {swizzle = 128 : i64%s} : %s to %s" % (g.bm, g.bk, share_a, ga, sa))
    e("    asynccopy.copy %%B to %%sb window [%%n0, %%k0] [%d, %d] barrier %%bar[%%c0]"
      " {swizzle = 128 : i64%s} : %s to %s" % (g.bn, g.bk, share_b, gb, sb))
    e("    asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>")
    e("    nvvm.wgmma.fence.aligned")
    # One wgmma per 32 B of K, on the descriptors of K-step subviews.
    prev = "%acc"
    ks = g.kstep
    for j in range(g.bk // ks):
        va = mref([64, ks], "strided<[%d, 1], offset: ?>" % g.bk, WG, g.elem)
        vb = mref([g.bn, ks], "strided<[%d, 1], offset: %d>" % (g.bk, ks * j), WG,
                  g.elem)
        e("    %%va%d = memref.subview %%sa[%%wrow, %d] [64, %d] [1, 1] : %s to %s"
          % (j, ks * j, ks, sa, va))
        e("    %%vb%d = memref.subview %%sb[0, %d] [%d, %d] [1, 1] : %s to %s"
          % (j, ks * j, g.bn, ks, sb, vb))
        e("    %%da%d = asynccopy.wgmma_descriptor %%va%d major k : %s" % (j, j, va))
        e("    %%db%d = asynccopy.wgmma_descriptor %%vb%d major k : %s" % (j, j, vb))
        e("    %%acc%d = nvvm.wgmma.mma_async %%da%d, %%db%d, %s, "
          "#nvvm.shape<m = 64, n = %d, k = %d>, D [<%s>, <one>], "
          "A [<%s>, <one>, <row>], B [<%s>, <one>, <col>] : !acc -> !acc"
          % (j, j, j, prev, g.bn, ks, g.acc, g.wtype, g.wtype))
        prev = "%%acc%d" % j
    e("    nvvm.wgmma.commit.group.sync.aligned")
    e("    nvvm.wgmma.wait.group.sync.aligned 0")
    # Single-buffer semantics: every warpgroup is done with the tiles
    # before the next iteration's loads overwrite them.
    e("    gpu.barrier")
    e("    %nph = arith.xori %ph, %true : i1")
    e("    scf.yield %%nph, %s : i1, !acc" % prev)
    e("  } {asynccopy.pipeline_stages = %d : i64%s%s%s}" % (
        g.stages,
        ", asynccopy.pipeline_async_consumer" if g.async_consumer else "",
        ", asynccopy.pipeline_empty_barrier" if g.empty_barrier else "",
        ", asynccopy.pipeline_warp_specialize" if g.warp_specialize else ""))
    return L


def epilogue_lanes(g):
    """The rows of a lane's accumulators and what places them in the C
    buffer. Fragment of m64nBN: warp w of the warpgroup, lane l hold rows
    16w + l/4 (+8) and columns 8j + 2(l%4) (+1) in registers 4j .. 4j+3.
    The C tile is stored as the 128-B swizzled column blocks a TMA store
    with swizzle 128 reads: 16-B chunk c of row r sits at chunk c ^ (r % 8),
    and r % 8 = l/4 for every row a lane holds. The 8 columns of j are one
    chunk of 2-B elements (chunk j % 8; the lane's pair at element 2(l%4)
    of it) or two of 4-B ones (chunk 2(j % 4) + (l%4)/2; the pair at
    2(l%2)). So the pair sits at element (c_j ^ key) x (16 B / element)
    + %col2 of its row in the block, c_j the chunk of j's first column and
    key, returned with the lines, l/4 (2-B) or l/4 ^ (l%4)/2 (4-B)."""
    L = []
    e = L.append
    e("  %lane = arith.remui %tid, %c32 : index")
    e("  %warp = arith.divui %tid, %c32 : index")
    e("  %wiw = arith.remui %warp, %c4 : index")
    e("  %w16 = arith.muli %wiw, %c16 : index")
    e("  %l4 = arith.divui %lane, %c4 : index")
    e("  %r0a = arith.addi %wrow, %w16 : index")
    e("  %row0 = arith.addi %r0a, %l4 : index")
    e("  %row1 = arith.addi %row0, %c8 : index")
    e("  %lm = arith.remui %lane, %c4 : index")
    if g.obytes == 2:
        e("  %col2 = arith.muli %lm, %c2 : index")
        e("  %l4i = arith.index_cast %l4 : index to i32")
        return L, "%l4i"
    e("  %lpair = arith.remui %lm, %c2 : index")
    e("  %col2 = arith.muli %lpair, %c2 : index")
    e("  %lchunk = arith.divui %lm, %c2 : index")
    e("  %lkey = arith.xori %l4, %lchunk : index")
    e("  %key = arith.index_cast %lkey : index to i32")
    return L, "%key"


def epilogue(g, gc, sc, pblocks):
    """Converts the accumulators to the C type, stores them into the C
    buffer and the buffer into C (added into it with split-K), one column
    part at a time."""
    L, key = epilogue_lanes(g)
    e = L.append
    groups = pblocks * g.cw // 8  # 8-column groups j of one part
    per_block = g.cw // 8
    chunk_elems = 16 // g.obytes
    vec = "vector<2x%s>" % g.out_elem
    for part in range(g.cparts):
        if part:
            e("  %%n0_%d = arith.addi %%n0, %%c%d : index"
              % (part, g.cw * pblocks * part))
        for j in range(part * groups, (part + 1) * groups):
            block, group = divmod(j - part * groups, per_block)
            # c_j, swizzled, in elements (%sw8_: times those of a chunk).
            e("  %%ch%d = arith.constant %d : i32" % (j, group * g.obytes // 2))
            e("  %%sw%d = arith.xori %%ch%d, %s : i32" % (j, j, key))
            e("  %%swi%d = arith.index_cast %%sw%d : i32 to index" % (j, j))
            e("  %%sw8_%d = arith.muli %%swi%d, %%c%d : index" % (j, j, chunk_elems))
            e("  %%col_%d = arith.addi %%sw8_%d, %%col2 : index" % (j, j))
            for half, row in ((0, "%row0"), (1, "%row1")):
                r = 4 * j + 2 * half
                e("  %%x%d = llvm.extractvalue %%main#1[%d] : !acc" % (r, r))
                e("  %%x%d = llvm.extractvalue %%main#1[%d] : !acc" % (r + 1, r + 1))
                pair = "%%x%d, %%x%d" % (r, r + 1)
                if g.obytes == 2:  # f16 or bf16 from f32
                    e("  %%h%d = arith.truncf %%x%d : f32 to %s" % (r, r, g.out_elem))
                    e("  %%h%d = arith.truncf %%x%d : f32 to %s"
                      % (r + 1, r + 1, g.out_elem))
                    pair = "%%h%d, %%h%d" % (r, r + 1)
                e("  %%v%d = vector.from_elements %s : %s" % (r, pair, vec))
                e("  vector.store %%v%d, %%sc[%%c%d, %s, %%col_%d] : %s, %s"
                  % (r, block, row, j, sc, vec))
        e("  gpu.barrier")
        # With split-K, the partial tile is added into C.
        e("  asynccopy.copy %%sc to %%C window [%%m0, %s] [%d, %d] "
          "{%sswizzle = 128 : i64, transforms = [#asynccopy.tile<[%d, %d]>]} "
          ": %s to %s" % ("%%n0_%d" % part if part else "%n0", g.bm,
                          g.cw * pblocks,
                          "reduction = #asynccopy<reduction add>, "
                          if g.split_k > 1 else "", g.bm, g.cw, sc, gc))
        # Only until the store has read the C buffer: its writes to C drain
        # while the CTA exits (or the next part or tile is computed), and the
        # buffer's next writes find it read (the wait ends with a CTA
        # barrier).
        e("  asynccopy.wait_group bulk 0 {read}")
    return L


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("m", type=int)
    p.add_argument("n", type=int)
    p.add_argument("k", type=int)
    p.add_argument("--bm", type=int, default=128)
    p.add_argument("--bn", type=int, default=256)
    p.add_argument("--stages", type=int, default=3)
    p.add_argument("--group-m", type=int, default=8)
    p.add_argument("--sync-consumer", action="store_true")
    p.add_argument("--cta-release", action="store_true",
                   help="release stages at a CTA barrier, not per warp")
    p.add_argument("--ws", action="store_true",
                   help="a producer warpgroup issues the loads")
    p.add_argument("--persistent", type=int, default=0, metavar="SMS",
                   help="a persistent kernel for this many SMs")
    p.add_argument("--dynamic", action="store_true",
                   help="with --persistent: claim the tiles from a counter "
                        "(passed by the package's launcher, or by launches "
                        "in the module)")
    p.add_argument("--cluster", type=int, nargs=2, default=(1, 1),
                   metavar=("CX", "CY"))
    p.add_argument("--dtype", choices=sorted(DTYPES), default="f16",
                   help="type of A and B (default f16)")
    p.add_argument("--out", choices=sorted(OUTS),
                   help="type of C (default: f16, bf16, bf16, f32, s32 for "
                        "f16, bf16, e4m3, tf32, i8 in)")
    p.add_argument("--split-k", type=int, default=1, metavar="S",
                   help="cut K into S slices, each added into C (zeroed by "
                        "the caller) by a TMA reduction; needs --out f32")
    a = p.parse_args()
    try:
        g = Gemm(a.m, a.n, a.k, a.bm, a.bn, a.stages, a.group_m,
                 not a.sync_consumer, a.cluster, a.ws, a.persistent,
                 not a.cta_release, a.dynamic, a.dtype, a.out, a.split_k)
    except ValueError as exc:
        p.error(str(exc))
    print(emit(g), end="")


if __name__ == "__main__":
    main()
