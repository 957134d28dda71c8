//===- FakeCudaDriver.cpp - a CUDA driver stand-in for runtime tests ------===//
//
// libAsyncCopyFakeCudaDriver.so exports the driver calls the runtime tests
// reach under their exported names, so that RuntimeTest.cpp can point
// ASYNCCOPY_CUDA_DRIVER at it and check what the runtime asks the driver
// for, without a GPU. Device memory is host memory from a static arena (so
// tests read it directly); streams and events are tracked handles, and a
// call with a handle of the wrong kind or one already destroyed fails as the
// driver does (CUDA_ERROR_INVALID_HANDLE). cuTensorMapEncodeTiled checks
// what the real one rejects on the fields under test (extent 0, null or
// misaligned address) and records its arguments. The VMM calls are real
// shared memory: cuMemCreate makes a memfd, cuMemMap maps it (MAP_FIXED) into
// a range cuMemAddressReserve reserved, and the POSIX-fd export/import dup the
// fd, so forked processes share their symmetric heaps as GPUs would.
// Each device has its own primary context; a module belongs to the context
// current when it was loaded, and launching one of its kernels or unloading
// it in another context fails as on a GPU (CUDA_ERROR_INVALID_CONTEXT).
// Modules are the bytes passed to cuModuleLoadDataEx; one that mentions
// __asynccopy_symm has that global, one that mentions "not a module" fails to
// load (as does every module on a device of failingLoadDevices), and the kernel
// "no_such_kernel" is missing from every module. fakeCuda() returns the state.
// Launches (cuLaunchKernel and cuLaunchKernelEx with a cluster) record their
// geometry and, with paramSizes set, copies of their parameters;
// cuMemcpyHtoDAsync and cuFuncSetAttribute are recorded too. The fakeCuda*
// functions at the end give the Python tests (ctypes) the same records.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace asynccopy::runtime::cuda;

namespace {
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_INVALID_CONTEXT = 201;
constexpr CUresult CUDA_ERROR_INVALID_HANDLE = 400;

FakeCudaState state;
std::mutex stateMutex;

/// Distinct non-null handle values of one kind.
template <typename Handle> Handle newHandle(int kind, int64_t serial) {
  return reinterpret_cast<Handle>(uintptr_t(kind) << 40 | uintptr_t(serial));
}

/// A new live handle of `kind`, the `count`-th.
template <typename Handle>
CUresult create(Handle *handle, int kind, int64_t &count,
                std::set<void *> &live) {
  std::lock_guard<std::mutex> lock(stateMutex);
  *handle = newHandle<Handle>(kind, ++count);
  live.insert(*handle);
  return CUDA_SUCCESS;
}

CUresult release(std::set<void *> &live, void *handle) {
  std::lock_guard<std::mutex> lock(stateMutex);
  state.recordedEvents.erase(handle);
  return live.erase(handle) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult check(const std::set<void *> &live, void *handle) {
  return live.count(handle) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

/// The contexts pushed on this thread: device ordinals. Trivially
/// destructible, as the real driver's per-thread state is: a process that
/// exits runs thread-local destructors before its atexit handlers, which
/// (MLIR's module unloads) still call into the driver.
class ContextStack {
public:
  bool empty() const { return size == 0; }
  int back() const { return devices[size - 1]; }
  void push_back(int device) {
    if (size == kDepth)
      std::abort();
    devices[size++] = device;
  }
  void pop_back() { --size; }

private:
  static constexpr int kDepth = 64;
  int devices[kDepth];
  int size = 0;
};
thread_local ContextStack contextStack;

/// Whether `module` (a kernel's handle is its module's) is live and belongs
/// to the current context.
CUresult checkModuleContext(void *module) {
  auto it = state.liveModules.find(module);
  if (it == state.liveModules.end())
    return CUDA_ERROR_INVALID_HANDLE;
  if (contextStack.empty() || contextStack.back() != it->second)
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}
} // namespace

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

FAKE_EXPORT FakeCudaState *fakeCuda() { return &state; }

FAKE_EXPORT CUresult cuInit(unsigned) { return CUDA_SUCCESS; }

FAKE_EXPORT CUresult cuGetErrorString(CUresult, const char **text) {
  *text = "fake driver error";
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuGetErrorName(CUresult result, const char **name) {
  *name = result == CUDA_ERROR_INVALID_HANDLE    ? "CUDA_ERROR_INVALID_HANDLE"
          : result == CUDA_ERROR_INVALID_CONTEXT ? "CUDA_ERROR_INVALID_CONTEXT"
                                                 : "CUDA_ERROR_INVALID_VALUE";
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return ordinal >= 0 && ordinal < FakeCudaState::kDevices
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuDeviceCanAccessPeer(int *canAccess, CUdevice device,
                                           CUdevice peer) {
  std::lock_guard<std::mutex> lock(stateMutex);
  *canAccess = !state.noPeerAccess.count({device, peer});
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxSynchronize() {
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.contextSynchronizes;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice device) {
  *ctx = newHandle<CUcontext>(1, device + 1);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
  contextStack.push_back(int(reinterpret_cast<uintptr_t>(ctx) & 0xffff) - 1);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxGetCurrent(CUcontext *ctx) {
  *ctx = contextStack.empty()
             ? nullptr
             : newHandle<CUcontext>(1, contextStack.back() + 1);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxPopCurrent_v2(CUcontext *ctx) {
  if (contextStack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  *ctx = newHandle<CUcontext>(1, contextStack.back() + 1);
  contextStack.pop_back();
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamCreate(CUstream *stream, unsigned) {
  return create(stream, 2, state.streamsCreated, state.liveStreams);
}

FAKE_EXPORT CUresult cuStreamDestroy_v2(CUstream stream) {
  return release(state.liveStreams, stream);
}

FAKE_EXPORT CUresult cuStreamSynchronize(CUstream stream) {
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.streamSynchronizes;
  return stream ? check(state.liveStreams, stream) : CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamWaitEvent(CUstream stream, CUevent event,
                                       unsigned) {
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.streamWaits;
  if (stream && check(state.liveStreams, stream))
    return CUDA_ERROR_INVALID_HANDLE;
  if (check(state.liveEvents, event))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!state.recordedEvents.count(event))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuEventCreate(CUevent *event, unsigned) {
  return create(event, 3, state.eventsCreated, state.liveEvents);
}

FAKE_EXPORT CUresult cuEventDestroy_v2(CUevent event) {
  return release(state.liveEvents, event);
}

FAKE_EXPORT CUresult cuEventSynchronize(CUevent event) {
  std::lock_guard<std::mutex> lock(stateMutex);
  return check(state.liveEvents, event);
}

FAKE_EXPORT CUresult cuEventRecord(CUevent event, CUstream stream) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (check(state.liveEvents, event) ||
      (stream && check(state.liveStreams, stream)))
    return CUDA_ERROR_INVALID_HANDLE;
  state.recordedEvents.insert(event);
  return CUDA_SUCCESS;
}

namespace {
/// "Device memory" comes from a static arena: the runtime keeps some of it
/// for the life of the process, which LeakSanitizer would report as heap.
/// Freeing the last allocation gives its memory back (so a loop that
/// allocates and frees runs for ever); other frees keep it.
alignas(256) unsigned char arena[1 << 20];
size_t arenaUsed = 0;
size_t lastAllocationOffset = 0;
} // namespace

FAKE_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  std::lock_guard<std::mutex> lock(stateMutex);
  size_t rounded = (bytes + 255) / 256 * 256;
  if (arenaUsed + rounded > sizeof(arena))
    return CUDA_ERROR_OUT_OF_MEMORY;
  unsigned char *memory = arena + arenaUsed;
  lastAllocationOffset = arenaUsed;
  arenaUsed += rounded;
  std::memset(memory, 0xA5, bytes);
  *ptr = reinterpret_cast<CUdeviceptr>(memory);
  ++state.allocations;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                     size_t bytes) {
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    for (const auto &[module, table] : state.moduleTables)
      if (reinterpret_cast<CUdeviceptr>(table) == dst &&
          state.failingTableDevices.count(state.liveModules[module]))
        return CUDA_ERROR_INVALID_VALUE;
  }
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value,
                                      size_t count, CUstream stream) {
  std::lock_guard<std::mutex> lock(stateMutex);
  auto *words = reinterpret_cast<unsigned *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  state.memsetStreams.push_back(stream);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, uint32_t rank, void *address,
    const uint64_t *dims, const uint64_t *strides, const uint32_t *box,
    const uint32_t *elementStrides, CUtensorMapInterleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion,
    CUtensorMapFloatOOBfill oobFill) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!address || reinterpret_cast<uintptr_t>(address) % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  FakeTensorMap &last = state.lastMap;
  last = FakeTensorMap();
  last.type = type;
  last.rank = rank;
  last.address = address;
  last.swizzle = swizzle;
  last.oobFill = oobFill;
  for (uint32_t d = 0; d < rank; ++d) {
    if (dims[d] == 0 || elementStrides[d] != 1)
      return CUDA_ERROR_INVALID_VALUE;
    last.dims[d] = dims[d];
    last.box[d] = box[d];
    if (d > 0)
      last.strides[d - 1] = strides[d - 1];
  }
  std::memset(map, 0x5A, sizeof(*map));
  ++state.mapsEncoded;
  if (state.stampMaps)
    std::memcpy(map, &state.mapsEncoded, sizeof(state.mapsEncoded));
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemFree_v2(CUdeviceptr ptr) {
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.frees;
  if (ptr == reinterpret_cast<CUdeviceptr>(arena + lastAllocationOffset) &&
      lastAllocationOffset < arenaUsed)
    arenaUsed = lastAllocationOffset;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemFreeAsync(CUdeviceptr ptr, CUstream) {
  return cuMemFree_v2(ptr);
}

FAKE_EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src,
                                          size_t bytes, CUstream stream) {
  std::lock_guard<std::mutex> lock(stateMutex);
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  ++state.hostToDeviceCopies;
  state.lastCopyDestination = dst;
  state.lastCopyBytes = bytes;
  state.lastCopyStream = stream;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamIsCapturing(CUstream stream, int *status) {
  std::lock_guard<std::mutex> lock(stateMutex);
  *status = stream && stream == state.capturingStream;
  return CUDA_SUCCESS;
}

/// Every pointer is memory of device 0 (CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
/// the only attribute asked for).
FAKE_EXPORT CUresult cuPointerGetAttribute(void *data, int attribute,
                                           CUdeviceptr) {
  if (attribute != 9)
    return CUDA_ERROR_INVALID_VALUE;
  *static_cast<int *>(data) = 0;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

FAKE_EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                        unsigned, CUjit_option *, void **) {
  static int64_t modules = 0;
  if (std::strstr(static_cast<const char *>(image), "not a module"))
    return CUDA_ERROR_INVALID_VALUE;
  CUdeviceptr table = 0;
  if (std::strstr(static_cast<const char *>(image), "__asynccopy_symm"))
    if (CUresult result = cuMemAlloc_v2(&table, 1048))
      return result;
  std::lock_guard<std::mutex> lock(stateMutex);
  if (contextStack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (state.failingLoadDevices.count(contextStack.back()))
    return CUDA_ERROR_INVALID_VALUE;
  *module = newHandle<CUmodule>(4, ++modules);
  state.liveModules[*module] = contextStack.back();
  if (table)
    state.moduleTables[*module] = reinterpret_cast<void *>(table);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  return cuModuleLoadDataEx(module, image, 0, nullptr, nullptr);
}

FAKE_EXPORT CUresult cuModuleUnload(CUmodule module) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (CUresult result = checkModuleContext(module))
    return result;
  state.liveModules.erase(module);
  state.moduleTables.erase(module);
  ++state.modulesUnloaded;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleGetGlobal_v2(CUdeviceptr *ptr, size_t *bytes,
                                          CUmodule module, const char *name) {
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.globalLookups;
  auto it = state.moduleTables.find(module);
  if (it == state.moduleTables.end() ||
      std::strcmp(name, "__asynccopy_symm") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *ptr = reinterpret_cast<CUdeviceptr>(it->second);
  *bytes = 1048;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                                         const char *name) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!state.liveModules.count(module))
    return CUDA_ERROR_INVALID_HANDLE;
  if (std::strcmp(name, "no_such_kernel") == 0)
    return CUDA_ERROR_NOT_FOUND;
  // One kernel per module.
  *function = reinterpret_cast<CUfunction>(module);
  return CUDA_SUCCESS;
}

namespace {
/// Records a launch in state.lastLaunch (under stateMutex).
void recordLaunch(CUfunction function, const unsigned grid[3],
                  const unsigned block[3], const unsigned cluster[3],
                  unsigned smem, CUstream stream, void **params) {
  FakeCudaState::Launch &launch = state.lastLaunch;
  for (int d = 0; d < 3; ++d) {
    launch.grid[d] = grid[d];
    launch.block[d] = block[d];
    launch.cluster[d] = cluster[d];
  }
  launch.smem = smem;
  launch.stream = stream;
  launch.function = function;
  launch.params.clear();
  for (size_t i = 0; i < state.paramSizes.size(); ++i) {
    const auto *bytes = static_cast<const unsigned char *>(params[i]);
    launch.params.emplace_back(bytes, bytes + state.paramSizes[i]);
  }
}
} // namespace

FAKE_EXPORT CUresult cuLaunchKernel(CUfunction function, unsigned gx,
                                    unsigned gy, unsigned gz, unsigned bx,
                                    unsigned by, unsigned bz, unsigned smem,
                                    CUstream stream, void **params, void **) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (CUresult result = checkModuleContext(function))
    return result;
  ++state.launches;
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  const unsigned noCluster[3] = {0, 0, 0};
  recordLaunch(function, grid, block, noCluster, smem, stream, params);
  return CUDA_SUCCESS;
}

/// Takes the cluster dimension attribute (the only one the runtime sets).
FAKE_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
                                      CUfunction function, void **params,
                                      void **) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (CUresult result = checkModuleContext(function))
    return result;
  unsigned cluster[3] = {0, 0, 0};
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    if (config->attrs[i].id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      return CUDA_ERROR_INVALID_VALUE;
    const auto &dim = config->attrs[i].value.clusterDim;
    cluster[0] = dim.x;
    cluster[1] = dim.y;
    cluster[2] = dim.z;
  }
  ++state.launches;
  ++state.exLaunches;
  const unsigned grid[3] = {config->gridDimX, config->gridDimY,
                            config->gridDimZ};
  const unsigned block[3] = {config->blockDimX, config->blockDimY,
                             config->blockDimZ};
  recordLaunch(function, grid, block, cluster, config->sharedMemBytes,
               config->hStream, params);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuFuncSetAttribute(CUfunction function,
                                        CUfunction_attribute attribute,
                                        int value) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!state.liveModules.count(function))
    return CUDA_ERROR_INVALID_HANDLE;
  state.functionAttributes.emplace_back(attribute, value);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Virtual memory management on memfds
//===----------------------------------------------------------------------===//

FAKE_EXPORT CUresult cuMemGetAllocationGranularity(
    size_t *granularity, const CUmemAllocationProp *prop,
    CUmemAllocationGranularity_flags) {
  if (prop->location.type != CU_MEM_LOCATION_TYPE_DEVICE ||
      prop->location.id < 0 || prop->location.id >= FakeCudaState::kDevices)
    return CUDA_ERROR_INVALID_VALUE;
  *granularity = state.granularity;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size,
                                         size_t alignment, CUdeviceptr,
                                         unsigned long long) {
  // Over-reserve and keep an aligned part.
  size_t extra = alignment > 1 ? alignment : 0;
  void *range = mmap(nullptr, size + extra, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (range == MAP_FAILED)
    return CUDA_ERROR_OUT_OF_MEMORY;
  uintptr_t base = reinterpret_cast<uintptr_t>(range);
  if (extra)
    base = (base + alignment - 1) / alignment * alignment;
  std::lock_guard<std::mutex> lock(stateMutex);
  ++state.liveReservations;
  *ptr = base;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
  munmap(reinterpret_cast<void *>(ptr), size);
  std::lock_guard<std::mutex> lock(stateMutex);
  --state.liveReservations;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemCreate(CUmemGenericAllocationHandle *handle,
                                 size_t size, const CUmemAllocationProp *prop,
                                 unsigned long long) {
  if (size % state.granularity != 0 ||
      prop->type != CU_MEM_ALLOCATION_TYPE_PINNED ||
      prop->requestedHandleTypes != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_INVALID_VALUE;
  int fd = memfd_create("fake-cuda-vmm", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, off_t(size)) != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard<std::mutex> lock(stateMutex);
  *handle = (unsigned long long)fd;
  state.liveHandles.insert(*handle);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemRelease(CUmemGenericAllocationHandle handle) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!state.liveHandles.erase(handle))
    return CUDA_ERROR_INVALID_HANDLE;
  close(int(handle));
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                              CUmemGenericAllocationHandle handle,
                              unsigned long long) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!state.liveHandles.count(handle))
    return CUDA_ERROR_INVALID_HANDLE;
  if (mmap(reinterpret_cast<void *>(ptr), size, PROT_READ | PROT_WRITE,
           MAP_SHARED | MAP_FIXED, int(handle), off_t(offset)) == MAP_FAILED)
    return CUDA_ERROR_INVALID_VALUE;
  ++state.liveMappings;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
  // Back to a reserved, inaccessible range.
  mmap(reinterpret_cast<void *>(ptr), size, PROT_NONE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  std::lock_guard<std::mutex> lock(stateMutex);
  --state.liveMappings;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size,
                                    const CUmemAccessDesc *desc, size_t count) {
  std::lock_guard<std::mutex> lock(stateMutex);
  state.accessRanges.insert({ptr, size});
  state.accessDevices.clear();
  for (size_t i = 0; i < count; ++i) {
    if (desc[i].flags != CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
      return CUDA_ERROR_INVALID_VALUE;
    state.accessDevices.push_back(desc[i].location.id);
  }
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemExportToShareableHandle(
    void *shareable, CUmemGenericAllocationHandle handle,
    CUmemAllocationHandleType type, unsigned long long) {
  std::lock_guard<std::mutex> lock(stateMutex);
  if (!state.liveHandles.count(handle) ||
      type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_INVALID_VALUE;
  *static_cast<int *>(shareable) = dup(int(handle));
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult
cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *handle,
                               void *osHandle, CUmemAllocationHandleType type) {
  if (type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_INVALID_VALUE;
  int fd = dup(int(reinterpret_cast<intptr_t>(osHandle)));
  if (fd < 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(stateMutex);
  *handle = (unsigned long long)fd;
  state.liveHandles.insert(*handle);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Plain C accessors for tests that cannot include FakeCudaDriver.h (the
// Python tests, through ctypes)
//===----------------------------------------------------------------------===//

/// A counter of FakeCudaState by name, or -1 for an unknown name.
FAKE_EXPORT int64_t fakeCudaCounter(const char *name) {
  std::lock_guard<std::mutex> lock(stateMutex);
  const struct {
    const char *name;
    int64_t value;
  } counters[] = {
      {"launches", state.launches},
      {"exLaunches", state.exLaunches},
      {"mapsEncoded", state.mapsEncoded},
      {"allocations", state.allocations},
      {"frees", state.frees},
      {"hostToDeviceCopies", state.hostToDeviceCopies},
      {"functionAttributes", int64_t(state.functionAttributes.size())},
      {"memsets", int64_t(state.memsetStreams.size())},
  };
  for (const auto &counter : counters)
    if (std::strcmp(counter.name, name) == 0)
      return counter.value;
  return -1;
}

/// cuStreamIsCapturing says `stream` (0: none) is capturing a graph.
FAKE_EXPORT void fakeCudaSetCapturing(int64_t stream) {
  std::lock_guard<std::mutex> lock(stateMutex);
  state.capturingStream = reinterpret_cast<CUstream>(uintptr_t(stream));
}

FAKE_EXPORT void fakeCudaSetStampMaps(int on) {
  std::lock_guard<std::mutex> lock(stateMutex);
  state.stampMaps = on != 0;
}

/// Launches record `count` parameters of these sizes from now on.
FAKE_EXPORT void fakeCudaSetParamSizes(int64_t count, const int64_t *sizes) {
  std::lock_guard<std::mutex> lock(stateMutex);
  state.paramSizes.assign(sizes, sizes + count);
}

/// Copies parameter `index` of the last launch into `out` (`size` bytes at
/// most); returns its size, or -1 if there is no such parameter.
FAKE_EXPORT int64_t fakeCudaLastParam(int64_t index, void *out, int64_t size) {
  std::lock_guard<std::mutex> lock(stateMutex);
  const auto &params = state.lastLaunch.params;
  if (index < 0 || size_t(index) >= params.size())
    return -1;
  const auto &param = params[size_t(index)];
  std::memcpy(out, param.data(), std::min(param.size(), size_t(size)));
  return int64_t(param.size());
}

/// The last launch: grid, block and cluster dims, dynamic shared memory,
/// stream and function (12 words).
FAKE_EXPORT void fakeCudaLastLaunch(int64_t *out) {
  std::lock_guard<std::mutex> lock(stateMutex);
  const FakeCudaState::Launch &launch = state.lastLaunch;
  for (int d = 0; d < 3; ++d) {
    out[d] = launch.grid[d];
    out[3 + d] = launch.block[d];
    out[6 + d] = launch.cluster[d];
  }
  out[9] = launch.smem;
  out[10] = int64_t(reinterpret_cast<uintptr_t>(launch.stream));
  out[11] = int64_t(reinterpret_cast<uintptr_t>(launch.function));
}

/// The last encoded tensor map: rank, then its dims innermost first (6
/// words).
FAKE_EXPORT void fakeCudaLastMapDims(int64_t *out) {
  std::lock_guard<std::mutex> lock(stateMutex);
  out[0] = state.lastMap.rank;
  for (int d = 0; d < 5; ++d)
    out[1 + d] = int64_t(state.lastMap.dims[d]);
}

/// The last cuMemcpyHtoDAsync: destination, bytes, stream (3 words).
FAKE_EXPORT void fakeCudaLastCopy(int64_t *out) {
  std::lock_guard<std::mutex> lock(stateMutex);
  out[0] = int64_t(state.lastCopyDestination);
  out[1] = int64_t(state.lastCopyBytes);
  out[2] = int64_t(reinterpret_cast<uintptr_t>(state.lastCopyStream));
}

/// The (attribute, value) of cuFuncSetAttribute call `index`, or -1s.
FAKE_EXPORT void fakeCudaFunctionAttribute(int64_t index, int64_t *out) {
  std::lock_guard<std::mutex> lock(stateMutex);
  const auto &calls = state.functionAttributes;
  bool valid = index >= 0 && size_t(index) < calls.size();
  out[0] = valid ? calls[size_t(index)].first : -1;
  out[1] = valid ? calls[size_t(index)].second : -1;
}
