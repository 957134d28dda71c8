//===- tma_copy_bench.cpp - tiled TMA copy vs device memcpy ---------------===//
//
// Times `@copy_tiles` (bench/tma_copy.mlir, AOT-compiled with one descriptor
// mode) against a device-to-device memcpy of the same 16384x16384 f16 buffer
// in the same process, with CUDA events on the legacy stream (the runtime's
// streams are blocking, so those events bracket the launches). Prints GB/s
// (bytes read + written) and the ratio, and checks the copy bit for bit.
//
//   tma-copy-bench <mode-label> [iterations]
//
//===----------------------------------------------------------------------===//

#include "BenchTiming.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <int N> struct MemRef {
  uint16_t *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
extern "C" void _mlir_ciface_copy_tiles(MemRef<2> *in, MemRef<2> *out,
                                        int64_t iters);

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "param";
  int iters = argc > 2 ? std::atoi(argv[2]) : 50;
  const int64_t n = 16384;
  const size_t bytes = n * n * sizeof(uint16_t);
  std::vector<uint16_t> host(n * n);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<uint16_t>(i * 2654435761u >> 7);
  auto *in = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
  auto *out = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
  mgpuMemcpy(in, host.data(), bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  MemRef<2> a{in, in, 0, {n, n}, {n, 1}}, b{out, out, 0, {n, n}, {n, 1}};

  EventTimer timer;
  auto time = [&](auto &&body) { return timer(iters, body); };
  float memcpyMs = time([&](int k) {
    for (int i = 0; i < k; ++i)
      mgpuMemcpy(out, in, bytes, nullptr);
  });
  std::memset(host.data(), 0, bytes);
  mgpuMemcpy(out, host.data(), bytes, nullptr); // clear before the TMA copy
  mgpuStreamSynchronize(nullptr);
  float tmaMs = time([&](int k) { _mlir_ciface_copy_tiles(&a, &b, k); });

  // Bit-exact check of the TMA copy.
  std::vector<uint16_t> check(n * n);
  mgpuMemcpy(check.data(), out, bytes, nullptr);
  mgpuMemcpy(host.data(), in, bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  bool ok = std::memcmp(check.data(), host.data(), bytes) == 0;

  double gb = 2.0 * bytes / 1e9; // read + write
  std::printf("mode=%s iters=%d bytes_moved=%.3f GB\n", label, iters, gb);
  std::printf("memcpy_d2d: %.4f ms  %.1f GB/s\n", memcpyMs,
              gb / memcpyMs * 1e3);
  std::printf("tma_copy:   %.4f ms  %.1f GB/s\n", tmaMs, gb / tmaMs * 1e3);
  std::printf("ratio tma/memcpy: %.3f\n", memcpyMs / tmaMs);
  std::printf("check: %s\n", ok ? "PASS" : "FAIL");
  mgpuMemFree(in, nullptr);
  mgpuMemFree(out, nullptr);
  return ok ? 0 : 1;
}
