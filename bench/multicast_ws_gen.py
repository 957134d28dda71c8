#!/usr/bin/env python3
"""Diagnostic: warp-specialised multicast panel broadcast, written by hand.

Writes <out>/multicast_ws.mlir and <out>/ws_bench.cpp (default out:
build/bench-ws). The module holds bench/multicast.mlir's kernels (the
pipelined independent and multicast loops) plus `ws<C>_s<S>`: 64-thread
CTAs in clusters of C, S stages; warp 1 produces (waits for stage s to be
empty, lane 0 issues the collective TMA load of tile k into it), warp 0
consumes (waits for stage s to be full, lane 0 frees it on every CTA of the
cluster with a CTA-scope remote arrival). The driver times every host
function twice. Build and run:

  python3 bench/multicast_ws_gen.py
  utils/aot-compile.sh -p format=bin --driver build/bench-ws/ws_bench.cpp \
      -o build/bench-ws/ws-bench build/bench-ws/multicast_ws.mlir
  build/bench-ws/ws-bench 20            # on the GPU machine
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = [(2, 4), (2, 6), (2, 8), (4, 3), (4, 4), (4, 6)]


def ws_kernel(c, s):
    sm = ("memref<128x64xf16, strided<[64, 1], offset: ?>, "
          "#gpu.address_space<workgroup>>")
    consts = "".join(f"      %c{r}_i32 = arith.constant {r} : i32\n"
                     for r in range(c))
    ranks = "".join(
        f"            %r{r} = asynccopy.barrier.remote %empty, %c{r}_i32 : "
        f"!asynccopy.barrier<{s}> -> !asynccopy.barrier<{s}, remote>\n"
        f"            asynccopy.barrier.arrive %r{r}[%s] "
        f"{{asynccopy.cta_release}} : !asynccopy.barrier<{s}, remote>\n"
        for r in range(c))
    return f"""    gpu.func @ws{c}_s{s}(%A: memref<1024x8192xf16>)
        workgroup(%buf : memref<{s}x128x64xf16, #gpu.address_space<workgroup>>) kernel
        attributes {{known_block_size = array<i32: 64, 1, 1>, known_cluster_size = array<i32: {c}, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %cS = arith.constant {s} : index
      %all = arith.constant -1 : i32
{consts}      %by = gpu.block_id y
      %panel = arith.remui %by, %c8 : index
      %row = arith.muli %panel, %c128 : index
      %tid = gpu.thread_id x
      %warp = arith.divui %tid, %c32 : index
      %lane = arith.remui %tid, %c32 : index
      %lane0 = arith.cmpi eq, %lane, %c0 : index
      %full = asynccopy.barrier.alloc : !asynccopy.barrier<{s}>
      asynccopy.barrier.init %full, 1 : !asynccopy.barrier<{s}>
      %empty = asynccopy.barrier.alloc : !asynccopy.barrier<{s}>
      asynccopy.barrier.init %empty, {c} : !asynccopy.barrier<{s}>
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %producer = arith.cmpi eq, %warp, %c1 : index
      scf.if %producer {{
        scf.for %k = %c0 to %c128 step %c1 {{
          %s = arith.remui %k, %cS : index
          %round = arith.divui %k, %cS : index
          %refill = arith.cmpi uge, %k, %cS : index
          scf.if %refill {{
            %prev = arith.subi %round, %c1 : index
            %par = arith.remui %prev, %c2 : index
            %ph = arith.index_cast %par : index to i1
            asynccopy.barrier.wait %empty[%s], %ph : !asynccopy.barrier<{s}>
          }}
          %col = arith.muli %k, %c64 : index
          %stage = memref.subview %buf[%s, 0, 0] [1, 128, 64] [1, 1, 1]
              : memref<{s}x128x64xf16, #gpu.address_space<workgroup>> to {sm}
          asynccopy.copy %A to %stage window [%row, %col] [128, 64] barrier %full[%s] predicate %lane0
              {{swizzle = 128 : i64, collective = [#gpu<dim x>]}} : memref<1024x8192xf16> to {sm}
        }}
      }} else {{
        scf.for %k = %c0 to %c128 step %c1 {{
          %s = arith.remui %k, %cS : index
          %round = arith.divui %k, %cS : index
          %par = arith.remui %round, %c2 : index
          %ph = arith.index_cast %par : index to i1
          asynccopy.barrier.wait %full[%s], %ph : !asynccopy.barrier<{s}>
          nvvm.bar.warp.sync %all : i32
          %next = arith.addi %k, %cS : index
          %more = arith.cmpi ult, %next, %c128 : index
          %release = arith.andi %more, %lane0 : i1
          scf.if %release {{
{ranks}          }}
        }}
      }}
      gpu.return
    }}
"""


def host(name, kernel, c, threads, cluster):
    clusters = "clusters in (%cx, %c1, %c1) " if cluster else ""
    return f"""  func.func @{name}(%A: memref<1024x8192xf16>, %iters: index)
      attributes {{llvm.emit_c_interface}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cT = arith.constant {threads} : index
    %cx = arith.constant {c} : index
    %gy = arith.constant {2112 // c} : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> (!gpu.async.token) {{
      %next = gpu.launch_func async [%t] @kernels::@{kernel}
          {clusters}blocks in (%cx, %gy, %c1) threads in (%cT, %c1, %c1)
          args(%A : memref<1024x8192xf16>)
      scf.yield %next : !gpu.async.token
    }}
    gpu.wait [%done]
    return
  }}
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        HERE, "..", "build", "bench-ws")
    os.makedirs(out, exist_ok=True)
    src = open(os.path.join(HERE, "multicast.mlir")).read()
    start = src.index("  gpu.module @kernels {")
    end = src.index("\n  }\n  func.func")
    kernels = src[start:end] + "\n" + "".join(ws_kernel(c, s)
                                             for c, s in VARIANTS)
    runs = [("ind", "independent", False), ("inddeep", "independent_deep", False)]
    hosts, names = "", []
    for c in (2, 4):
        for prefix, kernel, cluster in runs + [("mc", f"multicast{c}", True)]:
            hosts += host(f"{prefix}{c}", kernel, c, 32, cluster)
            names.append(f"{prefix}{c}")
    for c, s in VARIANTS:
        hosts += host(f"run_ws{c}_s{s}", f"ws{c}_s{s}", c, 64, True)
        names.append(f"run_ws{c}_s{s}")
    with open(os.path.join(out, "multicast_ws.mlir"), "w") as f:
        f.write("module attributes {gpu.container_module} {\n" + kernels +
                "  }\n" + hosts + "}\n")
    decls = "".join(f'extern "C" void _mlir_ciface_{n}(MemRef2 *, int64_t);\n'
                    for n in names)
    table = "".join(f'    {{"{n}", _mlir_ciface_{n}}},\n' for n in names)
    with open(os.path.join(out, "ws_bench.cpp"), "w") as f:
        f.write(f"""// Generated by bench/multicast_ws_gen.py.
#include "{os.path.join(HERE, 'BenchTiming.h')}"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
struct MemRef2 {{
  uint16_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
}};
using HostFn = void (*)(MemRef2 *, int64_t);
{decls}
int main(int argc, char **argv) {{
  int iters = argc > 1 ? std::atoi(argv[1]) : 20;
  const int64_t rows = 1024, cols = 8192;
  std::vector<uint16_t> host(rows * cols, 1);
  auto *a = static_cast<uint16_t *>(mgpuMemAlloc(host.size() * 2, nullptr, false));
  mgpuMemcpy(a, host.data(), host.size() * 2, nullptr);
  mgpuStreamSynchronize(nullptr);
  MemRef2 m{{a, a, 0, {{rows, cols}}, {{cols, 1}}}};
  EventTimer timer;
  struct {{
    const char *name;
    HostFn fn;
  }} all[] = {{
{table}  }};
  for (int rep = 0; rep < 2; ++rep)
    for (auto &e : all)
      std::printf("%-14s %.4f ms\\n", e.name,
                  timer(iters, [&](int k) {{ e.fn(&m, k); }}));
  mgpuMemFree(a, nullptr);
  return 0;
}}
""")


if __name__ == "__main__":
    main()
