"""The configurations of the matrix.

A configuration is one copy (a load, store, reduction or remote copy) with
its GMEM view (a strided view with a static offset into a larger
allocation), the window each CTA copies, its transforms, swizzle, oob mode,
reduction, collective and SMEM operand. The families below combine the axes
(element types, ranks 1-5, strided views, ragged edges, transforms, swizzle,
oob, reductions, clusters, DSMEM) so that every value of every axis appears,
without taking the full product.
"""

import math

from semantics import elem_bytes, transformed_window

# Inner extents whose byte size is not a multiple of 16, per element size.
RAGGED = {1: [100, 37, 45], 2: [119, 121, 61], 4: [61, 13, 29], 8: [7, 31, 13]}
COPY_TYPES = ["i8", "f8E4M3FN", "f8E5M2", "f16", "bf16", "f32", "i32", "f64", "i64"]
FLOAT_TYPES = ["f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2"]


def ceil_div(a, b):
    return -(-a // b)


def round_up(a, b):
    return ceil_div(a, b) * b


class Config:
    """One configuration (kind: load, store, reduce or remote). Keywords:
    view and alloc (make_view), sizes (the window), base/su/sv (CTA (u, v)
    copies the window at base + u * su + v * sv; u, v are the block ids,
    divided by the cluster dims the copy is collective over), grid, cluster,
    transforms, swizzle, oob, reduction, collective, partition, smem_view
    ((elements, offset): the copy's SMEM operand is a view at `offset` of a
    1-D buffer), drop_leading (leading unit dims left out of the SMEM shape),
    completion ("barrier": loads of every impl complete on an mbarrier),
    remote_shape/remote_src/remote_dst (remote copies: the buffer shape and
    optional (elements, offset) views), seed."""

    def __init__(self, name, kind, dtype, **kw):
        self.name, self.kind, self.dtype = name, kind, dtype
        self.view = kw.pop("view", None)
        self.alloc_elems = kw.pop("alloc", 0)
        self.sizes = tuple(kw.pop("sizes", ()))
        rank = len(self.sizes)
        self.base = tuple(kw.pop("base", (0,) * rank))
        self.su = tuple(kw.pop("su", (0,) * rank))
        self.sv = tuple(kw.pop("sv", (0,) * rank))
        self.grid = tuple(kw.pop("grid", (1, 1)))
        self.cluster = tuple(kw.pop("cluster", (1, 1)))
        self.transforms = list(kw.pop("transforms", []))
        self.swizzle = kw.pop("swizzle", 0)
        self.oob = kw.pop("oob", None)
        self.reduction = kw.pop("reduction", None)
        self.collective = kw.pop("collective", None)
        self.partition = kw.pop("partition", None)
        self.smem_view = kw.pop("smem_view", None)
        self.drop_leading = kw.pop("drop_leading", 0)
        self.completion = kw.pop("completion", "natural")
        self.remote_shape = kw.pop("remote_shape", None)
        self.remote_src = kw.pop("remote_src", None)
        self.remote_dst = kw.pop("remote_dst", None)
        self.seed = kw.pop("seed", 0)
        assert not kw, kw
        self.static_offsets = (self.grid == (1, 1) and self.kind != "remote")
        if self.kind == "remote":
            self.smem_shape = tuple(self.remote_shape)
        else:
            shape, _ = transformed_window(self.view["strides"], self.base,
                                          self.sizes, self.transforms)
            for _ in range(self.drop_leading):
                assert shape[0] == 1
                shape = shape[1:]
            self.smem_shape = shape
        self.smem_elems = math.prod(self.smem_shape)
        self.smem_alloc_elems = self.smem_view[0] if self.smem_view else self.smem_elems
        self.remote_src_elems = self.remote_src[0] if self.remote_src else self.smem_elems
        self.remote_dst_elems = self.remote_dst[0] if self.remote_dst else self.smem_elems

    @property
    def grid_size(self):
        return self.grid[0] * self.grid[1]

    @property
    def esize(self):
        return elem_bytes(self.dtype)

    def candidates(self):
        """The implementations each configuration is tried with (those the
        verifier lets the op name; selection decides which accept)."""
        if self.kind == "remote":
            return ["dsmem", "sync"]
        if self.kind == "reduce":
            return ["tma", "sync"]
        if self.collective:
            return ["tma", "bulk", "sync"]
        return ["tma", "bulk", "cp_async", "sync"]

    def window_offsets(self, blk):
        """The window offsets of CTA `blk` (row-major over the grid)."""
        bx, by = blk % self.grid[0], blk // self.grid[0]
        u = bx // self.cluster[0] if self.collective and "x" in self.collective else bx
        v = by // self.cluster[1] if self.collective and "y" in self.collective else by
        return tuple(b + u * su + v * sv for b, su, sv in zip(self.base, self.su, self.sv))

    def describe(self):
        v = self.view
        parts = [self.kind, self.dtype]
        if self.kind == "remote":
            parts.append("smem %s src %s dst %s" % (list(self.smem_shape), self.remote_src, self.remote_dst))
            return " ".join(parts)
        parts.append("view %s strides %s offset %d" % (list(v["shape"]), list(v["strides"]), v["offset"]))
        parts.append("window %s" % list(self.sizes))
        parts.append("grid %dx%d" % self.grid)
        if self.transforms:
            parts.append("transforms %s" % self.transforms)
        for key in ("swizzle", "oob", "reduction", "collective", "partition", "smem_view"):
            value = getattr(self, key)
            if value not in (None, 0):
                parts.append("%s %s" % (key, value))
        if self.cluster != (1, 1):
            parts.append("cluster %dx%d" % self.cluster)
        if self.completion != "natural":
            parts.append("completion %s" % self.completion)
        return " ".join(parts)


def make_view(dtype, shape, row_pad=0, outer_pad=0, offset=0, inner_stride=1,
              guard_bytes=64):
    """A strided view into a larger allocation: rows padded by `row_pad`
    elements, outer dims by `outer_pad`, starting `offset` elements in, with
    a guard band behind it. Returns (view, allocation elements)."""
    rank = len(shape)
    strides = [0] * rank
    strides[-1] = inner_stride
    for d in range(rank - 2, -1, -1):
        pad = row_pad if d == rank - 2 else outer_pad
        strides[d] = shape[d + 1] * strides[d + 1] + pad
    last = offset + sum((n - 1) * s for n, s in zip(shape, strides))
    alloc = last + 1 + max(1, guard_bytes // elem_bytes(dtype)) + (strides[0] if rank > 1 else 0)
    view = {"dtype": dtype, "shape": tuple(shape), "strides": tuple(strides), "offset": offset}
    return view, alloc


def aligned_pad(extent, esize, extra=0):
    """Row padding that makes the row stride a multiple of 16 B, plus `extra`
    16-B chunks."""
    per = 16 // esize
    return round_up(extent, per) - extent + extra * per


def tiled_grid(view_shape, sizes, dims, step=None, cap=4):
    """Windows tiling `view_shape` along dims[0] (grid x) and dims[1] (grid
    y): the last ones run past the edge when the extent is ragged."""
    rank = len(sizes)
    su, sv, grid = [0] * rank, [0] * rank, [1, 1]
    steps = step or sizes
    for k, d in enumerate(dims[:2]):
        n = min(cap, ceil_div(view_shape[d], steps[d]))
        grid[k] = n
        (su if k == 0 else sv)[d] = steps[d]
    return dict(su=su, sv=sv, grid=grid)


def swizzles_for(inner_bytes):
    return [s for s in (0, 32, 64, 128) if s == 0 or inner_bytes <= s or inner_bytes % s == 0]


#===----------------------------------------------------------------------===#
# Families
#===----------------------------------------------------------------------===#


def basic(kind):
    """Every copy element type x ranks 1-5: ragged inner extents, strided
    views (TMA-compatible or not), tiles running past the edges, swizzles."""
    out = []
    for ti, dtype in enumerate(COPY_TYPES):
        es = elem_bytes(dtype)
        for rank in range(1, 6):
            k = ti * 5 + rank
            inner = RAGGED[es][k % 3]
            inner_bytes = [32, 64, 128][(k + (kind == "store")) % 3]
            win_inner = min(inner_bytes // es, 256)
            outer = [3, 5, 2, 3][:rank - 1]
            shape = outer + [inner]
            sizes = [2, 2, 1, 2][:rank - 1] + [win_inner]
            aligned = (k + (kind == "store")) % 4 != 3
            if aligned:
                view, alloc = make_view(dtype, shape, row_pad=aligned_pad(inner, es, k % 2),
                                        outer_pad=(16 // es) * (k % 3 == 0),
                                        offset=(16 // es) * (1 + k % 3))
            else:
                view, alloc = make_view(dtype, shape, row_pad=1 + k % 3, offset=1 + k % 5)
            dims = [rank - 1] + ([rank - 2] if rank > 1 else [])
            grid = tiled_grid(shape, sizes, dims, cap=3)
            sw = [x for x in (0, 32, 64, 128) if x == 0 or win_inner * es <= x]
            wide = [x for x in swizzles_for(win_inner * es) if x and win_inner * es > x]
            swz = wide[0] if wide and k % 5 == 4 else sw[k % len(sw)]
            oob = [None, "zeros"][k % 2] if kind == "load" else None
            out.append(Config("%s.%s.r%d" % (kind, dtype, rank), kind, dtype, view=view,
                              alloc=alloc, sizes=sizes, swizzle=swz, oob=oob,
                              seed=len(out), **grid))
    return out


def transforms():
    """Each transform, rounding modes and combinations, as loads and stores."""
    setups = []

    def add(name, dtype, shape, sizes, tfs, swz=0, row_pad=None, offset=None, dims=None,
            step=None, drop_leading=0, cap=3):
        es = elem_bytes(dtype)
        pad = aligned_pad(shape[-1], es) if row_pad is None else row_pad
        view, alloc = make_view(dtype, shape, row_pad=pad,
                                offset=(16 // es) if offset is None else offset)
        grid = tiled_grid(shape, sizes, dims or [len(shape) - 1], step=step, cap=cap)
        setups.append((name, dtype, dict(view=view, alloc=alloc, sizes=sizes, transforms=tfs,
                                         swizzle=swz, drop_leading=drop_leading, **grid)))

    add("tile", "f16", [32, 128], [16, 64], [("tile", (8, 32))], swz=64, dims=[1, 0])
    add("tile_ragged", "f16", [24, 100], [16, 64], [("tile", (8, 32))], swz=64, dims=[1, 0])
    add("tile1d", "f32", [6, 64], [4, 32], [("tile", (16,))], swz=64, dims=[1, 0])
    add("tile_inner_span", "bf16", [16, 128], [8, 128], [("tile", (8, 64))], swz=128,
        dims=[0])
    add("tile_up", "f16", [32, 128], [12, 64], [("tile", (8, 32), "up")], swz=64,
        dims=[0, 1], step=[16, 64])
    add("tile_up_ragged_tensor", "f16", [20, 100], [12, 64], [("tile", (8, 32), "up")],
        dims=[0], step=[16, 64])
    add("tile_down", "f32", [21, 64], [12, 32], [("tile", (8, 32), "down")], dims=[0],
        step=[8, 32])
    add("tile_up_ragged", "i8", [9, 100], [8, 48], [("tile", (4, 32), "up")], swz=32,
        dims=[1], step=[8, 64])
    add("tile3d", "f64", [3, 6, 32], [2, 4, 8], [("tile", (2, 4))], dims=[2, 0])
    add("transpose2d", "f32", [40, 61], [16, 8], [("transpose", (1, 0))], dims=[1, 0])
    add("transpose_outer", "f16", [4, 6, 119], [2, 4, 32], [("transpose", (1, 0, 2))],
        swz=64, dims=[2, 0])
    add("transpose3d", "i32", [5, 7, 13], [2, 3, 8], [("transpose", (2, 0, 1))], dims=[2])
    add("collapse2", "f16", [4, 6, 32], [2, 6, 32], [("collapse_leading", 2)], swz=64,
        row_pad=0, dims=[0])
    add("collapse3", "i8", [3, 2, 4, 64], [2, 2, 4, 64], [("collapse_leading", 3)],
        row_pad=0, dims=[0])
    add("collapse_partial", "f32", [4, 16], [2, 8], [("collapse_leading", 2)], row_pad=0,
        dims=[0])
    add("drop_unit", "bf16", [5, 3, 121], [1, 3, 64], [("drop_unit_dims", (0,))], swz=128,
        dims=[2, 0])
    add("drop_unit_mid", "f32", [6, 4, 61], [3, 1, 16], [("drop_unit_dims", (1,))],
        dims=[2, 1])
    add("leading_units", "f16", [4, 119], [1, 64], [], swz=128, dims=[1, 0],
        drop_leading=1)
    add("tile_transpose", "f16", [32, 128], [16, 64], [("tile", (8, 32)),
        ("transpose", (1, 0, 2, 3))], swz=64, dims=[1, 0])
    add("drop_tile", "f32", [3, 24, 64], [1, 16, 32], [("drop_unit_dims", (0,)),
        ("tile", (8, 16))], swz=64, dims=[2, 0])
    add("collapse_tile", "f16", [4, 8, 64], [2, 8, 64], [("collapse_leading", 2),
        ("tile", (8, 32))], swz=64, row_pad=0, dims=[0])
    add("transpose_drop", "i8", [6, 1, 100], [2, 1, 32], [("transpose", (1, 0, 2)),
        ("drop_unit_dims", (0,))], swz=32, dims=[2, 0])
    add("tile_up_transpose", "bf16", [16, 128], [6, 40], [("tile", (4, 16), "up"),
        ("transpose", (1, 0, 2, 3))], dims=[1, 0], step=[8, 48])
    add("tile_up_transpose_ragged", "bf16", [10, 121], [6, 40], [("tile", (4, 16), "up"),
        ("transpose", (1, 0, 2, 3))], dims=[1, 0], step=[8, 48])
    out = []
    for kind in ("load", "store"):
        for name, dtype, kw in setups:
            out.append(Config("%s.tf.%s" % (kind, name), kind, dtype, seed=1000 + len(out), **kw))
    return out


def oob_modes():
    """oob = zeros / nan over every float type on ragged windows, and
    promise_in_bounds on windows inside the tensor."""
    out = []
    for k, dtype in enumerate(FLOAT_TYPES):
        es = elem_bytes(dtype)
        inner = RAGGED[es][k % 3]
        for mode in ("zeros", "nan"):
            win = 64 // es
            shape, sizes = [7, inner], [4, win]
            view, alloc = make_view(dtype, shape, row_pad=aligned_pad(inner, es, 1),
                                    offset=16 // es * (k + 1))
            grid = tiled_grid(shape, sizes, [1, 0], cap=3)
            swz = [0, 64][k % 2] if mode == "nan" else 0
            out.append(Config("load.oob.%s.%s" % (mode, dtype), "load", dtype, view=view,
                              alloc=alloc, sizes=sizes, oob=mode, swizzle=swz,
                              seed=2000 + len(out), **grid))
    for k, dtype in enumerate(["f16", "f32", "i8", "f64", "bf16"]):
        es = elem_bytes(dtype)
        shape = [8, 4, 128 // es]
        view, alloc = make_view(dtype, shape, row_pad=16 // es, offset=16 // es)
        sizes = [2, 4, 64 // es]
        grid = tiled_grid(shape, sizes, [2, 0], cap=4)
        out.append(Config("load.oob.promise.%s" % dtype, "load", dtype, view=view, alloc=alloc,
                          sizes=sizes, oob="promise_in_bounds", seed=2100 + k, **grid))
        if k < 3:
            out.append(Config("store.oob.promise.%s" % dtype, "store", dtype, view=view,
                              alloc=alloc, sizes=sizes, oob="promise_in_bounds",
                              seed=2150 + k, **grid))
    # nan with a tile that rounds up past the tensor.
    view, alloc = make_view("f32", [10, 61], row_pad=3, offset=4)
    out.append(Config("load.oob.nan.tile_up", "load", "f32", view=view, alloc=alloc,
                      sizes=[12, 32], transforms=[("tile", (8, 16), "up")], oob="nan",
                      su=[0, 32], grid=[2, 1], seed=2200))
    view, alloc = make_view("f32", [16, 64], row_pad=4, offset=4)
    out.append(Config("load.oob.nan.tile_up_edge", "load", "f32", view=view, alloc=alloc,
                      sizes=[12, 32], base=[8, 0], transforms=[("tile", (8, 16), "up")],
                      oob="nan", su=[0, 32], grid=[2, 1], seed=2201))
    return out


REDUCTIONS = {
    "add": ["i32", "ui32", "si32", "i64", "ui64", "si64", "f16", "bf16", "f32", "f64", "i16"],
    "min": ["i32", "ui32", "si32", "i64", "ui64", "si64", "f16", "bf16", "f32", "f64", "ui16"],
    "max": ["i32", "ui32", "si32", "i64", "ui64", "si64", "f16", "bf16", "f32", "f64", "i16"],
    "inc": ["i32", "ui32", "si32", "i64"],
    "dec": ["i32", "ui32", "si32", "i64"],
    "and": ["i32", "ui32", "si32", "i64", "ui64", "si64", "i8"],
    "or": ["i32", "ui32", "si32", "i64", "ui64", "si64", "i16"],
    "xor": ["i32", "ui32", "si32", "i64", "ui64", "si64", "i8"],
}


def reductions():
    """Every reduction x element type the IR allows, on an aligned in-bounds
    tile grid and on a ragged strided view."""
    out = []
    for op, types in REDUCTIONS.items():
        for k, dtype in enumerate(types):
            es = elem_bytes(dtype)
            shape = [8, 128 // es]
            view, alloc = make_view(dtype, shape, row_pad=16 // es, offset=16 // es)
            sizes = [4, 64 // es]
            out.append(Config("reduce.%s.%s.tiles" % (op, dtype), "reduce", dtype, view=view,
                              alloc=alloc, sizes=sizes, reduction=op, seed=3000 + len(out),
                              **tiled_grid(shape, sizes, [1, 0])))
            inner = RAGGED[es][k % 3]
            shape = [5, inner]
            view, alloc = make_view(dtype, shape, row_pad=aligned_pad(inner, es, 1),
                                    offset=(16 // es) * 2)
            sizes = [4, 32 // es]
            out.append(Config("reduce.%s.%s.ragged" % (op, dtype), "reduce", dtype, view=view,
                              alloc=alloc, sizes=sizes, reduction=op, seed=3000 + len(out),
                              **tiled_grid(shape, sizes, [1, 0], cap=3)))
    # A view TMA cannot address (unaligned base): sync must take over, also
    # for signed and unsigned element types.
    for op, dtype in (("add", "ui32"), ("max", "si32"), ("min", "i32"), ("inc", "ui32")):
        view, alloc = make_view(dtype, [6, 40], row_pad=1, offset=1)
        sizes = [4, 8]
        out.append(Config("reduce.%s.%s.unaligned" % (op, dtype), "reduce", dtype, view=view,
                          alloc=alloc, sizes=sizes, reduction=op, seed=3000 + len(out),
                          **tiled_grid([6, 40], sizes, [1, 0], cap=2)))
    return out


def collectives():
    """Multicast loads over clusters of 1, 2 and 4 CTAs: default split,
    partitioned<axis>, replicated; with swizzle, tiles and ragged windows."""
    out = []

    def add(name, dtype, shape, sizes, cluster, collective, partition=None, swz=0, tfs=(),
            groups=(2, 1), ragged=False):
        """groups: how many collective groups along x and y (each loads its
        own window, stepping along dim 0, or the inner dim when `ragged`)."""
        es = elem_bytes(dtype)
        view, alloc = make_view(dtype, shape, row_pad=aligned_pad(shape[-1], es, 1),
                                offset=16 // es)
        gx, gy = cluster[0] * groups[0], cluster[1] * groups[1]
        rank = len(sizes)
        d = rank - 1 if ragged else 0
        su, sv = [0] * rank, [0] * rank
        nu = gx // cluster[0] if "x" in collective else gx
        su[d], sv[d] = sizes[d], sizes[d] * nu
        out.append(Config("load.coll.%s" % name, "load", dtype, view=view, alloc=alloc,
                          sizes=sizes, cluster=cluster, collective=collective,
                          partition=partition, swizzle=swz, transforms=list(tfs),
                          su=su, sv=sv, grid=(gx, gy), seed=4000 + len(out)))

    add("c1.f16", "f16", [64, 64], [32, 64], (1, 1), ("x",), swz=128)
    add("c1.f32.part", "f32", [64, 32], [32, 32], (1, 1), ("x",), partition=0, swz=128)
    add("c2.f16", "f16", [128, 64], [64, 64], (2, 1), ("x",), swz=128)
    add("c2.f16.sw0", "f16", [128, 64], [64, 64], (2, 1), ("x",), swz=0)
    add("c2.bf16.part0", "bf16", [64, 128], [32, 64], (2, 1), ("x",), partition=0, swz=128)
    add("c2.f32.part1", "f32", [32, 64], [16, 32], (2, 1), ("x",), partition=1, swz=0)
    add("c2.i8.repl", "i8", [64, 128], [32, 128], (2, 1), ("x",), partition="replicated",
        swz=128)
    add("c2.f64.repl", "f64", [32, 16], [16, 16], (2, 1), ("x",), partition="replicated")
    add("c2.f16.tile", "f16", [64, 128], [32, 128], (2, 1), ("x",), swz=128,
        tfs=[("tile", (32, 64))])
    add("c2.f32.ragged", "f32", [40, 61], [16, 32], (2, 1), ("x",), swz=128, ragged=True)
    add("c2.f16.r3", "f16", [4, 16, 64], [2, 16, 64], (2, 1), ("x",), swz=128)
    add("c4.f16", "f16", [128, 64], [64, 64], (4, 1), ("x",), swz=128)
    add("c4.f32.part0", "f32", [64, 32], [32, 32], (4, 1), ("x",), partition=0, swz=128)
    add("c4.bf16.repl", "bf16", [64, 64], [32, 64], (4, 1), ("x",), partition="replicated",
        swz=128)
    # A box TMA cannot take (128-B rows under a 64-B swizzle): every CTA could
    # still load the window itself.
    add("c2.bf16.box_wider_than_swizzle", "bf16", [64, 64], [32, 64], (2, 1), ("x",), swz=64)
    add("c4.i32.ragged", "i32", [50, 61], [32, 32], (4, 1), ("x",), swz=128, ragged=True)
    add("quad.f16", "f16", [128, 64], [64, 64], (2, 2), ("x", "y"), swz=128, groups=(1, 1))
    add("quad.f32.part1", "f32", [64, 64], [32, 64], (2, 2), ("x", "y"), partition=1,
        groups=(1, 1))
    add("quad.f16.x_only", "f16", [128, 64], [64, 64], (2, 2), ("x",), swz=128, groups=(1, 1))
    add("quad.bf16.repl", "bf16", [64, 64], [32, 64], (2, 2), ("x", "y"),
        partition="replicated", swz=128, groups=(1, 1))
    return out


def remote():
    """`remote %rank` copies in 2-CTA clusters: sizes of 16-B multiples and
    not, every element size, SMEM views at offsets (incl. unaligned ones)."""
    out = []

    def add(name, dtype, shape, src=None, dst=None):
        out.append(Config("remote.%s" % name, "remote", dtype, remote_shape=shape,
                          remote_src=src, remote_dst=dst, grid=(4, 1), cluster=(2, 1),
                          seed=5000 + len(out)))

    add("f32.256", "f32", [256])
    add("f16.2d", "f16", [16, 64])
    add("i8.3d", "i8", [2, 4, 32])
    add("f64.r4", "f64", [2, 2, 2, 16])
    add("bf16.r5", "bf16", [2, 2, 2, 2, 8])
    add("i8.odd", "i8", [100])
    add("f16.odd", "f16", [3, 7])
    add("f8E4M3FN.48", "f8E4M3FN", [48])
    add("i64.2d", "i64", [4, 8])
    add("f32.view16", "f32", [8, 32], src=(512, 64), dst=(384, 128))
    add("f16.view_src", "f16", [128], src=(256, 8))
    add("i32.view_dst4", "i32", [64], dst=(128, 1))
    add("f8E5M2.view_odd", "f8E5M2", [5, 9], src=(64, 3), dst=(64, 7))
    add("i64.view", "i64", [16], src=(64, 16), dst=(64, 32))
    return out


def smem_views():
    """Copies whose SMEM operand is a view at an offset of a larger buffer
    (the whole buffer is dumped: the rest must keep the sentinel)."""
    out = []

    def add(kind, name, dtype, shape, sizes, alloc_elems, offset, swz=0):
        es = elem_bytes(dtype)
        view, alloc = make_view(dtype, shape, row_pad=aligned_pad(shape[-1], es),
                                offset=16 // es)
        grid = tiled_grid(shape, sizes, [len(shape) - 1], cap=2)
        out.append(Config("%s.smemview.%s" % (kind, name), kind, dtype, view=view,
                          alloc=alloc, sizes=sizes, swizzle=swz,
                          smem_view=(alloc_elems, offset), seed=6000 + len(out), **grid))

    add("load", "f16.off1024.sw128", "f16", [16, 119], [8, 64], 2048, 512, swz=128)
    add("load", "f32.off128", "f32", [8, 61], [4, 32], 512, 32)
    add("load", "i8.off16", "i8", [4, 100], [4, 64], 512, 16)
    add("load", "f64.off8", "f64", [4, 31], [2, 8], 64, 1)
    add("store", "f16.off1024.sw128", "f16", [16, 119], [8, 64], 2048, 512, swz=128)
    add("store", "f32.off128", "f32", [8, 61], [4, 32], 512, 32)
    add("store", "i8.off16", "i8", [4, 100], [4, 64], 512, 16)
    return out


def barrier_completion():
    """Loads that complete on an mbarrier for every implementation (cp.async:
    one arrival per thread; sync: one arrival)."""
    out = []
    for k, dtype in enumerate(["f16", "f32", "i8", "bf16", "f64", "i32"]):
        es = elem_bytes(dtype)
        inner = RAGGED[es][k % 3]
        shape = [6, inner]
        view, alloc = make_view(dtype, shape, row_pad=aligned_pad(inner, es), offset=16 // es)
        sizes = [4, 64 // es]
        out.append(Config("load.barrier.%s" % dtype, "load", dtype, view=view, alloc=alloc,
                          sizes=sizes, swizzle=[0, 128, 64][k % 3], completion="barrier",
                          seed=7000 + k, **tiled_grid(shape, sizes, [1, 0], cap=2)))
    return out


def inner_strided():
    """Views whose innermost stride is not 1 (no tensor map describes them)."""
    out = []
    for k, (kind, dtype) in enumerate([("load", "f32"), ("store", "f32"), ("load", "i8"),
                                       ("store", "f16")]):
        es = elem_bytes(dtype)
        shape = [5, 24]
        view, alloc = make_view(dtype, shape, row_pad=3, offset=2, inner_stride=2)
        sizes = [4, 16]
        out.append(Config("%s.innerstride.%s" % (kind, dtype), kind, dtype, view=view,
                          alloc=alloc, sizes=sizes, seed=8000 + k,
                          **tiled_grid(shape, sizes, [1, 0], cap=2)))
    return out


def in_bounds():
    """Windows inside the tensor without swizzle or transforms (what bulk
    copies take), and runs of 4, 8 and 12 B (cp.async's narrow vectors)."""
    out = []
    for k, dtype in enumerate(COPY_TYPES):
        es = elem_bytes(dtype)
        kind = ("load", "store")[k % 2]
        rank = 1 + k % 3
        inner = 96 // es
        shape = [4, 3][:rank - 1] + [inner]
        # Whole rows of a dense view (one chunk) or a window inside padded rows.
        dense = k % 3 == 0
        view, alloc = make_view(dtype, shape, row_pad=0 if dense else 16 // es,
                                offset=(16 // es) * (1 + k % 2))
        sizes = [2, 3][:rank - 1] + [inner if dense else 64 // es]
        base = [0] * (rank - 1) + [0 if dense else 16 // es]
        out.append(Config("%s.inb.%s.static" % (kind, dtype), kind, dtype, view=view,
                          alloc=alloc, sizes=sizes, base=base, seed=9000 + len(out)))
        if rank > 1:
            out.append(Config("%s.inb.%s.promise" % (kind, dtype), kind, dtype, view=view,
                              alloc=alloc, sizes=sizes, base=base, oob="promise_in_bounds",
                              su=[sizes[0]] + [0] * (rank - 1), grid=(shape[0] // sizes[0], 1),
                              seed=9000 + len(out)))
    for k, (dtype, width) in enumerate([("f32", 3), ("f16", 4), ("i8", 4), ("f32", 2),
                                        ("f64", 1), ("i8", 12)]):
        es = elem_bytes(dtype)
        shape = [6, 40]
        view, alloc = make_view(dtype, shape, row_pad=aligned_pad(40, es), offset=16 // es)
        sizes = [4, width]
        out.append(Config("load.narrow.%s.%dB" % (dtype, width * es), "load", dtype, view=view,
                          alloc=alloc, sizes=sizes, seed=9100 + k,
                          **tiled_grid(shape, sizes, [1, 0], cap=3)))
    return out


FAMILIES = {
    "basic-load": lambda: basic("load"),
    "basic-store": lambda: basic("store"),
    "transforms": transforms,
    "oob": oob_modes,
    "reductions": reductions,
    "collectives": collectives,
    "remote": remote,
    "smem-views": smem_views,
    "barrier": barrier_completion,
    "inner-stride": inner_strided,
    "in-bounds": in_bounds,
}


def all_configs():
    out = []
    for family in FAMILIES.values():
        out.extend(family())
    names = [c.name for c in out]
    assert len(set(names)) == len(names), "duplicate configuration names"
    return out
