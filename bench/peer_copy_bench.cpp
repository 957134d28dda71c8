//===- peer_copy_bench.cpp - peer TMA copy vs cuMemcpyPeerAsync -----------===//
//
// Copies a 1 GiB f16 tensor (16384x32768) from GPU 0 to GPU 1 and measures:
// - memcpy_peer: cuMemcpyPeerAsync between ordinary cuMemAlloc buffers with
//   peer access enabled (the usual baseline), and between the symmetric-heap
//   buffers the kernels use;
// - tma_push: bench/peer_copy.mlir's @push on GPU 0 (TMA stores to PE 1);
// - tma_pull: @pull on GPU 1 (TMA loads from PE 0);
// each one way (GPU 0 -> GPU 1) and both ways at once (GPU 1 -> GPU 0 as
// well, from a second thread). Times are CUDA-event means over `iters`
// back-to-back copies on each device's legacy stream after 3 warm-ups (the
// runtime's streams are blocking, so those events bracket the launches); a
// both-ways figure is (2 x bytes) / the longer of the two devices' times.
// GB/s counts the bytes copied (1.074 GB per copy). Every kernel copy is
// checked bit for bit. Prints one line per measurement and a final JSON
// line for bench/peer_report.py.
//
//   peer-bench [iters] [ctas per SM] [ctas per GPU, overrides the former]
//
// The kernels are linked in (utils/build-bench.sh); the runtime loads their
// module on each GPU on first use. The CUDA driver is dlopen'ed for
// cuMemcpyPeerAsync.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/Symmetric.h"

#include <dlfcn.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int64_t kRows = 16384, kCols = 32768;
constexpr uint64_t kBytes = uint64_t(kRows) * kCols * 2;

struct MemRef2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};
using CopyFn = void (*)(MemRef2 *, MemRef2 *, int32_t, int64_t, int64_t);
} // namespace

extern "C" void _mlir_ciface_peer_push(MemRef2 *, MemRef2 *, int32_t, int64_t,
                                       int64_t);
extern "C" void _mlir_ciface_peer_pull(MemRef2 *, MemRef2 *, int32_t, int64_t,
                                       int64_t);

namespace {

MemRef2 tensor(void *p) { return {p, p, 0, {kRows, kCols}, {kCols, 1}}; }

/// The few driver entry points the baseline needs.
struct Driver {
  using CUresult = int;
  CUresult (*cuDeviceGet)(int *, int);
  CUresult (*cuDevicePrimaryCtxRetain)(void **, int);
  CUresult (*cuCtxSetCurrent)(void *);
  CUresult (*cuDeviceGetAttribute)(int *, int, int);
  CUresult (*cuMemAlloc)(uint64_t *, size_t);
  CUresult (*cuMemFree)(uint64_t);
  CUresult (*cuMemcpyPeerAsync)(uint64_t, void *, uint64_t, void *, size_t,
                                void *);
  CUresult (*cuCtxEnablePeerAccess)(void *, unsigned);
  void *ctx[2] = {nullptr, nullptr};

  template <typename F> void bind(void *lib, F &f, const char *name) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    if (!f) {
      std::fprintf(stderr, "peer-bench: the CUDA driver has no %s\n", name);
      std::exit(1);
    }
  }
  void check(CUresult r, const char *what) {
    if (r != 0) {
      std::fprintf(stderr, "peer-bench: %s failed (CUresult %d)\n", what, r);
      std::exit(1);
    }
  }
  explicit Driver() {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      std::fprintf(stderr, "peer-bench: cannot load libcuda.so.1: %s\n",
                   dlerror());
      std::exit(1);
    }
    bind(lib, cuDeviceGet, "cuDeviceGet");
    bind(lib, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    bind(lib, cuCtxSetCurrent, "cuCtxSetCurrent");
    bind(lib, cuDeviceGetAttribute, "cuDeviceGetAttribute");
    bind(lib, cuMemAlloc, "cuMemAlloc_v2");
    bind(lib, cuMemFree, "cuMemFree_v2");
    bind(lib, cuMemcpyPeerAsync, "cuMemcpyPeerAsync");
    bind(lib, cuCtxEnablePeerAccess, "cuCtxEnablePeerAccess");
    for (int d = 0; d < 2; ++d) {
      int dev = 0;
      check(cuDeviceGet(&dev, d), "cuDeviceGet");
      check(cuDevicePrimaryCtxRetain(&ctx[d], dev), "cuDevicePrimaryCtxRetain");
    }
    // Without peer access cuMemcpyPeerAsync between cuMemAlloc buffers is
    // staged through the host (about 37 GB/s on the H200 pair): enable it
    // both ways, as cudaMemcpyPeer's usual users do (704: already enabled).
    for (int d = 0; d < 2; ++d) {
      check(cuCtxSetCurrent(ctx[d]), "cuCtxSetCurrent");
      CUresult r = cuCtxEnablePeerAccess(ctx[1 - d], 0);
      if (r != 704)
        check(r, "cuCtxEnablePeerAccess");
    }
  }
  /// Makes device d's primary context (the runtime's) current on this thread.
  void use(int d) {
    check(cuCtxSetCurrent(ctx[d]), "cuCtxSetCurrent");
    mgpuSetDefaultDevice(d);
  }
  int smCount(int d) {
    int n = 0;
    check(cuDeviceGetAttribute(
              &n, /*CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT*/ 16, d),
          "cuDeviceGetAttribute");
    return n;
  }
};

/// Runs `body(device, count)` on each device of `devices` from its own
/// thread (started together): 3 warm-up copies, then `iters` timed ones.
/// Returns each device's mean ms per copy.
std::vector<float> timeOnDevices(Driver &driver,
                                 const std::vector<int> &devices, int iters,
                                 const std::function<void(int, int)> &body) {
  std::vector<float> ms(devices.size());
  std::mutex m;
  std::condition_variable cv;
  size_t ready = 0;
  std::vector<std::thread> threads;
  for (size_t i = 0; i < devices.size(); ++i)
    threads.emplace_back([&, i] {
      int d = devices[i];
      driver.use(d);
      body(d, 3);
      mgpuStreamSynchronize(nullptr);
      {
        std::unique_lock<std::mutex> lock(m);
        if (++ready == devices.size())
          cv.notify_all();
        else
          cv.wait(lock, [&] { return ready == devices.size(); });
      }
      void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
      mgpuEventRecord(start, nullptr);
      body(d, iters);
      mgpuEventRecord(stop, nullptr);
      mgpuEventSynchronize(stop);
      ms[i] = acEventElapsedMs(start, stop) / iters;
      mgpuEventDestroy(start);
      mgpuEventDestroy(stop);
    });
  for (std::thread &t : threads)
    t.join();
  return ms;
}

struct Result {
  std::string name;
  double gbps;
};

} // namespace

int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 20;
  int ctasPerSm = argc > 2 ? std::atoi(argv[2]) : 1;
  // A fixed grid size (CTAs per GPU) instead of ctasPerSm x SMs.
  int gridOverride = argc > 3 ? std::atoi(argv[3]) : 0;
  Driver driver;
  std::vector<int32_t> devices = {0, 1};
  acSymmHeap *heap = nullptr;
  if (acSymmCreate(devices.data(), 2, 2 * kBytes + (64 << 20), &heap)) {
    std::fprintf(stderr, "peer-bench: acSymmCreate: %s\n", acGetLastError());
    return 1;
  }
  uint64_t srcOff = 0, dstOff = 0;
  if (acSymmMalloc(heap, kBytes, 1 << 21, &srcOff) ||
      acSymmMalloc(heap, kBytes, 1 << 21, &dstOff)) {
    std::fprintf(stderr, "peer-bench: acSymmMalloc: %s\n", acGetLastError());
    return 1;
  }
  auto src = [&](int pe) { return acSymmAddress(heap, pe, srcOff); };
  auto dst = [&](int pe) { return acSymmAddress(heap, pe, dstOff); };

  // Source patterns, different on the two GPUs.
  std::vector<uint16_t> pattern[2];
  for (int pe = 0; pe < 2; ++pe) {
    pattern[pe].resize(kBytes / 2);
    for (size_t i = 0; i < pattern[pe].size(); ++i)
      pattern[pe][i] =
          static_cast<uint16_t>((i * 2654435761u >> 7) ^ (pe ? 0x5A5A : 0));
    driver.use(pe);
    mgpuMemcpy(src(pe), pattern[pe].data(), kBytes, nullptr);
    mgpuStreamSynchronize(nullptr);
  }
  int ctas[2] = {driver.smCount(0) * ctasPerSm, driver.smCount(1) * ctasPerSm};
  if (gridOverride > 0)
    ctas[0] = ctas[1] = gridOverride;
  std::printf("iters=%d bytes=%.3f GB ctas=%d\n", iters, kBytes / 1e9, ctas[0]);

  std::vector<Result> results;
  bool ok = true;
  auto report = [&](const std::string &name, const std::vector<float> &ms) {
    float worst = *std::max_element(ms.begin(), ms.end());
    double gbps = ms.size() * kBytes / 1e9 / (worst / 1e3);
    std::printf("%-24s %8.4f ms  %7.1f GB/s\n", name.c_str(), worst, gbps);
    std::fflush(stdout);
    results.push_back({name, gbps});
  };
  // Zeroes both destinations, so that a copy that did not happen is caught.
  auto clear = [&] {
    for (int pe = 0; pe < 2; ++pe) {
      driver.use(pe);
      mgpuMemset16(dst(pe), 0, kBytes / 2, nullptr);
      mgpuStreamSynchronize(nullptr);
    }
  };
  // Checks that PE `to`'s destination holds PE `from`'s source.
  auto verify = [&](const std::string &name, int from, int to) {
    std::vector<uint16_t> got(kBytes / 2);
    driver.use(to);
    mgpuMemcpy(got.data(), dst(to), kBytes, nullptr);
    mgpuStreamSynchronize(nullptr);
    bool same = std::memcmp(got.data(), pattern[from].data(), kBytes) == 0;
    std::printf("  check %s GPU %d -> GPU %d: %s\n", name.c_str(), from, to,
                same ? "PASS" : "FAIL");
    ok &= same;
  };

  // Baseline: cuMemcpyPeerAsync between ordinary allocations.
  uint64_t plain[2][2]; // [device][src, dst]
  for (int d = 0; d < 2; ++d) {
    driver.use(d);
    for (int k = 0; k < 2; ++k)
      driver.check(driver.cuMemAlloc(&plain[d][k], kBytes), "cuMemAlloc");
  }
  auto memcpyPeer = [&](bool heapBuffers) {
    return [&, heapBuffers](int d, int n) {
      int peer = 1 - d;
      uint64_t from = heapBuffers ? uint64_t(src(d)) : plain[d][0];
      uint64_t to = heapBuffers ? uint64_t(dst(peer)) : plain[peer][1];
      for (int i = 0; i < n; ++i)
        driver.check(driver.cuMemcpyPeerAsync(to, driver.ctx[peer], from,
                                              driver.ctx[d], kBytes, nullptr),
                     "cuMemcpyPeerAsync");
    };
  };
  report("memcpy_peer_uni",
         timeOnDevices(driver, {0}, iters, memcpyPeer(false)));
  report("memcpy_peer_bi",
         timeOnDevices(driver, {0, 1}, iters, memcpyPeer(false)));
  // The heap's VMM mappings through the same call (reported, not fatal, if
  // the driver refuses them).
  driver.use(0);
  if (int r = driver.cuMemcpyPeerAsync(uint64_t(dst(1)), driver.ctx[1],
                                       uint64_t(src(0)), driver.ctx[0], kBytes,
                                       nullptr)) {
    std::printf("memcpy_peer_heap: cuMemcpyPeerAsync on heap buffers failed "
                "(CUresult %d); "
                "skipped\n",
                r);
  } else {
    report("memcpy_peer_heap_uni",
           timeOnDevices(driver, {0}, iters, memcpyPeer(true)));
    report("memcpy_peer_heap_bi",
           timeOnDevices(driver, {0, 1}, iters, memcpyPeer(true)));
  }
  for (int d = 0; d < 2; ++d) {
    driver.use(d);
    for (int k = 0; k < 2; ++k)
      driver.cuMemFree(plain[d][k]);
  }

  // TMA kernels: push runs on the source GPU, pull on the destination GPU.
  for (const char *kind : {"push", "pull"}) {
    bool push = std::string(kind) == "push";
    CopyFn fn = push ? _mlir_ciface_peer_push : _mlir_ciface_peer_pull;
    // Device d copies to (push) or from (pull) PE 1 - d.
    auto body = [&](int d, int n) {
      MemRef2 s = tensor(src(d)), t = tensor(dst(d));
      fn(&s, &t, /*pe=*/1 - d, ctas[d], n);
    };
    int runsOneWay = push ? 0 : 1;
    clear();
    report(std::string("tma_") + kind + "_uni",
           timeOnDevices(driver, {runsOneWay}, iters, body));
    verify(std::string("tma_") + kind + "_uni", 0, 1);
    clear();
    report(std::string("tma_") + kind + "_bi",
           timeOnDevices(driver, {0, 1}, iters, body));
    verify(std::string("tma_") + kind + "_bi", 0, 1);
    verify(std::string("tma_") + kind + "_bi", 1, 0);
  }

  std::printf("{");
  for (size_t i = 0; i < results.size(); ++i)
    std::printf("%s\"%s_gbps\": %.2f", i ? ", " : "", results[i].name.c_str(),
                results[i].gbps);
  std::printf(", \"check\": \"%s\"}\n", ok ? "PASS" : "FAIL");
  acSymmDestroy(heap);
  return ok ? 0 : 1;
}
