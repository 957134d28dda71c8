//===- raise_upstream_bench.cpp - upstream-only kernels, two compilers ----===//
//
// Times the kernels written in upstream ops only (test/Integration/GPU/
// raise_*.mlir) as ac-opt compiles them (asynccopy-raise-upstream raises
// their copies) and, where it can, as upstream's
// `mlir-opt --gpu-lower-to-nvvm-pipeline` compiles them (symbols renamed
// upstream_*; utils/build-bench.sh builds both and says here, through
// raise_upstream_built.inc, which upstream builds failed and why). Each
// host function launches its kernel and waits for it; the time per call is
// CUDA events on the legacy stream (the runtime's streams are blocking)
// around `iters` calls after a warm-up, the median of `reps` runs. Both
// builds share that launch path, so the difference is the kernels'. Every
// result is checked against a host reference first (outputs poisoned).
//
//   raise-upstream-bench [iters] [reps]
//
//===----------------------------------------------------------------------===//

#include "BenchTiming.h"
#include "DeviceArray.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>

using F32x2 = MemRef<float, 2>;
using F32x3 = MemRef<float, 3>;
using F16x3 = MemRef<uint16_t, 3>;

// The upstream builds are weak: one that did not compile is not linked.
#define DECLARE(prefix, ...)                                                   \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_memref_copy(        \
      F32x3 *, F32x3 *);                                                       \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_nvgpu_cp_async(     \
      F16x3 *, F16x3 *);                                                       \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_nvgpu_tma(F32x2 *,  \
                                                                     F32x2 *); \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_tiled_matmul(       \
      F32x2 *, F32x2 *, F32x2 *);
DECLARE(, )
DECLARE(upstream_, __attribute__((weak)))

/// One kernel in the two builds: `run(upstream)` calls it once; `check`
/// says whether the last run's result is right.
struct Kernel {
  const char *name;
  std::function<void(bool)> run;
  std::function<bool()> check;
};

static float pattern(int64_t i) { return static_cast<float>(i % 1000 + 1); }
static uint16_t pattern16(int64_t i) {
  return static_cast<uint16_t>(i * 7 + 1);
}

/// The upstream builds that failed: {name, why} (from build-bench.sh).
struct Failure {
  const char *name, *why;
};
static const Failure upstreamFailures[] = {
#include "raise_upstream_built.inc"
    {nullptr, nullptr}};

static const char *whyUpstreamFailed(const char *name) {
  for (const Failure *f = upstreamFailures; f->name; ++f)
    if (!std::strcmp(f->name, name))
      return f->why;
  return nullptr;
}

/// Whether `array` on the device holds `want`.
template <typename T, int N>
static bool matches(DeviceArray<T, N> &array, const std::vector<T> &want) {
  array.download();
  return array.host == want;
}

int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 200;
  int reps = argc > 2 ? std::atoi(argv[2]) : 7;

  DeviceArray<float, 3> copyIn({4, 64, 128}), copyOut({4, 64, 128});
  DeviceArray<uint16_t, 3> asyncIn({4, 64, 64}), asyncOut({4, 64, 64});
  DeviceArray<float, 2> tmaIn({64, 64}), tmaOut({64, 64});
  copyIn.fill(pattern);
  asyncIn.fill(pattern16);
  tmaIn.fill(pattern);
  const int64_t n = 128;
  DeviceArray<float, 2> a({n, n}), b({n, n}), c({n, n});
  a.fill([](int64_t i) { return (i / 128 * 3 + i % 128) % 7 - 3; });
  b.fill([](int64_t i) { return (i / 128 * 5 + i % 128) % 5 - 2; });
  std::vector<float> product(n * n, 0.0f);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t k = 0; k < n; ++k)
      for (int64_t j = 0; j < n; ++j)
        product[i * n + j] += a.host[i * n + k] * b.host[k * n + j];

  std::vector<Kernel> kernels = {
      {"raise_memref_copy",
       [&](bool up) {
         auto x = copyIn.memref(), y = copyOut.memref();
         (up ? _mlir_ciface_upstream_raise_memref_copy
             : _mlir_ciface_raise_memref_copy)(&x, &y);
       },
       [&] { return matches(copyOut, copyIn.host); }},
      {"raise_nvgpu_cp_async",
       [&](bool up) {
         auto x = asyncIn.memref(), y = asyncOut.memref();
         (up ? _mlir_ciface_upstream_raise_nvgpu_cp_async
             : _mlir_ciface_raise_nvgpu_cp_async)(&x, &y);
       },
       [&] { return matches(asyncOut, asyncIn.host); }},
      {"raise_nvgpu_tma",
       [&](bool up) {
         auto x = tmaIn.memref(), y = tmaOut.memref();
         (up ? _mlir_ciface_upstream_raise_nvgpu_tma
             : _mlir_ciface_raise_nvgpu_tma)(&x, &y);
       },
       [&] { return matches(tmaOut, tmaIn.host); }},
      // C += A B: checked after one call from C = 0; timed calls accumulate.
      {"raise_tiled_matmul",
       [&](bool up) {
         auto x = a.memref(), y = b.memref(), z = c.memref();
         (up ? _mlir_ciface_upstream_raise_tiled_matmul
             : _mlir_ciface_raise_tiled_matmul)(&x, &y, &z);
       },
       [&] { return matches(c, product); }},
  };

  EventTimer timer;
  int failed = 0;
  std::printf("%-22s %-9s %12s  %s\n", "kernel", "compiler", "us/call",
              "result");
  for (Kernel &k : kernels) {
    for (bool up : {false, true}) {
      const char *compiler = up ? "upstream" : "ac-opt";
      if (up) {
        if (const char *why = whyUpstreamFailed(k.name)) {
          std::printf("%-22s %-9s %12s  does not compile: %s\n", k.name,
                      compiler, "-", why);
          continue;
        }
      }
      copyOut.poison();
      asyncOut.poison();
      tmaOut.poison();
      c.fill([](int64_t) { return 0; });
      k.run(up);
      bool ok = k.check();
      failed += !ok;
      std::vector<double> times;
      for (int r = 0; r < reps; ++r)
        times.push_back(1000.0 * timer(iters, [&](int count) {
                          for (int i = 0; i < count; ++i)
                            k.run(up);
                        }));
      std::printf("%-22s %-9s %12.2f  %s\n", k.name, compiler, median(times),
                  ok ? "PASS" : "FAIL");
    }
  }
  std::printf("%s\n", failed ? "raise-upstream-bench: FAILED"
                             : "raise-upstream-bench: all results correct");
  return failed ? 1 : 0;
}
