//===- launch_descriptors_bench.cpp - launch cost of tensor-map params ----===//
//
// Times `@launch_ptr_only` and `@launch_with_maps` (bench/
// launch_descriptors.mlir, AOT-compiled with descriptor-mode=param) in one
// process: M launches of a kernel with no work, back to back on one stream,
// the host function ending with a wait for the last. Host-side time per
// launch: wall clock (steady_clock) around the whole call, including the
// final synchronisation; also CUDA events on the legacy stream around it
// (the runtime's streams are blocking). Repeated `reps` times, the two
// kernels alternating which goes first; medians are printed. Also times the
// host part that differs, the four acTensorMapEncodeTiled calls per launch
// the generated code makes, alone.
//
//   launch-descriptors-bench [M] [reps]
//
//===----------------------------------------------------------------------===//

#include "BenchTiming.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct MemRef2 {
  uint16_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};
using HostFn = void (*)(MemRef2 *, MemRef2 *, MemRef2 *, MemRef2 *, int32_t,
                        int64_t);
extern "C" void _mlir_ciface_launch_ptr_only(MemRef2 *, MemRef2 *, MemRef2 *,
                                             MemRef2 *, int32_t, int64_t);
extern "C" void _mlir_ciface_launch_with_maps(MemRef2 *, MemRef2 *, MemRef2 *,
                                              MemRef2 *, int32_t, int64_t);

using Clock = std::chrono::steady_clock;

int main(int argc, char **argv) {
  int M = argc > 1 ? std::atoi(argv[1]) : 10000;
  int reps = argc > 2 ? std::atoi(argv[2]) : 7;
  const int64_t n = 4096;
  const size_t bytes = n * n * sizeof(uint16_t);
  MemRef2 m[4];
  for (MemRef2 &r : m) {
    auto *p = static_cast<uint16_t *>(mgpuMemAlloc(bytes, nullptr, false));
    r = MemRef2{p, p, 0, {n, n}, {n, 1}};
  }
  void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
  // Per launch: {wall us, event us}.
  auto time = [&](HostFn fn, int launches) {
    mgpuStreamSynchronize(nullptr);
    auto t0 = Clock::now();
    mgpuEventRecord(start, nullptr);
    fn(&m[0], &m[1], &m[2], &m[3], /*flag=*/0, launches);
    mgpuEventRecord(stop, nullptr);
    mgpuEventSynchronize(stop);
    auto t1 = Clock::now();
    double wall = std::chrono::duration<double, std::micro>(t1 - t0).count();
    return std::pair<double, double>(
        wall / launches, acEventElapsedMs(start, stop) * 1e3 / launches);
  };
  HostFn fns[2] = {_mlir_ciface_launch_ptr_only, _mlir_ciface_launch_with_maps};
  for (HostFn fn : fns)
    time(fn, 200); // warm-up: module load, stream pool, caches
  std::vector<double> wall[2], event[2];
  for (int r = 0; r < reps; ++r)
    for (int j = 0; j < 2; ++j) {
      int which = (r + j) % 2;
      auto [w, e] = time(fns[which], M);
      wall[which].push_back(w);
      event[which].push_back(e);
    }

  // The host-side work with_maps adds per launch: four encodes of the maps
  // the generated code builds (f16, 4096x4096, 64x64 box, no swizzle, zero
  // OOB fill, 128-B L2 promotion).
  alignas(64) unsigned char maps[4][128];
  int64_t dims[2] = {n, n}, strides[1] = {n * 2};
  int32_t box[2] = {64, 64};
  auto t0 = Clock::now();
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < 4; ++k)
      if (acTensorMapEncodeTiled(maps[k], AC_ELEMENT_F16, 2, m[k].aligned, dims,
                                 strides, box, 0, AC_OOB_FILL_ZERO,
                                 128) != AC_TENSOR_MAP_OK) {
        std::printf("encode failed: %s\n", acGetLastError());
        return 1;
      }
  double encodeUs =
      std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / M;

  const char *cache = std::getenv("ASYNCCOPY_TENSOR_MAP_CACHE");
  double wa = median(wall[0]), wb = median(wall[1]);
  double ea = median(event[0]), eb = median(event[1]);
  std::printf("launches=%d reps=%d grid=1x32 args=4 memrefs + i32 "
              "tensor_map_cache=%s\n",
              M, reps, cache ? cache : "default");
  std::printf("ptr_only:  %.3f us/launch wall  %.3f us/launch events\n", wa,
              ea);
  std::printf("with_maps: %.3f us/launch wall  %.3f us/launch events  "
              "(4 tensor maps, param)\n",
              wb, eb);
  std::printf("encode_4_maps: %.3f us (acTensorMapEncodeTiled x4, host "
              "only)\n",
              encodeUs);
  std::printf("ratio ptr_only/with_maps: %.3f (wall)  %.3f (events)\n", wa / wb,
              ea / eb);
  std::printf("wall per rep (us/launch): ptr_only");
  for (double w : wall[0])
    std::printf(" %.3f", w);
  std::printf("  with_maps");
  for (double w : wall[1])
    std::printf(" %.3f", w);
  std::printf("\n");
  mgpuEventDestroy(start);
  mgpuEventDestroy(stop);
  for (MemRef2 &r : m)
    mgpuMemFree(r.aligned, nullptr);
  return 0;
}
