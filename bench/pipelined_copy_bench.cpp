//===- pipelined_copy_bench.cpp - pipelined persistent copy vs memcpy -----===//
//
// Times the persistent pipelined copy kernels of bench/pipelined_copy.mlir
// (TMA load -> TMA store, sm_90) or, built from cp_async_copy_bench.cpp, of
// bench/cp_async_copy.mlir (cp.async -> 16-B ld/st, sm_80) against a
// device-to-device memcpy of the same bytes in the same process. For every
// kernel of the chosen size whose name contains the filter, every grid and
// every block size: per repetition, `iters` memcpys, then (after clearing
// the output) `iters` launches of the kernel, each timed with CUDA events on
// the legacy stream after 3 warm-ups (the runtime's streams are blocking, so
// the events bracket the launches); ratio = memcpy time / kernel time. The
// output of the kernel's last launch is checked bit for bit against the
// input. GB/s counts bytes read + written.
//
//   pipelined-copy-bench <1g|4g> [iters=20] [grids=132,264] [threads=32,128]
//                        [filter=""] [reps=1] [check=all|first|none]
//
// The filter selects the kernels whose name contains it, or only the kernel
// it names exactly.
// One line per measurement (`config=... ratio=... check=...`), then the
// best configuration by median ratio.
//
//===----------------------------------------------------------------------===//

#include "BenchTiming.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#ifndef CONFIGS_INC
#define CONFIGS_INC "pipelined_copy_configs.inc"
#define BENCH_NAME "pipelined_copy (TMA, sm_90)"
#endif

template <int N> struct MemRef {
  uint16_t *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
using HostFn = void (*)(MemRef<2> *, MemRef<2> *, int64_t, int64_t, int64_t);

#define CONFIG(fn, size, tm, tn, stages)                                       \
  extern "C" void _mlir_ciface_run_##fn(MemRef<2> *, MemRef<2> *, int64_t,     \
                                        int64_t, int64_t);
#include CONFIGS_INC
#undef CONFIG

namespace {
struct Config {
  const char *name, *size;
  int tm, tn, stages;
  HostFn fn;
};
const Config configs[] = {
#define CONFIG(fn, size, tm, tn, stages)                                       \
  {#fn, size, tm, tn, stages, _mlir_ciface_run_##fn},
#include CONFIGS_INC
#undef CONFIG
};

std::vector<int> parseList(const char *s) {
  std::vector<int> v;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      v.push_back(std::atoi(item.c_str()));
  return v;
}

} // namespace

int main(int argc, char **argv) {
  std::string size = argc > 1 ? argv[1] : "1g";
  int iters = argc > 2 ? std::atoi(argv[2]) : 20;
  std::vector<int> grids = parseList(argc > 3 ? argv[3] : "132,264");
  std::vector<int> threads = parseList(argc > 4 ? argv[4] : "32,128");
  std::string filter = argc > 5 ? argv[5] : "";
  int reps = argc > 6 ? std::atoi(argv[6]) : 1;
  std::string check = argc > 7 ? argv[7] : "all";
  int64_t rows, cols;
  if (size == "1g") {
    rows = 16384;
    cols = 32768;
  } else if (size == "4g") {
    rows = 32768;
    cols = 65536;
  } else {
    std::fprintf(stderr, "size must be 1g or 4g\n");
    return 2;
  }
  const size_t elems = size_t(rows) * cols, bytes = elems * sizeof(uint16_t);
  std::vector<uint16_t> host(elems), result(elems);
  for (size_t i = 0; i < elems; ++i)
    host[i] = static_cast<uint16_t>(i * 2654435761u >> 7);
  mgpuMemHostRegister(host.data(), bytes);
  mgpuMemHostRegister(result.data(), bytes);
  auto *in = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
  auto *out = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
  mgpuMemcpy(in, host.data(), bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  MemRef<2> a{in, in, 0, {rows, cols}, {cols, 1}};
  MemRef<2> b{out, out, 0, {rows, cols}, {cols, 1}};

  EventTimer timer;
  auto time = [&](auto &&body) { return timer(iters, body); };
  const double gb = 2.0 * bytes / 1e9; // read + write
  std::printf("bench=%s size=%s matrix=%ldx%ld f16 bytes_moved=%.3f GB "
              "iters=%d reps=%d\n",
              BENCH_NAME, size.c_str(), (long)rows, (long)cols, gb, iters,
              reps);

  // A filter that names a kernel selects only it; otherwise a substring.
  bool exact = false;
  for (const Config &c : configs)
    exact |= filter == c.name;
  bool allOk = true, checked = false;
  double bestRatio = 0;
  std::string best;
  for (const Config &c : configs) {
    if (size != c.size || (exact ? filter != c.name
                                  : std::string(c.name).find(filter) ==
                                        std::string::npos))
      continue;
    for (int grid : grids)
      for (int nt : threads) {
        std::vector<double> ratios;
        for (int r = 0; r < reps; ++r) {
          float memcpyMs = time([&](int k) {
            for (int i = 0; i < k; ++i)
              mgpuMemcpy(out, in, bytes, nullptr);
          });
          mgpuMemset16(out, 0xFFFF, elems, nullptr); // clear before the kernel
          mgpuStreamSynchronize(nullptr);
          float ms = time([&](int k) { c.fn(&a, &b, grid, nt, k); });
          const char *verdict = "skipped";
          if (check == "all" || (check == "first" && !checked)) {
            mgpuMemcpy(result.data(), out, bytes, nullptr);
            mgpuStreamSynchronize(nullptr);
            bool ok = std::memcmp(result.data(), host.data(), bytes) == 0;
            allOk &= ok;
            checked = true;
            verdict = ok ? "PASS" : "FAIL";
          }
          double ratio = memcpyMs / ms;
          ratios.push_back(ratio);
          std::printf("config=%s tile=%dx%d stages=%d grid=%d threads=%d "
                      "rep=%d ms=%.4f GBps=%.1f memcpy_ms=%.4f "
                      "memcpy_GBps=%.1f ratio=%.3f check=%s\n",
                      c.name, c.tm, c.tn, c.stages, grid, nt, r, ms,
                      gb / ms * 1e3, memcpyMs, gb / memcpyMs * 1e3, ratio,
                      verdict);
          std::fflush(stdout);
        }
        double m = median(ratios);
        if (reps > 1)
          std::printf("median config=%s grid=%d threads=%d ratio=%.3f\n",
                      c.name, grid, nt, m);
        if (m > bestRatio) {
          bestRatio = m;
          best = std::string(c.name) + " grid=" + std::to_string(grid) +
                 " threads=" + std::to_string(nt);
        }
      }
  }
  std::printf("best: %s ratio=%.3f\n", best.c_str(), bestRatio);
  std::printf("check: %s\n", !checked ? "none" : allOk ? "PASS" : "FAIL");
  mgpuMemFree(in, nullptr);
  mgpuMemFree(out, nullptr);
  mgpuMemHostUnregister(host.data());
  mgpuMemHostUnregister(result.data());
  return allOk ? 0 : 1;
}
