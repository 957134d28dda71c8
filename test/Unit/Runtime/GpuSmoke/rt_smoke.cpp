// GPU smoke test of libAsyncCopyRuntime: calls its C ABI directly (see
// build.sh). Exits 0 when every check passes, 3 when some failed.
// Usage: rt_smoke <mode> (run from the directory holding kernels.ptx/.cubin).
#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
    }                                                                          \
  } while (0)

static std::string readFile(const char *path) {
  FILE *f = std::fopen(path, "rb");
  if (!f) {
    std::printf("cannot open %s\n", path);
    std::exit(2);
  }
  std::string s;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
    s.append(buf, n);
  std::fclose(f);
  return s;
}

static std::string ptx, cubin;
static void *jitModule, *binModule;

static void loadModules() {
  ptx = readFile("kernels.ptx");
  cubin = readFile("kernels.cubin");
  jitModule = mgpuModuleLoadJIT(const_cast<char *>(ptx.c_str()), 3);
  binModule = mgpuModuleLoad(cubin.data(), cubin.size());
  EXPECT(jitModule && binModule, "modules");
}

static void addOne(void *module, void *stream, int n) {
  void *fn = mgpuModuleGetFunction(module, "add_one");
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = float(i);
  void *dev = mgpuMemAlloc(n * sizeof(float), stream, false);
  mgpuMemcpy(dev, host.data(), n * sizeof(float), stream);
  unsigned un = n;
  void *params[] = {&dev, &un};
  mgpuLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, params,
                   nullptr, 2);
  mgpuMemcpy(host.data(), dev, n * sizeof(float), stream);
  mgpuStreamSynchronize(stream);
  mgpuMemFree(dev, stream);
  for (int i = 0; i < n; ++i)
    if (host[i] != float(i) + 1) {
      EXPECT(false, "add_one[%d] = %f", i, host[i]);
      break;
    }
}

static void testBasics() {
  mgpuSetDefaultDevice(0);
  loadModules();
  void *stream = mgpuStreamCreate();
  addOne(jitModule, stream, 1000);
  addOne(binModule, stream, 1000);
  addOne(binModule, nullptr, 77); // default stream

  // Events: stream2 waits for stream's work.
  void *stream2 = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  void *dev = mgpuMemAlloc(4096, stream, false);
  mgpuMemset32(dev, 0x01020304u, 1024, stream);
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream2, event);
  mgpuMemset16(dev, 0xBEEF, 4, stream2); // first 8 bytes
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(stream2);
  std::vector<uint32_t> words(1024);
  mgpuMemcpy(words.data(), dev, 4096, stream2);
  mgpuStreamSynchronize(stream2);
  EXPECT(words[0] == 0xBEEFBEEFu && words[1] == 0xBEEFBEEFu, "%x %x", words[0],
         words[1]);
  EXPECT(words[2] == 0x01020304u && words[1023] == 0x01020304u, "%x %x",
         words[2], words[1023]);
  mgpuMemFree(dev, stream);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(stream2);

  // Zero-size alloc, null free.
  EXPECT(mgpuMemAlloc(0, stream, false) == nullptr, "zero alloc");
  mgpuMemFree(nullptr, stream);

  // Managed memory: the host touches it directly.
  float *managed =
      static_cast<float *>(mgpuMemAlloc(256 * sizeof(float), stream, true));
  for (int i = 0; i < 256; ++i)
    managed[i] = 2.0f * i;
  void *fn = mgpuModuleGetFunction(jitModule, "add_one");
  unsigned n = 256;
  void *params[] = {&managed, &n};
  mgpuLaunchKernel(fn, 1, 1, 1, 256, 1, 1, 0, stream, params, nullptr, 2);
  mgpuStreamSynchronize(stream);
  EXPECT(managed[10] == 21.0f && managed[255] == 511.0f, "%f %f", managed[10],
         managed[255]);
  mgpuMemFree(managed, stream);

  // Host registration, twice and unregistered twice; and as a memref.
  std::vector<float> pinned(1 << 16);
  mgpuMemHostRegister(pinned.data(), pinned.size() * sizeof(float));
  mgpuMemHostRegister(pinned.data(), pinned.size() * sizeof(float));
  mgpuMemHostUnregister(pinned.data());
  mgpuMemHostUnregister(pinned.data());
  struct {
    float *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  } memref = {pinned.data(), pinned.data(), 0, {256, 256}, {256, 1}};
  mgpuMemHostRegisterMemRef(2, &memref, sizeof(float));
  mgpuMemHostUnregisterMemRef(2, &memref, sizeof(float));

  // Streams are blocking: work on the legacy stream waits for them, and
  // timed events on the legacy stream bracket their work.
  {
    void *spin = mgpuModuleGetFunction(binModule, "spin");
    void *flag = mgpuMemAlloc(4, nullptr, false);
    mgpuMemset32(flag, 0, 1, nullptr);
    mgpuStreamSynchronize(nullptr);
    void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
    uint64_t cycles = 200000000; // ~0.1 s
    void *params[] = {&flag, &cycles};
    mgpuEventRecord(start, nullptr);
    mgpuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, stream, params, nullptr, 2);
    mgpuEventRecord(stop, nullptr);
    uint32_t seen = 0;
    mgpuMemcpy(&seen, flag, 4, nullptr);
    mgpuStreamSynchronize(nullptr);
    mgpuEventSynchronize(stop);
    float ms = acEventElapsedMs(start, stop);
    EXPECT(seen == 1, "legacy-stream copy did not wait for the stream");
    EXPECT(ms > 20.0f && ms < 5000.0f, "elapsed %f ms", ms);
    std::printf("blocking stream: flag %u, events bracket %.1f ms\n", seen, ms);
    mgpuEventDestroy(start);
    mgpuEventDestroy(stop);
    mgpuMemFree(flag, nullptr);
  }

  mgpuStreamDestroy(stream);
  mgpuModuleUnload(jitModule);
  mgpuModuleUnload(binModule);
  std::printf("basics: done\n");
}

static void testLaunches() {
  loadModules();
  void *stream = mgpuStreamCreate();
  // Cluster launch: 8 CTAs in clusters of 2.
  void *fn = mgpuModuleGetFunction(binModule, "cluster_id");
  void *out = mgpuMemAlloc(64 * sizeof(uint32_t), stream, false);
  void *params[] = {&out};
  mgpuLaunchClusterKernel(fn, 2, 1, 1, 8, 1, 1, 32, 1, 1, 0, stream, params,
                          nullptr);
  uint32_t ids[64] = {};
  mgpuMemcpy(ids, out, 8 * sizeof(uint32_t), stream);
  mgpuStreamSynchronize(stream);
  for (uint32_t b = 0; b < 8; ++b)
    EXPECT(ids[b] == ((b % 2) | 2u << 8 | 4u << 16), "cta %u: %x", b, ids[b]);
  // Non-portable cluster of 16.
  mgpuLaunchClusterKernel(fn, 16, 1, 1, 32, 1, 1, 32, 1, 1, 0, stream, params,
                          nullptr);
  mgpuMemcpy(ids, out, 32 * sizeof(uint32_t), stream);
  mgpuStreamSynchronize(stream);
  for (uint32_t b = 0; b < 32; ++b)
    EXPECT(ids[b] == ((b % 16) | 16u << 8 | 2u << 16), "cta %u: %x", b, ids[b]);

  // Dynamic shared memory above 48 KiB, both launch kinds.
  void *big = mgpuModuleGetFunction(jitModule, "big_smem");
  for (int cluster = 0; cluster < 2; ++cluster) {
    uint32_t smem = cluster ? 200 * 1024 : 100 * 1024;
    if (cluster)
      mgpuLaunchClusterKernel(big, 1, 1, 1, 2, 1, 1, 32, 1, 1, smem, stream,
                              params, nullptr);
    else
      mgpuLaunchKernel(big, 1, 1, 1, 32, 1, 1, smem, stream, params, nullptr,
                       1);
    uint32_t res[2] = {};
    mgpuMemcpy(res, out, sizeof(res), stream);
    mgpuStreamSynchronize(stream);
    EXPECT(res[0] == smem && res[1] == 2748, "smem %u: %u %u", smem, res[0],
           res[1]);
  }
  mgpuMemFree(out, stream);
  mgpuStreamDestroy(stream);
  std::printf("launches: done\n");
}

// A 20 x 48 f32 tensor; box 8 x 32 at (x0 = 16, y0 = 16): rows 20.. are OOB.
constexpr int kRows = 20, kCols = 48, kBoxRows = 8, kBoxCols = 32;

static void checkTile(const float *tile, int swizzleBytes, int rowBase,
                      const char *what) {
  int bad = 0;
  for (int r = 0; r < kBoxRows; ++r) {
    for (int j = 0; j < kBoxCols; ++j) {
      // SMEM position (r, j) holds logical column chunk c ^ (r % 8) with
      // 128-B swizzle (16-B chunks of 4 floats).
      int chunk = j / 4, lane = j % 4;
      int logicalChunk = swizzleBytes == 128 ? (chunk ^ (r % 8)) : chunk;
      int row = rowBase + r, col = 16 + logicalChunk * 4 + lane;
      float expect = row < kRows ? float(row * 1000 + col) : 0.0f;
      if (tile[r * kBoxCols + j] != expect && bad++ < 3)
        EXPECT(false, "%s: tile(%d,%d) = %f, expected %f", what, r, j,
               tile[r * kBoxCols + j], expect);
    }
  }
  if (!bad)
    std::printf("tma %s: tile ok\n", what);
}

static void runTma(void *fn, void *deviceMap, void *stream, uint32_t y0,
                   float *tile) {
  void *out = mgpuMemAlloc(kBoxRows * kBoxCols * sizeof(float), stream, false);
  uint32_t x0 = 16;
  void *params[] = {&deviceMap, &out, &x0, &y0};
  mgpuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, stream, params, nullptr, 4);
  mgpuMemcpy(tile, out, kBoxRows * kBoxCols * sizeof(float), stream);
  mgpuStreamSynchronize(stream);
  mgpuMemFree(out, stream);
}

static void testTma() {
  loadModules();
  void *stream = mgpuStreamCreate();
  void *fn = mgpuModuleGetFunction(binModule, "tma_load");
  std::vector<float> host(kRows * kCols);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kCols; ++c)
      host[r * kCols + c] = float(r * 1000 + c);
  void *tensor = mgpuMemAlloc(host.size() * sizeof(float), stream, false);
  mgpuMemcpy(tensor, host.data(), host.size() * sizeof(float), stream);
  mgpuStreamSynchronize(stream);
  float tile[kBoxRows * kBoxCols];

  // The project's encoder: host map, copied to device memory.
  for (int swizzle : {0, 128}) {
    alignas(64) unsigned char map[128];
    int64_t dims[2] = {kCols, kRows}, strides[1] = {kCols * 4};
    int32_t box[2] = {kBoxCols, kBoxRows};
    int32_t rc = acTensorMapEncodeTiled(map, AC_ELEMENT_F32, 2, tensor, dims,
                                        strides, box, swizzle, 0, 128);
    EXPECT(rc == AC_TENSOR_MAP_OK, "encode: %d %s", rc, acGetLastError());
    void *deviceMap = mgpuMemAlloc(128, stream, false);
    mgpuMemcpy(deviceMap, map, 128, stream);
    runTma(fn, deviceMap, stream, 16, tile);
    checkTile(tile, swizzle, 16,
              swizzle ? "acTensorMapEncodeTiled swizzle 128"
                      : "acTensorMapEncodeTiled no swizzle");
    mgpuMemFree(deviceMap, stream);
  }
  // The encoder refuses a bad map on the GPU path too, and still works after.
  {
    alignas(64) unsigned char map[128];
    int64_t dims[2] = {kCols, kRows}, strides[1] = {24};
    int32_t box[2] = {kBoxCols, kBoxRows};
    int32_t rc = acTensorMapEncodeTiled(map, AC_ELEMENT_F32, 2, tensor, dims,
                                        strides, box, 0, 0, 0);
    EXPECT(rc == AC_TENSOR_MAP_INVALID &&
               std::strstr(acGetLastError(), "global stride 24 B of dim 1"),
           "%d %s", rc, acGetLastError());
    // NaN fill for f32 OOB rows.
    strides[0] = kCols * 4;
    rc = acTensorMapEncodeTiled(map, AC_ELEMENT_F32, 2, tensor, dims, strides,
                                box, 0, AC_OOB_FILL_NAN, 0);
    EXPECT(rc == AC_TENSOR_MAP_OK, "nan map: %s", acGetLastError());
    void *deviceMap = mgpuMemAlloc(128, stream, false);
    mgpuMemcpy(deviceMap, map, 128, stream);
    // The exiting variant, on a legal map.
    acTensorMapEncodeTiledOrExit(map, AC_ELEMENT_F32, 2, tensor, dims, strides,
                                 box, 0, AC_OOB_FILL_NAN, 0);
    runTma(fn, deviceMap, stream, 16, tile);
    EXPECT(std::isnan(tile[4 * kBoxCols]) && tile[0] == 16016.0f,
           "nan fill: %f %f", tile[4 * kBoxCols], tile[0]);
    mgpuMemFree(deviceMap, stream);
  }

  // MLIR's entry point: a memref descriptor, sizes outermost first, with an
  // offset of 4 rows (the view starts at row 4, so y0 = 12 is row 16).
  for (int64_t swizzleEnum : {0, 3}) {
    struct {
      float *allocated, *aligned;
      int64_t offset, sizes[2], strides[2];
    } memref = {static_cast<float *>(tensor),
                static_cast<float *>(tensor),
                4 * kCols,
                {kRows - 4, kCols},
                {kCols, 1}};
    int64_t box[2] = {kBoxRows, kBoxCols};
    void *deviceMap = mgpuTensorMapEncodeTiledMemref(2, &memref, /*FLOAT32=*/7,
                                                     0, swizzleEnum, 0, 0, box);
    runTma(fn, deviceMap, stream, 12, tile);
    checkTile(tile, swizzleEnum ? 128 : 0, 16,
              swizzleEnum ? "mgpuTensorMapEncodeTiledMemref swizzle 128"
                          : "mgpuTensorMapEncodeTiledMemref no swizzle");
    mgpuMemFree(deviceMap, stream);
  }
  mgpuMemFree(tensor, stream);
  mgpuStreamDestroy(stream);
  std::printf("tma: done\n");
}

static void testThreads() {
  // Many threads race to the first driver call and context retention.
  cubin = readFile("kernels.cubin");
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([t] {
      void *module = mgpuModuleLoad(cubin.data(), cubin.size());
      void *stream = mgpuStreamCreate();
      for (int i = 0; i < 20; ++i)
        addOne(module, stream, 1000 + t);
      mgpuStreamDestroy(stream);
      mgpuModuleUnload(module);
    });
  for (std::thread &t : threads)
    t.join();
  std::printf("threads: done\n");
}

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "all";
  if (mode == "threads")
    testThreads();
  else if (mode == "all") {
    testBasics();
    testLaunches();
    testTma();
  }
  // Failure modes: each exits 1 with a message.
  else if (mode == "bad-function") {
    loadModules();
    mgpuModuleGetFunction(binModule, "no_such_kernel");
  } else if (mode == "bad-cluster") {
    loadModules();
    void *fn = mgpuModuleGetFunction(binModule, "cluster_id");
    mgpuLaunchClusterKernel(fn, 2, 1, 1, 3, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                            nullptr);
  } else if (mode == "bad-smem") {
    loadModules();
    void *fn = mgpuModuleGetFunction(binModule, "big_smem");
    void *out = nullptr;
    void *params[] = {&out};
    mgpuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 300 * 1024, nullptr, params,
                     nullptr, 1);
  } else if (mode == "oom") {
    mgpuMemAlloc(uint64_t(1) << 50, nullptr, false);
  } else if (mode == "bad-device") {
    mgpuSetDefaultDevice(7);
    mgpuStreamCreate();
  } else if (mode == "bad-ptx") {
    const char *junk = ".version 8.0\n.target sm_90a\n.address_size 64\n"
                       ".visible .entry k() { bogus.instr; }\n";
    mgpuModuleLoadJIT(const_cast<char *>(junk), 2);
  } else if (mode == "benchlike") {
    size_t bytes = size_t(1) << 29;
    std::vector<uint16_t> host(bytes / 2, 7);
    void *in = mgpuMemAlloc(bytes, nullptr, false);
    void *out = mgpuMemAlloc(bytes, nullptr, false);
    std::printf("alloc ok\n");
    std::fflush(stdout);
    mgpuMemcpy(in, host.data(), bytes, nullptr);
    mgpuStreamSynchronize(nullptr);
    std::printf("h2d ok\n");
    std::fflush(stdout);
    void *start = mgpuEventCreate(), *stop = mgpuEventCreate();
    for (int i = 0; i < 3; ++i)
      mgpuMemcpy(out, in, bytes, nullptr);
    mgpuStreamSynchronize(nullptr);
    std::printf("warmup ok\n");
    std::fflush(stdout);
    mgpuEventRecord(start, nullptr);
    for (int i = 0; i < 20; ++i)
      mgpuMemcpy(out, in, bytes, nullptr);
    mgpuEventRecord(stop, nullptr);
    std::printf("recorded\n");
    std::fflush(stdout);
    mgpuEventSynchronize(stop);
    std::printf("d2d %.3f ms each\n", acEventElapsedMs(start, stop) / 20);
  } else if (mode == "bad-map-orexit") {
    alignas(64) unsigned char map[128];
    int64_t dims[2] = {64, 64}, strides[1] = {256};
    int32_t box[2] = {64, 8};
    void *tensor = mgpuMemAlloc(64 * 256, nullptr, false);
    acTensorMapEncodeTiledOrExit(map, AC_ELEMENT_F32, 2, tensor, dims, strides,
                                 box, 128, 0, 0);
  } else if (mode == "bad-map") {
    struct {
      float *allocated, *aligned;
      int64_t offset, sizes[2], strides[2];
    } memref = {nullptr, nullptr, 0, {64, 64}, {64, 1}};
    int64_t box[2] = {8, 64}; // 256 B inner with 128-B swizzle
    mgpuTensorMapEncodeTiledMemref(2, &memref, 7, 0, 3, 0, 0, box);
  }
  if (failures) {
    std::printf("%d FAILURES\n", failures);
    return 3;
  }
  std::printf("mode %s: PASS\n", mode.c_str());
  return 0;
}
