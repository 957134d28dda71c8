"""MLIR text of the matrix: one kernel and one host function per
(configuration, implementation).

Every host function takes four flat byte buffers (`memref<?xi8>`, the
runner's device allocations), builds the typed views with memref.view and
memref.reinterpret_cast (so the kernel argument is the strided view with its
static offset, as a tensor map needs) and launches one kernel:

- loads: SMEM is pre-filled with a sentinel from buffer 1, the copy runs, the
  whole SMEM buffer is dumped to buffer 2 (buffer 0: the GMEM allocation);
- stores and reductions: SMEM is filled from buffer 1 with plain loads
  (fence_async_shared + gpu.barrier), the copy writes into the allocation in
  buffer 0;
- remote copies: the source buffer is filled from buffer 1, the destination
  buffer from buffer 3, and the destination is dumped to buffer 2.
"""

import math

THREADS = 128
WG = "#gpu.address_space<workgroup>"


def memref(shape, dtype, layout=None, space=None):
    dims = "".join("%dx" % d for d in shape)
    text = "memref<%s%s" % (dims, dtype)
    if layout:
        text += ", " + layout
    if space:
        text += ", " + space
    return text + ">"


def strided(strides, offset):
    return "strided<[%s], offset: %d>" % (", ".join(map(str, strides)), offset)


def is_identity(shape, strides, offset):
    expected = 1
    for d, s in zip(reversed(shape), reversed(strides)):
        if s != expected:
            return False
        expected *= d
    return offset == 0


def view_type(cfg):
    v = cfg.view
    if is_identity(v["shape"], v["strides"], v["offset"]):
        return memref(v["shape"], cfg.dtype)
    return memref(v["shape"], cfg.dtype, strided(v["strides"], v["offset"]))


def transform_attr(t):
    kind = t[0]
    if kind == "tile":
        text = "#asynccopy.tile<[%s]" % ", ".join(map(str, t[1]))
        if len(t) > 2 and t[2]:
            text += ", rounding = " + t[2]
        return text + ">"
    if kind == "transpose":
        return "#asynccopy.transpose<[%s]>" % ", ".join(map(str, t[1]))
    if kind == "drop_unit_dims":
        return "#asynccopy.drop_unit_dims<[%s]>" % ", ".join(map(str, t[1]))
    if kind == "collapse_leading":
        return "#asynccopy.collapse_leading<%d>" % t[1]
    raise ValueError(kind)


class Body:
    """SSA lines of one function with deduplicated index constants."""

    def __init__(self, indent="      "):
        self.prelude, self.lines, self.consts = [], [], {}
        self.indent, self.count = indent, 0

    def const(self, value, type_="index"):
        key = (value, type_)
        if key not in self.consts:
            name = "%%c%d%s" % (value, "" if type_ == "index" else "_" + type_)
            self.consts[key] = name
            self.prelude.append("%s = arith.constant %d : %s" % (name, value, type_))
        return self.consts[key]

    def false(self):
        if "false" not in self.consts:
            self.consts["false"] = "%false"
            self.prelude.append("%false = arith.constant false")
        return "%false"

    def fresh(self, stem):
        self.count += 1
        return "%%%s%d" % (stem, self.count)

    def add(self, line):
        self.lines.append(line)

    def text(self):
        return "\n".join(self.indent + line for line in self.prelude + self.lines)


def flat_view(body, name, shape, dtype):
    """A 1-D view of a dense SMEM attribution (for the fill and dump loops)."""
    n = math.prod(shape)
    if len(shape) == 1:
        return name, n
    flat = body.fresh("flat")
    body.add("%s = memref.collapse_shape %s [[%s]] : %s into %s" % (
        flat, name, ", ".join(map(str, range(len(shape)))),
        memref(shape, dtype, space=WG), memref([n], dtype, space=WG)))
    return flat, n


def copy_loop(body, src, src_type, src_base, dst, dst_type, dst_base, n):
    """dst[dst_base + i] = src[src_base + i] for i < n, strided over the CTA."""
    i = body.fresh("i")
    body.add("scf.for %s = %%tid to %s step %%nt {" % (i, body.const(n)))
    si, di = i, i
    if src_base:
        si = body.fresh("j")
        body.add("  %s = arith.addi %s, %s : index" % (si, src_base, i))
    if dst_base:
        di = body.fresh("j")
        body.add("  %s = arith.addi %s, %s : index" % (di, dst_base, i))
    v = body.fresh("v")
    body.add("  %s = memref.load %s[%s] : %s" % (v, src, si, src_type))
    body.add("  memref.store %s, %s[%s] : %s" % (v, dst, di, dst_type))
    body.add("}")


def smem_operand(body, dtype, buf, shape, smem_view):
    """The copy's SMEM operand: the attribution itself, or a view of a 1-D
    attribution at an offset (subview + expand_shape)."""
    if smem_view is None:
        return buf, memref(shape, dtype, space=WG)
    n = math.prod(shape)
    alloc, offset = smem_view
    sub = body.fresh("sv")
    sub_type = memref([n], dtype, strided([1], offset), WG)
    body.add("%s = memref.subview %s[%d] [%d] [1] : %s to %s" % (
        sub, buf, offset, n, memref([alloc], dtype, space=WG), sub_type))
    if len(shape) == 1:
        return sub, sub_type
    strides, acc = [], 1
    for d in reversed(shape):
        strides.insert(0, acc)
        acc *= d
    out = body.fresh("sv")
    out_type = memref(shape, dtype, strided(strides, offset), WG)
    body.add("%s = memref.expand_shape %s [[%s]] output_shape [%s] : %s into %s" % (
        out, sub, ", ".join(map(str, range(len(shape)))),
        ", ".join(map(str, shape)), sub_type, out_type))
    return out, out_type


def copy_attrs(cfg, impl):
    attrs = []
    if cfg.transforms:
        attrs.append("transforms = [%s]" % ", ".join(map(transform_attr, cfg.transforms)))
    if cfg.swizzle:
        attrs.append("swizzle = %d : i64" % cfg.swizzle)
    if cfg.collective:
        attrs.append("collective = [%s]" % ", ".join("#gpu<dim %s>" % d for d in cfg.collective))
    if cfg.partition == "replicated":
        attrs.append("partition = #asynccopy.replicated")
    elif cfg.partition is not None:
        attrs.append("partition = #asynccopy.partitioned<%d>" % cfg.partition)
    if cfg.oob:
        attrs.append("oob = #asynccopy<oob %s>" % cfg.oob)
    if cfg.reduction:
        attrs.append("reduction = #asynccopy<reduction %s>" % cfg.reduction)
    attrs.append("impl = #asynccopy<impl %s>" % impl)
    return "{%s}" % ", ".join(attrs)


def uses_barrier(cfg, impl):
    if cfg.kind == "remote":
        return True
    if cfg.kind != "load":
        return False
    return impl in ("tma", "bulk") or cfg.collective is not None or cfg.completion == "barrier"


def window_operands(body, cfg):
    """Offsets of this CTA's window: base + u * su + v * sv, where (u, v) is
    the block id, divided by the cluster dims the copy is collective over."""
    if cfg.static_offsets:
        return [str(b) for b in cfg.base]
    u, v = "%bx", "%by"
    if cfg.collective and "x" in cfg.collective and cfg.cluster[0] > 1:
        u = body.fresh("u")
        body.add("%s = arith.divui %%bx, %s : index" % (u, body.const(cfg.cluster[0])))
    if cfg.collective and "y" in cfg.collective and cfg.cluster[1] > 1:
        v = body.fresh("v")
        body.add("%s = arith.divui %%by, %s : index" % (v, body.const(cfg.cluster[1])))
    out = []
    for b, su, sv in zip(cfg.base, cfg.su, cfg.sv):
        if su == 0 and sv == 0:
            out.append(str(b))
            continue
        terms = []
        for coord, step in ((u, su), (v, sv)):
            if step:
                t = body.fresh("o")
                body.add("%s = arith.muli %s, %s : index" % (t, coord, body.const(step)))
                terms.append(t)
        if b:
            terms.append(body.const(b))
        acc = terms[0]
        for t in terms[1:]:
            s = body.fresh("o")
            body.add("%s = arith.addi %s, %s : index" % (s, acc, t))
            acc = s
        out.append(acc)
    return out


def cluster_sync(body):
    body.add("nvvm.cluster.arrive")
    body.add("nvvm.cluster.wait")


def window_kernel(cfg, impl, fn):
    """Kernel of a load, store or reduction."""
    b = Body()
    dtype = cfg.dtype
    vtype = view_type(cfg)
    shape = cfg.smem_shape
    attr_shape = [cfg.smem_view[0]] if cfg.smem_view else shape
    nbuf = cfg.smem_alloc_elems
    flat_ext = memref([cfg.grid_size * nbuf], dtype)
    args = ["%%g: %s" % vtype, "%%init: %s" % flat_ext]
    if cfg.kind == "load":
        args.append("%%img: %s" % flat_ext)
    header = ("    gpu.func @%s(%s)\n        workgroup(%%buf : %s) kernel {" % (
        fn, ", ".join(args), memref(attr_shape, dtype, space=WG)))
    for line in ("%tid = gpu.thread_id x", "%nt = gpu.block_dim x",
                 "%bx = gpu.block_id x", "%by = gpu.block_id y",
                 "%gx = gpu.grid_dim x", "%byx = arith.muli %by, %gx : index",
                 "%blk = arith.addi %byx, %bx : index"):
        b.add(line)
    b.add("%%base = arith.muli %%blk, %s : index" % b.const(nbuf))
    flat, n = flat_view(b, "%buf", attr_shape, dtype)
    flat_type = memref([n], dtype, space=WG)
    copy_loop(b, "%init", flat_ext, "%base", flat, flat_type, None, n)
    b.add("asynccopy.fence_async_shared")
    b.add("gpu.barrier")
    smem, smem_type = smem_operand(b, dtype, "%buf", shape, cfg.smem_view)
    offsets = window_operands(b, cfg)
    window = "window [%s] [%s]" % (", ".join(offsets), ", ".join(map(str, cfg.sizes)))
    attrs = copy_attrs(cfg, impl)
    clustered = cfg.cluster[0] * cfg.cluster[1] > 1
    if cfg.kind == "load":
        src, dst, types = "%g", smem, "%s to %s" % (vtype, smem_type)
    else:
        src, dst, types = smem, "%g", "%s to %s" % (smem_type, vtype)
    if uses_barrier(cfg, impl):
        count = THREADS if impl == "cp_async" else 1
        b.add("%bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
        b.add("asynccopy.barrier.init %%bar, %d : !asynccopy.barrier<1>" % count)
        if clustered:
            cluster_sync(b)
        b.add("asynccopy.copy %s to %s %s barrier %%bar[%s] %s\n%s    : %s" % (
            src, dst, window, b.const(0), attrs, b.indent, types))
        b.add("asynccopy.barrier.wait %%bar[%s], %s : !asynccopy.barrier<1>" % (
            b.const(0), b.false()))
    else:
        b.add("%%tk = asynccopy.copy %s to %s %s %s\n%s    : %s -> !asynccopy.token" % (
            src, dst, window, attrs, b.indent, types))
        b.add("asynccopy.wait %tk : !asynccopy.token")
    if cfg.kind == "load":
        copy_loop(b, flat, flat_type, None, "%img", flat_ext, "%base", n)
    if clustered:
        cluster_sync(b)
    b.add("gpu.return")
    return header + "\n" + b.text() + "\n    }"


def remote_kernel(cfg, impl, fn):
    """Kernel of a `remote` copy in a 2-CTA cluster: CTA r sends its source
    buffer (or a view of it) into CTA r ^ 1's destination."""
    b = Body()
    dtype = cfg.dtype
    shape = cfg.smem_shape
    src_alloc, dst_alloc = cfg.remote_src, cfg.remote_dst
    src_shape = [src_alloc[0]] if src_alloc else shape
    dst_shape = [dst_alloc[0]] if dst_alloc else shape
    ns, nd = cfg.remote_src_elems, cfg.remote_dst_elems
    src_ext = memref([cfg.grid_size * ns], dtype)
    dst_ext = memref([cfg.grid_size * nd], dtype)
    header = ("    gpu.func @%s(%%init: %s, %%dinit: %s, %%img: %s)\n"
              "        workgroup(%%sbuf : %s, %%dbuf : %s) kernel {" % (
                  fn, src_ext, dst_ext, dst_ext, memref(src_shape, dtype, space=WG),
                  memref(dst_shape, dtype, space=WG)))
    for line in ("%tid = gpu.thread_id x", "%nt = gpu.block_dim x",
                 "%blk = gpu.block_id x"):
        b.add(line)
    b.add("%%sbase = arith.muli %%blk, %s : index" % b.const(ns))
    b.add("%%dbase = arith.muli %%blk, %s : index" % b.const(nd))
    sflat, sn = flat_view(b, "%sbuf", src_shape, dtype)
    dflat, dn = flat_view(b, "%dbuf", dst_shape, dtype)
    sflat_type = memref([sn], dtype, space=WG)
    dflat_type = memref([dn], dtype, space=WG)
    copy_loop(b, "%init", src_ext, "%sbase", sflat, sflat_type, None, sn)
    copy_loop(b, "%dinit", dst_ext, "%dbase", dflat, dflat_type, None, dn)
    b.add("asynccopy.fence_async_shared")
    b.add("gpu.barrier")
    src, src_type = smem_operand(b, dtype, "%sbuf", shape, src_alloc)
    dst, dst_type = smem_operand(b, dtype, "%dbuf", shape, dst_alloc)
    b.add("%bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>")
    b.add("asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>")
    cluster_sync(b)
    b.add("%rank = nvvm.read.ptx.sreg.cluster.ctarank : i32")
    b.add("%%peer = arith.xori %%rank, %s : i32" % b.const(1, "i32"))
    b.add("asynccopy.copy %s to %s remote %%peer barrier %%bar[%s] {impl = #asynccopy<impl %s>}\n%s    : %s to %s" % (
        src, dst, b.const(0), impl, b.indent, src_type, dst_type))
    b.add("asynccopy.barrier.wait %%bar[%s], %s : !asynccopy.barrier<1>" % (
        b.const(0), b.false()))
    copy_loop(b, dflat, dflat_type, None, "%img", dst_ext, "%dbase", dn)
    cluster_sync(b)
    b.add("gpu.return")
    return header + "\n" + b.text() + "\n    }"


def kernel(cfg, impl, fn):
    if cfg.kind == "remote":
        return remote_kernel(cfg, impl, fn)
    return window_kernel(cfg, impl, fn)


def host(cfg, fn):
    """`@fn(b0, b1, b2, b3)`: typed views of the four byte buffers, one launch."""
    b = Body("    ")
    dtype = cfg.dtype

    def flat(index, elems):
        name = "%%f%d" % index
        t = memref([elems], dtype)
        b.add("%s = memref.view %%b%d[%s][] : memref<?xi8> to %s" % (name, index, b.const(0), t))
        return name, t

    if cfg.kind == "remote":
        init = flat(1, cfg.grid_size * cfg.remote_src_elems)
        img = flat(2, cfg.grid_size * cfg.remote_dst_elems)
        dinit = flat(3, cfg.grid_size * cfg.remote_dst_elems)
        operands = [init, dinit, img]
    else:
        v = cfg.view
        g_flat, g_flat_type = flat(0, cfg.alloc_elems)
        vtype = view_type(cfg)
        b.add("%%g = memref.reinterpret_cast %s to offset: [%d], sizes: [%s], strides: [%s] : %s to %s" % (
            g_flat, v["offset"], ", ".join(map(str, v["shape"])),
            ", ".join(map(str, v["strides"])), g_flat_type, vtype))
        operands = [("%g", vtype), flat(1, cfg.grid_size * cfg.smem_alloc_elems)]
        if cfg.kind == "load":
            operands.append(flat(2, cfg.grid_size * cfg.smem_alloc_elems))
    gx, gy = cfg.grid
    cx, cy = cfg.cluster
    clusters = ""
    if cx * cy > 1 or cfg.collective:
        clusters = "clusters in (%s, %s, %s) " % (b.const(cx), b.const(cy), b.const(1))
    b.add("gpu.launch_func @kernels::@%s %sblocks in (%s, %s, %s) threads in (%s, %s, %s)\n"
          "        args(%s)" % (
              fn, clusters, b.const(gx), b.const(gy), b.const(1), b.const(THREADS),
              b.const(1), b.const(1), ", ".join("%s : %s" % o for o in operands)))
    b.add("return")
    args = ", ".join("%%b%d: memref<?xi8>" % i for i in range(4))
    return ("  func.func @%s(%s) attributes {llvm.emit_c_interface} {\n%s\n  }" % (
        fn, args, b.text()))


def module(entries):
    """A module of (cfg, impl, fn) entries: their kernels in one gpu.module,
    their host functions beside it. Returns the text and, per entry, the line
    of its copy op (diagnostics are mapped back to entries by line)."""
    lines = ["module attributes {gpu.container_module} {", "  gpu.module @kernels {"]
    copy_lines = []
    for cfg, impl, fn in entries:
        text = kernel(cfg, impl, fn)
        start = len(lines) + 1
        chunk = text.split("\n")
        for k, line in enumerate(chunk):
            if "asynccopy.copy" in line:
                copy_lines.append((start + k, start, start + len(chunk) - 1))
                break
        lines.extend(chunk)
    lines.append("  }")
    for cfg, impl, fn in entries:
        lines.extend(host(cfg, fn).split("\n"))
    lines.append("}")
    return "\n".join(lines) + "\n", copy_lines
