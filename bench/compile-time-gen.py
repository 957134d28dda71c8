#!/usr/bin/env python3
"""Writes one kernel with N TMA loads (64x64 f16 tiles of a 16384x16384
matrix, one SMEM buffer, one mbarrier), launched from a host function, for
bench/compile-time.sh:

  compile-time-gen.py asynccopy N   N asynccopy.copy ops (ac-opt
                                    --asynccopy-to-llvm)
  compile-time-gen.py nvgpu N       the same kernel in upstream nvgpu ops, as
                                    MLIR's own TMA tests write it: a tensor map
                                    from nvgpu.tma.create.descriptor, per copy
                                    mbarrier.arrive.expect_tx and
                                    tma.async.load predicated on thread 0
                                    (mlir-opt --gpu-lower-to-nvvm-pipeline)
"""
import sys

# The SMEM tile: a workgroup attribution of the launch for asynccopy; nvgpu's
# TMA lowering (like MLIR's own tests) takes a memref.global in address space
# 3 (the host lowering cannot convert a global in #gpu.address_space).
TILE = "memref<64x64xf16, #gpu.address_space<workgroup>>"
NVGPU_TILE = "memref<64x64xf16, 3>"
GMEM = "memref<16384x16384xf16>"


def window(i):
    return 64 * (i // 256), 64 * (i % 256)


def launch(host, kernel, tile):
    """A host function launching one CTA of 128 threads whose body holds
    `kernel`; the SMEM tile is `tile` (an attribution) or a global."""
    lines = ["module attributes {gpu.container_module} {"]
    if tile == NVGPU_TILE:
        lines.append("  memref.global \"private\" @tile : " + tile)
    lines += [
        "  func.func @copies(%in: " + GMEM + ") {",
        "    %c1 = arith.constant 1 : index",
        "    %c64 = arith.constant 64 : index",
        "    %c128 = arith.constant 128 : index",
    ] + host + [
        "    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)",
        "               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)",
    ]
    if tile == NVGPU_TILE:
        lines += ["               {",
                  "      %tile = memref.get_global @tile : " + tile]
    else:
        lines += ["               workgroup(%tile : " + tile + ") {"]
    lines += [
        "      %c0 = arith.constant 0 : index",
        "      %false = arith.constant false",
    ] + kernel + [
        "      gpu.terminator",
        "    }",
        "    return",
        "  }",
        "}",
    ]
    return lines


def asynccopy(n):
    kernel = [
        "      %bar = asynccopy.barrier.alloc : !asynccopy.barrier<1>",
        "      asynccopy.barrier.init %%bar, %d : !asynccopy.barrier<1>" % n,
    ]
    for i in range(n):
        kernel.append(
            "      asynccopy.copy %%in to %%tile window [%d, %d] [64, 64] "
            "barrier %%bar[%%c0] : %s to %s" % (window(i) + (GMEM, TILE)))
    kernel.append(
        "      asynccopy.barrier.wait %bar[%c0], %false : !asynccopy.barrier<1>")
    return launch([], kernel, TILE)


def nvgpu(n):
    desc = ("!nvgpu.tensormap.descriptor<tensor = %s, swizzle = none, "
            "l2promo = none, oob = zero, interleave = none>" % NVGPU_TILE)
    bar = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"
    host = [
        "    %%u = memref.cast %%in : %s to memref<*xf16>" % GMEM,
        "    %%desc = nvgpu.tma.create.descriptor %%u box[%%c64, %%c64] : "
        "memref<*xf16> -> %s" % desc,
    ]
    kernel = [
        "      %c8192 = arith.constant 8192 : index",
        "      %%cn = arith.constant %d : index" % n,
        "      %ticks = arith.constant 10000000 : index",
        "      %p = arith.cmpi eq, %tx, %c0 : index",
        "      %%bar = nvgpu.mbarrier.create -> %s" % bar,
        "      nvgpu.mbarrier.init %%bar[%%c0], %%cn, predicate = %%p : %s" % bar,
    ]
    names = {}
    for i in range(n):
        for v in window(i):
            if v not in names:
                names[v] = "%%k%d" % v
                kernel.append("      %s = arith.constant %d : index" % (names[v], v))
    for i in range(n):
        row, col = window(i)
        kernel.append(
            "      nvgpu.mbarrier.arrive.expect_tx %%bar[%%c0], %%c8192, "
            "predicate = %%p : %s" % bar)
        kernel.append(
            "      nvgpu.tma.async.load %%desc[%s, %s], %%bar[%%c0] to %%tile, "
            "predicate = %%p : %s, %s -> %s" % (names[col], names[row], desc, bar, NVGPU_TILE))
    kernel.append(
        "      nvgpu.mbarrier.try_wait.parity %%bar[%%c0], %%false, %%ticks : %s" % bar)
    return launch(host, kernel, NVGPU_TILE)


if __name__ == "__main__":
    kind, n = sys.argv[1], int(sys.argv[2])
    print("\n".join({"asynccopy": asynccopy, "nvgpu": nvgpu}[kind](n)))
