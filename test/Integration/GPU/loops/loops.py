#!/usr/bin/env python3
"""The differential pipelining matrix: loop kernels written with
single-buffer semantics (docs/pipelining.md), each built unpipelined and
with {asynccopy.pipeline_stages = 2, 3, 4 and the most that fit}, run on
the GPU over runtime trip counts and outer loop counts, every byte of their
buffers compared with one host reference per configuration (so every
variant also with every other).

  loops.py --out DIR [--subset smoke] [--template T]... [--ptx-only]

Writes DIR/manifest.txt, DIR/matrix.data and DIR/libmatrix*.so in the
format of the copy matrix (../matrix/): its runner, asynccopy-gpu-matrix
--dir DIR, runs them (a configuration is a template with its parameters,
the "impl" column is the variant: none, s2, s3, s4, smax).

Each kernel reads tiles of 16 x 32 i32 (128 x 32 for `big`) from buffer 0
and writes what its template computes into buffer 1 (aux results into
buffer 2). Buffers 1 and 2 are the views at a 1 KiB offset into larger
buffers pre-filled with a pattern: bytes before and after the views (guard
bands) and every tile the kernel must not write must keep it.
"""

import argparse
import os
import re
import shlex
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "matrix"))

import matrix  # noqa: E402
import semantics as sem  # noqa: E402

WG = "#gpu.address_space<workgroup>"
THREADS = 128
GUARD = 1024  # bytes of guard band before every output view
SMEM_LIMIT = 227 * 1024
COLS = 32  # i32 elements per tile row (128 B)
SECOND = 64  # tile offset of the second input region (two-load templates)


#===----------------------------------------------------------------------===#
# Templates
#===----------------------------------------------------------------------===#


class Template:
    """A loop kernel. `kind` picks the body; the flags say how it runs."""

    def __init__(self, name, kind, rows=16, nested=None, cluster=None, empty=False,
                 cap=None, what=""):
        self.name, self.kind, self.rows = name, kind, rows
        self.nested = nested  # None, "for" or "while"
        self.cluster = cluster  # None, (2, 1) or (2, 2): collective loads
        self.empty = empty  # asynccopy.pipeline_empty_barrier
        self.cap = cap  # most stages the pass takes (empty barriers: 64)
        self.what = what

    @property
    def tile_bytes(self):
        return self.rows * COLS * 4

    def staged_bytes(self):
        return self.tile_bytes * (2 if self.kind in ("two_one", "two_two") else 1)

    def max_stages(self):
        """The most stages that fit in 227 KiB next to the kernel's other
        SMEM (its unstaged buffers, barriers, alignment)."""
        other = 2048 + (self.tile_bytes if self.kind == "read_before" else 0)
        n = (SMEM_LIMIT - other) // self.staged_bytes()
        return min(n, self.cap) if self.cap else n

    def variants(self):
        return {"none": 0, "s2": 2, "s3": 3, "s4": 4, "smax": self.max_stages()}

    def grid(self):
        if self.cluster:
            return (self.cluster[0] * (2 if self.cluster == (2, 1) else 1), self.cluster[1])
        return (4, 1) if self.kind in ("dynamic", "dynamic_cp_async") else (1, 1)

    def ctas(self):
        g = self.grid()
        return g[0] * g[1]

    def params(self):
        """(name, lb, step, trips, outer) of each configuration."""
        nmax = self.max_stages()
        if self.kind in ("dynamic", "dynamic_cp_async"):
            return [("n%d" % n, 0, 0, n, 1) for n in (0, 1, 3, 4, 9, 37)]
        if self.nested:
            sets = [(o, t) for o in (1, 2, 3) for t in (1, 2, 3, 5)] + [(2, 0), (2, nmax)]
            return [("o%d.t%d" % (o, t), 1, 2, t, o) for o, t in sets]
        trips = [0, 1, 2, 3, 4, 5, 9, nmax - 1, nmax, nmax + 1]
        if self.cluster:
            trips = [0, 1, 2, 3, 5, 9, nmax + 1]
        out = [("t%d" % t, 3, 2, t, 1) for t in sorted(set(trips))]
        return out + [("t7.unit", 0, 1, 7, 1)]


TEMPLATES = [
    Template("copy", "copy", what="TMA load, generic reads into GMEM"),
    Template("copy_for", "copy", nested="for", what="the copy loop inside scf.for"),
    Template("copy_while", "copy", nested="while", what="the copy loop inside scf.while"),
    Template("read_before", "read_before",
             what="reads the previous tile from the buffer before loading the next"),
    Template("read_before_for", "read_before", nested="for",
             what="the same inside scf.for (the first tile of a run sees the last of the run before)"),
    Template("tma_store", "tma_store", what="TMA load, TMA store of the tile (swizzle 128)"),
    Template("tma_store_for", "tma_store", nested="for", what="the same inside scf.for"),
    Template("write_store", "write_store", what="generic writes into the tile, then a TMA store"),
    Template("two_one", "two_one", what="two loads on one barrier (init 2)"),
    Template("two_two", "two_two", what="two loads on two barriers"),
    Template("cp_async", "cp_async", what="cp.async loads (tokens)"),
    Template("cp_async_for", "cp_async", nested="for", what="cp.async loop inside scf.for"),
    Template("results", "results", what="a loop whose iter_arg (a per-thread sum) is used after it"),
    Template("big", "copy", rows=128, what="16 KiB tiles: 3 stages = 48 KiB, the most = 14 stages (224 KiB)"),
    Template("empty_warps", "copy", empty=True, cap=64,
             what="asynccopy.pipeline_empty_barrier: one release per warp"),
    Template("empty_warps_for", "copy", nested="for", empty=True, cap=64,
             what="the same inside scf.for"),
    Template("multicast_c2", "copy", cluster=(2, 1), cap=64,
             what="collective loads over 2-CTA clusters (2 clusters)"),
    Template("multicast_c4", "copy", cluster=(2, 2), cap=64,
             what="collective loads over a 2x2 cluster"),
    Template("multicast_c2_for", "copy", nested="for", cluster=(2, 1), cap=64,
             what="collective loads over 2-CTA clusters inside scf.for"),
    Template("multicast_c2_empty", "copy", cluster=(2, 1), empty=True, cap=64,
             what="collective loads over 2-CTA clusters, released per warp "
                  "(asynccopy.pipeline_empty_barrier)"),
    Template("multicast_c4_empty_for", "copy", nested="for", cluster=(2, 2),
             empty=True, cap=64,
             what="the same over a 2x2 cluster inside scf.for"),
    Template("dynamic", "dynamic", what="grid-stride loop with the dynamic schedule, 4 CTAs"),
    Template("dynamic_cp_async", "dynamic_cp_async",
             what="the dynamic schedule over cp.async loads"),
]


#===----------------------------------------------------------------------===#
# Geometry and reference
#===----------------------------------------------------------------------===#


def visits(t, p):
    """[(cta, slot, tile)]: CTA `cta` writes output slot `slot` from input
    tile `tile`, in program order per CTA."""
    _, lb, step, trips, outer = p
    out = []
    if t.kind in ("dynamic", "dynamic_cp_async"):
        return [(0, i, i) for i in range(trips)]  # any CTA may take a tile
    ub = upper(t, p)
    per_cta = outer * ub
    for cta in range(t.ctas()):
        cluster = 0
        if t.cluster:
            cluster = cta // (t.cluster[0] * t.cluster[1])
        for o in range(outer):
            for i in range(lb, ub, step):
                tile = cluster * per_cta + o * ub + i
                slot = (cta * per_cta if t.cluster else 0) + o * ub + i
                out.append((cta, slot, tile))
    return out


def upper(t, p):
    """The loop's upper bound: lb + trips iterations of step (not a
    multiple of it)."""
    _, lb, step, trips, _ = p
    if t.kind in ("dynamic", "dynamic_cp_async"):
        return lb + trips
    return lb + (trips - 1) * step + 1 if trips else lb


def sizes(t, p):
    """(input tiles, output slots) of a configuration."""
    v = visits(t, p)
    tiles = max([x[2] for x in v], default=0) + 1
    if t.kind in ("two_one", "two_two"):
        tiles += SECOND
    slots = max([x[1] for x in v], default=0) + 1
    return max(tiles, 1), max(slots, 1)


def i32s(b):
    return list(struct.unpack("<%di" % (len(b) // 4), b))


def pack(values):
    return struct.pack("<%di" % len(values), *[((v + 2**31) % 2**32) - 2**31 for v in values])


def reference(t, p, seed):
    """The four buffers of a configuration, with what the kernel must leave
    in them."""
    tiles, slots = sizes(t, p)
    tb = t.tile_bytes
    inp = sem.pattern(seed, tiles * tb)
    out_size = GUARD + slots * tb + GUARD
    out = bytearray(sem.pattern(seed + 1, out_size))
    aux_size = GUARD + THREADS * 4 * t.ctas() + GUARD
    aux = bytearray(sem.pattern(seed + 2, aux_size))

    def tile(i):
        return inp[i * tb:(i + 1) * tb]

    prev = {}
    sums = {}
    for cta, slot, i in visits(t, p):
        cur = tile(i)
        if t.kind == "read_before":
            value = cur if cta not in prev else (
                int.from_bytes(cur, "little") ^ int.from_bytes(prev[cta], "little")
            ).to_bytes(tb, "little")
            prev[cta] = cur
        elif t.kind == "write_store":
            value = pack([v + 1 for v in i32s(cur)])
        elif t.kind in ("two_one", "two_two"):
            value = pack([a - b for a, b in zip(i32s(cur), i32s(tile(i + SECOND)))])
        else:
            value = cur
        if t.kind == "results":
            vals = i32s(cur)
            for tid in range(THREADS):
                sums[tid] = sums.get(tid, 0) + sum(vals[tid::THREADS])
        at = GUARD + slot * tb
        out[at:at + tb] = value
    if t.kind == "results":
        at = GUARD
        aux[at:at + THREADS * 4] = pack([sums.get(tid, 0) for tid in range(THREADS)])
    B = matrix.Buffer
    return [B("input", 4, ("pattern", seed, len(inp))),
            B("output", 4, ("pattern", seed + 1, out_size), bytes(out)),
            B("aux", 4, ("pattern", seed + 2, aux_size),
              bytes(aux) if t.kind == "results" else None),
            B("unused", 1, ("pattern", seed + 3, 16))]


#===----------------------------------------------------------------------===#
# MLIR
#===----------------------------------------------------------------------===#


def tile_type(t):
    return "memref<%dx%dxi32, %s>" % (t.rows, COLS, WG)


def consume(t, dst, slot, sfx, src="%tile", save=None, first=None, op=None):
    """Every thread copies its elements of `src` into output slot `slot`,
    optionally combined with the saved tile (`save`, unless `first`) or the
    second buffer (`op` = "sub")."""
    n = t.rows * COLS
    lines = [
        "scf.for %%e%s = %%tid to %%c%d step %%c%d {" % (sfx, n, THREADS),
        "  %%r%s = arith.divui %%e%s, %%c%d : index" % (sfx, sfx, COLS),
        "  %%col%s = arith.remui %%e%s, %%c%d : index" % (sfx, sfx, COLS),
        "  %%v%s = memref.load %s[%%r%s, %%col%s] : %s" % (sfx, src, sfx, sfx, tile_type(t)),
    ]
    value = "%v" + sfx
    if save:
        lines += ["  %%p%s = memref.load %s[%%r%s, %%col%s] : %s" % (sfx, save, sfx, sfx, tile_type(t)),
                  "  %%x%s = arith.xori %%v%s, %%p%s : i32" % (sfx, sfx, sfx),
                  "  %%w%s = arith.select %s, %%v%s, %%x%s : i32" % (sfx, first, sfx, sfx)]
        value = "%w" + sfx
    if op == "sub":
        lines += ["  %%q%s = memref.load %%tb[%%r%s, %%col%s] : %s" % (sfx, sfx, sfx, tile_type(t)),
                  "  %%w%s = arith.subi %%v%s, %%q%s : i32" % (sfx, sfx, sfx)]
        value = "%w" + sfx
    lines += [
        "  %%b%s = arith.muli %s, %%c%d : index" % (sfx, slot, t.rows),
        "  %%g%s = arith.addi %%b%s, %%r%s : index" % (sfx, sfx, sfx),
        "  memref.store %s, %s[%%g%s, %%col%s] : memref<?x%dxi32>" % (value, dst, sfx, sfx, COLS),
        "}",
    ]
    return lines


def marker(t, n):
    if not n:
        return ""
    attrs = ["asynccopy.pipeline_stages = %d : i64" % n]
    if t.empty:
        attrs.append("asynccopy.pipeline_empty_barrier")
    if t.kind in ("dynamic", "dynamic_cp_async"):
        attrs.append("asynccopy.pipeline_dynamic_schedule")
    return " {%s}" % ", ".join(attrs)


def loop_body(t, n, slot, tile_idx):
    """The body of the pipelined loop (without its scf.for line) given SSA
    names of the output slot and the input tile: (lines, yielded values,
    iter_args)."""
    pipelined = n > 0
    tt, rows = tile_type(t), t.rows
    intype = "memref<?x%dxi32>" % COLS
    lines = ["%%row = arith.muli %s, %%c%d : index" % (tile_idx, rows)]
    collective = ""
    if t.cluster:
        dims = "[#gpu<dim x>]" if t.cluster == (2, 1) else "[#gpu<dim x>, #gpu<dim y>]"
        collective = " {collective = %s}" % dims
    swz = " {swizzle = 128 : i64}" if t.kind == "tma_store" else ""
    load = ("asynccopy.copy %%in to %%tile window [%%row, 0] [%d, %d] barrier %%bar[%%c0]%s%s"
            " : %s to %s" % (rows, COLS, collective, swz, intype, tt))
    wait = "asynccopy.barrier.wait %bar[%c0], %ph : !asynccopy.barrier<1>"
    yields, iters = ["%nph"], ["%ph = %false"]
    flip = ["%nph = arith.xori %ph, %true : i1"]
    if t.kind in ("copy",):
        lines += [load, wait] + consume(t, "%out", slot, "0")
        # The single buffer needs every thread done with the tile before the
        # next load (or the peers', for multicast); a pipeline releases its
        # stages itself.
        if not pipelined:
            lines.append("nvvm.cluster.arrive\nnvvm.cluster.wait" if t.cluster else "gpu.barrier")
    elif t.kind == "read_before":
        lines = (["gpu.barrier"] + consume_save(t) + ["gpu.barrier"] + lines +
                 [load, wait] + consume(t, "%out", slot, "0", save="%save", first="%first"))
        iters.append("%first = %true")
        yields.append("%false")
    elif t.kind == "tma_store":
        lines += [load, wait,
                  "%%tk = asynccopy.copy %%tile to %%out window [%%row, 0] [%d, %d]%s : %s to %s"
                  " -> !asynccopy.token" % (rows, COLS, swz, tt, intype),
                  "asynccopy.wait %tk : !asynccopy.token"]
    elif t.kind == "write_store":
        n_el = rows * COLS
        lines += [load, wait,
                  "scf.for %%e1 = %%tid to %%c%d step %%c%d {" % (n_el, THREADS),
                  "  %%r1 = arith.divui %%e1, %%c%d : index" % COLS,
                  "  %%k1 = arith.remui %%e1, %%c%d : index" % COLS,
                  "  %%v1 = memref.load %%tile[%%r1, %%k1] : %s" % tt,
                  "  %v2 = arith.addi %v1, %c1_i32 : i32",
                  "  memref.store %%v2, %%tile[%%r1, %%k1] : %s" % tt,
                  "}",
                  "gpu.barrier",
                  "%%srow = arith.muli %s, %%c%d : index" % (slot, rows),
                  "%%tk = asynccopy.copy %%tile to %%out window [%%srow, 0] [%d, %d] : %s to %s"
                  " -> !asynccopy.token" % (rows, COLS, tt, intype),
                  "asynccopy.wait %tk : !asynccopy.token"]
    elif t.kind in ("two_one", "two_two"):
        second = ("asynccopy.copy %%in to %%tb window [%%row2, 0] [%d, %d] barrier %s[%%c0]"
                  " : %s to %s" % (rows, COLS, "%bar" if t.kind == "two_one" else "%bar2",
                                   intype, tt))
        first = load.replace("%tile", "%ta")
        lines += ["%%row2 = arith.addi %%row, %%c%d : index" % (SECOND * rows), first, second, wait]
        if t.kind == "two_two":
            lines.append("asynccopy.barrier.wait %bar2[%c0], %ph : !asynccopy.barrier<1>")
        lines += consume(t, "%out", slot, "0", src="%ta", op="sub")
        if not pipelined:
            lines.append("gpu.barrier")
    elif t.kind in ("cp_async", "dynamic_cp_async"):
        lines += ["%%tk = asynccopy.copy %%in to %%tile window [%%row, 0] [%d, %d]"
                  " {impl = #asynccopy<impl cp_async>} : %s to %s -> !asynccopy.token"
                  % (rows, COLS, intype, tt),
                  "asynccopy.wait %tk : !asynccopy.token"] + consume(t, "%out", slot, "0")
        if not pipelined:
            lines.append("gpu.barrier")
        yields, iters, flip = [], [], []
    elif t.kind == "dynamic":
        lines += [load, wait] + consume(t, "%out", slot, "0")
        if not pipelined:
            lines.append("gpu.barrier")
    elif t.kind == "results":
        n_el = rows * COLS
        lines += [load, wait,
                  "%%acc1 = scf.for %%e0 = %%tid to %%c%d step %%c%d iter_args(%%a = %%acc) -> (i32) {"
                  % (n_el, THREADS),
                  "  %%r0 = arith.divui %%e0, %%c%d : index" % COLS,
                  "  %%k0 = arith.remui %%e0, %%c%d : index" % COLS,
                  "  %%v0 = memref.load %%tile[%%r0, %%k0] : %s" % tt,
                  "  %%b0 = arith.muli %s, %%c%d : index" % (slot, rows),
                  "  %g0 = arith.addi %b0, %r0 : index",
                  "  memref.store %%v0, %%out[%%g0, %%k0] : memref<?x%dxi32>" % COLS,
                  "  %a1 = arith.addi %a, %v0 : i32",
                  "  scf.yield %a1 : i32",
                  "}"]
        if not pipelined:
            lines.append("gpu.barrier")
        iters.append("%acc = %c0_i32")
        yields.append("%acc1")
    return lines, yields + [], iters, flip


def consume_save(t):
    """Copies the buffer (the tile of the iteration before) into %save."""
    n = t.rows * COLS
    tt = tile_type(t)
    return ["scf.for %%e9 = %%tid to %%c%d step %%c%d {" % (n, THREADS),
            "  %%r9 = arith.divui %%e9, %%c%d : index" % COLS,
            "  %%k9 = arith.remui %%e9, %%c%d : index" % COLS,
            "  %%v9 = memref.load %%tile[%%r9, %%k9] : %s" % tt,
            "  memref.store %%v9, %%save[%%r9, %%k9] : %s" % tt,
            "}"]


def kernel(t, n, kname):
    """One kernel of template `t` with `n` stages (0: unmarked)."""
    tt = tile_type(t)
    bufs = ["%%tile : %s" % tt]
    if t.kind in ("two_one", "two_two"):
        bufs = ["%%ta : %s" % tt, "%%tb : %s" % tt]
    if t.kind == "read_before":
        bufs.append("%%save : %s" % tt)
    head = [
        "gpu.func @%s(%%in: memref<?x%dxi32>, %%out: memref<?x%dxi32>, %%aux: memref<?xi32>,"
        " %%lb: index, %%ub: index, %%step: index, %%outer: index, %%trips: index)"
        % (kname, COLS, COLS),
        "    workgroup(%s) kernel {" % ", ".join(bufs),
    ]
    consts = sorted({0, 1, 2, COLS, THREADS, t.rows, t.rows * COLS, SECOND * t.rows})
    body = ["%%c%d = arith.constant %d : index" % (c, c) for c in consts]
    body += ["%false = arith.constant false", "%true = arith.constant true",
             "%c0_i32 = arith.constant 0 : i32", "%c1_i32 = arith.constant 1 : i32",
             "%tid = gpu.thread_id x"]
    if t.kind not in ("cp_async", "dynamic_cp_async"):
        count = 2 if t.kind == "two_one" else 1
        body += ["%bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>",
                 "asynccopy.barrier.init %%bar, %d : !asynccopy.barrier<1>" % count]
        if t.kind == "two_two":
            body += ["%bar2 = asynccopy.barrier.alloc : !asynccopy.barrier<1>",
                     "asynccopy.barrier.init %bar2, 1 : !asynccopy.barrier<1>"]
    if t.cluster:
        # Every CTA's barrier is initialised before a peer multicasts into
        # it. CTA b of cluster c: input tiles from c * outer * ub, output
        # slots from b * outer * ub.
        body += ["nvvm.cluster.arrive", "nvvm.cluster.wait",
                 "%cx = gpu.cluster_id x", "%bx = gpu.block_id x", "%by = gpu.block_id y",
                 "%gx = gpu.grid_dim x", "%byx = arith.muli %by, %gx : index",
                 "%bid = arith.addi %bx, %byx : index",
                 "%per = arith.muli %outer, %ub : index",
                 "%tbase = arith.muli %cx, %per : index",
                 "%sbase = arith.muli %bid, %per : index"]
    else:
        body += ["%tbase = arith.constant 0 : index", "%sbase = arith.constant 0 : index"]

    if t.kind in ("dynamic", "dynamic_cp_async"):
        lines, yields, iters, flip = loop_body(t, n, "%i", "%i")
        body += ["%bid0 = gpu.block_id x", "%grid0 = gpu.grid_dim x"]
        body += emit_loop("%i", "%bid0", "%ub", "%grid0", iters, lines + flip, yields,
                          marker(t, n), "%res")
    elif t.nested or t.cluster:
        # Iteration i of outer iteration o: input tile tbase + o * ub + i,
        # output slot sbase + o * ub + i.
        o = "%o" if t.nested else "%c0"
        index = ["%%ot = arith.muli %s, %%ub : index" % o, "%ok = arith.addi %ot, %i : index",
                 "%tix = arith.addi %tbase, %ok : index", "%six = arith.addi %sbase, %ok : index"]
        lines, yields, iters, flip = loop_body(t, n, "%six", "%tix")
        names = [it.split(" = ")[0] for it in iters]
        inits = [it.split(" = ")[1] for it in iters]
        if not t.nested:
            body += emit_loop("%i", "%lb", "%ub", "%step", iters, index + lines + flip, yields,
                              marker(t, n), "%res")
        else:
            # The inner loop starts from the values the outer one carries.
            inner_iters = ["%s = %s0" % (nm, nm) for nm in names]
            outer_iters = ["%s0 = %s" % (nm, init) for nm, init in zip(names, inits)]
            loop = emit_loop("%i", "%lb", "%ub", "%step", inner_iters, index + lines + flip,
                             yields, marker(t, n), "%ri")
            results = (["%%ri#%d" % j for j in range(len(iters))] if len(iters) > 1
                       else ["%ri"] * len(iters))
            if t.nested == "for":
                body += emit_loop("%o", "%c0", "%outer", "%c1", outer_iters, loop, results, "",
                                  "%ro")
            else:
                types = ["index"] + [iter_type(it) for it in iters]
                args = ["%o = %c0"] + outer_iters
                args_names = [a.split(" = ")[0] for a in args]
                body += [
                    "%%ro:%d = scf.while (%s) : (%s) -> (%s) {" % (
                        len(args), ", ".join(args), ", ".join(types), ", ".join(types)),
                    "  %go = arith.cmpi slt, %o, %outer : index",
                    "  scf.condition(%%go) %s : %s" % (", ".join(args_names), ", ".join(types)),
                    "} do {",
                    "^bb0(%s):" % ", ".join("%s: %s" % a for a in zip(args_names, types))]
                body += ["  " + l for l in loop]
                body += ["  %o1 = arith.addi %o, %c1 : index",
                         "  scf.yield %%o1%s : %s" % ("".join(", " + r for r in results),
                                                      ", ".join(types)),
                         "}"]
    else:
        lines, yields, iters, flip = loop_body(t, n, "%i", "%i")
        body += emit_loop("%i", "%lb", "%ub", "%step", iters, lines + flip, yields,
                          marker(t, n), "%res")
    if t.kind == "results":
        body.append("memref.store %res#1, %aux[%tid] : memref<?xi32>")
    body.append("gpu.return")
    return head + ["  " + l for l in "\n".join(body).split("\n")] + ["}"]


def iter_type(it):
    name = it.split(" = ")[0]
    return "i32" if name.startswith("%acc") else "i1"


def emit_loop(iv, lb, ub, step, iters, lines, yields, mark, result):
    """An scf.for with iter_args `iters` ("%a = %init"), body `lines`,
    yielding `yields`, named `result`."""
    head = "scf.for %s = %s to %s step %s" % (iv, lb, ub, step)
    if iters:
        types = [iter_type(it) for it in iters]
        head = "%s%s = %s iter_args(%s) -> (%s)" % (
            result, ":%d" % len(iters) if len(iters) > 1 else "", head, ", ".join(iters),
            ", ".join(types))
        tail = ["  scf.yield %s : %s" % (", ".join(yields), ", ".join(types))]
    else:
        tail = []
    body = []
    for l in lines:
        body += ["  " + x for x in l.split("\n")]
    return [head + " {"] + body + tail + ["}" + mark]


def host(t, p, kname, module, fn):
    """The host function of one configuration: views of the byte buffers and
    one launch with the configuration's parameters."""
    name, lb, step, trips, outer = p
    tiles, slots = sizes(t, p)
    ub = upper(t, p)
    gx, gy = t.grid()
    lines = [
        "func.func @%s(%%b0: memref<?xi8>, %%b1: memref<?xi8>, %%b2: memref<?xi8>, %%b3: memref<?xi8>)"
        " attributes {llvm.emit_c_interface} {" % fn,
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %%guard = arith.constant %d : index" % GUARD,
        "  %%nin = arith.constant %d : index" % (tiles * t.rows),
        "  %%nout = arith.constant %d : index" % (slots * t.rows),
        "  %%naux = arith.constant %d : index" % (THREADS * t.ctas()),
        "  %%in = memref.view %%b0[%%c0][%%nin] : memref<?xi8> to memref<?x%dxi32>" % COLS,
        "  %%out = memref.view %%b1[%%guard][%%nout] : memref<?xi8> to memref<?x%dxi32>" % COLS,
        "  %aux = memref.view %b2[%guard][%naux] : memref<?xi8> to memref<?xi32>",
        "  %%lb = arith.constant %d : index" % lb,
        "  %%ub = arith.constant %d : index" % ub,
        "  %%step = arith.constant %d : index" % max(step, 1),
        "  %%outer = arith.constant %d : index" % outer,
        "  %%trips = arith.constant %d : index" % trips,
        "  %%gx = arith.constant %d : index" % gx,
        "  %%gy = arith.constant %d : index" % gy,
        "  %%nt = arith.constant %d : index" % THREADS,
    ]
    clusters = ""
    if t.cluster:
        lines += ["  %%kx = arith.constant %d : index" % t.cluster[0],
                  "  %%ky = arith.constant %d : index" % t.cluster[1]]
        clusters = "clusters in (%kx, %ky, %c1) "
    lines += [
        "  gpu.launch_func @%s::@%s %sblocks in (%%gx, %%gy, %%c1) threads in (%%nt, %%c1, %%c1)"
        % (module, kname, clusters),
        "      args(%%in : memref<?x%dxi32>, %%out : memref<?x%dxi32>, %%aux : memref<?xi32>,"
        " %%lb : index, %%ub : index, %%step : index, %%outer : index, %%trips : index)"
        % (COLS, COLS),
        "  return",
        "}",
    ]
    return lines


class Config:
    """A template with one parameter set: what the runner calls a
    configuration."""

    def __init__(self, t, p, index):
        self.t, self.p = t, p
        self.name = "%s.%s" % (t.name, p[0])
        self.seed = 0x5000 + index * 8

    def describe(self):
        _, lb, step, trips, outer = self.p
        return "%s: %s; lb=%d step=%d trips=%d outer=%d" % (
            self.t.name, self.t.what, lb, step, trips, outer)


def render(entries):
    """The module of a batch: one kernel per (template, variant), emitted
    before the host function of its first entry, and one host function per
    entry. Returns (text, [(line, first, last)] per entry): a diagnostic in
    a kernel is pinned to the first entry that uses it."""
    out = ["module attributes {gpu.container_module} {"]
    kernels, lines = {}, []
    for e in entries:
        key = (e.cfg.t.name, e.impl)
        first = len(out) + 1
        if key not in kernels:
            kernels[key] = "k_%s_%s" % key
            out.append("gpu.module @%s {" % kernels[key])
            out += ["  " + l for l in kernel(e.cfg.t, e.n, "kernel")]
            out.append("}")
        out += host(e.cfg.t, e.cfg.p, "kernel", kernels[key], e.fn)
        lines.append((first, first, len(out)))
    out.append("}")
    return "\n".join(out) + "\n", lines


#===----------------------------------------------------------------------===#
# Driver
#===----------------------------------------------------------------------===#


def check_pipelined(entries, args):
    """Marks the entries of a pipelined variant whose loop the pass leaves
    alone (a remark: "not pipelined: ...", "scheduled statically: ...") as
    failures: the matrix would compare the unpipelined loop with itself."""
    text, lines = render(entries)
    path = os.path.join(args.work, "pipelined-check.mlir")
    with open(path, "w") as f:
        f.write(text)
    r = matrix.run([args.ac_opt, path, "--asynccopy-pipeline-loops", "-o", os.devnull])
    by_line = {}
    for (_, first, last), e in zip(lines, entries):
        for k in range(first, last + 1):
            by_line[k] = e
    failed = []
    for m in re.finditer(r":(\d+):\d+: (remark|error): (.*)$", r.stderr, re.M):
        e = by_line.get(int(m.group(1)))
        if e is None or e.status is not None:
            continue
        e.status, e.reason = "compile-fail", m.group(3)
        failed.append(e)
    if r.returncode != 0 and not failed:
        sys.exit("loops: asynccopy-pipeline-loops failed:\n" + r.stderr)
    return failed


class Entry(matrix.Entry):
    def __init__(self, cfg, impl, n, index):
        matrix.Entry.__init__(self, cfg, impl, index)
        self.n = n
        self.fn = "px%d_%s" % (index, impl)


SMOKE = ["copy.t3", "copy_for.o2.t3", "copy_while.o3.t2", "read_before_for.o2.t3",
         "tma_store.t5", "two_one.t2", "cp_async_for.o2.t5", "results.t4", "big.t4",
         "empty_warps_for.o3.t3", "multicast_c2.t3", "multicast_c2_for.o2.t2",
         "multicast_c2_empty.t3", "dynamic.n9"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--work", help="intermediate files (default: OUT/obj)")
    p.add_argument("--build", default=os.path.join(matrix.ROOT, "build"), help="project build dir")
    p.add_argument("--ac-opt", help="ac-opt to use (default: BUILD/bin/ac-opt)")
    p.add_argument("--subset", choices=["all", "smoke"], default="all")
    p.add_argument("--template", action="append", choices=[t.name for t in TEMPLATES])
    p.add_argument("--ptx-only", action="store_true",
                   help="lower to PTX and assemble it (--extract-ptx) instead of building libraries")
    p.add_argument("--extract-ptx", default="%s %s/utils/extract-ptx.py --ptxas "
                   "/usr/local/cuda/bin/ptxas" % (shlex.quote(sys.executable), matrix.ROOT))
    p.add_argument("--batch", type=int, default=64, help="host functions per module")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    args.build = os.path.abspath(args.build)
    args.ac_opt = args.ac_opt or os.path.join(args.build, "bin", "ac-opt")
    return args


def main():
    args = parse_args()
    templates = [t for t in TEMPLATES if not args.template or t.name in args.template]
    cfgs = [Config(t, p, 0) for t in templates for p in t.params()]
    if args.subset == "smoke":
        cfgs = [c for c in cfgs if c.name in SMOKE]
    for k, c in enumerate(cfgs):
        c.seed = 0x5000 + k * 8
    os.environ["PATH"] += os.pathsep + "/usr/local/cuda/bin"
    out = os.path.abspath(args.out)
    args.work = os.path.abspath(args.work or os.path.join(out, "obj"))
    os.makedirs(args.work, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    for stale in os.listdir(out) if os.path.isdir(out) else []:
        if stale.startswith("libmatrix") and stale.endswith(".so"):
            os.remove(os.path.join(out, stale))
    start = time.time()
    refs = {c.name: reference(c.t, c.p, c.seed) for c in cfgs}
    entries = []
    for c in cfgs:
        for impl, n in c.t.variants().items():
            entries.append(Entry(c, impl, n, len(entries)))
    # Kernels are shared by the configurations of a template: keep them in
    # one batch where possible.
    entries.sort(key=lambda e: (e.impl, e.cfg.t.name))
    failed = check_pipelined(entries, args)
    failed += matrix.build([e for e in entries if e.status is None], args, out, render)
    for e in entries:
        if e.status is None:
            e.status = "run"
    matrix.write_manifest(cfgs, entries, refs, out)
    print("loops: %d configurations, %d (configuration, variant) pairs in %.0f s" % (
        len(cfgs), len(entries), time.time() - start))
    for impl in ["none", "s2", "s3", "s4", "smax"]:
        mine = [e for e in entries if e.impl == impl]
        print("  %-5s %4d built, %d compile-fail" % (
            impl, sum(e.status == "run" for e in mine), sum(e.status == "compile-fail" for e in mine)))
    for e in failed:
        print("loops: COMPILE-FAIL %s %s: %s" % (e.cfg.name, e.impl, e.reason))
    print("loops: %d compile failures" % len(failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
