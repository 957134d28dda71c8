//===- multicast_bench.cpp - collective (multicast) vs independent loads --===//
//
// Times the host functions of bench/multicast.mlir in one process with
// CUDA events on the legacy stream: groups of C = 2 and 4 CTAs streaming the
// same L2-resident panel, either each CTA loading every tile itself or the
// group sharing each tile through a multicast TMA load. Prints the SMEM fill
// rate (bytes landing in all CTAs' SMEM per second), the L2 -> SM bytes the
// loads request, and the speedup of multicast over independent loads.
//
//   multicast-bench [iterations]
//
//===----------------------------------------------------------------------===//

#include "BenchTiming.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct MemRef2 {
  uint16_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};
using HostFn = void (*)(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_independent2(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_multicast2(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_independent4(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_independent_deep2(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_independent_deep4(MemRef2 *, int64_t);
extern "C" void _mlir_ciface_multicast4(MemRef2 *, int64_t);

int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 20;
  const int64_t rows = 1024, cols = 8192;
  const size_t bytes = rows * cols * sizeof(uint16_t);
  std::vector<uint16_t> host(rows * cols);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<uint16_t>(i * 2654435761u >> 7);
  auto *a = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
  mgpuMemcpy(a, host.data(), bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  MemRef2 m{a, a, 0, {rows, cols}, {cols, 1}};

  EventTimer timer;
  auto time = [&](HostFn fn) {
    return timer(iters, [&](int k) { fn(&m, k); });
  };
  // 2112 CTAs x 128 tiles x 16 KiB land in SMEM per launch, either way.
  const double smemGB = 2112.0 * 128 * 16384 / 1e9;
  std::printf("iters=%d smem_fill_per_launch=%.3f GB\n", iters, smemGB);
  // The baseline of each launch shape is the faster of the two stage counts
  // of independent loads.
  struct Pair {
    int group;
    HostFn independent, independentDeep, multicast;
  } pairs[] = {{2, _mlir_ciface_independent2, _mlir_ciface_independent_deep2,
                _mlir_ciface_multicast2},
               {4, _mlir_ciface_independent4, _mlir_ciface_independent_deep4,
                _mlir_ciface_multicast4}};
  for (const Pair &p : pairs) {
    float shallowMs = time(p.independent), deepMs = time(p.independentDeep);
    float mcMs = time(p.multicast);
    float indMs = std::min(shallowMs, deepMs);
    std::printf("C=%d independent: %.4f ms  %.1f GB/s SMEM fill  (L2->SM %.3f "
                "GB; 2 stages %.4f ms, 8 stages %.4f ms)\n",
                p.group, indMs, smemGB / indMs * 1e3, smemGB, shallowMs,
                deepMs);
    std::printf("C=%d multicast:   %.4f ms  %.1f GB/s SMEM fill  (L2->SM %.3f "
                "GB)\n",
                p.group, mcMs, smemGB / mcMs * 1e3, smemGB / p.group);
    std::printf("C=%d speedup multicast/independent: %.3f\n", p.group,
                indMs / mcMs);
  }
  mgpuMemFree(a, nullptr);
  return 0;
}
