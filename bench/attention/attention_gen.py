#!/usr/bin/env python3
"""The attention forward kernel of bench/attention, written as a compiler
author would emit it for asynccopy: O = softmax(Q K^T * scale) V and the
log-sum-exp of each row, f16 or bf16 in and out, f32 accumulation and LSE.

Q, O are (B * H, S, D) and K, V (B * HKV, S, D) row-major (torch's
(B, H, S, D) layout, contiguous): query head h of batch b reads K/V head
b * HKV + h / (H / HKV) (GQA). One CTA computes BM = 128 query rows of one
head with two consumer warpgroups of 64 rows each:

- Q's tile is TMA-loaded once (128-B swizzle, head dim cut into 64-element
  columns by a `#asynccopy.tile` transform);
- the loop over key blocks of BN rows is written with single-buffer
  semantics: it TMA-loads K's and V's tiles into one buffer each, on a
  barrier each, waits for K, computes S = Q K^T with `nvvm.wgmma.mma_async`
  (both K-major, from SMEM), takes the online softmax of S in registers
  (scaled by scale * log2(e), exp2, running max and sum per row), turns P
  into the A fragments of a register-A wgmma without moving data (the
  m64nBN accumulator is, 16 columns at a time, the A fragment of m64nDk16),
  waits for V and computes O = O * alpha + P V with
  `asynccopy.wgmma_register_a` (V is MN-major: head dim contiguous).
  `asynccopy.pipeline_stages` turns the buffers into a ring;
- causal masking: a CTA visits the key blocks up to its last query row
  (heavy CTAs first) and masks only the blocks that cross the diagonal or
  the sequence's end (a uniform `scf.if`);
- epilogue: O / l converted to f16/bf16 into Q's SMEM tile in the 128-B
  swizzled layout a TMA store reads, one TMA store of the tile (clipped at
  S), and LSE = (m * scale + ln l) per row, stored by one lane per row.

  attention_gen.py B H HKV S D [--causal] [--dtype f16|bf16] [--bn N]
                   [--stages N] [--ws [--pingpong]] [--multicast]
                   [--varlen] [--overlap]

prints the module: a gpu.module with the kernel `attention(Q, K, V, O,
LSE)`, launched with a grid of ceil(S / 128) x B*H CTAs of 256 threads
(384 with --ws: a producer warpgroup issues the loads; with --pingpong its
two consumer warpgroups take turns at S = Q K^T, so one's softmax overlaps
the other's wgmma), on clusters of 2 CTAs with --multicast (K/V multicast).
"""

import argparse
import math

WG = "#gpu.address_space<workgroup>"
BM = 128  # query rows per CTA: two consumer warpgroups of 64
COLS = 64  # elements of one 128-B swizzle row (f16/bf16)
LOG2E = 1.4426950408889634
LN2 = 0.6931471805599453
# exp2 and log2 as the SFU computes them (flush-to-zero: no denormal
# fix-up around MUFU.EX2). Inline asm without side effects is pure to MLIR,
# so the pipeliner still sees a body that writes no memory besides its loads
# and drops the single-buffer loop's trailing CTA barrier.
EX2 = 'llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %s : (f32) -> f32'
LG2 = 'llvm.inline_asm "lg2.approx.ftz.f32 $0, $1;", "=f,f" %s : (f32) -> f32'


def ceil_div(a, b):
    return -(-a // b)


class Attention:
    def __init__(self, b, h, hkv, s, d, causal=False, dtype="f16", bn=None,
                 stages=2, warp_specialize=False, pingpong=False, multicast=False,
                 varlen=False, overlap=False):
        assert d in (64, 128, 256) and h % hkv == 0
        self.b, self.h, self.hkv, self.s, self.d = b, h, hkv, s, d
        self.causal, self.dtype = causal, dtype
        # Key block: the S accumulator (BN / 2 registers) and O's (D / 2)
        # share a thread's registers, and K's and V's stages the SMEM.
        self.bn = bn or (64 if d == 256 else 128)
        assert self.bn % 16 == 0 and 16 <= self.bn <= 256
        self.stages = stages
        # Packed variable-length sequences (`cu_seqlens`): S is the longest.
        self.varlen = varlen
        # S of the next key block on the tensor cores during this block's
        # softmax (FlashAttention-3's intra-warpgroup overlap).
        self.overlap = overlap
        self.warp_specialize = warp_specialize
        # The consumer warpgroups take turns at S = Q K^T (needs the
        # producer warpgroup).
        self.pingpong = pingpong and warp_specialize
        self.threads = 256
        self.launch_threads = self.threads + (128 if warp_specialize else 0)
        # K/V multicast over 2-CTA clusters: with GQA, the CTAs of two query
        # heads of one K/V head (cluster along y, the same trip counts even
        # when causal); otherwise two query blocks of one head (along x,
        # not causal: their trip counts would differ).
        self.cluster = (1, 1)
        if multicast and h // hkv >= 2 and (h // hkv) % 2 == 0:
            self.cluster = (1, 2)
        elif multicast and not causal:
            self.cluster = (2, 1)
        self.grid = (ceil_div(ceil_div(s, BM), self.cluster[0]) * self.cluster[0],
                     b * h)

    @property
    def name(self):
        return "attn_%dx%dx%dx%dx%d_%s%s_bn%d_s%d%s" % (
            self.b, self.h, self.hkv, self.s, self.d, self.dtype,
            "_causal" if self.causal else "", self.bn, self.stages,
            "_ws" if self.warp_specialize else "") + ("_pp" if self.pingpong else "") + (
            "_varlen" if self.varlen else "") + ("_ov" if self.overlap else "") + (
            "_c%dx%d" % self.cluster if self.cluster != (1, 1) else "")

    def smem_bytes(self):
        return (BM + 2 * self.bn * self.stages) * self.d * 2

    def flops(self):
        """2 GEMMs of 2 * S * S * D per head; half of them when causal."""
        f = 4.0 * self.b * self.h * self.s * self.s * self.d
        return f / 2 if self.causal else f


def mref(shape, t, layout=None, space=None):
    text = "memref<" + "".join("%dx" % d for d in shape) + t
    if layout:
        text += ", " + layout
    if space:
        text += ", " + space
    return text + ">"


def struct(n):
    return "!llvm.struct<(%s)>" % ", ".join(["f32"] * n)


class Lines:
    """Collects the kernel's lines, with indentation and fresh names."""

    def __init__(self):
        self.lines, self.pad, self.n = [], "  ", 0

    def __call__(self, text):
        self.lines.append(self.pad + text)

    def fresh(self, stem="v"):
        self.n += 1
        return "%%%s%d" % (stem, self.n)

    def op(self, text, stem="v"):
        """Emits `%new = text` and returns %new."""
        name = self.fresh(stem)
        self("%s = %s" % (name, text))
        return name


def emit(a):
    L = ["// Attention forward, B %d, H %d (K/V heads %d), S %d, D %d, %s%s; "
         "key blocks of %d, %d stages." % (a.b, a.h, a.hkv, a.s, a.d, a.dtype,
                                           ", causal" if a.causal else "",
                                           a.bn, a.stages),
         "// Launch: grid %d x %d, block %d, cluster %d x %d, %d B of shared memory." % (
             a.grid[0], a.grid[1], a.launch_threads, *a.cluster, a.smem_bytes()),
         "module attributes {gpu.container_module} {",
         "gpu.module @kernels {"]
    L += kernel(a)
    L += ["}", "}"]
    return "\n".join(L) + "\n"


def kernel(a):
    t, d, bn, s = a.dtype, a.d, a.bn, a.s
    blocks = d // COLS
    accs, acco = struct(bn // 2), struct(d // 2)
    if a.varlen:
        # Packed (tokens, heads, D) tensors, (heads, tokens) LSE, the token
        # count known at launch (the host reads it into the tensor maps);
        # each CTA copies windows of its sequence's subview of one head.
        gq = "memref<?x%dx%dx%s>" % (a.h, d, t)
        gk = "memref<?x%dx%dx%s>" % (a.hkv, d, t)
        glse = "memref<%dx?xf32>" % a.h
        gseq = "memref<?x1x%dx%s, strided<[%d, %d, 1], offset: ?>>" % (d, t, a.h * d, d)
        gkseq = "memref<?x1x%dx%s, strided<[%d, %d, 1], offset: ?>>" % (d, t, a.hkv * d, d)
        unit = 1
    else:
        gq, gk = mref([a.b * a.h, s, d], t), mref([a.b * a.hkv, s, d], t)
        glse = mref([a.b * a.h, s], "f32")
        gseq, gkseq, unit = gq, gk, 0
    sq, sk = mref([blocks, BM, COLS], t, None, WG), mref([blocks, bn, COLS], t, None, WG)
    tiling = ("{swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[%d]>, "
              "#asynccopy.tile<[%%d, %%d]>]}" % unit)

    # Varlen loads: through the sequence's subview (clipped: zeros past its
    # end), or, with a producer warpgroup, from the packed tensors (rows past
    # the sequence are the next sequence's, masked like keys past S, and
    # zeros past the batch; only TMA, so one thread issues them). The store
    # of O is always clipped at the sequence's end.
    packed = a.varlen and a.warp_specialize

    def window(rows, extent, kv=True):
        """The window of `extent` rows at `rows` of a head's sequence (of
        its K/V head's with `kv`)."""
        if packed:
            at = e.op("arith.addi %%start, %s : index" % rows, "at")
            return "[%s, %s, 0] [%d, 1, %d]" % (at, "%kvh" if kv else "%head", extent, d)
        if a.varlen:
            return "[%s, 0, 0] [%d, 1, %d]" % (rows, extent, d)
        return "[%s, %s, 0] [1, %d, %d]" % ("%bkv" if kv else "%bh", rows, extent, d)
    scale = 1.0 / math.sqrt(d)
    e = Lines()
    e.pad = ""
    e("gpu.func @attention(%%Q: %s, %%K: %s, %%V: %s, %%O: %s, %%LSE: %s%s)"
      % (gq, gk, gk, gq, glse, ", %%cu: memref<%dxi32>" % (a.b + 1) if a.varlen else ""))
    e("    workgroup(%%sq : %s, %%sk : %s, %%sv : %s) kernel" % (sq, sk, sk))
    attrs = "known_block_size = array<i32: %d, 1, 1>" % a.threads
    if a.cluster != (1, 1):
        attrs += ", known_cluster_size = array<i32: %d, %d, 1>" % a.cluster
    e("    attributes {%s} {" % attrs)
    e.pad = "  "
    for c in sorted({0, 1, 2, 4, 8, 16, 32, 64, 128, bn, BM, a.h,
                     a.h // a.hkv, a.hkv, a.grid[0] - 1, bn - 1}
                    | (set() if a.varlen else {s, s - 1})):
        e("%%c%d = arith.constant %d : index" % (c, c))
    e("%false = arith.constant false")
    e("%true = arith.constant true")
    e("%ninf = arith.constant 0xFF800000 : f32")
    e("%f0 = arith.constant 0.0 : f32")
    e("%%cscale = arith.constant %r : f32" % (scale * LOG2E))
    e("%%cln2 = arith.constant %r : f32" % LN2)
    e("%c1_i32 = arith.constant 1 : i32")
    e("%c2_i32 = arith.constant 2 : i32")
    e("%c32_i32 = arith.constant 32 : i32")
    # The CTA's query block (the heaviest first when causal), its head and
    # the K/V head it reads.
    e("%bx = gpu.block_id x")
    e("%bh = gpu.block_id y")
    if a.causal:
        e("%%mt = arith.subi %%c%d, %%bx : index" % (a.grid[0] - 1))
    else:
        e("%mt = arith.addi %bx, %c0 : index")
    e("%%m0 = arith.muli %%mt, %%c%d : index" % BM)
    e("%%batch = arith.divui %%bh, %%c%d : index" % a.h)
    e("%%head = arith.remui %%bh, %%c%d : index" % a.h)
    e("%%kvh = arith.divui %%head, %%c%d : index" % (a.h // a.hkv))
    e("%%kvb = arith.muli %%batch, %%c%d : index" % a.hkv)
    e("%bkv = arith.addi %kvb, %kvh : index")
    if a.varlen:
        # The sequence: rows cu[b] .. cu[b+1] of the packed tensors; a CTA
        # past its end has nothing to do.
        e("%bnext = arith.addi %batch, %c1 : index")
        e("%%s32 = memref.load %%cu[%%batch] : memref<%dxi32>" % (a.b + 1))
        e("%%e32 = memref.load %%cu[%%bnext] : memref<%dxi32>" % (a.b + 1))
        e("%start = arith.index_cast %s32 : i32 to index")
        e("%end = arith.index_cast %e32 : i32 to index")
        e("%len = arith.subi %end, %start : index")
        e("%lenm1 = arith.subi %len, %c1 : index")
        e("%live = arith.cmpi ult, %m0, %len : index")
        # With a producer warpgroup the loop stays at the kernel's top level
        # (warp specialisation needs it there): a CTA past its sequence's
        # end runs no iteration and its store is clipped away.
        if not packed:
            e("scf.if %live {")
            e.pad = "    "
        views = (("%Qs", "%Q", a.h, gq, "%head"), ("%Ks", "%K", a.hkv, gk, "%kvh"),
                 ("%Vs", "%V", a.hkv, gk, "%kvh"), ("%Os", "%O", a.h, gq, "%head"))
        for name, src, heads, ty, hv in views[3:] if packed else views:
            e("%s = memref.subview %s[%%start, %s, 0] [%%len, 1, %d] [1, 1, 1] : %s to %s"
              % (name, src, hv, d, ty, gkseq if heads == a.hkv and src in ("%K", "%V") else gseq))
    # This thread's rows and columns in the m64nN fragments: warp w of the
    # warpgroup, lane l hold rows 16w + l/4 (+8) and columns 8j + 2(l%4)
    # (+1) in registers 4j .. 4j+3.
    e("%tid = gpu.thread_id x")
    e("%wg = arith.divui %tid, %c128 : index")
    e("%wrow = arith.muli %wg, %c64 : index")
    e("%lane = arith.remui %tid, %c32 : index")
    e("%warp = arith.divui %tid, %c32 : index")
    e("%wiw = arith.remui %warp, %c4 : index")
    e("%w16 = arith.muli %wiw, %c16 : index")
    e("%l4 = arith.divui %lane, %c4 : index")
    e("%lm = arith.remui %lane, %c4 : index")
    e("%col2 = arith.muli %lm, %c2 : index")
    e("%r0a = arith.addi %wrow, %w16 : index")
    e("%row0 = arith.addi %r0a, %l4 : index")
    e("%row1 = arith.addi %row0, %c8 : index")
    e("%grow0 = arith.addi %m0, %row0 : index")
    e("%grow1 = arith.addi %m0, %row1 : index")
    e("%qbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
    e("%kbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
    e("%vbar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
    for bar in ("%qbar", "%kbar", "%vbar"):
        e("asynccopy.barrier.init %s, 1 : !asynccopy.barrier<1>" % bar)
    qsrc, qty = ("%Qs", gseq) if a.varlen and not packed else ("%Q", gq)
    qwin = window("%m0", BM, kv=False)
    e("asynccopy.copy %s to %%sq window %s barrier %%qbar[%%c0] " % (qsrc, qwin)
      + tiling % (BM, COLS) + " : %s to %s" % (qty, sq))
    e("asynccopy.barrier.wait %qbar[%c0], %false : !asynccopy.barrier<1>")
    # Key blocks: all of them, or up to the CTA's last query row.
    seqlen = "%len" if a.varlen else "%%c%d" % s
    kend = "%kend0" if packed else "%kend"
    if a.causal:
        e("%%mend = arith.addi %%m0, %%c%d : index" % BM)
        e("%s = arith.minui %%mend, %s : index" % (kend, seqlen))
    else:
        e("%s = arith.addi %s, %%c0 : index" % (kend, seqlen))
    if packed:
        e("%kend = arith.select %live, %kend0, %c0 : index")
    e("%%kend1 = arith.addi %%kend, %%c%d : index" % (bn - 1))
    e("%%nblocks = arith.divui %%kend1, %%c%d : index" % bn)
    e("%last = arith.subi %nblocks, %c1 : index")
    e("%szero = llvm.mlir.zero : " + accs)
    e("%ozero = llvm.mlir.zero : " + acco)
    shared = tiling % (bn, COLS)
    if a.cluster != (1, 1):
        shared = shared[:-1] + ", collective = [#gpu<dim %s>]}" % (
            "y" if a.cluster[1] > 1 else "x")

    def load_kv(krows, vrows):
        for src, dst, bar, rows in (("%K", "%sk", "%kbar", krows),
                                    ("%V", "%sv", "%vbar", vrows)):
            e("asynccopy.copy %s to %s window %s barrier %s[%%c0] "
              % (src + ("s" if a.varlen and not packed else ""), dst,
                 window(rows, bn), bar) + shared
              + " : %s to %s" % (gk if packed else gkseq, sk))

    body = Body(e, a, accs, acco, sk)
    nfrag = bn // 4
    if not a.overlap:
        e("%%main:6 = scf.for %%j = %%c0 to %%nblocks step %%c1 iter_args(%%ph = %%false, "
          "%%o = %%ozero, %%mx0 = %%ninf, %%mx1 = %%ninf, %%l0 = %%f0, %%l1 = %%f0) -> "
          "(i1, %s, f32, f32, f32, f32) {" % acco)
        e.pad = "    "
        e("%%n0 = arith.muli %%j, %%c%d : index" % bn)
        load_kv("%n0", "%n0")
        e("asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>")
        e("nvvm.wgmma.fence.aligned")
        s = body.qk("%szero")
        e("nvvm.wgmma.commit.group.sync.aligned")
        e("nvvm.wgmma.wait.group.sync.aligned 0")
        p, alphas, news = body.softmax(s)
        o = body.rescale("%o", alphas)
        frags = body.fragments(p)
        e("asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>")
        e("nvvm.wgmma.fence.aligned")
        o = body.pv(frags, o)
        e("nvvm.wgmma.commit.group.sync.aligned")
        e("nvvm.wgmma.wait.group.sync.aligned 0")
        # Single-buffer semantics: both warpgroups are done with the tiles
        # before the next iteration's loads overwrite them.
        e("gpu.barrier")
        e("%nph = arith.xori %ph, %true : i1")
        e("scf.yield %%nph, %s, %s, %s, %s, %s : i1, %s, f32, f32, f32, f32"
          % (o, news[0][0], news[1][0], news[0][1], news[1][1], acco))
    else:
        # S(j) = Q K(j)^T overlaps the softmax's predecessor: iteration j
        # issues S(j) and O += P(j-1) V(j-1), then takes the softmax of S(j)
        # while the second group runs. V is loaded one block behind K, so a
        # loop of nblocks + 1 iterations (none when there is no block)
        # loads every K and V tile once more than it needs to at its ends
        # (block 0's V, the last K), and skips S and P V there.
        e("%cnext = arith.addi %nblocks, %c1 : index")
        e("%any = arith.cmpi ugt, %nblocks, %c0 : index")
        e("%trips = arith.select %any, %cnext, %c0 : index")
        e("%pzero = arith.constant 0 : i32")
        e("%%main:%d = scf.for %%j = %%c0 to %%trips step %%c1 iter_args(%%ph = %%false, "
          "%%o = %%ozero, %%mx0 = %%ninf, %%mx1 = %%ninf, %%l0 = %%f0, %%l1 = %%f0, %s) -> "
          "(i1, %s, f32, f32, f32, f32, %s) {"
          % (6 + nfrag, ", ".join("%%pp%d = %%pzero" % i for i in range(nfrag)), acco,
             ", ".join(["i32"] * nfrag)))
        e.pad = "    "
        e("%kb = arith.minui %j, %last : index")
        e("%jm1 = arith.subi %j, %c1 : index")
        e("%vb = arith.maxsi %jm1, %c0 : index")
        e("%%n0 = arith.muli %%kb, %%c%d : index" % bn)
        e("%%v0 = arith.muli %%vb, %%c%d : index" % bn)
        load_kv("%n0", "%v0")
        e("%more = arith.cmpi ult, %j, %nblocks : index")
        e("%after = arith.cmpi ugt, %j, %c0 : index")
        e("asynccopy.barrier.wait %kbar[%c0], %ph : !asynccopy.barrier<1>")
        e("nvvm.wgmma.fence.aligned")
        e("%%sj = scf.if %%more -> (%s) {" % accs)
        e.pad = "      "
        e("scf.yield %s : %s" % (body.qk("%szero"), accs))
        e.pad = "    "
        e("} else {")
        e("  scf.yield %%szero : %s" % accs)
        e("}")
        e("nvvm.wgmma.commit.group.sync.aligned")
        e("asynccopy.barrier.wait %vbar[%c0], %ph : !asynccopy.barrier<1>")
        e("nvvm.wgmma.fence.aligned")
        e("%%opv = scf.if %%after -> (%s) {" % acco)
        e.pad = "      "
        e("scf.yield %s : %s" % (body.pv(["%%pp%d" % i for i in range(nfrag)], "%o"), acco))
        e.pad = "    "
        e("} else {")
        e("  scf.yield %%o : %s" % acco)
        e("}")
        e("nvvm.wgmma.commit.group.sync.aligned")
        # S(j) is complete; O += P(j-1) V(j-1) may still run.
        e("nvvm.wgmma.wait.group.sync.aligned 1")
        one = e.op("arith.constant 1.0 : f32")
        types = ", ".join(["f32"] * 6 + ["i32"] * nfrag)
        e("%%sm:%d = scf.if %%more -> (%s) {" % (6 + nfrag, types))
        e.pad = "      "
        p, alphas, news = body.softmax("%sj")
        frags = body.fragments(p)
        e("scf.yield %s, %s, %s, %s, %s, %s, %s : %s" % (
            alphas[0], alphas[1], news[0][0], news[1][0], news[0][1], news[1][1],
            ", ".join(frags), types))
        e.pad = "    "
        e("} else {")
        e("  scf.yield %s, %s, %%mx0, %%mx1, %%l0, %%l1, %s : %s" % (
            one, one, ", ".join("%%pp%d" % i for i in range(nfrag)), types))
        e("}")
        e("nvvm.wgmma.wait.group.sync.aligned 0")
        o = body.rescale("%opv", ("%sm#0", "%sm#1"))
        e("gpu.barrier")
        e("%nph = arith.xori %ph, %true : i1")
        e("scf.yield %%nph, %s, %%sm#2, %%sm#3, %%sm#4, %%sm#5, %s : i1, %s, f32, f32, f32, f32, %s"
          % (o, ", ".join("%%sm#%d" % (6 + i) for i in range(nfrag)), acco,
             ", ".join(["i32"] * nfrag)))
    e.pad = "  "
    # Without a producer warpgroup the stages are released at a CTA barrier
    # where the loads stood, which refills the stage the iteration before
    # read as this one starts: with 2 stages, empty barriers (released at
    # the end of the body, refilled after that) would issue each load only
    # one iteration's end before its wait. A producer warpgroup refills a
    # stage as soon as its warps have released it.
    e("} {asynccopy.pipeline_stages = %d : i64%s%s}" % (
        a.stages, ", asynccopy.pipeline_warp_specialize" if a.warp_specialize else "",
        ", asynccopy.pipeline_pingpong" if a.pingpong else ""))
    epilogue(e, a, acco, sq, gseq, glse, tiling)
    e.pad = ""
    e("}")
    return e.lines


class Body:
    """The math of one key block: S = Q K^T, the online softmax, O * alpha
    and O += P V, on the buffers %sq, %sk, %sv."""

    def __init__(self, e, a, accs, acco, sk):
        self.e, self.a, self.accs, self.acco, self.sk = e, a, accs, acco, sk

    def qk(self, acc):
        """S = Q K^T over the head dim, 16 at a time; returns S."""
        e, a, t, bn = self.e, self.a, self.a.dtype, self.a.bn
        blocks = a.d // COLS
        sq = mref([blocks, BM, COLS], t, None, WG)
        for k in range(a.d // 16):
            blk, off = divmod(16 * k, COLS)
            vq = mref([64, 16], t, "strided<[%d, 1], offset: ?>" % COLS, WG)
            vk = mref([bn, 16], t, "strided<[%d, 1], offset: %d>"
                      % (COLS, blk * bn * COLS + off), WG)
            e("%%vq%d = memref.subview %%sq[%d, %%wrow, %d] [1, 64, 16] [1, 1, 1] : %s to %s"
              % (k, blk, off, sq, vq))
            e("%%vk%d = memref.subview %%sk[%d, 0, %d] [1, %d, 16] [1, 1, 1] : %s to %s"
              % (k, blk, off, bn, self.sk, vk))
            e("%%dq%d = asynccopy.wgmma_descriptor %%vq%d major k : %s" % (k, k, vq))
            e("%%dk%d = asynccopy.wgmma_descriptor %%vk%d major k : %s" % (k, k, vk))
            e("%%s%d = nvvm.wgmma.mma_async %%dq%d, %%dk%d, %s, #nvvm.shape<m = 64, n = %d, "
              "k = 16>, D [<f32>, <%s>], A [<%s>, <one>, <row>], B [<%s>, <one>, <col>] : "
              "%s -> %s" % (k, k, k, acc, bn, "zero" if k == 0 else "one", t, t,
                            self.accs, self.accs))
            acc = "%%s%d" % k
        return acc

    def softmax(self, s):
        """The online softmax of S's block (masked where needed) against the
        running %mx0/%mx1 and %l0/%l1: P (for `fragments`), the two rows'
        alphas and their new (max, sum)."""
        e, a, bn = self.e, self.a, self.a.bn
        sval = [e.op("llvm.extractvalue %s[%d] : %s" % (s, i, self.accs), "x")
                for i in range(bn // 2)]
        sval = mask(e, a, sval)
        rows = ([sval[i] for i in range(bn // 2) if i % 4 < 2],
                [sval[i] for i in range(bn // 2) if i % 4 >= 2])
        probs, alphas, news = {}, [], []
        for vals, mold, lold in zip(rows, ("%mx0", "%mx1"), ("%l0", "%l1")):
            # The row's maximum: this thread's columns, then the quad's.
            mx = tree(e, "arith.maximumf", vals)
            for off in ("%c1_i32", "%c2_i32"):
                sh = e.fresh("sh")
                e("%s, %s_ok = gpu.shuffle xor %s, %s, %%c32_i32 : f32" % (sh, sh, mx, off))
                mx = e.op("arith.maximumf %s, %s : f32" % (mx, sh))
            mnew = e.op("arith.maximumf %s, %s : f32" % (mold, mx), "mnew")
            # exp2(s * c - m * c); a row that is all -inf so far subtracts 0.
            msc = e.op("arith.mulf %s, %%cscale : f32" % mnew)
            isinf = e.op("arith.cmpf oeq, %s, %%ninf : f32" % mnew)
            msafe = e.op("arith.select %s, %%f0, %s : f32" % (isinf, msc))
            ps = []
            for v in vals:
                # s * c - m * c, contracted into one fma.
                sc = e.op("arith.mulf %s, %%cscale fastmath<contract> : f32" % v)
                x = e.op("arith.subf %s, %s fastmath<contract> : f32" % (sc, msafe))
                ps.append(e.op(EX2 % x, "p"))
            for v, p in zip(vals, ps):
                probs[v] = p
            oldsc = e.op("arith.mulf %s, %%cscale : f32" % mold)
            da = e.op("arith.subf %s, %s : f32" % (oldsc, msafe))
            alphas.append(e.op(EX2 % da, "alpha"))
            rsum = tree(e, "arith.addf", ps)
            lsc = e.op("arith.mulf %s, %s : f32" % (lold, alphas[-1]))
            news.append((mnew, e.op("arith.addf %s, %s : f32" % (lsc, rsum), "lnew")))
        return (sval, probs), alphas, news

    def fragments(self, p):
        """P's A fragments: register i of step k is S's registers 8k + 2i,
        +1 (`p`: S's values and their probabilities, from `softmax`)."""
        e, t = self.e, self.a.dtype
        sval, probs = p
        frags = []
        for i in range(0, self.a.bn // 2, 2):
            v = e.op("vector.from_elements %s, %s : vector<2xf32>"
                     % (probs[sval[i]], probs[sval[i + 1]]))
            h = e.op("arith.truncf %s : vector<2xf32> to vector<2x%s>" % (v, t))
            frags.append(e.op("llvm.bitcast %s : vector<2x%s> to i32" % (h, t), "pa"))
        return frags

    def rescale(self, o, alphas):
        """O * alpha (rows of registers 4j, 4j+1 and 4j+2, 4j+3)."""
        e = self.e
        src = o
        for i in range(self.a.d // 2):
            x = e.op("llvm.extractvalue %s[%d] : %s" % (src, i, self.acco), "ox")
            y = e.op("arith.mulf %s, %s : f32" % (x, alphas[0 if i % 4 < 2 else 1]))
            o = e.op("llvm.insertvalue %s, %s[%d] : %s" % (y, o, i, self.acco), "o")
        return o

    def pv(self, frags, o):
        """O += P V, 16 keys at a time (V MN-major: head dim contiguous)."""
        e, a, t = self.e, self.a, self.a.dtype
        blocks = a.d // COLS
        for k in range(a.bn // 16):
            vv = mref([blocks, 16, COLS], t, "strided<[%d, %d, 1], offset: %d>"
                      % (a.bn * COLS, COLS, 16 * k * COLS), WG)
            e("%%vv%d = memref.subview %%sv[0, %d, 0] [%d, 16, %d] [1, 1, 1] : %s to %s"
              % (k, 16 * k, blocks, COLS, self.sk, vv))
            e("%%dv%d = asynccopy.wgmma_descriptor %%vv%d major mn : %s" % (k, k, vv))
            o = e.op("asynccopy.wgmma_register_a [%s], %%dv%d, %s, <m = 64, n = %d, k = 16>, "
                     "D[<f32>, %%true], A[<%s>, <one>], B[<%s>, <one>, <row>] : %s"
                     % (", ".join(frags[4 * k:4 * k + 4]), k, o, a.d, t, t, self.acco), "o")
        return o


def tree(e, op, vals):
    """A balanced reduction of `vals` with the binary f32 `op`."""
    vals = list(vals)
    while len(vals) > 1:
        nxt = [e.op("%s %s, %s : f32" % (op, vals[i], vals[i + 1]))
               for i in range(0, len(vals) - 1, 2)]
        if len(vals) % 2:
            nxt.append(vals[-1])
        vals = nxt
    return vals[0]


def mask(e, a, sval):
    """-inf where a key is past the sequence or (causal) after the query,
    in the key blocks where that can happen (a uniform branch)."""
    bn, s = a.bn, a.s
    needs = []
    if s % bn or a.varlen:
        needs.append(e.op("arith.cmpi eq, %j, %last : index"))
    if a.causal:
        # The block's last key is after the CTA's first query.
        e("%%nlast = arith.addi %%n0, %%c%d : index" % (bn - 1))
        needs.append(e.op("arith.cmpi ugt, %nlast, %m0 : index"))
    if not needs:
        return sval
    need = needs[0] if len(needs) == 1 else e.op("arith.ori %s, %s : i1" % tuple(needs))
    types = ", ".join(["f32"] * len(sval))
    res = e.fresh("masked")
    e("%s:%d = scf.if %s -> (%s) {" % (res, len(sval), need, types))
    pad = e.pad
    e.pad += "  "
    # Keys this thread's columns may reach: key n0 + 2(l%4) + c is kept
    # while c <= lim (query row, or S - 1).
    e("%kcol = arith.addi %n0, %col2 : index")
    lims = []
    for grow in ("%grow0", "%grow1"):
        lastkey = "%lenm1" if a.varlen else "%%c%d" % (s - 1)
        bound = e.op("arith.minui %s, %s : index" % (grow, lastkey)) if a.causal \
            else lastkey
        lim = e.op("arith.subi %s, %%kcol : index" % bound)
        lims.append(e.op("arith.index_cast %s : index to i64" % lim))
    out = []
    for i, v in enumerate(sval):
        c = 8 * (i // 4) + i % 2
        ci = e.op("arith.constant %d : i64" % c)
        keep = e.op("arith.cmpi sle, %s, %s : i64" % (ci, lims[0 if i % 4 < 2 else 1]))
        out.append(e.op("arith.select %s, %s, %%ninf : f32" % (keep, v)))
    e("scf.yield %s : %s" % (", ".join(out), types))
    e.pad = pad
    e("} else {")
    e("  scf.yield %s : %s" % (", ".join(sval), types))
    e("}")
    return ["%s#%d" % (res, i) for i in range(len(sval))]


def epilogue(e, a, acco, sq, gq, glse, tiling):
    """O / l into Q's tile (swizzled as the TMA store reads it), the store,
    and the LSE of each row."""
    t, d = a.dtype, a.d
    ls = []
    for r in range(2):
        l = "%%main#%d" % (4 + r)
        for off in ("%c1_i32", "%c2_i32"):
            sh = e.fresh("sh")
            e("%s, %s_ok = gpu.shuffle xor %s, %s, %%c32_i32 : f32" % (sh, sh, l, off))
            l = e.op("arith.addf %s, %s : f32" % (l, sh), "lsum")
        ls.append(l)
    one = e.op("arith.constant 1.0 : f32")
    inv = [e.op("arith.divf %s, %s : f32" % (one, l), "inv") for l in ls]
    # Every warpgroup is done reading Q (its wgmma groups completed); the
    # barrier orders the other warpgroup's last reads of its own rows too.
    e("gpu.barrier")
    e("%l4i = arith.index_cast %l4 : index to i32")
    for j in range(d // 8):
        blk, chunk = divmod(j, 8)
        ch = e.op("arith.constant %d : i32" % chunk)
        sw = e.op("arith.xori %s, %%l4i : i32" % ch)
        swi = e.op("arith.index_cast %s : i32 to index" % sw)
        sw8 = e.op("arith.muli %s, %%c8 : index" % swi)
        col = e.op("arith.addi %s, %%col2 : index" % sw8)
        for half, row in ((0, "%row0"), (1, "%row1")):
            r = 4 * j + 2 * half
            xs = [e.op("llvm.extractvalue %%main#1[%d] : %s" % (r + q, acco)) for q in range(2)]
            ys = [e.op("arith.mulf %s, %s : f32" % (x, inv[half])) for x in xs]
            v = e.op("vector.from_elements %s, %s : vector<2xf32>" % tuple(ys))
            h = e.op("arith.truncf %s : vector<2xf32> to vector<2x%s>" % (v, t))
            blkc = "%%c%d" % blk if blk in (0, 1, 2, 4) else e.op(
                "arith.constant %d : index" % blk)
            e("vector.store %s, %%sq[%s, %s, %s] : %s, vector<2x%s>" % (h, blkc, row, col, sq, t))
    e("gpu.barrier")
    window = ("[%%m0, 0, 0] [%d, 1, %d]" if a.varlen else "[%%bh, %%m0, 0] [1, %d, %d]") % (BM, d)
    e("asynccopy.copy %%sq to %s window %s " % ("%Os" if a.varlen else "%O", window)
      + tiling % (BM, COLS) + " : %s to %s" % (sq, gq))
    # LSE = m * scale + ln l, by the first lane of each quad, for the rows
    # inside the sequence.
    e("%first = arith.cmpi eq, %lm, %c0 : index")
    for r, grow in enumerate(("%grow0", "%grow1")):
        msc = e.op("arith.mulf %%main#%d, %%cscale : f32" % (2 + r))
        lg = e.op(LG2 % ls[r])
        s2 = e.op("arith.addf %s, %s : f32" % (msc, lg))
        lse = e.op("arith.mulf %s, %%cln2 : f32" % s2, "lse")
        inside = e.op("arith.cmpi ult, %s, %s : index"
                      % (grow, "%len" if a.varlen else "%%c%d" % a.s))
        ok = e.op("arith.andi %first, " + inside + " : i1")
        e("scf.if %s {" % ok)
        if a.varlen:
            at = e.op("arith.addi %%start, %s : index" % grow)
            e("  memref.store %s, %%LSE[%%head, %s] : %s" % (lse, at, glse))
        else:
            e("  memref.store %s, %%LSE[%%bh, %s] : %s" % (lse, grow, glse))
        e("}")
    e("asynccopy.wait_group bulk 0 {read}")
    if a.varlen and not a.warp_specialize:
        e.pad = "  "
        e("}")
    e("gpu.return")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name in ("b", "h", "hkv", "s", "d"):
        p.add_argument(name, type=int)
    p.add_argument("--causal", action="store_true")
    p.add_argument("--dtype", choices=("f16", "bf16"), default="f16")
    p.add_argument("--bn", type=int)
    p.add_argument("--stages", type=int, default=2)
    p.add_argument("--ws", action="store_true",
                   help="a producer warpgroup issues the loads")
    p.add_argument("--pingpong", action="store_true",
                   help="with --ws: the consumer warpgroups take turns")
    p.add_argument("--varlen", action="store_true",
                   help="B packed sequences of at most S tokens (cu_seqlens, "
                        "B + 1 i32): Q, O (T, H, D), K, V (T, HKV, D), "
                        "LSE (H, T), T tokens (the batch's, or more)")
    p.add_argument("--multicast", action="store_true",
                   help="K/V multicast over 2-CTA clusters (query heads of "
                        "one K/V head, or two query blocks when not causal)")
    p.add_argument("--overlap", action="store_true",
                   help="S = Q K^T of a key block runs during the softmax of "
                        "the block before (V loaded one block behind K)")
    x = p.parse_args()
    print(emit(Attention(x.b, x.h, x.hkv, x.s, x.d, x.causal, x.dtype, x.bn,
                         x.stages, x.ws, x.pingpong, x.multicast, x.varlen,
                         x.overlap)), end="")


if __name__ == "__main__":
    main()
