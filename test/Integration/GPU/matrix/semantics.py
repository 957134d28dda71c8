"""Host reference of asynccopy copies, written from the documented semantics.

Nothing here comes from the compiler: the transforms follow docs/dialect.md
(Mosaic GPU semantics), the swizzle the formula of docs/per-thread-copies.md
(where a TMA load puts each 16-B chunk), out-of-bounds fills and reductions
the PTX ISA. Every function works on plain bytes so that the runner can
compare what the GPU wrote byte for byte.
"""

import math
import struct
from itertools import product

# name -> (bytes, class). class: "int" (signless: signed where it matters),
# "sint", "uint", "float".
DTYPES = {
    "i8": (1, "int"), "f8E4M3FN": (1, "float"), "f8E5M2": (1, "float"),
    "f16": (2, "float"), "bf16": (2, "float"), "i16": (2, "int"), "ui16": (2, "uint"),
    "f32": (4, "float"), "i32": (4, "int"), "si32": (4, "sint"), "ui32": (4, "uint"),
    "f64": (8, "float"), "i64": (8, "int"), "si64": (8, "sint"), "ui64": (8, "uint"),
}


def elem_bytes(dtype):
    return DTYPES[dtype][0]


def oob_nan(dtype):
    """The bytes an oob = nan load writes for an element outside the tensor:
    TMA's NaN fill (CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA), which
    on an H200 is the 16-bit pattern 0x7FF7 repeated over the element (a NaN
    in f16, bf16, f32 and f64; measured by this matrix, 2026-12). fp8 types,
    which no tensor map fills with NaN, take their quiet NaN with a zero
    payload (E4M3FN's only NaN 0x7F, E5M2 0x7E)."""
    if dtype == "f8E4M3FN":
        return b"\x7f"
    if dtype == "f8E5M2":
        return b"\x7e"
    return b"\xf7\x7f" * (elem_bytes(dtype) // 2)


def pattern(seed, n):
    """n pseudo-random bytes; runner.cpp's pattern() computes the same."""
    x = (seed * 2654435761 + 12345) & 0xFFFFFFFF
    words = []
    for _ in range((n + 3) // 4):
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        words.append(x ^ (x >> 15))
    return struct.pack("<%dI" % len(words), *words)[:n]


#===----------------------------------------------------------------------===#
# Transforms (docs/dialect.md): each maps the view the copy sees to a new one
# and gives the inverse map of absolute coordinates.
#===----------------------------------------------------------------------===#


class Dim:
    """One dim of the (transformed) GMEM view: its stride in elements, the
    window's absolute offset and the window's size along it."""

    def __init__(self, stride, offset, size):
        self.stride, self.offset, self.size = stride, offset, size


def _tile(dims, tiling, rounding):
    k = len(tiling)
    head, tail = dims[:-k], dims[-k:]
    outer, inner = [], []
    for dim, t in zip(tail, tiling):
        assert dim.offset % t == 0, "tiled window offsets are tile multiples"
        if rounding == "up":
            n = -(-dim.size // t)
        else:
            assert rounding == "down" or dim.size % t == 0
            n = dim.size // t
        outer.append(Dim(dim.stride * t, dim.offset // t, n))
        inner.append(Dim(dim.stride, 0, t))

    def inverse(c):
        lead = list(c[:len(head)])
        a, b = c[len(head):len(head) + k], c[len(head) + k:]
        return tuple(lead + [ai * t + bi for ai, bi, t in zip(a, b, tiling)])

    return head + outer + inner, inverse


def _transpose(dims, perm):
    def inverse(c):
        old = [None] * len(perm)
        for i, p in enumerate(perm):
            old[p] = c[i]
        return tuple(old)

    return [dims[p] for p in perm], inverse


def _drop_unit_dims(dims, drop):
    assert all(dims[d].size == 1 for d in drop)
    kept = [d for d in range(len(dims)) if d not in drop]

    def inverse(c):
        old = [dims[d].offset for d in range(len(dims))]
        for i, d in enumerate(kept):
            old[d] = c[i]
        return tuple(old)

    return [dims[d] for d in kept], inverse


def _collapse_leading(dims, n):
    """Merges dims[:n]: the merged stride is the gcd g of their strides, an
    index is linearised with the strides divided by g, the window's extent is
    the product of the merged extents."""
    merged = dims[:n]
    g = 0
    for dim in merged:
        g = math.gcd(g, dim.stride)
    ratios = [dim.stride // g for dim in merged]
    assert all(a % b == 0 for a, b in zip(ratios, ratios[1:])), "row-major merge"
    start = sum(dim.offset * r for dim, r in zip(merged, ratios))
    size = 1
    for dim in merged:
        size *= dim.size

    def inverse(c):
        rest, old = c[0], []
        for r in ratios:
            old.append(rest // r)
            rest %= r
        return tuple(old) + tuple(c[1:])

    return [Dim(g, start, size)] + dims[n:], inverse


def transformed_window(strides, offsets, sizes, transforms):
    """The SMEM shape of a window (row-major, as SMEM holds it) and a function
    from its dense index to the GMEM view coordinates it copies."""
    dims = [Dim(s, o, n) for s, o, n in zip(strides, offsets, sizes)]
    inverses = []
    for t in transforms:
        kind = t[0]
        if kind == "tile":
            dims, inv = _tile(dims, t[1], t[2] if len(t) > 2 else None)
        elif kind == "transpose":
            dims, inv = _transpose(dims, t[1])
        elif kind == "drop_unit_dims":
            dims, inv = _drop_unit_dims(dims, t[1])
        elif kind == "collapse_leading":
            dims, inv = _collapse_leading(dims, t[1])
        else:
            raise ValueError(kind)
        inverses.append(inv)
    shape = tuple(d.size for d in dims)
    starts = tuple(d.offset for d in dims)

    def coords(index):
        c = tuple(s + i for s, i in zip(starts, index))
        for inv in reversed(inverses):
            c = inv(c)
        return c

    return shape, coords


def swizzle(offset, span):
    """Byte offset in a 1024-B aligned SMEM buffer where a TMA load with a
    `span`-byte swizzle puts the byte at dense `offset`: the 16-B chunk index
    within each 128-B row XOR the row index modulo span/16."""
    if span == 0:
        return offset
    return offset ^ (((offset >> 7) & (span // 16 - 1)) << 4)


def dense_indices(shape):
    return product(*(range(n) for n in shape))


def element_map(view, window_offsets, sizes, transforms):
    """For each dense SMEM element of the window: the byte address of its
    GMEM element in the allocation, or None when it lies outside the view."""
    shape, coords = transformed_window(view["strides"], window_offsets, sizes,
                                       transforms)
    size = elem_bytes(view["dtype"])
    result = []
    for index in dense_indices(shape):
        c = coords(index)
        if all(0 <= ci < di for ci, di in zip(c, view["shape"])):
            element = view["offset"] + sum(ci * s for ci, s in zip(c, view["strides"]))
            result.append(element * size)
        else:
            result.append(None)
    return shape, result


#===----------------------------------------------------------------------===#
# Reductions (PTX red / cp.reduce.async.bulk semantics)
#===----------------------------------------------------------------------===#

_FLOAT_FORMAT = {"f16": "<e", "f32": "<f", "f64": "<d"}


def decode(dtype, raw):
    size, cls = DTYPES[dtype]
    if dtype == "bf16":
        return struct.unpack("<f", b"\0\0" + raw)[0]
    if dtype in _FLOAT_FORMAT:
        return struct.unpack(_FLOAT_FORMAT[dtype], raw)[0]
    return int.from_bytes(raw, "little", signed=cls in ("int", "sint"))


def encode(dtype, value):
    size, cls = DTYPES[dtype]
    if dtype == "bf16":
        bits = struct.pack("<f", value)
        assert bits[:2] == b"\0\0", "bf16 values must be exact"
        return bits[2:]
    if dtype in _FLOAT_FORMAT:
        raw = struct.pack(_FLOAT_FORMAT[dtype], value)
        assert struct.unpack(_FLOAT_FORMAT[dtype], raw)[0] == value, "inexact"
        return raw
    return (value % (1 << (8 * size))).to_bytes(size, "little")


def reduce(kind, dtype, old, value):
    """op(old, value) of a reduction into GMEM: signless integers compare
    signed (the sync path's atomics do; docs/per-thread-copies.md), ui* and
    the wrap-around counters unsigned; integer adds wrap."""
    size = elem_bytes(dtype)
    mask = (1 << (8 * size)) - 1
    if kind == "add":
        return old + value
    if kind == "min":
        return min(old, value)
    if kind == "max":
        return max(old, value)
    if kind in ("and", "or", "xor"):
        a, b = old & mask, value & mask
        return {"and": a & b, "or": a | b, "xor": a ^ b}[kind]
    a, b = old & mask, value & mask
    if kind == "inc":
        return 0 if a >= b else a + 1
    if kind == "dec":
        return b if a == 0 or a > b else a - 1
    raise ValueError(kind)
