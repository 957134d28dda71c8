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

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

template <typename T, int N> struct MemRef {
  T *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};

/// A row-major device array and its host mirror.
template <typename T, int N> struct Array {
  std::vector<int64_t> shape;
  std::vector<T> host;
  T *device;
  Array(std::vector<int64_t> dims, T (*fill)(int64_t)) : shape(dims) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    host.resize(n);
    for (int64_t i = 0; i < n; ++i)
      host[i] = fill(i);
    device = static_cast<T *>(mgpuMemAlloc(n * sizeof(T), nullptr, false));
    upload();
  }
  ~Array() { mgpuMemFree(device, nullptr); }
  void upload() {
    mgpuMemcpy(device, host.data(), host.size() * sizeof(T), nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  std::vector<T> download() {
    std::vector<T> out(host.size());
    mgpuMemcpy(out.data(), device, out.size() * sizeof(T), nullptr);
    mgpuStreamSynchronize(nullptr);
    return out;
  }
  void poison() {
    std::vector<T> bad(host.size());
    std::memset(bad.data(), 0xA5, bad.size() * sizeof(T));
    mgpuMemcpy(device, bad.data(), bad.size() * sizeof(T), nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  MemRef<T, N> memref() const {
    MemRef<T, N> m{device, device, 0, {}, {}};
    int64_t stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      m.sizes[i] = shape[i];
      m.strides[i] = stride;
      stride *= shape[i];
    }
    return m;
  }
};

using F32x2 = MemRef<float, 2>;
using F32x3 = MemRef<float, 3>;
using F16x3 = MemRef<uint16_t, 3>;

// The upstream builds are weak: one that did not compile is not linked.
#define DECLARE(prefix, ...)                                                   \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_memref_copy(       \
      F32x3 *, F32x3 *);                                                       \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_nvgpu_cp_async(    \
      F16x3 *, F16x3 *);                                                       \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_nvgpu_tma(         \
      F32x2 *, F32x2 *);                                                       \
  extern "C" __VA_ARGS__ void _mlir_ciface_##prefix##raise_tiled_matmul(      \
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
static uint16_t pattern16(int64_t i) { return static_cast<uint16_t>(i * 7 + 1); }

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

int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 200;
  int reps = argc > 2 ? std::atoi(argv[2]) : 7;

  Array<float, 3> copyIn({4, 64, 128}, pattern), copyOut({4, 64, 128}, pattern);
  Array<uint16_t, 3> asyncIn({4, 64, 64}, pattern16),
      asyncOut({4, 64, 64}, pattern16);
  Array<float, 2> tmaIn({64, 64}, pattern), tmaOut({64, 64}, pattern);
  const int64_t n = 128;
  Array<float, 2> a({n, n}, [](int64_t i) {
    return static_cast<float>((i / 128 * 3 + i % 128) % 7 - 3);
  });
  Array<float, 2> b({n, n}, [](int64_t i) {
    return static_cast<float>((i / 128 * 5 + i % 128) % 5 - 2);
  });
  Array<float, 2> c({n, n}, [](int64_t) { return 0.0f; });
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
       [&] { return copyOut.download() == copyIn.host; }},
      {"raise_nvgpu_cp_async",
       [&](bool up) {
         auto x = asyncIn.memref(), y = asyncOut.memref();
         (up ? _mlir_ciface_upstream_raise_nvgpu_cp_async
             : _mlir_ciface_raise_nvgpu_cp_async)(&x, &y);
       },
       [&] { return asyncOut.download() == asyncIn.host; }},
      {"raise_nvgpu_tma",
       [&](bool up) {
         auto x = tmaIn.memref(), y = tmaOut.memref();
         (up ? _mlir_ciface_upstream_raise_nvgpu_tma
             : _mlir_ciface_raise_nvgpu_tma)(&x, &y);
       },
       [&] { return tmaOut.download() == tmaIn.host; }},
      // C += A B: checked after one call from C = 0; timed calls accumulate.
      {"raise_tiled_matmul",
       [&](bool up) {
         auto x = a.memref(), y = b.memref(), z = c.memref();
         (up ? _mlir_ciface_upstream_raise_tiled_matmul
             : _mlir_ciface_raise_tiled_matmul)(&x, &y, &z);
       },
       [&] { return c.download() == product; }},
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
      std::vector<float> zeros(n * n, 0.0f);
      c.host = zeros;
      c.upload();
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
