#!/usr/bin/env python3
"""Runs the Python API's kernels on a GPU and compares them with torch.

  gpu_run.py --build DIR   compiles python/tests/kernels.mlir here (needs
                           libAsyncCopyCAPI.so and ptxas), both descriptor
                           modes (scratch with every buffer in dynamic
                           SMEM), and a 64 KiB tile kernel, and saves the
                           modules under DIR
  gpu_run.py --run DIR     loads them (no MLIR) and launches them on torch
                           CUDA tensors; needs libAsyncCopyRuntime.so
                           (ASYNCCOPY_LIB_DIR) and an sm_90 GPU

Prints one line per check and exits 1 on any mismatch.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import asynccopy  # noqa: E402

# Descriptor mode and dynamic_smem of each build of kernels.mlir: with
# `always` every kernel keeps its buffers in dynamic shared memory.
MODES = {"param": "auto", "scratch": "always"}

# A 64 KiB tile: more than a kernel may use without opting in, so the
# launcher passes the dynamic size and sets the kernel's attribute.
BIG_TILE = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @big_tile(%in: memref<128x128xf32>, %out: memref<128x128xf32>)
        workgroup(%tile : memref<128x128xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [0, 0] [128, 128] barrier %bar[%c0]
          : memref<128x128xf32> to memref<128x128xf32, #gpu.address_space<workgroup>>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [0, 0] [128, 128]
          : memref<128x128xf32, #gpu.address_space<workgroup>> to memref<128x128xf32> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
  }
}
"""


# Kernels whose copies depend on the tensor at launch: a shape-generic copy
# (dynamic strides and offset: TMA where the tensor meets the tensor map's
# rules, the sync fallback where it does not, chosen in the kernel), and
# fp8 tiles launched on torch float8 tensors.
# One fp8 tile kernel per format (the swizzle exercises TMA's 1-B path).
FP8_KERNEL = """
    gpu.func @{name}(%in: memref<128x128x{t}>, %out: memref<128x128x{t}>)
        workgroup(%tile : memref<64x128x{t}, #wg>) kernel {{
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, 0] [64, 128] barrier %bar[%c0]
          {{swizzle = 128 : i64}} : memref<128x128x{t}> to memref<64x128x{t}, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, 0] [64, 128]
          {{swizzle = 128 : i64}} : memref<64x128x{t}, #wg> to memref<128x128x{t}> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }}
"""
FP8 = {"fp8_e4m3": "f8E4M3FN", "fp8_e5m2": "f8E5M2"}
# The CTA's sequence of a packed batch (block y of `cu_seqlens`): its rows
# %start .. %start + %len, and the first row of its window (block x).
SEQUENCE = """      %next = arith.addi %seq, %c1 : index
      %s32 = memref.load %cu[%seq] : memref<5xi32>
      %e32 = memref.load %cu[%next] : memref<5xi32>
      %start = arith.index_cast %s32 : i32 to index
      %end = arith.index_cast %e32 : i32 to index
      %len = arith.subi %end, %start : index
      %row = arith.muli %bx, %c64 : index
"""

TRUST = """
#wg = #gpu.address_space<workgroup>
!view = memref<?x?xf16, strided<[?, 1], offset: ?>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shape_generic(%in: !view, %out: !view)
        workgroup(%tile : memref<64x64xf16, #wg>) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %col = arith.muli %bx, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      asynccopy.copy %in to %tile window [%row, %col] [64, 64] barrier %bar[%c0]
          {swizzle = 128 : i64} : !view to memref<64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [64, 64]
          {swizzle = 128 : i64} : memref<64x64xf16, #wg> to !view -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
    gpu.func @varlen(%in: memref<1024x128xf16>, %out: memref<1024x128xf16>,
                     %cu: memref<5xi32>)
        workgroup(%tile : memref<2x64x64xf16, #wg>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %seq = gpu.block_id y
""" + SEQUENCE + """      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // No guard: a window that starts past its sequence's end reads
      // zeros and writes nothing.
      %src = memref.subview %in[%start, 0] [%len, 128] [1, 1]
          : memref<1024x128xf16> to memref<?x128xf16, strided<[128, 1], offset: ?>>
      %dst = memref.subview %out[%start, 0] [%len, 128] [1, 1]
          : memref<1024x128xf16> to memref<?x128xf16, strided<[128, 1], offset: ?>>
      asynccopy.copy %src to %tile window [%row, 0] [64, 128] barrier %bar[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<?x128xf16, strided<[128, 1], offset: ?>> to memref<2x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %dst window [%row, 0] [64, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<2x64x64xf16, #wg> to memref<?x128xf16, strided<[128, 1], offset: ?>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
    gpu.func @off_grid(%in: memref<256x256xf16>, %out: memref<256x256xf16>, %row: index)
        workgroup(%tile : memref<2x2x64x64xf16, #wg>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %false = arith.constant false
      %c128 = arith.constant 128 : index
      %bx = gpu.block_id x
      %col = arith.muli %bx, %c128 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // A 128 x 128 window in 64 x 64 tiles at a row off the tile grid and
      // a column that is on it: one box per row tile, each at its own row.
      asynccopy.copy %in to %tile window [%row, %col] [128, 128] barrier %bar[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<256x256xf16> to memref<2x2x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %out window [%row, %col] [128, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<2x2x64x64xf16, #wg> to memref<256x256xf16> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
    gpu.func @packed_tokens(%in: memref<?x4x128xf16>, %tiles: memref<4x320x128xf16>,
                            %out: memref<?x4x128xf16>)
        workgroup(%tile : memref<2x64x64xf16, #wg>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %head = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c64 : index
      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // One head's 64 rows of a token count known at launch: TMA reads
      // zeros past it and writes nothing past it.
      asynccopy.copy %in to %tile window [%row, %head, 0] [64, 1, 128] barrier %bar[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[64, 64]>]}
          : memref<?x4x128xf16> to memref<2x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t0 = asynccopy.copy %tile to %tiles window [%head, %row, 0] [1, 64, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[0]>, #asynccopy.tile<[64, 64]>]}
          : memref<2x64x64xf16, #wg> to memref<4x320x128xf16> -> !asynccopy.token
      asynccopy.wait %t0 : !asynccopy.token
      %t1 = asynccopy.copy %tile to %out window [%row, %head, 0] [64, 1, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.drop_unit_dims<[1]>, #asynccopy.tile<[64, 64]>]}
          : memref<2x64x64xf16, #wg> to memref<?x4x128xf16> -> !asynccopy.token
      asynccopy.wait %t1 : !asynccopy.token
      gpu.return
    }
    gpu.func @varlen_heads(%in: memref<?x4x128xf16>, %out: memref<?x4x128xf16>,
                           %cu: memref<5xi32>)
        workgroup(%tile : memref<2x64x64xf16, #wg>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %seq = gpu.block_id y
      %head = gpu.block_id z
""" + SEQUENCE + """      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>
      asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<1>
      // One head of one sequence of a packed (tokens, heads, D) batch:
      // rank-reducing subviews.
      %src = memref.subview %in[%start, %head, 0] [%len, 1, 128] [1, 1, 1]
          : memref<?x4x128xf16> to memref<?x128xf16, strided<[512, 1], offset: ?>>
      %dst = memref.subview %out[%start, %head, 0] [%len, 1, 128] [1, 1, 1]
          : memref<?x4x128xf16> to memref<?x128xf16, strided<[512, 1], offset: ?>>
      asynccopy.copy %src to %tile window [%row, 0] [64, 128] barrier %bar[%c0]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<?x128xf16, strided<[512, 1], offset: ?>> to memref<2x64x64xf16, #wg>
      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>
      %t = asynccopy.copy %tile to %dst window [%row, 0] [64, 128]
          {swizzle = 128 : i64, transforms = [#asynccopy.tile<[64, 64]>]}
          : memref<2x64x64xf16, #wg> to memref<?x128xf16, strided<[512, 1], offset: ?>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
    gpu.func @written_tile(%out: memref<1024x128xf16>, %cu: memref<5xi32>)
        workgroup(%tile : memref<64x128xf16, #wg>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %seq = gpu.block_id y
""" + SEQUENCE + """      // Thread t writes column t of the tile (r + t in row r), then the CTA
      // stores the tile into its sequence, clipped at the end: no barrier
      // is written, as none is needed before a TMA store.
      %tid = gpu.thread_id x
      scf.for %r = %c0 to %c64 step %c1 {
        %v = arith.addi %r, %tid : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f16
        memref.store %vf, %tile[%r, %tid] : memref<64x128xf16, #wg>
      }
      %dst = memref.subview %out[%start, 0] [%len, 128] [1, 1]
          : memref<1024x128xf16> to memref<?x128xf16, strided<[128, 1], offset: ?>>
      %t = asynccopy.copy %tile to %dst window [%row, 0] [64, 128]
          : memref<64x128xf16, #wg> to memref<?x128xf16, strided<[128, 1], offset: ?>> -> !asynccopy.token
      asynccopy.wait %t : !asynccopy.token
      gpu.return
    }
""" + "".join(FP8_KERNEL.format(name=n, t=t) for n, t in FP8.items()) + """  }
}
"""


def save(module, path, label):
    if module.cubin is None:
        sys.exit("ptxas not found: the run needs cubins")
    module.save(path)
    print("built", label, module.kernels)


def build(outdir):
    for mode, smem in MODES.items():
        save(asynccopy.compile(os.path.join(HERE, "kernels.mlir"),
                               descriptor_mode=mode, dynamic_smem=smem),
             os.path.join(outdir, mode), mode)
    save(asynccopy.compile(BIG_TILE, dynamic_smem="always"),
         os.path.join(outdir, "big"), "big")
    save(asynccopy.compile(TRUST), os.path.join(outdir, "trust"), "trust")


def check(name, got, want):
    import torch
    ok = got.shape == want.shape and torch.equal(got, want)
    print("%s %s" % ("ok  " if ok else "FAIL", name))
    if not ok:
        bad = (got != want).nonzero()
        print("     %d mismatches, first at %s: got %s want %s" % (
            len(bad), bad[0].tolist(), got[tuple(bad[0])].item(),
            want[tuple(bad[0])].item()))
    return ok


def run_module(module, label):
    """Every kernel of kernels.mlir on a few shapes; returns the failures."""
    import torch
    failures = 0
    for rows in (64, 1000, 4096):
        x = torch.randn(rows, 128, device="cuda")
        y = torch.full_like(x, -7.0)
        module["tma_copy"](x, y, grid=(2, (rows + 63) // 64), block=128)
        torch.cuda.synchronize()
        failures += not check("%s tma_copy %dx128" % (label, rows), y, x)
    # A strided view: rows of 256 elements inside a wider tensor.
    wide = torch.randn(300, 384, device="cuda")
    x = wide[:, :128]
    y = torch.zeros(300, 128, device="cuda")
    try:
        module["tma_copy"](x, y, grid=(2, 5), block=128)
        failures += 1
        print("FAIL %s tma_copy: a view with row stride 384 was accepted"
              % label)
    except ValueError as e:  # the memref's row stride is 128
        print("ok   %s tma_copy rejects a wrong stride (%s)" % (label, e))

    for rows in (128, 1000):
        x = torch.randn(rows, 128, device="cuda").to(torch.float16)
        y = torch.full_like(x, -7.0)
        module["multicast"](x, y, grid=(4, (rows + 63) // 64), block=128,
                            cluster=(2, 1))
        torch.cuda.synchronize()
        failures += not check("%s multicast %dx128 (clusters of 2)"
                              % (label, rows), y, x)

    # Tiles claimed at run time: launches back to back on one stream (the
    # last CTA of each zeroes the counter for the next), on two streams at
    # once (each has its own), with more CTAs than tiles.
    streams = [torch.cuda.Stream(), torch.cuda.Stream()]
    for rows, grid in ((64, 1), (1000, 3), (4096, 132), (100, 16)):
        x = torch.randn(rows, 64, device="cuda")
        outs = [torch.full_like(x, -7.0) for _ in range(6)]
        torch.cuda.synchronize()  # the other streams read them
        for i, y in enumerate(outs):
            s = streams[i % 2] if i >= 2 else torch.cuda.current_stream()
            module["persistent_copy"](x, y, grid=grid, block=128, stream=s)
        torch.cuda.synchronize()
        failures += sum(not check("%s persistent_copy %dx64 grid %d launch %d"
                                  % (label, rows, grid, i), y, x)
                        for i, y in enumerate(outs))

    failures += run_current_stream(module, label)

    a = (torch.arange(100 * 256, device="cuda") % 2048).to(
        torch.float16).reshape(100, 256)
    stream = torch.cuda.Stream()
    for (i, jb, scale) in ((0, 0, 1.0), (90, 3, 2.0), (40, 1, -0.5)):
        out = torch.full((32, 64), 7.0, dtype=torch.float16, device="cuda")
        with torch.cuda.stream(stream):
            module["window"](a, out, i, jb, scale, grid=1, block=(128,),
                             stream=stream)
        stream.synchronize()
        want = torch.zeros(32, 64, dtype=torch.float16, device="cuda")
        part = a[i:i + 32, 64 * jb:64 * jb + 64]
        want[:part.shape[0], :part.shape[1]] = part * scale
        failures += not check("%s window i=%d jb=%d scale=%g"
                              % (label, i, jb, scale), out, want)
    return failures


def run_current_stream(module, label):
    """A launch given no stream runs on torch's current one: under a side
    stream (non-blocking, as torch's are), between a slow producer and a
    reader of its output on that stream, and inside a CUDA graph capture,
    replayed on new data. Returns the failures."""
    import torch
    failures = 0
    x = torch.randn(4096, 128, device="cuda")
    y = torch.full_like(x, -7.0)
    side = torch.cuda.Stream()
    torch.cuda.synchronize()
    with torch.cuda.stream(side):
        torch.cuda._sleep(20_000_000)  # ~10 ms: the reader must wait for it
        x2 = x * 2
        module["tma_copy"](x2, y, grid=(2, 64), block=128)
        got = y.clone()
    side.synchronize()
    failures += not check("%s tma_copy on torch's current stream" % label,
                          got, x2)

    x = torch.randn(1000, 128, device="cuda")
    y = torch.full_like(x, -7.0)
    module["tma_copy"](x, y, grid=(2, 16), block=128)  # checked, not captured
    torch.cuda.synchronize()
    # Scratch maps live in a buffer of the stream that later launches
    # refill: such a launch refuses the capture, before launching anything.
    refuses = label == "scratch"
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph):
            module["tma_copy"](x, y, grid=(2, 16), block=128)
    except Exception as e:
        ok = refuses and "cannot be captured into a CUDA graph" in str(e)
        print("%s %s tma_copy in a CUDA graph capture: %s"
              % ("ok  " if ok else "FAIL", label, e))
        return failures + (not ok)
    finally:
        torch.cuda.set_stream(torch.cuda.default_stream())
    if refuses:
        print("FAIL %s tma_copy was captured in a CUDA graph" % label)
        return failures + 1
    x.copy_(torch.randn_like(x))
    y.fill_(-7.0)
    graph.replay()
    torch.cuda.synchronize()
    failures += not check("%s tma_copy replayed from a CUDA graph" % label,
                          y, x)
    return failures


def run_big(module):
    """The 64 KiB tile through dynamic shared memory; returns failures."""
    import torch
    assert module.metadata["kernels"]["big_tile"]["dynamic_smem_bytes"] > \
        48 * 1024
    x = torch.randn(128, 128, device="cuda")
    y = torch.full_like(x, -7.0)
    module["big_tile"](x, y, grid=1, block=128)
    torch.cuda.synchronize()
    return not check("big_tile 128x128 f32 (64 KiB of dynamic SMEM)", y, x)


def run_empty(module):
    """Empty tensors, whose maps point at scratch the launch fills: on a
    side stream behind a slow producer, and captured into a CUDA graph
    (the fill is on the launch's stream, so it is captured with it, not
    issued on the legacy stream the capture forbids); then a full launch
    on the same module. Returns the failures."""
    import torch
    failures = 0
    x = torch.empty(0, 192, device="cuda", dtype=torch.float16)
    y = torch.empty(0, 192, device="cuda", dtype=torch.float16)
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        torch.cuda._sleep(20_000_000)
        module["shape_generic"](x, y, grid=(3, 1), block=128)
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph):
            module["shape_generic"](x, y, grid=(3, 1), block=128)
        graph.replay()
        torch.cuda.synchronize()
        print("ok   shape_generic on empty tensors: side stream, captured, replayed")
    except Exception as e:
        print("FAIL shape_generic on empty tensors: %s" % e)
        failures += 1
    finally:
        torch.cuda.set_stream(torch.cuda.default_stream())
    x = torch.randn(64, 192, device="cuda").to(torch.float16)
    y = torch.full_like(x, -7.0)
    module["shape_generic"](x, y, grid=(3, 1), block=128)
    torch.cuda.synchronize()
    return failures + (not check("shape_generic after the empty tensors", y, x))


def run_trust(module):
    """Shape-generic copies of tensors that meet TMA's rules and of ones that
    do not (a row stride of 1003 elements, an address 2 B past alignment):
    the kernel takes TMA or its fallback by itself and every result is
    right, with guard columns and rows around each view untouched; fp8
    copies of torch float8 tensors. Returns the failures."""
    import torch
    failures = 0
    for label, rows, cols, row_stride, skip in (
            ("contiguous", 100, 192, 192, 0),
            ("row stride 1003", 100, 192, 1003, 0),
            ("address +2 B", 130, 128, 136, 1)):
        storage = torch.randn(rows + 2, row_stride + skip, device="cuda").to(
            torch.float16)
        x = storage[:rows, skip:skip + cols]
        out_storage = torch.full_like(storage, -7.0)
        y = out_storage[:rows, skip:skip + cols]
        module["shape_generic"](x, y, grid=((cols + 63) // 64,
                                            (rows + 63) // 64), block=128)
        torch.cuda.synchronize()
        failures += not check("shape_generic %s %dx%d" % (label, rows, cols),
                              y, x)
        guard = out_storage.clone()
        guard[:rows, skip:skip + cols] = -7.0
        failures += not check("shape_generic %s: nothing written outside "
                              "the view" % label, guard,
                              torch.full_like(storage, -7.0))
    failures += run_empty(module)
    # Packed sequences (varlen): each CTA copies one 64-row window of one
    # sequence through a swizzled tile; windows inside a sequence move by
    # TMA, the one crossing its end and those starting past it by the sync
    # copy, which must not write into the next sequence (whose rows the
    # launch leaves at -7).
    lengths = (1, 64, 200, 7)
    cu = [0]
    for n in lengths:
        cu.append(cu[-1] + n)
    x = torch.randn(1024, 128, device="cuda").to(torch.float16)
    cu_t = torch.tensor(cu, device="cuda", dtype=torch.int32)
    for seq in range(len(lengths)):
        y = torch.full_like(x, -7.0)
        # Only sequence `seq`, placed at its offset: a view of the batch
        # whose other rows must stay untouched.
        shifted = torch.tensor([cu[seq], cu[seq + 1], cu[seq + 1], cu[seq + 1],
                                cu[seq + 1]], device="cuda", dtype=torch.int32)
        module["varlen"](x, y, shifted, grid=(4, 1), block=128)
        torch.cuda.synchronize()
        want = torch.full_like(x, -7.0)
        want[cu[seq]:cu[seq + 1]] = x[cu[seq]:cu[seq + 1]]
        failures += not check("varlen sequence %d (%d rows at %d): its rows, "
                              "nothing past its end" % (seq, lengths[seq], cu[seq]),
                              y, want)
    y = torch.full_like(x, -7.0)
    module["varlen"](x, y, cu_t, grid=(4, len(lengths)), block=128)
    torch.cuda.synchronize()
    want = torch.full_like(x, -7.0)
    want[:cu[-1]] = x[:cu[-1]]
    failures += not check("varlen batch of %s rows, packed" % (lengths,), y, want)
    # The same batch as (tokens, 4 heads, 128), one head per CTA through
    # rank-reducing subviews; NaN rows follow the batch in memory.
    xs = torch.full((cu[-1] + 64, 4, 128), float("nan"), device="cuda",
                    dtype=torch.float16)
    xs[:cu[-1]] = torch.randn(cu[-1], 4, 128, device="cuda").to(torch.float16)
    ys = torch.full_like(xs, -7.0)
    module["varlen_heads"](xs[:cu[-1]], ys[:cu[-1]], cu_t, grid=(4, len(lengths), 4),
                           block=128)
    torch.cuda.synchronize()
    want = torch.full_like(xs, -7.0)
    want[:cu[-1]] = xs[:cu[-1]]
    failures += not check("varlen heads (rank-reducing subviews) of %s rows" % (lengths,),
                          ys, want)
    # A tile the threads wrote with ordinary stores, stored into its
    # sequence: TMA inside it, the sync copy where the window crosses its
    # end, each after a CTA barrier (racecheck finds none missing).
    y = torch.full_like(x, -7.0)
    module["written_tile"](y, cu_t, grid=(4, len(lengths)), block=128)
    torch.cuda.synchronize()
    want = torch.full_like(x, -7.0)
    tile = (torch.arange(64, device="cuda")[:, None]
            + torch.arange(128, device="cuda")[None, :]).to(torch.float16)
    for seq in range(len(lengths)):
        for bx in range(4):
            lo = cu[seq] + 64 * bx
            hi = min(cu[seq + 1], lo + 64)
            if lo < hi:
                want[lo:hi] = tile[:hi - lo]
    failures += not check("written tile stored into %s rows, clipped" % (lengths,), y, want)
    # Tiled windows at rows off the tile grid (and one past the end, which
    # the hardware clips): every row of the window moves, nothing else.
    x = torch.randn(256, 256, device="cuda").to(torch.float16)
    for row in (0, 1, 63, 100, 200):
        y = torch.full_like(x, -7.0)
        module["off_grid"](x, y, row, grid=(2, 1), block=128)
        torch.cuda.synchronize()
        want = torch.full_like(x, -7.0)
        want[row:row + 128] = x[row:row + 128]
        failures += not check("tiled window at row %d (tiles of 64 rows)" % row,
                              y, want)
    # A packed batch of 200 tokens x 4 heads, its token count known only at
    # launch, in memory followed by NaN rows: TMA windows of 64 rows of one
    # head, the fourth crossing the end and the fifth past it, read zeros
    # there (not the NaN rows) and write nothing there.
    total = 200
    xs = torch.full((total + 64, 4, 128), float("nan"), device="cuda",
                    dtype=torch.float16)
    xs[:total] = torch.randn(total, 4, 128, device="cuda").to(torch.float16)
    x = xs[:total]
    tiles = torch.full((4, 320, 128), -7.0, device="cuda", dtype=torch.float16)
    ys = torch.full_like(xs, float("nan"))
    y = ys[:total]
    module["packed_tokens"](x, tiles, y, grid=(4, 5), block=128)
    torch.cuda.synchronize()
    want = torch.zeros(4, 320, 128, device="cuda", dtype=torch.float16)
    want[:, :total] = x.transpose(0, 1)
    failures += not check("packed tokens (a run-time extent of a tiled view): "
                          "loads read zeros past it", tiles, want)
    failures += not check("packed tokens: stores write its rows", y, x)
    untouched = bool(torch.isnan(ys[total:]).all().item())
    print("%s packed tokens: stores write nothing past it" % (
        "ok  " if untouched else "FAIL"))
    failures += not untouched
    for name, dtype in (("fp8_e4m3", torch.float8_e4m3fn),
                        ("fp8_e5m2", torch.float8_e5m2)):
        x = torch.randn(128, 128, device="cuda").to(dtype)
        y = torch.zeros(128, 128, device="cuda").to(dtype)
        module[name](x, y, grid=(1, 2), block=128)
        torch.cuda.synchronize()
        failures += not check("%s 128x128 on torch %s" % (name, dtype),
                              y.view(torch.uint8), x.view(torch.uint8))
    return failures


def run(indir):
    failures = 0
    for mode in MODES:
        failures += run_module(asynccopy.load(os.path.join(indir, mode)),
                               mode)
    failures += run_big(asynccopy.load(os.path.join(indir, "big")))
    failures += run_trust(asynccopy.load(os.path.join(indir, "trust")))
    print("FAILURES: %d" % failures)
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", metavar="DIR")
    parser.add_argument("--run", metavar="DIR")
    args = parser.parse_args()
    if not args.build and not args.run:
        parser.error("give --build DIR and/or --run DIR")
    if args.build:
        build(args.build)
    return run(args.run) if args.run else 0


if __name__ == "__main__":
    sys.exit(main())
