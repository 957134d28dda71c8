#!/usr/bin/env python3
"""Writes the pipelined-copy benchmark modules and their config tables
into DIR (utils/build-bench.sh: build/bench/gen; nothing generated is
checked in):

  pipelined_copy.mlir        TMA load -> TMA store, sm_90
  pipelined_copy_configs.inc   its host functions, for the driver
  cp_async_copy.mlir         cp.async load -> vector ld/st, sm_80
  cp_async_copy_configs.inc    its host functions

  bench/pipelined_copy_gen.py DIR

Every `tma_*` and `cpa_*` kernel is a persistent loop written with
single-buffer semantics (one SMEM tile, one `barrier<1>` with phase =
iteration parity, or one cp.async token and its wait) and marked
`asynccopy.pipeline_stages = N`: the asynccopy-pipeline-loops pass (part of
asynccopy-to-llvm) gives it N stages (`_s1`: N = 1, not pipelined; `_ef`:
evict_first on both copies; `_dyn`: also marked
`asynccopy.pipeline_dynamic_schedule`, so the CTAs claim tiles from a
per-launch counter, `_dyn_le` / `_dyn_lese` with L2 hints on the loads /
both copies). Diagnostics in pipelined_copy.mlir:
`chunk_*` (the same marked loop over a contiguous range of tiles per CTA),
`pf_*` (the same loop plus a TMA L2 prefetch of the tile a few grid
steps ahead), `l2_*` (L2 eviction hints per direction), `flat_*` (the matrix viewed as rows of 256 elements, so
tiles are contiguous) and `hand_*` (pipelined by hand, one more TMA store in flight
at each refill; needs a grid that divides the tiles into multiples of N,
e.g. 128).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# name -> (rows, cols) of the f16 matrix
SIZES = {"1g": (16384, 32768), "4g": (32768, 65536)}

# TMA variants: (tile rows, tile cols, stages, L2 eviction hint of both
# copies); grid and threads are launch arguments.
TMA_VARIANTS = [(tm, tn, s, None) for tm, tn in [(128, 128), (64, 128), (64, 256)]
                for s in (3, 4, 5)]
# stages = 1: the same loop not pipelined (the pass leaves it alone).
TMA_VARIANTS += [(64, 128, 1, None), (128, 128, 1, None)]
TMA_VARIANTS += [(64, 128, 3, "evict_first"), (64, 128, 4, "evict_first"),
                 (128, 128, 3, "evict_first")]
# cp.async variants.
CPA_VARIANTS = [(tm, tn, s, None) for tm, tn in [(64, 128), (128, 128)]
                for s in (3, 4)]

HOST = """\
  func.func @run_{name}(%in: {gm}, %out: {gm}, %grid: index, %threads: index,
                        %iters: index) attributes {{llvm.emit_c_interface}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {{
      %next = gpu.launch_func async [%t] @kernels::@{name}
          blocks in (%grid, %c1, %c1) threads in (%threads, %c1, %c1)
          args(%in : {gm}, %out : {gm})
      scf.yield %next : !gpu.async.token
    }}
    gpu.wait [%done]
    return
  }}
"""

TMA_KERNEL = """\
    // {rows}x{cols} f16, {tm}x{tn} tiles ({ntiles}), {stages} stages{note}
    gpu.func @{name}(%in: {gm}, %out: {gm})
        workgroup(%tile : {sm}) kernel {{
      %c0 = arith.constant 0 : index
      %ctm = arith.constant {tm} : index
      %ctn = arith.constant {tn} : index
      %ctpr = arith.constant {tpr} : index
      %ctiles = arith.constant {ntiles} : index
      %false = arith.constant false
      %true = arith.constant true
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      %last = scf.for %t = %bid to %ctiles step %grid iter_args(%phase = %false) -> (i1) {{
        %tr = arith.divui %t, %ctpr : index
        %tc = arith.remui %t, %ctpr : index
        %row = arith.muli %tr, %ctm : index
        %col = arith.muli %tc, %ctn : index
        asynccopy.copy %in to %tile window [%row, %col] [{tm}, {tn}] barrier %bar[%c0]{attrs}{lattrs}
            : {gm} to {sm}
        asynccopy.barrier.wait %bar[%c0], %phase : !asynccopy.barrier<1>
        %st = asynccopy.copy %tile to %out window [%row, %col] [{tm}, {tn}]{attrs}{sattrs}
            : {sm} to {gm} -> !asynccopy.token
        asynccopy.wait %st : !asynccopy.token
        %flip = arith.xori %phase, %true : i1
        scf.yield %flip : i1
      }} {{asynccopy.pipeline_stages = {stages} : i64{schedule}}}
      gpu.return
    }}
"""

# Diagnostic: CTA b copies the contiguous range of tiles [b*per, (b+1)*per)
# (per = ceil(tiles / grid)) instead of every grid-th tile.
CHUNK_KERNEL = TMA_KERNEL.replace(
    "      %last = scf.for %t = %bid to %ctiles step %grid",
    """      %c1 = arith.constant 1 : index
      %gm1 = arith.subi %grid, %c1 : index
      %tg = arith.addi %ctiles, %gm1 : index
      %per = arith.divui %tg, %grid : index
      %lo = arith.muli %bid, %per : index
      %hi0 = arith.addi %lo, %per : index
      %hi = arith.minui %hi0, %ctiles : index
      %last = scf.for %t = %lo to %hi step %c1""")

# Diagnostic: the matrix viewed as rows of 256 elements (512 B), so that a
# TMx256 tile is TM*512 contiguous bytes; the host function reshapes.
HOST_FLAT = """\
  func.func @run_{name}(%in: {hm}, %out: {hm}, %grid: index, %threads: index,
                        %iters: index) attributes {{llvm.emit_c_interface}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i1 = memref.collapse_shape %in [[0, 1]] : {hm} into memref<{elems}xf16>
    %fin = memref.expand_shape %i1 [[0, 1]] output_shape [{frows}, 256] : memref<{elems}xf16> into {gm}
    %o1 = memref.collapse_shape %out [[0, 1]] : {hm} into memref<{elems}xf16>
    %fout = memref.expand_shape %o1 [[0, 1]] output_shape [{frows}, 256] : memref<{elems}xf16> into {gm}
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {{
      %next = gpu.launch_func async [%t] @kernels::@{name}
          blocks in (%grid, %c1, %c1) threads in (%threads, %c1, %c1)
          args(%fin : {gm}, %fout : {gm})
      scf.yield %next : !gpu.async.token
    }}
    gpu.wait [%done]
    return
  }}
"""

CPA_KERNEL = """\
    // {rows}x{cols} f16, {tm}x{tn} tiles ({ntiles}), {stages} stages{note}
    gpu.func @{name}(%in: {gm}, %out: {gm})
        workgroup(%tile : {sm}) kernel {{
      %ctm = arith.constant {tm} : index
      %ctn = arith.constant {tn} : index
      %ctpr = arith.constant {tpr} : index
      %ctiles = arith.constant {ntiles} : index
      %cvr = arith.constant {vpr} : index
      %cvecs = arith.constant {nvec} : index
      %c8 = arith.constant 8 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      %tid = gpu.thread_id x
      %nt = gpu.block_dim x
      scf.for %t = %bid to %ctiles step %grid {{
        %tr = arith.divui %t, %ctpr : index
        %tc = arith.remui %t, %ctpr : index
        %row = arith.muli %tr, %ctm : index
        %col = arith.muli %tc, %ctn : index
        %ld = asynccopy.copy %in to %tile window [%row, %col] [{tm}, {tn}]
            {{impl = #asynccopy<impl cp_async>}} : {gm} to {sm} -> !asynccopy.token
        asynccopy.wait %ld : !asynccopy.token
        // Every thread moves 16-B vectors from the tile to the output.
        scf.for %e = %tid to %cvecs step %nt {{
          %r = arith.divui %e, %cvr : index
          %v8 = arith.remui %e, %cvr : index
          %c = arith.muli %v8, %c8 : index
          %v = vector.load %tile[%r, %c] {{alignment = 16 : i64}} : {sm}, vector<8xf16>
          %gr = arith.addi %row, %r : index
          %gc = arith.addi %col, %c : index
          vector.store %v, %out[%gr, %gc] {{alignment = 16 : i64}} : {gm}, vector<8xf16>
        }}
      }} {{asynccopy.pipeline_stages = {stages} : i64{schedule}}}
      gpu.return
    }}
"""


# Diagnostic: the same marked loop, plus an L2 prefetch (TMA tensor
# prefetch, no SMEM) of the tile `ahead` grid steps further on, so more
# DRAM reads are in flight than the N-1 loads.
PREFETCH_KERNEL = TMA_KERNEL.replace(
    "      %last = scf.for",
    """      %cahead = arith.constant {ahead} : index
      %pfoff = arith.muli %grid, %cahead : index
      %last = scf.for""").replace(
    "        asynccopy.copy %in to %tile",
    """        %pt = arith.addi %t, %pfoff : index
        %pin = arith.cmpi ult, %pt, %ctiles : index
        scf.if %pin {{
          %ptr = arith.divui %pt, %ctpr : index
          %ptc = arith.remui %pt, %ctpr : index
          %prow = arith.muli %ptr, %ctm : index
          %pcol = arith.muli %ptc, %ctn : index
          asynccopy.prefetch %in window [%prow, %pcol] [{tm}, {tn}] : {gm}
        }}
        asynccopy.copy %in to %tile""")

# Hand-pipelined diagnostic (no marker): N stages, loads issued L = N-1-D
# tiles ahead, so D TMA stores may still be reading their stages when a
# stage is refilled (`wait_group bulk D {read}`); the loop is unrolled N
# times so stages are static. Needs every CTA to get a multiple of N tiles:
# run it with a power-of-two grid (128). (tile rows, cols, N, D)
HAND_VARIANTS = [(64, 128, 4, 1), (64, 128, 8, 1), (128, 128, 4, 1)]


def hand_kernel(k):
    n, d, tm, tn = k["stages"], k["slack"], k["tm"], k["tn"]
    ahead = n - 1 - d
    gm, sm = k["gm"], k["sm"]
    def view(stage):
        return (f"memref<{tm}x{tn}xf16, strided<[{tn}, 1], offset: "
                f"{stage * tm * tn}>, #gpu.address_space<workgroup>>")
    buf = f"memref<{n}x{tm}x{tn}xf16, #gpu.address_space<workgroup>>"
    L = []
    w = L.append
    w(f"    // {k['rows']}x{k['cols']} f16, {tm}x{tn} tiles, hand-pipelined: "
      f"{n} stages, loads {ahead} ahead, {d} store(s) in flight at a refill")
    w(f"    gpu.func @{k['name']}(%in: {gm}, %out: {gm})")
    w(f"        workgroup(%buf : {buf}) kernel {{")
    for c in sorted({0, 1, 2, n, tm, tn}):
        w(f"      %c{c} = arith.constant {c} : index")
    w(f"      %ctpr = arith.constant {k['tpr']} : index")
    w(f"      %ctiles = arith.constant {k['ntiles']} : index")
    w("      %bid = gpu.block_id x")
    w("      %grid = gpu.grid_dim x")
    w(f"      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<{n}>")
    w(f"      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<{n}>")
    # per-CTA tile count (exact: the host picks a grid that divides)
    w("      %mine = arith.divui %ctiles, %grid : index")
    w(f"      %rounds = arith.divui %mine, %c{n} : index")

    def tile_of(kv, pre):
        w(f"{pre}%t{kv}x = arith.muli %{kv}, %grid : index")
        w(f"{pre}%t{kv} = arith.addi %bid, %t{kv}x : index")
        w(f"{pre}%tr{kv} = arith.divui %t{kv}, %ctpr : index")
        w(f"{pre}%tc{kv} = arith.remui %t{kv}, %ctpr : index")
        w(f"{pre}%row{kv} = arith.muli %tr{kv}, %c{tm} : index")
        w(f"{pre}%col{kv} = arith.muli %tc{kv}, %c{tn} : index")

    def load(kv, stage, pre):
        w(f"{pre}%in{kv} = arith.cmpi ult, %{kv}, %mine : index")
        w(f"{pre}scf.if %in{kv} {{")
        tile_of(kv, pre + "  ")
        w(f"{pre}  %v{kv} = memref.subview %buf[{stage}, 0, 0] [1, {tm}, {tn}] [1, 1, 1] : {buf} to {view(stage)}")
        w(f"{pre}  asynccopy.copy %in to %v{kv} window [%row{kv}, %col{kv}] [{tm}, {tn}] barrier %bar[%c{stage}_s] : {gm} to {view(stage)}")
        w(f"{pre}}}")

    for st in range(n):
        w(f"      %c{st}_s = arith.constant {st} : index")
    for j in range(ahead):
        w(f"      %p{j} = arith.constant {j} : index")
        load(f"p{j}", j, "      ")
    w("      %false = arith.constant false")
    w("      %true = arith.constant true")
    w("      %fin = scf.for %r = %c0 to %rounds step %c1 iter_args(%phase = %false) -> (i1) {")
    w(f"        %base = arith.muli %r, %c{n} : index")
    for st in range(n):
        pre = "        "
        w(f"{pre}%k{st} = arith.addi %base, %c{st}_s : index")
        w(f"{pre}asynccopy.wait_group bulk {d} {{read}}")
        w(f"{pre}%a{st}o = arith.constant {ahead} : index")
        w(f"{pre}%a{st} = arith.addi %k{st}, %a{st}o : index")
        load(f"a{st}", (st + ahead) % n, pre)
        w(f"{pre}asynccopy.barrier.wait %bar[%c{st}_s], %phase : !asynccopy.barrier<{n}>")
        tile_of(f"k{st}", pre)
        w(f"{pre}%s{st} = memref.subview %buf[{st}, 0, 0] [1, {tm}, {tn}] [1, 1, 1] : {buf} to {view(st)}")
        w(f"{pre}asynccopy.copy %s{st} to %out window [%rowk{st}, %colk{st}] [{tm}, {tn}] : {view(st)} to {gm}")
    w("        %flip = arith.xori %phase, %true : i1")
    w("        scf.yield %flip : i1")
    w("      }")
    w("      asynccopy.wait_group bulk 0")
    w("      gpu.return")
    w("    }")
    return "\n".join(L) + "\n"


def kernels(prefix, variants, body):
    out = []
    for size, (rows, cols) in SIZES.items():
        for tm, tn, s, cache in variants:
            out.append(dict(
                name=f"{prefix}_{size}_{tm}x{tn}_s{s}" + ("_ef" if cache else ""),
                attrs=f" {{cache = #asynccopy<cache {cache}>}}" if cache else "",
                note=f", {cache} on both copies" if cache else "",
                size=size, rows=rows, cols=cols, tm=tm, tn=tn, stages=s,
                tpr=cols // tn, ntiles=(rows // tm) * (cols // tn),
                vpr=tn // 8, nvec=tm * tn // 8,
                gm=f"memref<{rows}x{cols}xf16>",
                sm=f"memref<{tm}x{tn}xf16, #gpu.address_space<workgroup>>",
                body=body))
    return out


def dynamic_kernels():
    """tma_*_dyn: the same marked loops, also marked
    `asynccopy.pipeline_dynamic_schedule`: the pass hands tiles out from a
    per-launch counter, so faster SMs copy more of them. With 64-row tiles
    also `_le` (loads evict_last) and `_lese` (and stores evict_first)."""
    hint = lambda c: f" {{cache = #asynccopy<cache {c}>}}" if c else ""
    out = []
    for k in kernels("tma", [(64, 128, 3, None), (64, 128, 4, None),
                             (128, 128, 3, None)], TMA_KERNEL):
        for tag, lc, sc in [("", None, None), ("_le", "evict_last", None),
                            ("_lese", "evict_last", "evict_first")]:
            if lc and k["tm"] != 64:
                continue
            out.append(dict(
                k, name=k["name"] + "_dyn" + tag,
                schedule=", asynccopy.pipeline_dynamic_schedule",
                lattrs=hint(lc), sattrs=hint(sc),
                note=", tiles claimed from a counter" +
                     (f", L2 hints: load {lc}, store {sc}" if lc else "")))
    return out


def diag_kernels():
    """chunk_*: contiguous tile ranges per CTA; pf_*: an L2 prefetch ahead of
    the loads; flat_*: contiguous tiles."""
    out = []
    for size, (rows, cols) in SIZES.items():
        for tm, tn, st in [(64, 128, 3), (64, 128, 4)]:
            out.append(dict(
                name=f"chunk_{size}_{tm}x{tn}_s{st}", attrs="",
                note=", contiguous tile range per CTA", size=size, rows=rows,
                cols=cols, tm=tm, tn=tn, stages=st, tpr=cols // tn,
                ntiles=(rows // tm) * (cols // tn),
                gm=f"memref<{rows}x{cols}xf16>",
                sm=f"memref<{tm}x{tn}xf16, #gpu.address_space<workgroup>>",
                body=CHUNK_KERNEL))
        if size == "1g":
            # L2 hints per direction: loads evict_last (which also promotes
            # L2 fills to 256 B), stores evict_first, or both.
            for tag, lc, sc in [("le", "evict_last", None),
                                ("se", None, "evict_first"),
                                ("lese", "evict_last", "evict_first")]:
                for tm in (64, 128):
                    hint = lambda c: (f" {{cache = #asynccopy<cache {c}>}}"
                                      if c else "")
                    out.append(dict(
                        name=f"l2_{size}_{tm}x128_s3_{tag}", attrs="",
                        lattrs=hint(lc), sattrs=hint(sc),
                        note=f", L2 hints: load {lc}, store {sc}", size=size,
                        rows=rows, cols=cols, tm=tm, tn=128, stages=3,
                        tpr=cols // 128, ntiles=(rows // tm) * (cols // 128),
                        gm=f"memref<{rows}x{cols}xf16>",
                        sm=f"memref<{tm}x128xf16, #gpu.address_space<workgroup>>",
                        body=TMA_KERNEL))
            for tm, st, ahead in [(64, 3, 4), (64, 3, 8), (64, 3, 16),
                                  (128, 3, 4)]:
                out.append(dict(
                    name=f"pf_{size}_{tm}x128_s{st}_a{ahead}", attrs="",
                    note=f", L2 prefetch {ahead} grid steps ahead", size=size,
                    rows=rows, cols=cols, tm=tm, tn=128, stages=st,
                    ahead=ahead, tpr=cols // 128,
                    ntiles=(rows // tm) * (cols // 128),
                    gm=f"memref<{rows}x{cols}xf16>",
                    sm=f"memref<{tm}x128xf16, #gpu.address_space<workgroup>>",
                    body=PREFETCH_KERNEL))
        frows = rows * cols // 256
        for tm, st in [(32, 3), (64, 3), (32, 4), (64, 4)]:
            out.append(dict(
                name=f"flat_{size}_{tm}x256_s{st}", attrs="",
                note=f", matrix viewed as {frows}x256 (contiguous tiles)",
                size=size, rows=frows, cols=256, tm=tm, tn=256, stages=st,
                tpr=1, ntiles=frows // tm, elems=rows * cols, frows=frows,
                hm=f"memref<{rows}x{cols}xf16>",
                gm=f"memref<{frows}x256xf16>",
                sm=f"memref<{tm}x256xf16, #gpu.address_space<workgroup>>",
                body=TMA_KERNEL, host=HOST_FLAT))
    return out


def hand_kernels():
    rows, cols = SIZES["1g"]
    out = []
    for tm, tn, n, d in HAND_VARIANTS:
        k = dict(name=f"hand_1g_{tm}x{tn}_n{n}_d{d}", size="1g", rows=rows,
                 cols=cols, tm=tm, tn=tn, stages=n, slack=d, tpr=cols // tn,
                 ntiles=(rows // tm) * (cols // tn),
                 gm=f"memref<{rows}x{cols}xf16>",
                 sm=f"memref<{tm}x{tn}xf16, #gpu.address_space<workgroup>>")
        k["body"] = hand_kernel(k).replace("{", "{{").replace("}", "}}")
        out.append(k)
    return out


def write(path_mlir, path_inc, header, ks):
    with open(path_mlir, "w") as f:
        f.write(header)
        f.write("module attributes {gpu.container_module} {\n"
                "  gpu.module @kernels {\n")
        for k in ks:
            f.write(k["body"].format(
                **{"lattrs": "", "sattrs": "", "schedule": "", **k}))
        f.write("  }\n")
        for k in ks:
            f.write(k.get("host", HOST).format(**k))
        f.write("}\n")
    with open(path_inc, "w") as f:
        f.write("// Generated by bench/pipelined_copy_gen.py: edit that, not this.\n"
                "// CONFIG(host function, size, tile rows, tile cols, stages)\n")
        for k in ks:
            f.write('CONFIG({name}, "{size}", {tm}, {tn}, {stages})\n'.format(**k))


TMA_HEADER = """\
// Generated by bench/pipelined_copy_gen.py: edit that, not this.
//
// Persistent tiled copy of a 2-D f16 matrix (1 GiB: 16384x32768, 4 GiB:
// 32768x65536). CTA b walks tiles b, b + gridDim.x, ... (row-major tile
// order); per tile it TMA-loads the tile into one SMEM tile, waits on the
// barrier (phase = iteration parity), TMA-stores it to the same place in
// %out and waits for the store: a plain loop with single-buffer semantics,
// marked `asynccopy.pipeline_stages = N`. asynccopy-pipeline-loops gives the tile
// and the barrier N stages, keeps N-1 loads in flight and moves the store's
// wait to the refill of its stage. `@run_<kernel>(in, out, grid, threads,
// iters)` launches the kernel `iters` times back to back on one stream.
"""

CPA_HEADER = """\
// Generated by bench/pipelined_copy_gen.py: edit that, not this.
//
// sm_80 path (compile with chip=sm_80; as a fatbin its PTX is JIT-compiled
// on sm_90, an sm_80 cubin does not load there): persistent tiled copy of a 2-D f16
// matrix with cp.async. Per tile: a cp.async load of the tile into one SMEM
// tile (16-B transfers), a wait on its token, then every thread copies the
// tile to %out with 16-B `vector.load`/`vector.store` of vector<8xf16>. The
// loop is marked `asynccopy.pipeline_stages = N`: asynccopy-pipeline-loops issues
// the loads uncommitted with one commit per load step and waits with
// `wait_group cp_async N-2`. `@run_<kernel>(in, out, grid, threads, iters)`
// launches the kernel `iters` times back to back on one stream.
"""

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: pipelined_copy_gen.py DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "pipelined_copy.mlir"),
          os.path.join(out, "pipelined_copy_configs.inc"), TMA_HEADER,
          kernels("tma", TMA_VARIANTS, TMA_KERNEL) + dynamic_kernels() +
          hand_kernels() +
          diag_kernels())
    write(os.path.join(out, "cp_async_copy.mlir"),
          os.path.join(out, "cp_async_copy_configs.inc"), CPA_HEADER,
          kernels("cpa", CPA_VARIANTS, CPA_KERNEL) +
          [dict(k, name=k["name"] + "_dyn",
                schedule=", asynccopy.pipeline_dynamic_schedule",
                note=", tiles claimed from a counter")
           for k in kernels("cpa", CPA_VARIANTS, CPA_KERNEL)])
