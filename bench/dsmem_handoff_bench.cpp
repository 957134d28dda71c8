//===- dsmem_handoff_bench.cpp - DSMEM vs GMEM tile hand-off --------------===//
//
// Times `@run_{dsmem,gmem}{1,2}` (bench/dsmem_handoff.mlir) in one
// process with CUDA events on the legacy stream (the runtime's streams are
// blocking, so the events bracket the launches): 264 clusters of 2 CTAs,
// each handing a 64x64 f16 tile from CTA 0 to CTA 1 K times, through DSMEM
// or through a GMEM round trip, with one SMEM stage (S=1) and with two
// (S=2, double buffering). Prints the time per hand-off (kernel time / K:
// all clusters hand off in parallel), the hand-off rate over all clusters,
// and the ratio gmem/dsmem per S; checks every variant's consumer checksums
// against the host's replay of the stamped tiles after each warm-up launch
// and after the last timed launch.
//
//   dsmem-handoff-bench [K] [iterations] [checked warm-up launches]
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Runtime/MgpuABI.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T, int N> struct MemRef {
  T *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
using GBuf = MemRef<uint16_t, 2>;
using Out = MemRef<uint32_t, 1>;
using HostFn = void (*)(GBuf *, Out *, int64_t, int64_t);
extern "C" void _mlir_ciface_run_dsmem1(GBuf *, Out *, int64_t, int64_t);
extern "C" void _mlir_ciface_run_gmem1(GBuf *, Out *, int64_t, int64_t);
extern "C" void _mlir_ciface_run_dsmem2(GBuf *, Out *, int64_t, int64_t);
extern "C" void _mlir_ciface_run_gmem2(GBuf *, Out *, int64_t, int64_t);

namespace {
constexpr int64_t kClusters = 264, kThreads = 128, kTile = 64 * 64;
constexpr int64_t kGRows = kClusters * 2 * 64;

/// The consumer's checksum (sum of the per-thread sums, mod 2^32) of each
/// cluster with `stages` SMEM stages: replays the producer's initial tiles
/// and stamps.
std::vector<uint32_t> expectedSums(int64_t K, int stages) {
  std::vector<uint32_t> sums(kClusters);
  std::vector<uint16_t> tile[2] = {std::vector<uint16_t>(kTile),
                                   std::vector<uint16_t>(kTile)};
  for (int64_t c = 0; c < kClusters; ++c) {
    uint32_t stageSum[2] = {0, 0};
    for (int s = 0; s < 2; ++s)
      for (int64_t i = 0; i < kTile; ++i) {
        tile[s][i] = uint16_t((c * 4099 + s * 8191 + i * 13) & 0x3fff);
        stageSum[s] += tile[s][i];
      }
    uint32_t total = 0;
    for (int64_t k = 0; k < K; ++k) {
      int s = int(k % stages);
      for (int64_t t = 0; t < kThreads; ++t) {
        int64_t idx = (t / 2) * 64 + (t % 2) * 32 + (k / 2) % 32;
        uint16_t v = uint16_t((uint32_t(k) * 131 + uint32_t(t) * 7 +
                               uint32_t(c) * 3) & 0x3fff);
        stageSum[s] += uint32_t(v) - uint32_t(tile[s][idx]);
        tile[s][idx] = v;
      }
      total += stageSum[s];
    }
    sums[c] = total;
  }
  return sums;
}
} // namespace

int main(int argc, char **argv) {
  int64_t K = argc > 1 ? std::atoll(argv[1]) : 4096;
  int iters = argc > 2 ? std::atoi(argv[2]) : 10;
  int checks = argc > 3 ? std::atoi(argv[3]) : 3;
  const size_t gBytes = kGRows * 64 * sizeof(uint16_t);
  const size_t outBytes = kClusters * kThreads * sizeof(uint32_t);
  auto *g = static_cast<uint16_t *>(mgpuMemAlloc(gBytes, nullptr, false));
  auto *o = static_cast<uint32_t *>(mgpuMemAlloc(outBytes, nullptr, false));
  mgpuMemset16(g, 0, gBytes / 2, nullptr);
  GBuf gbuf{g, g, 0, {kGRows, 64}, {64, 1}};
  Out out{o, o, 0, {kClusters * kThreads}, {1}};
  std::vector<uint32_t> expected[3] = {{}, expectedSums(K, 1),
                                       expectedSums(K, 2)};

  void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
  std::vector<uint32_t> host(kClusters * kThreads);
  // Clusters whose checksum was wrong, over all checked launches.
  auto check = [&](const char *name, int stages) {
    mgpuMemcpy(host.data(), o, outBytes, nullptr);
    mgpuStreamSynchronize(nullptr);
    int bad = 0;
    for (int64_t c = 0; c < kClusters; ++c) {
      uint32_t sum = 0;
      for (int64_t t = 0; t < kThreads; ++t)
        sum += host[c * kThreads + t];
      if (sum != expected[stages][c] && bad++ == 0)
        std::printf("%s: cluster %lld: checksum %u, expected %u\n", name,
                    (long long)c, sum, expected[stages][c]);
    }
    mgpuMemset32(o, 0xDEADBEEF, kClusters * kThreads, nullptr);
    return bad;
  };
  struct Variant {
    const char *name;
    int stages;
    HostFn fn;
    float ms = 0;
    int bad = 0;
  } variants[] = {{"dsmem", 1, _mlir_ciface_run_dsmem1},
                  {"gmem", 1, _mlir_ciface_run_gmem1},
                  {"dsmem", 2, _mlir_ciface_run_dsmem2},
                  {"gmem", 2, _mlir_ciface_run_gmem2}};
  for (Variant &v : variants) {
    mgpuMemset32(o, 0xDEADBEEF, kClusters * kThreads, nullptr);
    for (int i = 0; i < checks; ++i) { // warm-up, each launch checked
      v.fn(&gbuf, &out, K, 1);
      v.bad += check(v.name, v.stages);
    }
    mgpuEventRecord(start, nullptr);
    v.fn(&gbuf, &out, K, iters);
    mgpuEventRecord(stop, nullptr);
    mgpuEventSynchronize(stop);
    v.ms = acEventElapsedMs(start, stop) / iters;
    v.bad += check(v.name, v.stages); // the last timed launch
  }

  // Tiles handed off per second over all clusters (8 KiB each).
  double handoffs = double(kClusters) * K;
  auto rate = [&](float ms) { return handoffs * 8192 / (ms * 1e-3) / 1e9; };
  std::printf("clusters=%lld ctas=%lld K=%lld tile=64x64xf16 (8 KiB) "
              "iters=%d checked_launches=%d\n",
              (long long)kClusters, (long long)(2 * kClusters), (long long)K,
              iters, checks + 1);
  bool ok = true;
  for (int i = 0; i < 4; i += 2) {
    const Variant &d = variants[i], &gm = variants[i + 1];
    for (const Variant *v : {&d, &gm})
      std::printf("S=%d %-5s %.4f ms  %.4f us/hand-off  %.1f GB/s handed "
                  "off  check %s (%d bad cluster results)\n",
                  v->stages, v->name, v->ms, v->ms * 1e3 / K, rate(v->ms),
                  v->bad ? "FAIL" : "PASS", v->bad);
    std::printf("S=%d ratio gmem/dsmem: %.3f\n", d.stages, gm.ms / d.ms);
    ok = ok && !d.bad && !gm.bad;
  }
  std::printf("check: %s\n", ok ? "PASS" : "FAIL");
  mgpuEventDestroy(start);
  mgpuEventDestroy(stop);
  mgpuMemFree(g, nullptr);
  mgpuMemFree(o, nullptr);
  return ok ? 0 : 1;
}
