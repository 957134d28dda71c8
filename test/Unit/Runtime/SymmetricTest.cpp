//===- SymmetricTest.cpp - symmetric heaps of libAsyncCopyRuntime ---------===//
//
// The acSymm* calls without a GPU: argument errors (checked before any
// library is loaded), the missing NVSHMEM library, and, on the fake driver
// (whose VMM calls map real shared memory), the single-process heap, the
// allocator's arithmetic and messages, the device tables of loaded modules
// and the launch-time "no symmetric heap" error, the per-PE tensor maps, and
// the one-process-per-PE rendezvous between forked processes.
//
//===----------------------------------------------------------------------===//

#include "FakeDriverTest.h"

#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/Symmetric.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>

namespace {

constexpr uint64_t kGranularity = 2 << 20; // the fake driver's

/// Expects the last error to be `message`.
void expectError(const std::string &message) {
  EXPECT_EQ(std::string(acGetLastError()), message);
}

/// Whether the last error contains `text`; prints it if not.
bool errorContains(const std::string &text) {
  std::string error = acGetLastError();
  if (error.find(text) != std::string::npos)
    return true;
  fprintf(stderr, "error \"%s\" lacks \"%s\"\n", error.c_str(), text.c_str());
  return false;
}

//===----------------------------------------------------------------------===//
// Argument errors: reported before any driver or library is loaded.
//===----------------------------------------------------------------------===//

TEST(RuntimeSymmetric, CreateArguments) {
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = reinterpret_cast<acSymmHeap *>(0x1);
  EXPECT_EQ(acSymmCreate(devices, 0, 1024, &heap), 1);
  expectError("acSymmCreate: 0 PEs: must be 1 to 128 (AC_SYMM_MAX_PES)");
  EXPECT_EQ(heap, nullptr) << "a failed create must clear *heap";
  EXPECT_EQ(acSymmCreate(devices, AC_SYMM_MAX_PES + 1, 1024, &heap), 1);
  expectError("acSymmCreate: 129 PEs: must be 1 to 128 (AC_SYMM_MAX_PES)");
  EXPECT_EQ(acSymmCreate(devices, 2, 1024, nullptr), 1);
  expectError("acSymmCreate: heap is null: must point to where the new heap "
              "goes");
  EXPECT_EQ(acSymmCreate(nullptr, 2, 1024, &heap), 1);
  expectError("acSymmCreate: devices is null: must list 2 device ordinals");
  EXPECT_EQ(acSymmCreate(devices, 2, 0, &heap), 1);
  expectError("acSymmCreate: bytesPerPe is 0: the heap needs at least 1 byte");
  int32_t twice[2] = {1, 1};
  EXPECT_EQ(acSymmCreate(twice, 2, 1024, &heap), 1);
  expectError("acSymmCreate: device 1 is listed twice: one PE per device");
  int32_t negative[1] = {-2};
  EXPECT_EQ(acSymmCreate(negative, 1, 1024, &heap), 1);
  expectError("acSymmCreate: devices[0] is -2: must be a device ordinal");

  EXPECT_EQ(acSymmCreateProcess(0, 2, 2, 1024, "/tmp/x", &heap), 1);
  expectError("acSymmCreateProcess: pe 2 is out of range: must be 0 to 1");
  EXPECT_EQ(acSymmCreateProcess(0, -1, 2, 1024, "/tmp/x", &heap), 1);
  expectError("acSymmCreateProcess: pe -1 is out of range: must be 0 to 1");
  EXPECT_EQ(acSymmCreateProcess(0, 0, 0, 1024, "/tmp/x", &heap), 1);
  expectError("acSymmCreateProcess: 0 PEs: must be 1 to 128 "
              "(AC_SYMM_MAX_PES)");
  EXPECT_EQ(acSymmCreateProcess(0, 0, 2, 1024, "", &heap), 1);
  expectError("acSymmCreateProcess: rendezvousDir is empty: all PEs must "
              "pass the same directory");

  char id[128] = {0};
  EXPECT_EQ(acSymmCreateNvshmem(0, 0, 2, 1024, id, 64, &heap), 1);
  expectError("acSymmCreateNvshmem: the unique ID must be the 128 bytes PE 0 "
              "got from acSymmNvshmemUniqueId (got 64)");
  EXPECT_EQ(acSymmCreateNvshmem(0, 3, 2, 1024, id, 128, &heap), 1);
  expectError("acSymmCreateNvshmem: pe 3 is out of range: must be 0 to 1");
  uint64_t idBytes = 16;
  EXPECT_EQ(acSymmNvshmemUniqueId(id, &idBytes), 1);
  expectError("acSymmNvshmemUniqueId: the id buffer has 16 bytes; an NVSHMEM "
              "unique ID needs 128");
  EXPECT_EQ(idBytes, 128u) << "the size it needs comes back";
  EXPECT_EQ(acSymmNvshmemUniqueId(nullptr, &idBytes), 1);
  expectError("acSymmNvshmemUniqueId: id is null");
}

TEST(RuntimeSymmetric, NullHeap) {
  uint64_t offset = 0;
  EXPECT_EQ(acSymmMalloc(nullptr, 256, 256, &offset), 1);
  expectError("acSymmMalloc: heap is null");
  EXPECT_EQ(acSymmFree(nullptr, 0), 1);
  expectError("acSymmFree: heap is null");
  EXPECT_EQ(acSymmAddress(nullptr, 0, 0), nullptr);
  expectError("acSymmAddress: heap is null");
  EXPECT_EQ(acSymmNumPes(nullptr), -1);
  EXPECT_EQ(acSymmBarrier(nullptr), 1);
  expectError("acSymmBarrier: heap is null");
  EXPECT_EQ(acSymmDestroy(nullptr), 1);
  expectError("acSymmDestroy: heap is null");
}

//===----------------------------------------------------------------------===//
// NVSHMEM library
//===----------------------------------------------------------------------===//

/// Exits with 0 if the NVSHMEM calls report `message` (the library is loaded
/// once per process, so each case runs in its own child).
int nvshmemLoadError(const char *library, const char *message) {
  setenv("ASYNCCOPY_NVSHMEM_LIB", library, 1);
  char id[128];
  uint64_t idBytes = sizeof(id);
  EXPECT_IN_CHILD(acSymmNvshmemUniqueId(id, &idBytes) == 1);
  EXPECT_IN_CHILD(
      errorContains(std::string("acSymmNvshmemUniqueId: ") + message));
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreateNvshmem(0, 0, 1, 1024, id, 128, &heap) == 1);
  EXPECT_IN_CHILD(
      errorContains(std::string("acSymmCreateNvshmem: ") + message));
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, MissingNvshmemLibrary) {
  EXPECT_EXIT(exit(nvshmemLoadError(
                  "/nonexistent/libnvshmem_host.so.3",
                  "NVSHMEM backend: cannot load "
                  "/nonexistent/libnvshmem_host.so.3 (/nonexistent/"
                  "libnvshmem_host.so.3: cannot open shared object file: No "
                  "such file or directory); set ASYNCCOPY_NVSHMEM_LIB")),
              testing::ExitedWithCode(0), "");
  EXPECT_EXIT(exit(nvshmemLoadError("libm.so.6",
                                    "NVSHMEM backend: libm.so.6 does not "
                                    "export nvshmemx_get_uniqueid (NVSHMEM "
                                    "3.x needed)")),
              testing::ExitedWithCode(0), "");
}

//===----------------------------------------------------------------------===//
// Single process, on the fake driver
//===----------------------------------------------------------------------===//

/// One heap over devices 0-2: layout, mappings, access, barrier, release.
int singleProcessHeap() {
  FakeCudaState *fake = useFakeDriver();
  int32_t devices[3] = {2, 0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 3, 1000, &heap) == 0);
  if (!heap)
    return fprintf(stderr, "%s\n", acGetLastError()), 1;
  EXPECT_IN_CHILD(acSymmNumPes(heap) == 3);
  EXPECT_IN_CHILD(fake->liveMappings == 3 && fake->liveHandles.size() == 3);
  EXPECT_IN_CHILD((fake->accessDevices == std::vector<int>{2, 0, 1}));
  // PE i's copy is slot i of one range; each is the granularity (1000 B
  // rounded up), and every copy is memory of its own, to which every device
  // has access.
  auto *pe0 = static_cast<char *>(acSymmAddress(heap, 0, 0));
  auto *pe2 = static_cast<char *>(acSymmAddress(heap, 2, 0));
  EXPECT_IN_CHILD(pe2 - pe0 == int64_t(2 * kGranularity));
  EXPECT_IN_CHILD(fake->accessRanges.size() == 3);
  for (int pe = 0; pe < 3; ++pe)
    EXPECT_IN_CHILD(fake->accessRanges.count(
        {reinterpret_cast<uintptr_t>(pe0) + pe * kGranularity, kGranularity}));
  EXPECT_IN_CHILD(acSymmAddress(heap, 1, 100) == pe0 + kGranularity + 100);
  std::memset(pe2, 0x3C, kGranularity);
  EXPECT_IN_CHILD(allBytesAre(pe0, kGranularity, 0));

  EXPECT_IN_CHILD(acSymmAddress(heap, 3, 0) == nullptr);
  EXPECT_IN_CHILD(errorContains("acSymmAddress: pe 3 is out of range: must be "
                                "0 to 2"));
  EXPECT_IN_CHILD(acSymmAddress(heap, 0, kGranularity) == nullptr);
  EXPECT_IN_CHILD(errorContains("acSymmAddress: offset 2097152 is out of "
                                "range: the heap has 2097152 bytes per PE"));

  int64_t synchronizes = fake->contextSynchronizes;
  EXPECT_IN_CHILD(acSymmBarrier(heap) == 0);
  EXPECT_IN_CHILD(fake->contextSynchronizes == synchronizes + 3);

  // One heap per device.
  acSymmHeap *second = nullptr;
  int32_t overlapping[2] = {3, 0};
  EXPECT_IN_CHILD(acSymmCreate(overlapping, 2, 1000, &second) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmCreate: device 0 already has a "
                                "symmetric heap (one per device; "
                                "acSymmDestroy it first)"));
  EXPECT_IN_CHILD(fake->liveMappings == 3 && fake->liveReservations == 1);

  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  EXPECT_IN_CHILD(fake->liveMappings == 0 && fake->liveHandles.empty() &&
                  fake->liveReservations == 0);
  // The devices are free again.
  EXPECT_IN_CHILD(acSymmCreate(overlapping, 2, 1000, &second) == 0);
  EXPECT_IN_CHILD(acSymmDestroy(second) == 0);
  return childFailures;
}

/// Only images that may define the peer table are asked for it: a lookup
/// that misses is an API error under compute-sanitizer.
int tableLookups() {
  FakeCudaState *fake = useFakeDriver();
  static char cubin[] = "\x7f"
                        "ELF kernels";
  static char peerCubin[] = "\x7f"
                            "ELF kernels __asynccopy_symm";
  static char ptx[] = ".version 8.1 kernels";
  static char fatbin[] = "fatbin, maybe compressed";
  void *modules[] = {mgpuModuleLoad(cubin, sizeof(cubin)),
                     mgpuModuleLoadJIT(ptx, 2)};
  EXPECT_IN_CHILD(fake->globalLookups == 0);
  void *peer = mgpuModuleLoad(peerCubin, sizeof(peerCubin));
  EXPECT_IN_CHILD(fake->globalLookups == 1);
  void *fat = mgpuModuleLoad(fatbin, sizeof(fatbin));
  EXPECT_IN_CHILD(fake->globalLookups == 2);
  // Unloaded as MLIR's module destructors do: LeakSanitizer checks the
  // child's memory when it exits.
  for (void *module : {modules[0], modules[1], peer, fat})
    mgpuModuleUnload(module);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, TableLookups) {
  EXPECT_EXIT(exit(tableLookups()), testing::ExitedWithCode(0), "");
}

TEST(RuntimeSymmetricDeathTest, SingleProcessHeap) {
  EXPECT_EXIT(exit(singleProcessHeap()), testing::ExitedWithCode(0), "");
}

/// A pair without peer access is named; nothing stays mapped.
int noPeerAccess() {
  FakeCudaState *fake = useFakeDriver();
  fake->noPeerAccess.insert({1, 0});
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 4096, &heap) == 1);
  EXPECT_IN_CHILD(heap == nullptr);
  EXPECT_IN_CHILD(errorContains(
      "acSymmCreate: device 1 cannot access device 0 (cuDeviceCanAccessPeer): "
      "a single-process heap needs peer access between every pair of "
      "devices"));
  EXPECT_IN_CHILD(fake->liveReservations == 0 && fake->liveHandles.empty());
  // A device the driver does not have.
  int32_t missing[2] = {0, 7};
  EXPECT_IN_CHILD(acSymmCreate(missing, 2, 4096, &heap) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmCreate: cuDeviceGet failed: fake "
                                "driver error (CUDA_ERROR_INVALID_VALUE)"));
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, NoPeerAccess) {
  EXPECT_EXIT(exit(noPeerAccess()), testing::ExitedWithCode(0), "");
}

/// First fit, alignment, free with merging, and the out-of-heap message.
int allocator() {
  useFakeDriver();
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 1, &heap) == 0);
  if (!heap)
    return fprintf(stderr, "%s\n", acGetLastError()), 1;
  uint64_t a = 1, b = 1, c = 1, d = 1;
  // Sizes round up to 256, alignments below 256 become 256.
  EXPECT_IN_CHILD(acSymmMalloc(heap, 100, 1, &a) == 0 && a == 0);
  EXPECT_IN_CHILD(acSymmMalloc(heap, 300, 1024, &b) == 0 && b == 1024);
  // First fit: the gap [256, 1024) before b.
  EXPECT_IN_CHILD(acSymmMalloc(heap, 512, 256, &c) == 0 && c == 256);
  EXPECT_IN_CHILD(acSymmMalloc(heap, 256, 64, &d) == 0 && d == 768);
  // Freeing c and d merges them into [256, 1024): 768 bytes fit there.
  EXPECT_IN_CHILD(acSymmFree(heap, c) == 0 && acSymmFree(heap, d) == 0);
  uint64_t e = 1;
  EXPECT_IN_CHILD(acSymmMalloc(heap, 768, 256, &e) == 0 && e == 256);
  EXPECT_IN_CHILD(acSymmFree(heap, e) == 0);
  // Merging with both neighbours: freeing b leaves [256, end) free.
  EXPECT_IN_CHILD(acSymmFree(heap, b) == 0);
  uint64_t all = 1;
  EXPECT_IN_CHILD(acSymmMalloc(heap, kGranularity - 256, 256, &all) == 0 &&
                  all == 256);
  EXPECT_IN_CHILD(acSymmFree(heap, all) == 0);

  uint64_t big = 7;
  EXPECT_IN_CHILD(acSymmMalloc(heap, kGranularity, 256, &big) == 1);
  EXPECT_IN_CHILD(errorContains(
      "acSymmMalloc: out of symmetric heap (asked 2097152 bytes aligned to "
      "256, largest free 2096896 of 2097152)"));
  EXPECT_IN_CHILD(big == 7);
  EXPECT_IN_CHILD(acSymmMalloc(heap, UINT64_MAX, 256, &big) == 1);
  EXPECT_IN_CHILD(errorContains("out of symmetric heap (asked "
                                "18446744073709551615 bytes"));
  // An alignment that leaves no room although the free bytes would do.
  EXPECT_IN_CHILD(
      acSymmMalloc(heap, kGranularity / 2, kGranularity / 2, &big) == 0 &&
      big == kGranularity / 2);
  EXPECT_IN_CHILD(acSymmMalloc(heap, 256, kGranularity, &big) == 1);
  EXPECT_IN_CHILD(errorContains("largest free 1048320 of 2097152"));
  EXPECT_IN_CHILD(acSymmMalloc(heap, 256, 3, &big) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmMalloc: alignment 3 is not a power "
                                "of two"));
  EXPECT_IN_CHILD(acSymmMalloc(heap, 0, 256, &big) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmMalloc: cannot allocate 0 bytes"));
  EXPECT_IN_CHILD(acSymmMalloc(heap, 256, 256, nullptr) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmMalloc: offset is null"));
  EXPECT_IN_CHILD(acSymmFree(heap, 12345) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmFree: offset 12345 is not an "
                                "allocation of this heap (freed twice?)"));
  EXPECT_IN_CHILD(acSymmFree(heap, a) == 0 && acSymmFree(heap, a) == 1);
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, Allocator) {
  EXPECT_EXIT(exit(allocator()), testing::ExitedWithCode(0), "");
}

//===----------------------------------------------------------------------===//
// Device tables and launches
//===----------------------------------------------------------------------===//

/// A module image the fake driver gives a table.
char peerModule[] = "fake module with __asynccopy_symm";
char plainModule[] = "fake module without peer copies";

void launch(void *function) {
  mgpuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                   0);
}

/// The table of the one loaded module with a table on `device`, or null.
const acSymmDeviceTable *tableOn(FakeCudaState *fake, int device) {
  const acSymmDeviceTable *found = nullptr;
  for (const auto &[module, table] : fake->moduleTables) {
    if (fake->liveModules[module] != device)
      continue;
    if (found)
      return nullptr;
    found = static_cast<const acSymmDeviceTable *>(table);
  }
  return found;
}

/// Tables of modules loaded before and after the heap, on both devices.
int deviceTables() {
  FakeCudaState *fake = useFakeDriver();
  void *before = mgpuModuleLoad(peerModule, sizeof(peerModule));
  void *plain = mgpuModuleLoad(plainModule, sizeof(plainModule));
  launch(mgpuModuleGetFunction(plain, "local_kernel"));
  EXPECT_IN_CHILD(fake->launches == 1);
  EXPECT_IN_CHILD(fake->moduleTables.size() == 1);

  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 4096, &heap) == 0);
  if (!heap)
    return fprintf(stderr, "%s\n", acGetLastError()), 1;
  uint64_t base0 = reinterpret_cast<uintptr_t>(acSymmAddress(heap, 0, 0));
  uint64_t base1 = reinterpret_cast<uintptr_t>(acSymmAddress(heap, 1, 0));
  const acSymmDeviceTable *table = tableOn(fake, 0);
  EXPECT_IN_CHILD(table && table->localBase == base0 &&
                  table->size == kGranularity && table->numPes == 2 &&
                  table->myPe == 0 && table->peerBase[0] == base0 &&
                  table->peerBase[1] == base1 && table->peerBase[2] == 0);
  launch(mgpuModuleGetFunction(before, "peer_kernel"));
  EXPECT_IN_CHILD(fake->launches == 2);

  // Loaded on device 1 once the heap exists: written at once.
  mgpuSetDefaultDevice(1);
  void *after = mgpuModuleLoad(peerModule, sizeof(peerModule));
  table = tableOn(fake, 1);
  EXPECT_IN_CHILD(table && table->localBase == base1 && table->myPe == 1 &&
                  table->numPes == 2 && table->peerBase[0] == base0);
  launch(mgpuModuleGetFunction(after, "peer_kernel"));
  EXPECT_IN_CHILD(fake->launches == 3);
  mgpuModuleUnload(after);

  // Destroying the heap clears the tables (peer copies then trap).
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  EXPECT_IN_CHILD(allBytesAre(tableOn(fake, 0), sizeof(acSymmDeviceTable), 0));
  mgpuModuleUnload(before);
  mgpuModuleUnload(plain);
  EXPECT_IN_CHILD(fake->liveModules.empty());
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, DeviceTables) {
  EXPECT_EXIT(exit(deviceTables()), testing::ExitedWithCode(0), "");
}

/// A heap whose table write fails on its second device is not created, and
/// the table already written on the first is zeroed again: no module keeps
/// addresses of memory the failed create releases.
int failedTableWrite() {
  FakeCudaState *fake = useFakeDriver();
  void *first = mgpuModuleLoad(peerModule, sizeof(peerModule));
  mgpuSetDefaultDevice(1);
  void *second = mgpuModuleLoad(peerModule, sizeof(peerModule));
  mgpuSetDefaultDevice(0);
  fake->failingTableDevices = {1};
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 4096, &heap) != 0 && !heap);
  EXPECT_IN_CHILD(errorContains("cuMemcpyHtoD"));
  EXPECT_IN_CHILD(tableOn(fake, 0) &&
                  allBytesAre(tableOn(fake, 0), sizeof(acSymmDeviceTable), 0));
  // The devices are free for a heap again.
  fake->failingTableDevices.clear();
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 4096, &heap) == 0 && heap);
  EXPECT_IN_CHILD(tableOn(fake, 1) && tableOn(fake, 1)->myPe == 1);
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  mgpuModuleUnload(first);
  mgpuModuleUnload(second);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, FailedTableWrite) {
  EXPECT_EXIT(exit(failedTableWrite()), testing::ExitedWithCode(0), "");
}

/// One module, loaded on device 0 as MLIR's global constructor does, whose
/// kernel is launched on devices 0 and 1 (of the heap) and 2 (none).
int perDeviceModules() {
  FakeCudaState *fake = useFakeDriver();
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 4096, &heap) == 0);
  if (!heap)
    return fprintf(stderr, "%s\n", acGetLastError()), 1;
  uint64_t base0 = reinterpret_cast<uintptr_t>(acSymmAddress(heap, 0, 0));
  uint64_t base1 = reinterpret_cast<uintptr_t>(acSymmAddress(heap, 1, 0));

  void *module = mgpuModuleLoad(peerModule, sizeof(peerModule));
  EXPECT_IN_CHILD(fake->liveModules.size() == 1 && tableOn(fake, 0) &&
                  tableOn(fake, 0)->myPe == 0);
  void *kernel = mgpuModuleGetFunction(module, "peer_kernel");
  launch(kernel);
  EXPECT_IN_CHILD(fake->launches == 1 && fake->liveModules.size() == 1);

  // The first launch on device 1 loads the module there and writes that
  // copy's table with PE 1; MLIR asks for the function again each launch.
  mgpuSetDefaultDevice(1);
  launch(kernel);
  EXPECT_IN_CHILD(fake->launches == 2 && fake->liveModules.size() == 2);
  const acSymmDeviceTable *table = tableOn(fake, 1);
  EXPECT_IN_CHILD(table && table->myPe == 1 && table->localBase == base1 &&
                  table->numPes == 2 && table->peerBase[0] == base0 &&
                  table->peerBase[1] == base1);
  EXPECT_IN_CHILD(tableOn(fake, 0) && tableOn(fake, 0)->myPe == 0 &&
                  tableOn(fake, 0)->localBase == base0);
  EXPECT_IN_CHILD(mgpuModuleGetFunction(module, "peer_kernel") == kernel);
  launch(kernel);
  mgpuSetDefaultDevice(0);
  launch(kernel);
  EXPECT_IN_CHILD(fake->launches == 4 && fake->liveModules.size() == 2);

  // Another thread (default device 0) uses the copy on device 0.
  std::thread([&] { launch(kernel); }).join();
  EXPECT_IN_CHILD(fake->launches == 5 && fake->liveModules.size() == 2);

  // Unloading unloads every copy, each in its device's context.
  mgpuModuleUnload(module);
  EXPECT_IN_CHILD(fake->liveModules.empty() && fake->modulesUnloaded == 2);
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, PerDeviceModules) {
  EXPECT_EXIT(exit(perDeviceModules()), testing::ExitedWithCode(0), "");
}

TEST(RuntimeSymmetricDeathTest, LazyLoadOnDeviceWithoutHeapExits) {
  auto launchOnDevice2 = [] {
    useFakeDriver();
    int32_t devices[2] = {0, 1};
    acSymmHeap *heap = nullptr;
    if (acSymmCreate(devices, 2, 4096, &heap) != 0)
      exit(2);
    void *kernel = mgpuModuleGetFunction(
        mgpuModuleLoad(peerModule, sizeof(peerModule)), "peer_kernel");
    mgpuSetDefaultDevice(2);
    launch(kernel);
  };
  EXPECT_EXIT(launchOnDevice2(), testing::ExitedWithCode(1),
              "^asynccopy runtime: kernel 'peer_kernel' copies to/from peers "
              "\\(peer %pe\\) but device 2 has no symmetric heap");
}

/// The module of LaunchWithoutHeapExits, unloaded at exit as MLIR does.
void *exitModule = nullptr;

TEST(RuntimeSymmetricDeathTest, LaunchWithoutHeapExits) {
  auto launchPeerKernel = [] {
    useFakeDriver();
    mgpuSetDefaultDevice(1);
    exitModule = mgpuModuleLoad(peerModule, sizeof(peerModule));
    // The unload runs inside the exit(1) of the error: it must not wait for
    // a lock the error path holds.
    atexit([] { mgpuModuleUnload(exitModule); });
    launch(mgpuModuleGetFunction(exitModule, "peer_kernel"));
  };
  EXPECT_EXIT(launchPeerKernel(), testing::ExitedWithCode(1),
              "^asynccopy runtime: kernel 'peer_kernel' copies to/from peers "
              "\\(peer %pe\\) but device 1 has no symmetric heap; create one "
              "with acSymmCreate\\* first");
  auto clusterLaunch = [] {
    useFakeDriver();
    void *module = mgpuModuleLoad(peerModule, sizeof(peerModule));
    mgpuLaunchClusterKernel(mgpuModuleGetFunction(module, "k"), 1, 1, 1, 1, 1,
                            1, 32, 1, 1, 0, nullptr, nullptr, nullptr);
  };
  EXPECT_EXIT(clusterLaunch(), testing::ExitedWithCode(1),
              "kernel 'k' copies to/from peers \\(peer %pe\\) but device 0 "
              "has no symmetric heap");
}

//===----------------------------------------------------------------------===//
// Per-PE tensor maps
//===----------------------------------------------------------------------===//

/// f16 64 x 128 tensor at `address`, 32 x 64 boxes, 128-B swizzle.
void *peerMaps(const void *address) {
  int64_t dims[2] = {128, 64};
  int64_t strides[1] = {256};
  int32_t box[2] = {64, 32};
  return acSymmPeerTensorMapsOrExit(AC_ELEMENT_F16, 2, address, dims, strides,
                                    box, 128, AC_OOB_FILL_ZERO, 0);
}

int peerTensorMaps() {
  FakeCudaState *fake = useFakeDriver();
  int32_t devices[2] = {0, 1};
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreate(devices, 2, 1 << 20, &heap) == 0);
  if (!heap)
    return fprintf(stderr, "%s\n", acGetLastError()), 1;
  uint64_t offset = 0;
  EXPECT_IN_CHILD(acSymmMalloc(heap, 64 * 256, 1024, &offset) == 0);
  EXPECT_IN_CHILD(acSymmMalloc(heap, 64 * 256, 1024, &offset) == 0);
  int64_t maps = fake->mapsEncoded, allocations = fake->allocations;
  void *deviceMaps = peerMaps(acSymmAddress(heap, 0, offset));
  // One map per PE, the last one of PE 1's copy, uploaded once.
  EXPECT_IN_CHILD(fake->mapsEncoded == maps + 2);
  EXPECT_IN_CHILD(fake->lastMap.address == acSymmAddress(heap, 1, offset));
  EXPECT_IN_CHILD(fake->lastMap.dims[0] == 128 && fake->lastMap.dims[1] == 64);
  EXPECT_IN_CHILD(deviceMaps && allBytesAre(deviceMaps, 2 * 128, 0x5A));
  EXPECT_IN_CHILD(fake->allocations == allocations + 1);
  // Same content: the cached copy.
  EXPECT_IN_CHILD(peerMaps(acSymmAddress(heap, 0, offset)) == deviceMaps);
  EXPECT_IN_CHILD(fake->allocations == allocations + 1);
  // From device 1 its own pointer into the heap: its own upload.
  mgpuSetDefaultDevice(1);
  void *device1Maps = peerMaps(acSymmAddress(heap, 1, offset));
  EXPECT_IN_CHILD(device1Maps != deviceMaps);
  EXPECT_IN_CHILD(fake->lastMap.address == acSymmAddress(heap, 1, offset));
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, PeerTensorMaps) {
  EXPECT_EXIT(exit(peerTensorMaps()), testing::ExitedWithCode(0), "");
}

TEST(RuntimeSymmetricDeathTest, PeerTensorMapsErrorsExit) {
  auto outsideHeap = [] {
    useFakeDriver();
    int32_t devices[1] = {0};
    acSymmHeap *heap = nullptr;
    acSymmCreate(devices, 1, 4096, &heap);
    peerMaps(reinterpret_cast<const void *>(0x10000));
  };
  EXPECT_EXIT(outsideHeap(), testing::ExitedWithCode(1),
              "^asynccopy runtime: acSymmPeerTensorMapsOrExit: global address "
              "0x10000 is not in the symmetric heap of device 0 \\(\\[0x");
  auto noHeap = [] {
    useFakeDriver();
    mgpuSetDefaultDevice(2);
    peerMaps(reinterpret_cast<const void *>(0x10000));
  };
  EXPECT_EXIT(noHeap(), testing::ExitedWithCode(1),
              "^asynccopy runtime: acSymmPeerTensorMapsOrExit: device 2 has "
              "no symmetric heap; create one with acSymmCreate\\* first");
  auto badMap = [] {
    useFakeDriver();
    int32_t devices[2] = {0, 1};
    acSymmHeap *heap = nullptr;
    acSymmCreate(devices, 2, 4096, &heap);
    // 8-B aligned: TMA needs 16.
    const int64_t dims[1] = {64};
    const int32_t box[1] = {64};
    char *base = static_cast<char *>(acSymmAddress(heap, 0, 0));
    acSymmPeerTensorMapsOrExit(AC_ELEMENT_F16, 1, base + 8, dims, nullptr, box,
                               0, 0, 0);
  };
  EXPECT_EXIT(badMap(), testing::ExitedWithCode(1),
              "^asynccopy runtime: acSymmPeerTensorMapsOrExit: PE 0: tensor "
              "map: global address 0x[0-9a-f]+ is not 16-B aligned");
}

//===----------------------------------------------------------------------===//
// One process per PE: forked processes on the fake driver share memfds.
//===----------------------------------------------------------------------===//

/// A fresh rendezvous directory (not created: the runtime makes it).
std::string rendezvousDir() {
  char pattern[] = "/tmp/ac-symm-test-XXXXXX";
  std::string dir = mkdtemp(pattern);
  return dir + "/rendezvous";
}

/// Removes what rendezvousDir() made (the socket files are gone already).
void removeRendezvous(const std::string &dir) {
  rmdir(dir.c_str());
  rmdir(dir.substr(0, dir.rfind('/')).c_str());
}

/// PE `pe` of `numPes`: allocate, write its byte, barrier, check every
/// peer's copy, free, destroy. Returns the failures.
int runPe(int pe, int numPes, const std::string &dir) {
  acSymmHeap *heap = nullptr;
  if (acSymmCreateProcess(pe, pe, numPes, 5000, dir.c_str(), &heap) != 0)
    return fprintf(stderr, "PE %d: %s\n", pe, acGetLastError()), 1;
  EXPECT_IN_CHILD(acSymmNumPes(heap) == numPes);
  uint64_t first = 0, offset = 0;
  EXPECT_IN_CHILD(acSymmMalloc(heap, 100, 256, &first) == 0);
  EXPECT_IN_CHILD(acSymmMalloc(heap, 1000, 4096, &offset) == 0);
  EXPECT_IN_CHILD(offset == 4096);
  std::memset(acSymmAddress(heap, pe, offset), 0x10 + pe, 1000);
  EXPECT_IN_CHILD(acSymmBarrier(heap) == 0);
  for (int peer = 0; peer < numPes; ++peer) {
    void *copy = acSymmAddress(heap, peer, offset);
    EXPECT_IN_CHILD(copy && allBytesAre(copy, 1000, 0x10 + peer));
  }
  EXPECT_IN_CHILD(acSymmBarrier(heap) == 0);
  EXPECT_IN_CHILD(acSymmFree(heap, offset) == 0);
  EXPECT_IN_CHILD(acSymmDestroy(heap) == 0);
  return childFailures;
}

/// Forks PEs 1..numPes-1, runs PE 0 here, and adds up the failures.
int processHeap() {
  FakeCudaState *fake = useFakeDriver();
  const int numPes = 3;
  std::string dir = rendezvousDir();
  pid_t children[numPes] = {};
  for (int pe = 1; pe < numPes; ++pe) {
    children[pe] = fork();
    if (children[pe] == 0)
      _exit(runPe(pe, numPes, dir));
  }
  int failures = runPe(0, numPes, dir);
  for (int pe = 1; pe < numPes; ++pe) {
    int status = 0;
    waitpid(children[pe], &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "PE %d failed (status %d)\n", pe, status);
      ++failures;
    }
  }
  struct stat info;
  if (stat((dir + "/pe0.sock").c_str(), &info) == 0) {
    fprintf(stderr, "the socket file is still there\n");
    ++failures;
  }
  if (fake->liveHandles.size() || fake->liveMappings ||
      fake->liveReservations) {
    fprintf(stderr, "PE 0 left VMM resources behind\n");
    ++failures;
  }
  removeRendezvous(dir);
  return failures;
}

TEST(RuntimeSymmetricDeathTest, ProcessHeap) {
  EXPECT_EXIT(exit(processHeap()), testing::ExitedWithCode(0), "");
}

/// A PE that does not show up is named, on both sides.
int missingPe() {
  useFakeDriver();
  setenv("ASYNCCOPY_SYMM_TIMEOUT_S", "1", 1);
  std::string dir = rendezvousDir();
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreateProcess(0, 0, 3, 4096, dir.c_str(), &heap) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmCreateProcess: PE 0 waited 1 s for PE "
                                "1, 2 of 3 to connect to " +
                                dir +
                                "/pe0.sock; they did not show up "
                                "(ASYNCCOPY_SYMM_TIMEOUT_S sets the wait)"));
  EXPECT_IN_CHILD(acSymmCreateProcess(1, 1, 3, 4096, dir.c_str(), &heap) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmCreateProcess: PE 1 could not connect "
                                "to PE 0 at " +
                                dir +
                                "/pe0.sock within 1 s: PE 0 did not "
                                "show up"));
  removeRendezvous(dir);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, MissingPe) {
  EXPECT_EXIT(exit(missingPe()), testing::ExitedWithCode(0), "");
}

/// PEs that disagree on the heap size are refused, with both sizes.
int mismatchedSizes() {
  useFakeDriver();
  std::string dir = rendezvousDir();
  pid_t child = fork();
  if (child == 0) {
    acSymmHeap *heap = nullptr;
    int failed = acSymmCreateProcess(1, 1, 2, 3 << 20, dir.c_str(), &heap);
    _exit(failed && errorContains("acSymmCreateProcess: PE 0 rejected PE 1: "
                                  "PE 1's heap has 4194304 bytes per PE; PE "
                                  "0's has 2097152")
              ? 0
              : 1);
  }
  acSymmHeap *heap = nullptr;
  EXPECT_IN_CHILD(acSymmCreateProcess(0, 0, 2, 4096, dir.c_str(), &heap) == 1);
  EXPECT_IN_CHILD(errorContains("acSymmCreateProcess: PE 0 rejected a peer: "
                                "PE 1's heap has 4194304 bytes per PE; PE 0's "
                                "has 2097152 (every PE must pass the same "
                                "bytesPerPe)"));
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_IN_CHILD(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  removeRendezvous(dir);
  return childFailures;
}

TEST(RuntimeSymmetricDeathTest, MismatchedSizes) {
  EXPECT_EXIT(exit(mismatchedSizes()), testing::ExitedWithCode(0), "");
}

} // namespace
