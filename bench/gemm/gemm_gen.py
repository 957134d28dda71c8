#!/usr/bin/env python3
"""The GEMM kernel of bench/gemm, written as a compiler author would emit it
for asynccopy: C = A @ B^T with A (M x K) and B (N x K) row-major (both
operands K-major, as `torch.matmul(a, b.t())` reads them), f16 by default,
f32 accumulation, f16 C. Either operand may instead be MN-major (below).

Types (`--dtype` for A and B, `--out` for C; the first C type is the
default), as wgmma takes them (K-major; f16 and bf16 also MN-major):

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

MN-major operands (`--a-major mn`, `--b-major mn`; f16 and bf16 only:
wgmma transposes only 16-bit operands, others are an error): A stored
K x M row-major (torch's `a.t().contiguous()` of the M x K A), B stored
K x N (C = A @ B for that B). The K tile of such an operand is the
[BK, BM] ([BK, BN]) window of the K x MN tensor, loaded with the 128-B
swizzle and `transforms = [#asynccopy.tile<[BK, 64]>]` (one TMA box row is
64 elements) into [BM/64, BK, 64] ([BN/64, BK, 64]): 128-B wide columns of
the window one after the other, wgmma's MN-major layout. Each wgmma reads
it through `asynccopy.wgmma_descriptor ... major mn` of the K step's
[*, 16, 64] subview (the warpgroup's column of A, every column of B;
leading byte offset 8 KiB between columns, stride byte offset 1 KiB between
8 K rows) with the layout flag of MN-major (A `<col>`, B `<row>`: wgmma's
imm-trans-a / imm-trans-b). TMA then needs rows of M (N) elements that
are multiples of 16 B (else the per-thread fallback, with a warning).

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

Split-K (`--split-k S`): the K tiles are cut into S slices of
ceil(K tiles / S) (an S that leaves a slice empty is an error; a last slice
past K reads TMA's zeros), the grid gets a z dim of S, and the CTA
(x, y, z) computes slice z's partial C tile in f32 (s32 for i8). The
slices are combined in one of two ways (`--split-mode`):

- `reduce` (the default; only with `--out f32`): every CTA adds its
  partial tile into C with TMA reduction stores
  (`reduction = #asynccopy<reduction add>`). The caller must zero C before
  the launch. The S partial tiles land in C in whatever order the CTAs
  finish: f32 addition is not associative, so results may differ in the
  last bits from run to run.
- `cluster` (deterministic, any C type, C needs no zeroing): the S CTAs of
  one tile form a cluster along z (clusters of CX x CY x S CTAs,
  `known_cluster_size`; CX x CY x S <= 8, else an error; rank of (x, y, z)
  x + CX (y + CY z)), and only the z-rank-0 CTA runs the epilogue. The
  partial tile travels in 128-B column parts (32 f32 columns x BM rows, 16
  KiB at BM = 128) through receive slots `%sr` (S-1 senders, each with as
  many slots as leave the C buffer as large as with one, up to one per
  part, when it need not wait for a slot to be read): a CTA z > 0
  stores part p (same swizzled layout as a 4-byte C buffer) into its own
  copy of its slot (z-1, p mod slots) and sends it into rank 0's with a DSMEM copy
  (`asynccopy.copy ... remote %rank0 barrier %full[slot]`, completing on
  rank 0's barrier stage); rank 0 waits for the slots of part p in the
  order z = 1 .. S-1, adds each to its accumulators (acc0 + acc1 + acc2 +
  ...: the same order, so the same bits, in every run) and acknowledges it
  with one remote arrival on the sender's `%empty` stage of the slot
  (`asynccopy.barrier.remote`, a CTA-scope consumer release), then converts
  the part into the C buffer; the sender waits for the acknowledgement
  before it writes the slot again, and for the last ones before it exits
  (nothing writes into or arrives on a CTA that has left). The barriers
  are initialised before the main loop and published by a cluster barrier.
  The receive slots take (S-1) x 16 KiB at 128 x 256 beside the ring and
  the C buffer (which is halved, ... where needed; an error where even a
  128-B wide one does not fit): 224 KiB at S = 2 (bf16 C, whole) and at
  S = 4 (f32 C, in quarters).

CTAs are rasterised in groups of `group_m` tile rows so that concurrently
running CTAs share A and B panels in L2.

With clusters of CX x CY CTAs (`--cluster CX CY`), the CTAs of a cluster
row compute vertically adjacent tiles and multicast their common B tile
(`collective = [#gpu<dim x>]`), those of a column share A (dim y).

  gemm_gen.py M N K [--bm 128] [--bn 256] [--stages 3] [--group-m 8]
                    [--cluster CX CY] [--sync-consumer] [--ws]
                    [--persistent SMS] [--cta-release]
                    [--dtype f16] [--out f16] [--split-k S]
                    [--split-mode reduce|cluster] [--a-major k|mn]
                    [--b-major k|mn]

prints the module (a gpu.module with the kernel `gemm`, launched with
128 x BM/64 threads (128 more with `--ws`: `asynccopy.pipeline_warp_specialize`
gives the loop a producer warpgroup), a grid of ceil(M/BM) x ceil(N/BN) CTAs rounded up to
whole clusters (x S with `--split-k S`), and the cluster (x S with
`--split-mode cluster`)).
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
                 dtype="f16", out=None, split_k=1, split_mode="reduce",
                 a_major="k", b_major="k", max_slots=None):
        assert bm % 64 == 0 and bn % 64 == 0 and 8 <= bn <= 256
        self.m, self.n, self.k = m, n, k
        self.set_types(dtype, out or OUT_TYPES[dtype][0])
        self.set_majors(a_major, b_major)
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
        self.max_slots = max_slots
        self.set_split_k(split_k, split_mode, max_slots)

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

    def set_majors(self, a_major, b_major):
        """A and B K-major ("k": A M x K, B N x K in GMEM) or MN-major
        ("mn": A K x M, B K x N), as wgmma reads them from SMEM (MN-major:
        transposed, 16-bit types only)."""
        for name, major in (("a", a_major), ("b", b_major)):
            if major not in ("k", "mn"):
                raise ValueError("--%s-major is k or mn, not %s" % (name, major))
            if major == "mn" and self.ebytes != 2:
                raise ValueError(
                    "--%s-major mn needs --dtype f16 or bf16: wgmma reads "
                    "only 16-bit operands MN-major (transposed), not %s"
                    % (name, self.dtype))
        self.a_major, self.b_major = a_major, b_major

    def set_split_k(self, split_k, split_mode="reduce", max_slots=None):
        """K cut into `split_k` slices of `kslice` tiles, one per grid z:
        each added into C by a TMA reduction (`split_mode` "reduce"), or
        summed in a fixed order in the z-rank-0 CTA of a cluster along z
        ("cluster"; at most `max_slots` receive slots per sender)."""
        if split_mode not in ("reduce", "cluster"):
            raise ValueError("--split-mode is reduce or cluster, not %s"
                             % split_mode)
        ktiles = ceil_div(self.k, self.bk)
        self.split_k = split_k
        self.split_mode = split_mode if split_k > 1 else "reduce"
        self.kslice = ceil_div(ktiles, split_k)
        # Receive slots of each sender (cluster split-K).
        self.slots = 0
        if split_k == 1:
            return
        if split_mode == "reduce" and (self.out != "f32" or self.persistent):
            raise ValueError("--split-k needs --out f32 and no --persistent")
        if split_mode == "cluster":
            cx, cy = self.cluster
            if self.persistent:
                raise ValueError("--split-mode cluster needs no --persistent")
            if cx * cy * split_k > 8:
                raise ValueError(
                    "--split-k %d --split-mode cluster: a cluster of %d x %d "
                    "x %d = %d CTAs, at most 8" % (
                        split_k, cx, cy, split_k, cx * cy * split_k))
        if (split_k - 1) * self.kslice >= ktiles:
            raise ValueError("--split-k %d leaves a slice of the %d K tiles "
                             "empty" % (split_k, ktiles))
        if split_mode == "cluster":
            # As many receive slots per sender as leave the C buffer as it
            # is with one, up to one per part (then a sender sends its whole
            # partial tile without waiting for a slot to be read). (Where
            # even one does not fit, smem_bytes() says so: smem_error.)
            self.slots = 1
            cbuf = self.cbuf_bytes
            if max_slots is not None and max_slots < 1:
                raise ValueError("--max-slots is at least 1, not %d" % max_slots)
            for slots in range(min(self.parts, max_slots or self.parts), 1, -1):
                self.slots = slots
                if (self.ring_bytes + self.exchange_bytes + cbuf <= SMEM_BYTES
                        and self.cbuf_bytes == cbuf):
                    break
                self.slots = 1
        self.grid = self.grid + (split_k,)

    @property
    def cluster_dims(self):
        """The launch's cluster: (cx, cy), or (cx, cy, S) with cluster
        split-K."""
        if self.split_mode == "cluster":
            return self.cluster + (self.split_k,)
        return self.cluster

    @property
    def parts(self):
        """Cluster split-K: the f32 (s32) partial tile travels in `parts`
        column parts of 128 B (32 columns) x BM rows, one receive slot
        each."""
        return self.bn // 32

    @property
    def slot_bytes(self):
        return self.bm * 128

    @property
    def exchange_bytes(self):
        """SMEM of the receive slots: `slots` per sender (split_k - 1)."""
        return self.slot_bytes * self.slots * (self.split_k - 1)

    @property
    def ring_bytes(self):
        return (self.bm + self.bn) * TILE_K_BYTES * self.stages

    @property
    def cbuf_bytes(self):
        return self.bm * self.bn * self.obytes // self.cparts

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
            "_sk%s%d" % ("c" if self.split_mode == "cluster" else "",
                         self.split_k) if self.split_k > 1 else "") + (
            "_r%d" % self.slots if self.max_slots else "") + (
            "_amn" if self.a_major == "mn" else "") + (
            "_bmn" if self.b_major == "mn" else "")

    @property
    def cw(self):
        """Columns of one 128-B column block of the C tile."""
        return 128 // self.obytes

    @property
    def cparts(self):
        """Column parts the epilogue stores the C tile in: 1, or 2 (4) where
        the whole C tile does not fit beside the stages (4 stages of
        128x256; an f32 or s32 C tile) and the receive slots of cluster
        split-K, through a C buffer half (a quarter, ...) the size."""
        ring = self.ring_bytes + self.exchange_bytes
        whole = self.bm * self.bn * self.obytes
        blocks, parts = self.bn // self.cw, 1
        while ring + whole // parts > SMEM_BYTES and blocks % (2 * parts) == 0:
            parts *= 2
        return parts

    def smem_bytes(self):
        return self.ring_bytes + self.cbuf_bytes + self.exchange_bytes

    def smem_error(self):
        """Why the cluster split-K kernel does not fit in SMEM, or None
        (the other kernels leave that to the compiler's error)."""
        if self.split_mode != "cluster" or self.smem_bytes() <= SMEM_BYTES:
            return None
        return ("--split-k %d --split-mode cluster: %d stages of %dx%d (%d B), "
                "%d receive slots of %d B and a C buffer of %d B do not fit "
                "in %d B of SMEM" % (
                    self.split_k, self.stages, self.bm, self.bn,
                    self.ring_bytes, self.split_k - 1, self.slot_bytes,
                    self.cbuf_bytes, SMEM_BYTES))


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
    if g.split_mode == "cluster":
        split = ("; K in %d slices, summed in order in z-rank 0 of each "
                 "cluster (%d B receive slots)" % (g.split_k, g.exchange_bytes))
    else:
        split = ("; K in %d slices added into C (zero it first)" % g.split_k
                 if g.split_k > 1 else "")
    majors = "".join("; %s stored %s (MN-major)" % (x, shape) for x, shape, mj in (
        ("A", "K x M", g.a_major), ("B", "K x N", g.b_major)) if mj == "mn")
    L = ["// C = A @ B^T, %d x %d x %d, %s in, %s accumulation, %s out; "
         "tile %d x %d x %d, %d stages%s%s." % (
             g.m, g.n, g.k, g.dtype, g.acc, g.out, g.bm, g.bn, g.bk, g.stages,
             split, majors),
         "// Launch: grid %s, block %d, cluster %s, %d B of shared "
         "memory." % (" x ".join(map(str, g.grid)), g.launch_threads,
                      " x ".join(map(str, g.cluster_dims)), g.smem_bytes()),
         "!acc = %s" % acc_type(g),
         "module attributes {gpu.container_module} {",
         "gpu.module @kernels {"]
    L += kernel(g)
    L += ["}", "}"]
    return "\n".join(L) + "\n"


def kernel(g, name="gemm", acc="!acc"):
    """The lines of the gpu.func `name`; `acc` spells the accumulator type
    (the alias `emit` defines, or the type itself)."""
    ga = mref([g.k, g.m] if g.a_major == "mn" else [g.m, g.k], elem=g.elem)
    gb = mref([g.k, g.n] if g.b_major == "mn" else [g.n, g.k], elem=g.elem)
    gc = mref([g.m, g.n], elem=g.out_elem)
    # An MN-major tile: 128-B (64-element) wide columns of the K x MN
    # window, one after the other, as TMA writes them with the tile
    # transform (wgmma's MN-major layout with the 128-B swizzle).
    sa = mref([g.bm // 64, g.bk, 64] if g.a_major == "mn" else [g.bm, g.bk],
              None, WG, g.elem)
    sb = mref([g.bn // 64, g.bk, 64] if g.b_major == "mn" else [g.bn, g.bk],
              None, WG, g.elem)
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
    cluster_split = g.split_mode == "cluster"
    if cluster_split:
        e("    workgroup(%%sa : %s, %%sb : %s, %%sc : %s, %%sr : %s) kernel"
          % (sa, sb, sc, slot_type(g)))
    else:
        e("    workgroup(%%sa : %s, %%sb : %s, %%sc : %s) kernel" % (sa, sb, sc))
    attrs = "known_block_size = array<i32: %d, 1, 1>" % g.threads
    if cluster_split:
        attrs += ", known_cluster_size = array<i32: %d, %d, %d>" % (
            cx, cy, g.split_k)
    elif g.cluster != (1, 1):
        attrs += ", known_cluster_size = array<i32: %d, %d, 1>" % (cx, cy)
    e("    attributes {%s} {" % attrs)
    for c in sorted({0, 1, 2, 4, 8, 16, 32, 64, 128, g.bm, g.bn, g.group_m,
                     *(g.cw * pblocks * p for p in range(g.cparts)),
                     *range(cblocks), cx, cy, super_m, g.group_m * super_n,
                     ktiles if g.split_k == 1 else g.kslice, g.bk,
                     *((g.super_tiles, g.clusters) if g.persistent else ()),
                     *(range(g.slots * (g.split_k - 1) + 1) if cluster_split
                       else ())}):
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
    if cluster_split:
        L += exchange_barriers(g)
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
    if cluster_split:
        L += exchange(g, gc, sc, pblocks)
    else:
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
    for op, buf, g_, s_, mn0, rows, share, major in (
            ("%A", "%sa", ga, sa, "%m0", g.bm, share_a, g.a_major),
            ("%B", "%sb", gb, sb, "%n0", g.bn, share_b, g.b_major)):
        if major == "mn":
            e("    asynccopy.copy %s to %s window [%%k0, %s] [%d, %d] barrier "
              "%%bar[%%c0] {swizzle = 128 : i64, transforms = "
              "[#asynccopy.tile<[%d, 64]>]%s} : %s to %s"
              % (op, buf, mn0, g.bk, rows, g.bk, share, g_, s_))
        else:
            e("    asynccopy.copy %s to %s window [%s, %%k0] [%d, %d] barrier "
              "%%bar[%%c0] {swizzle = 128 : i64%s} : %s to %s"
              % (op, buf, mn0, rows, g.bk, share, g_, s_))
    e("    asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>")
    e("    nvvm.wgmma.fence.aligned")
    # One wgmma per 32 B of K, on the descriptors of K-step subviews.
    prev = "%acc"
    ks = g.kstep
    for j in range(g.bk // ks):
        if g.a_major == "mn":
            # The warpgroup's 64 rows are one 128-B column of the tile.
            va = mref([1, ks, 64], "strided<[%d, 64, 1], offset: ?>"
                      % (g.bk * 64), WG, g.elem)
            e("    %%va%d = memref.subview %%sa[%%wg, %d, 0] [1, %d, 64] "
              "[1, 1, 1] : %s to %s" % (j, ks * j, ks, sa, va))
        else:
            va = mref([64, ks], "strided<[%d, 1], offset: ?>" % g.bk, WG,
                      g.elem)
            e("    %%va%d = memref.subview %%sa[%%wrow, %d] [64, %d] [1, 1] "
              ": %s to %s" % (j, ks * j, ks, sa, va))
        if g.b_major == "mn":
            vb = mref([g.bn // 64, ks, 64], "strided<[%d, 64, 1], offset: %d>"
                      % (g.bk * 64, ks * j * 64), WG, g.elem)
            e("    %%vb%d = memref.subview %%sb[0, %d, 0] [%d, %d, 64] "
              "[1, 1, 1] : %s to %s" % (j, ks * j, g.bn // 64, ks, sb, vb))
        else:
            vb = mref([g.bn, ks], "strided<[%d, 1], offset: %d>"
                      % (g.bk, ks * j), WG, g.elem)
            e("    %%vb%d = memref.subview %%sb[0, %d] [%d, %d] [1, 1] : %s to %s"
              % (j, ks * j, g.bn, ks, sb, vb))
        e("    %%da%d = asynccopy.wgmma_descriptor %%va%d major %s : %s"
          % (j, j, g.a_major, va))
        e("    %%db%d = asynccopy.wgmma_descriptor %%vb%d major %s : %s"
          % (j, j, g.b_major, vb))
        e("    %%acc%d = nvvm.wgmma.mma_async %%da%d, %%db%d, %s, "
          "#nvvm.shape<m = 64, n = %d, k = %d>, D [<%s>, <one>], "
          "A [<%s>, <one>, <%s>], B [<%s>, <one>, <%s>] : !acc -> !acc"
          % (j, j, j, prev, g.bn, ks, g.acc, g.wtype,
             "col" if g.a_major == "mn" else "row", g.wtype,
             "row" if g.b_major == "mn" else "col"))
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
    four_byte_key(e, "%col2", "%lkey")
    e("  %key = arith.index_cast %lkey : index to i32")
    return L, "%key"


def four_byte_key(e, col2, key):
    """Defines `col2`, the element of a lane's pair in its 16-B chunk of a
    4-byte buffer in the 128-B swizzled layout, 2 (l%2), and `key`,
    l/4 ^ (l%4)/2, with which a column group's chunk is XORed (index
    values; see epilogue_lanes)."""
    p = key.lstrip("%")
    e("  %%%s_pair = arith.remui %%lm, %%c2 : index" % p)
    e("  %s = arith.muli %%%s_pair, %%c2 : index" % (col2, p))
    e("  %%%s_chunk = arith.divui %%lm, %%c2 : index" % p)
    e("  %s = arith.xori %%l4, %%%s_chunk : index" % (key, p))


def parity(n):
    """The i1 constant of phase parity n % 2."""
    return "%true" if n % 2 else "%false"


def epilogue(g, gc, sc, pblocks, receive=None):
    """Converts the accumulators to the C type, stores them into the C
    buffer and the buffer into C (added into it with split-K), one column
    part at a time. With `receive` (cluster split-K; epilogue_lanes are
    then emitted already): receive(p) returns the lines that sum 128-B f32
    column part p of the accumulators (column groups j = 4p .. 4p+3) and a
    dict of their sums, one vector<2x> value per even register r (r and
    r+1), which the C buffer gets instead of the main loop's accumulators:
    right where they are final, so that the sums stay few and short-lived."""
    L, key = epilogue_lanes(g)
    pairs = None
    if receive:
        L = []
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
            if receive and j % 4 == 0:
                lines, pairs = receive(j // 4)
                L += lines
            # c_j, swizzled, in elements (%sw8_: times those of a chunk).
            e("  %%ch%d = arith.constant %d : i32" % (j, group * g.obytes // 2))
            e("  %%sw%d = arith.xori %%ch%d, %s : i32" % (j, j, key))
            e("  %%swi%d = arith.index_cast %%sw%d : i32 to index" % (j, j))
            e("  %%sw8_%d = arith.muli %%swi%d, %%c%d : index" % (j, j, chunk_elems))
            e("  %%col_%d = arith.addi %%sw8_%d, %%col2 : index" % (j, j))
            for half, row in ((0, "%row0"), (1, "%row1")):
                r = 4 * j + 2 * half
                if pairs:
                    v = pairs[r]
                    if g.obytes == 2:
                        e("  %%h%d = arith.truncf %s : vector<2xf32> to %s"
                          % (r, v, vec))
                        v = "%%h%d" % r
                    e("  vector.store %s, %%sc[%%c%d, %s, %%col_%d] : %s, %s"
                      % (v, block, row, j, sc, vec))
                    continue
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
                          if g.split_k > 1 and g.split_mode == "reduce"
                          else "", g.bm, g.cw, sc, gc))
        # Only until the store has read the C buffer: its writes to C drain
        # while the CTA exits (or the next part or tile is computed), and the
        # buffer's next writes find it read (the wait ends with a CTA
        # barrier).
        e("  asynccopy.wait_group bulk 0 {read}")
    return L


def slot_type(g):
    """The receive slots of cluster split-K: `slots` per sender, each one
    128-B column part (32 f32 or s32 columns) of BM rows of the partial
    tile, swizzled as the epilogue's 4-byte C buffer."""
    return mref([g.slots * (g.split_k - 1), g.bm, 32], None, WG,
                "i32" if g.acc == "s32" else "f32")


def exchange_barriers(g):
    """Cluster split-K: the barriers of the exchange, initialised with the
    main loop's and published to the cluster before the loop: %full (in
    rank 0: one stage per receive slot, completed by the sender's DSMEM
    copy) and %empty (in a sender: one stage per slot, one arrival of rank
    0 once it has read the slot)."""
    n = g.slots * (g.split_k - 1)
    return [
        "  %%full = asynccopy.barrier.alloc : !asynccopy.barrier<%d>" % n,
        "  asynccopy.barrier.init %%full, 1 : !asynccopy.barrier<%d>" % n,
        "  %%empty = asynccopy.barrier.alloc : !asynccopy.barrier<%d>" % g.slots,
        "  asynccopy.barrier.init %%empty, 1 : !asynccopy.barrier<%d>" % g.slots,
        "  // Every CTA's barriers are initialised before a peer uses them.",
        "  nvvm.cluster.arrive",
        "  nvvm.cluster.wait"]


def exchange(g, gc, sc, pblocks):
    """Cluster split-K after the main loop: the CTAs z > 0 of the cluster's
    z dim send their partial tiles, one 128-B column part p at a time, into
    slot (z-1) x slots + p % slots of the z-rank-0 CTA (a DSMEM copy from
    the sender's own copy of that slot, completing on rank 0's %full stage
    of the slot); rank 0 waits for each slot in the order z = 1 .. S-1,
    adds it to its accumulators (acc0 + acc1 + acc2 ...: the same order in
    every run) and arrives on the sender's %empty stage of the slot, which
    the sender waits for before it writes the slot again, and for the last
    `slots` parts before it exits (no peer writes into or arrives on a CTA
    that has left). Rank 0 alone runs the epilogue, each part received
    right before the C buffer takes it."""
    L = epilogue_lanes(g)[0]
    e = L.append
    R, S, P = g.slots, g.split_k, g.parts
    st = slot_type(g)
    el = "i32" if g.acc == "s32" else "f32"
    vec = "vector<2x%s>" % el
    add = "arith.addi" if g.acc == "s32" else "arith.addf"
    fb = "!asynccopy.barrier<%d>" % (R * (S - 1))
    eb = "!asynccopy.barrier<%d>" % R
    cx, cy = g.cluster
    # The slot's 4-byte swizzled layout (epilogue_lanes with 4-B elements):
    # the pair of column group j (8 columns) at element
    # ((2 (j % 4)) ^ l/4 ^ (l%4)/2) x 4 + 2 (l%2) of its row. A 4-byte C
    # buffer's lanes already have the key.
    col2, key = "%col2", "%lkey"
    if g.obytes != 4:
        col2, key = "%xpcol", "%xkey"
        four_byte_key(e, col2, key)
    for q in range(4):
        e("  %%xch%d = arith.constant %d : index" % (q, 2 * q))
        e("  %%xsw%d = arith.xori %%xch%d, %s : index" % (q, q, key))
        e("  %%xsw4_%d = arith.muli %%xsw%d, %%c4 : index" % (q, q))
        e("  %%xcol%d = arith.addi %%xsw4_%d, %s : index" % (q, q, col2))
    # Rank of the CTA (x, y, z) in the cluster: x + cx (y + cy z).
    e("  %%rank0y = arith.muli %%ry, %%c%d : index" % cx)
    e("  %rank0 = arith.addi %rx, %rank0y : index")
    e("  %rank0i = arith.index_cast %rank0 : index to i32")
    e("  %is_rank0 = arith.cmpi eq, %bz, %c0 : index")

    def pair_of(r, e=e, pad="    "):
        """Registers r and r+1 of the partial accumulators, as a vector."""
        a = "%%xa%d" % r
        e("%s%%xe%d = llvm.extractvalue %%main#1[%d] : !acc" % (pad, r, r))
        e("%s%%xe%d = llvm.extractvalue %%main#1[%d] : !acc"
          % (pad, r + 1, r + 1))
        e("%s%s = vector.from_elements %%xe%d, %%xe%d : %s"
          % (pad, a, r, r + 1, vec))
        return a

    def frags(p):
        """(register r, row, column q) of the part p's pairs."""
        for j in range(4 * p, 4 * p + 4):
            for half, row in ((0, "%row0"), (1, "%row1")):
                yield 4 * j + 2 * half, row, j % 4

    # Rank 0: the epilogue, each 128-B part received, added and released
    # right before the C buffer takes it.
    e("  scf.if %is_rank0 {")
    e("    %tid0 = arith.cmpi eq, %tid, %c0 : index")
    for z in range(1, S):
        e("    %%xdz%d = arith.constant %d : i32" % (z, z * cx * cy))
        e("    %%rank%d = arith.addi %%rank0i, %%xdz%d : i32" % (z, z))
        e("    %%er%d = asynccopy.barrier.remote %%empty, %%rank%d : %s -> "
          "!asynccopy.barrier<%d, remote>" % (z, z, eb, R))

    def receive(p):
        lines = []
        r_ = lines.append
        r = p % R
        pairs = {}
        for reg, row, q in frags(p):
            pairs[reg] = pair_of(reg, r_, "  ")
        for z in range(1, S):
            slot = (z - 1) * R + r
            r_("  asynccopy.barrier.wait %%full[%%c%d], %s : %s"
               % (slot, parity(p // R), fb))
            for reg, row, q in frags(p):
                v = "%%xl%d_%d" % (z, reg)
                r_("  %s = vector.load %%sr[%%c%d, %s, %%xcol%d] : %s, %s"
                   % (v, slot, row, q, st, vec))
                s = "%%xs%d_%d" % (z, reg)
                r_("  %s = %s %s, %s : %s" % (s, add, pairs[reg], v, vec))
                pairs[reg] = s
            if p + R < P:
                # The sender writes this slot again: its reads are done.
                r_("  asynccopy.fence_async_shared")
                r_("  gpu.barrier")
            r_("  scf.if %tid0 {")
            r_("    asynccopy.barrier.arrive %%er%d[%%c%d] "
               "{asynccopy.cta_release} : !asynccopy.barrier<%d, remote>"
               % (z, r, R))
            r_("  }")
        return lines, pairs
    body = epilogue(g, gc, sc, pblocks, receive=receive)
    L += ["  " + line for line in body]
    e("  } else {")
    # A sender: its slots (the same offset as rank 0's) hold its parts.
    e("    %xz1 = arith.subi %bz, %c1 : index")
    if R > 1:
        e("    %%xslot0 = arith.muli %%xz1, %%c%d : index" % R)
        for r in range(1, R):
            e("    %%xslot%d = arith.addi %%xslot0, %%c%d : index" % (r, r))
    else:
        e("    %xslot0 = arith.addi %xz1, %c0 : index")
    rank0_view = "memref<1x%dx32x%s, strided<[%d, 32, 1], offset: ?>, %s>" % (
        g.bm, el, g.bm * 32, WG)
    for p in range(P):
        r = p % R
        if p >= R:
            # Rank 0 has read the part before in this slot (and so the
            # copy that brought it has read the slot here).
            e("    asynccopy.barrier.wait %%empty[%%c%d], %s : %s"
              % (r, parity(p // R - 1), eb))
            e("    asynccopy.fence_async_shared")
        for reg, row, q in frags(p):
            a = pair_of(reg)
            e("    vector.store %s, %%sr[%%xslot%d, %s, %%xcol%d] : %s, %s"
              % (a, r, row, q, st, vec))
        e("    gpu.barrier")
        e("    %%xv%d = memref.subview %%sr[%%xslot%d, 0, 0] [1, %d, 32] "
          "[1, 1, 1] : %s to %s" % (p, r, g.bm, st, rank0_view))
        e("    asynccopy.copy %%xv%d to %%xv%d remote %%rank0i barrier "
          "%%full[%%xslot%d] : %s to %s" % (p, p, r, rank0_view, rank0_view))
    for p in range(max(0, P - R), P):
        e("    asynccopy.barrier.wait %%empty[%%c%d], %s : %s"
          % (p % R, parity(p // R), eb))
    e("  }")
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
                   help="cut K into S slices (grid z): with --split-mode "
                        "reduce, each added into C (zeroed by the caller) by "
                        "a TMA reduction (needs --out f32); with cluster, "
                        "summed in a fixed order in the z-rank-0 CTA of a "
                        "cluster of CX x CY x S CTAs (at most 8) through "
                        "DSMEM")
    p.add_argument("--a-major", choices=("k", "mn"), default="k",
                   help="A stored M x K (k, default) or K x M (mn; f16 and "
                        "bf16 only)")
    p.add_argument("--b-major", choices=("k", "mn"), default="k",
                   help="B stored N x K (k, default: C = A B^T) or K x N "
                        "(mn: C = A B; f16 and bf16 only)")
    p.add_argument("--split-mode", choices=("reduce", "cluster"),
                   default="reduce",
                   help="how the K slices of --split-k are combined "
                        "(default reduce: non-deterministic)")
    p.add_argument("--max-slots", type=int, metavar="R",
                   help="with --split-mode cluster: at most R receive slots "
                        "per sender (default: as many as fit, up to one per "
                        "128-B part; the kernel's name then ends in _rR)")
    a = p.parse_args()
    try:
        g = Gemm(a.m, a.n, a.k, a.bm, a.bn, a.stages, a.group_m,
                 not a.sync_consumer, a.cluster, a.ws, a.persistent,
                 not a.cta_release, a.dynamic, a.dtype, a.out, a.split_k,
                 a.split_mode, a.a_major, a.b_major, a.max_slots)
    except ValueError as exc:
        p.error(str(exc))
    if g.smem_error():
        p.error(g.smem_error())
    print(emit(g), end="")


if __name__ == "__main__":
    main()
