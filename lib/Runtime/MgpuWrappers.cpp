//===- MgpuWrappers.cpp - MLIR's mgpu* host ABI on the CUDA driver --------===//
//
// The calls gpu-to-llvm and mlir-translate emit for host code (see
// include/asynccopy/Runtime/MgpuABI.h), implemented on the dlopen'ed driver.
// Each entry point makes the default device's primary context current for
// its duration; each driver failure is reported and exits (AC_CU). Calls that
// only release something (unload, free, destroy, unregister) return quietly
// once the driver is shutting down with the process: MLIR unloads modules
// from an exit-time destructor.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "MemRefDescriptor.h"
#include "SymmetricHeap.h"

#include "asynccopy/Hardware/Limits.h"
#include "asynccopy/Runtime/MgpuABI.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

namespace {
template <typename T> T *fromHandle(void *handle) {
  return static_cast<T *>(handle);
}

CUdeviceptr toDevicePtr(const void *ptr) {
  return reinterpret_cast<CUdeviceptr>(ptr);
}

/// A launch dimension as the driver's unsigned, or fatal.
unsigned launchDim(intptr_t value, const char *what, const char *axis,
                   const char *site) {
  if (value < 1 || uint64_t(value) > UINT32_MAX)
    fatal("%s: %s dim %s is %lld: must be 1 to 2^32-1", site, what, axis,
          (long long)value);
  return unsigned(value);
}

/// The three launch dimensions of `what` (grid, block, cluster), or fatal.
std::array<unsigned, 3> launchDims(intptr_t x, intptr_t y, intptr_t z,
                                   const char *what, const char *site) {
  return {launchDim(x, what, "x", site), launchDim(y, what, "y", site),
          launchDim(z, what, "z", site)};
}

/// Checks the dynamic shared memory of a launch and, above 48 KiB, raises the
/// kernel's limit to it (the driver rejects the launch otherwise).
void prepareDynamicSmem(CUfunction function, int32_t smem, CUdevice device,
                        const char *site) {
  if (smem < 0)
    fatal("%s: dynamic shared memory is %d B: must not be negative", site,
          smem);
  if (smem <= asynccopy::hw::kDefaultSmemBytes)
    return;
  int maxOptIn = 0;
  AC_CU(cuDeviceGetAttribute,
        (&maxOptIn, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
         device));
  if (smem > maxOptIn)
    fatal("%s: kernel asks for %d B of dynamic shared memory; device %d "
          "allows at most %d B per block",
          site, smem, device, maxOptIn);
  AC_CU(cuFuncSetAttribute,
        (function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
}

/// The lowest address and the byte extent a strided memref descriptor spans.
/// Returns false if the memref is empty.
bool memrefExtent(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                  char **first, uint64_t *bytes) {
  MemRefView memref(descriptor, rank);
  const int64_t *sizes = memref.sizes();
  const int64_t *strides = memref.strides();
  // Element offsets of the lowest and highest addressed elements.
  int64_t low = 0, high = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (sizes[d] == 0)
      return false;
    int64_t span = (sizes[d] - 1) * strides[d];
    (span < 0 ? low : high) += span;
  }
  *first = memref.base(elementSizeBytes) + low * elementSizeBytes;
  *bytes = uint64_t(high - low + 1) * uint64_t(elementSizeBytes);
  return true;
}
} // namespace

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

// MLIR loads each gpu.binary once, from a global constructor (so in the
// context of device 0 of the main thread), keeps the handle, and launches its
// kernels on whatever device the launching thread chose. A CUmodule belongs
// to the context it was loaded in, so the handles below are the runtime's: a
// Module keeps its image and is loaded on each device on first use there, a
// Function (module, name) resolves to that device's CUfunction at launch.
//
// No module lock is held across a driver call that may fail: fatal() runs
// exit-time destructors, and MLIR unloads its modules from one.

namespace {
struct Module;

/// What mgpuModuleGetFunction returns: a kernel of `module` by name.
struct Function {
  Module *module;
  std::string name;
  /// Device -> the kernel in that device's copy (under module->mutex).
  std::map<int, CUfunction> perDevice;
};

/// What mgpuModuleLoad and mgpuModuleLoadJIT return.
struct Module {
  /// Not copied: MLIR passes the gpu.binary's embedded constant, valid for
  /// the life of the process; other callers keep it valid until
  /// mgpuModuleUnload.
  const void *image;
  /// Bytes of a cubin/fatbin image (0: unknown); a JIT image is PTX text.
  size_t size;
  bool jit;
  int optLevel;
  std::mutex mutex;
  /// Device -> the image loaded in that device's primary context.
  std::map<int, CUmodule> perDevice;
  /// The kernels asked for, by name (their addresses are the handles;
  /// looked up without a std::string, once per launch).
  std::map<std::string, std::unique_ptr<Function>, std::less<>> functions;
};

/// Loads `module`'s image on `device` with cuModuleLoadDataEx; prints the
/// driver's error log and exits on failure.
CUmodule loadImage(const Module &module, int device, const char *site) {
  ScopedContext context(device, OnContextError::Exit);
  char errorLog[8192] = {0};
  CUjit_option options[3] = {CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                             CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                     reinterpret_cast<void *>(intptr_t(module.optLevel))};
  unsigned numOptions = module.jit ? 3 : 2;
  CUmodule loaded = nullptr;
  CUresult result =
      require(getDriver().cuModuleLoadDataEx, AC_CU_SYMBOL(cuModuleLoadDataEx))(
          &loaded, module.image, numOptions, options, values);
  if (result != CUDA_SUCCESS) {
    char reason[160];
    describeError(result, reason, sizeof(reason));
    fatal("cuModuleLoadDataEx(%s) failed: %s [in %s]%s%s",
          module.jit ? "PTX, JIT" : "cubin/fatbin", reason, site,
          errorLog[0] ? "\n" : "", errorLog);
  }
  symmNoteModuleLoaded(loaded, context.device(),
                       {module.image, module.size, module.jit});
  return loaded;
}

/// Unloads the copy of a module on `device` (in its context).
void unloadImage(CUmodule loaded, int device) {
  symmNoteModuleUnloaded(loaded);
  ScopedContext context(device, OnContextError::SkipIfShutDown);
  if (!context.active())
    return;
  AC_CU_RELEASE(cuModuleUnload, (loaded));
}

/// `module` on `device`, loaded there on first use. Of two threads that load
/// it at once, the second unloads its copy.
CUmodule moduleOn(Module &module, int device, const char *site) {
  {
    std::lock_guard<std::mutex> lock(module.mutex);
    auto it = module.perDevice.find(device);
    if (it != module.perDevice.end())
      return it->second;
  }
  CUmodule loaded = loadImage(module, device, site);
  std::unique_lock<std::mutex> lock(module.mutex);
  auto [it, inserted] = module.perDevice.emplace(device, loaded);
  CUmodule kept = it->second;
  lock.unlock();
  if (!inserted)
    unloadImage(loaded, device);
  return kept;
}

/// The CUfunction of `function` on `device`, loading its module there first
/// if needed; exits if the module has no such kernel.
CUfunction functionOn(Function &function, int device, const char *site) {
  Module &module = *function.module;
  {
    std::lock_guard<std::mutex> lock(module.mutex);
    auto it = function.perDevice.find(device);
    if (it != function.perDevice.end())
      return it->second;
  }
  CUmodule loaded = moduleOn(module, device, site);
  CUfunction kernel = nullptr;
  CUresult result;
  {
    ScopedContext context(device, OnContextError::Exit);
    result = require(getDriver().cuModuleGetFunction,
                     AC_CU_SYMBOL(cuModuleGetFunction))(&kernel, loaded,
                                                        function.name.c_str());
  }
  if (result != CUDA_SUCCESS) {
    char reason[160];
    describeError(result, reason, sizeof(reason));
    fatal("cuModuleGetFunction(&function, module, \"%s\") failed: %s [in "
          "%s]",
          function.name.c_str(), reason, site);
  }
  symmNoteFunction(loaded, kernel, function.name.c_str());
  std::lock_guard<std::mutex> lock(module.mutex);
  return function.perDevice.emplace(device, kernel).first->second;
}

/// The CUfunction of the handle `function` on the calling thread's device.
CUfunction launchedFunction(void *function, const char *site) {
  if (!function)
    fatal("%s: the function is null (not from mgpuModuleGetFunction)", site);
  return functionOn(*fromHandle<Function>(function), getDefaultDevice(), site);
}

/// Loads the image at once on the calling thread's default device, so that
/// a bad image is reported by the load (other devices load it on first use).
void *loadModule(const void *data, size_t size, int optLevel, bool jit,
                 const char *site) {
  auto *module = new Module{data, size, jit, optLevel, {}, {}, {}};
  int device = getDefaultDevice();
  module->perDevice[device] = loadImage(*module, device, site);
  return module;
}
} // namespace

extern "C" void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  return loadModule(data, gpuBlobSize, /*optLevel=*/0, /*jit=*/false, __func__);
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  // CU_JIT_OPTIMIZATION_LEVEL takes 0-4.
  int level = optLevel < 0 ? 0 : optLevel > 4 ? 4 : optLevel;
  return loadModule(data, /*size=*/0, level, /*jit=*/true, __func__);
}

/// Unloads the module from every device it was loaded on.
extern "C" void mgpuModuleUnload(void *handle) {
  // Null after a failed load, when MLIR's exit-time destructor unloads it.
  if (!handle)
    return;
  auto *module = fromHandle<Module>(handle);
  std::map<int, CUmodule> loaded;
  {
    std::lock_guard<std::mutex> lock(module->mutex);
    loaded.swap(module->perDevice);
  }
  for (const auto &[device, copy] : loaded)
    unloadImage(copy, device);
  delete module;
}

/// Resolves the kernel at once on the calling thread's device (where MLIR
/// launches it next), which also reports an unknown name here.
extern "C" void *mgpuModuleGetFunction(void *handle, const char *name) {
  if (!handle || !name)
    fatal("%s: the %s is null", __func__, handle ? "kernel name" : "module");
  Module &module = *fromHandle<Module>(handle);
  Function *function;
  {
    std::lock_guard<std::mutex> lock(module.mutex);
    auto it = module.functions.find(name);
    if (it == module.functions.end())
      it = module.functions
               .emplace(name, std::unique_ptr<Function>(
                                  new Function{&module, name, {}}))
               .first;
    function = it->second.get();
  }
  functionOn(*function, getDefaultDevice(), __func__);
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **extra,
                                 size_t /*paramsCount*/) {
  ScopedContext context;
  const char *site = __func__;
  CUfunction fn = launchedFunction(function, site);
  std::array<unsigned, 3> grid = launchDims(gridX, gridY, gridZ, "grid", site);
  std::array<unsigned, 3> block =
      launchDims(blockX, blockY, blockZ, "block", site);
  prepareDynamicSmem(fn, smem, context.device(), site);
  symmCheckLaunch(fn, context.device());
  AC_CU(cuLaunchKernel,
        (fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
         unsigned(smem), fromHandle<CUstream_st>(stream), params, extra));
}

extern "C" void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t smem, void *stream,
                                        void **params, void **extra) {
  ScopedContext context;
  const char *site = __func__;
  CUfunction fn = launchedFunction(function, site);
  std::array<unsigned, 3> cluster =
      launchDims(clusterX, clusterY, clusterZ, "cluster", site);
  std::array<unsigned, 3> grid = launchDims(gridX, gridY, gridZ, "grid", site);
  for (int i = 0; i < 3; ++i) {
    if (grid[i] % cluster[i] != 0)
      fatal("%s: grid (%u, %u, %u) is not a multiple of the cluster (%u, %u, "
            "%u)",
            site, grid[0], grid[1], grid[2], cluster[0], cluster[1],
            cluster[2]);
  }
  prepareDynamicSmem(fn, smem, context.device(), site);
  symmCheckLaunch(fn, context.device());
  if (int64_t(cluster[0]) * cluster[1] * cluster[2] >
      asynccopy::hw::kPortableClusterCtas)
    AC_CU(cuFuncSetAttribute,
          (fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));

  std::array<unsigned, 3> block =
      launchDims(blockX, blockY, blockZ, "block", site);
  CUlaunchAttribute attribute;
  CUlaunchConfig config = clusterLaunchConfig(
      grid.data(), block.data(), cluster.data(), unsigned(smem),
      fromHandle<CUstream_st>(stream), &attribute);
  AC_CU(cuLaunchKernelEx, (&config, fn, params, extra));
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

namespace {
/// The streams mgpuStreamCreate made and mgpuStreamDestroy has not destroyed.
///
/// gpu-to-llvm (MLIR 22) takes every gpu.async.token that reaches a
/// gpu.wait through a block argument -- a token carried by scf.for's
/// iter_args -- to be an event, even when it is the stream the loop launched
/// on, and emits mgpuEventSynchronize + mgpuEventDestroy on that stream
/// (upstream's wrappers then fail without waiting, and the host races the
/// GPU). The event calls below recognise a live stream and do what the
/// lowering does for a stream token: synchronise/destroy the stream, or make
/// another stream wait for all its work.
std::mutex liveStreamsMutex;
std::set<void *> liveStreams;

bool isLiveStream(void *handle) {
  std::lock_guard<std::mutex> lock(liveStreamsMutex);
  return handle && liveStreams.count(handle);
}
} // namespace

extern "C" void *mgpuStreamCreate(void) {
  ScopedContext context;
  CUstream stream = nullptr;
  AC_CU(cuStreamCreate, (&stream, CU_STREAM_DEFAULT));
  std::lock_guard<std::mutex> lock(liveStreamsMutex);
  liveStreams.insert(stream);
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  {
    std::lock_guard<std::mutex> lock(liveStreamsMutex);
    liveStreams.erase(stream);
  }
  ScopedContext context(OnContextError::SkipIfShutDown);
  if (!context.active())
    return;
  AC_CU_RELEASE(cuStreamDestroy, (fromHandle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  ScopedContext context;
  AC_CU(cuStreamSynchronize, (fromHandle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  ScopedContext context;
  if (isLiveStream(event)) {
    // A stream token in an event's place: wait for all its work so far.
    CUevent marker = nullptr;
    AC_CU(cuEventCreate, (&marker, CU_EVENT_DISABLE_TIMING));
    AC_CU(cuEventRecord, (marker, fromHandle<CUstream_st>(event)));
    AC_CU(cuStreamWaitEvent, (fromHandle<CUstream_st>(stream), marker, 0));
    AC_CU(cuEventDestroy, (marker));
    return;
  }
  AC_CU(cuStreamWaitEvent,
        (fromHandle<CUstream_st>(stream), fromHandle<CUevent_st>(event), 0));
}

extern "C" void *mgpuEventCreate(void) {
  ScopedContext context;
  CUevent event = nullptr;
  AC_CU(cuEventCreate, (&event, CU_EVENT_DEFAULT));
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (isLiveStream(event))
    return mgpuStreamDestroy(event);
  ScopedContext context(OnContextError::SkipIfShutDown);
  if (!context.active())
    return;
  AC_CU_RELEASE(cuEventDestroy, (fromHandle<CUevent_st>(event)));
}

extern "C" void mgpuEventSynchronize(void *event) {
  if (isLiveStream(event))
    return mgpuStreamSynchronize(event);
  ScopedContext context;
  AC_CU(cuEventSynchronize, (fromHandle<CUevent_st>(event)));
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  ScopedContext context;
  AC_CU(cuEventRecord,
        (fromHandle<CUevent_st>(event), fromHandle<CUstream_st>(stream)));
}

extern "C" float acEventElapsedMs(void *start, void *end) {
  ScopedContext context;
  float milliseconds = 0;
  AC_CU(cuEventElapsedTime, (&milliseconds, fromHandle<CUevent_st>(start),
                             fromHandle<CUevent_st>(end)));
  return milliseconds;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// With a stream (gpu.alloc/dealloc async), allocations are stream-ordered:
/// unlike cuMemAlloc/cuMemFree they do not synchronise the device, so a
/// per-launch buffer (tensor maps in descriptor-mode=scratch) costs no pipeline
/// stall.
extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                              bool isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  ScopedContext context;
  CUdeviceptr ptr = 0;
  if (isHostShared) {
    AC_CU(cuMemAllocManaged, (&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL));
  } else if (stream) {
    AC_CU(cuMemAllocAsync, (&ptr, sizeBytes, fromHandle<CUstream_st>(stream)));
  } else {
    AC_CU(cuMemAlloc, (&ptr, sizeBytes));
  }
  return reinterpret_cast<void *>(ptr);
}

extern "C" void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  ScopedContext context(OnContextError::SkipIfShutDown);
  if (!context.active())
    return;
  if (stream)
    AC_CU_RELEASE(cuMemFreeAsync,
                  (toDevicePtr(ptr), fromHandle<CUstream_st>(stream)));
  else
    AC_CU_RELEASE(cuMemFree, (toDevicePtr(ptr)));
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  if (sizeBytes == 0)
    return;
  ScopedContext context;
  AC_CU(cuMemcpyAsync, (toDevicePtr(dst), toDevicePtr(src), sizeBytes,
                        fromHandle<CUstream_st>(stream)));
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, size_t count,
                             void *stream) {
  if (count == 0)
    return;
  ScopedContext context;
  AC_CU(cuMemsetD32Async,
        (toDevicePtr(dst), value, count, fromHandle<CUstream_st>(stream)));
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, size_t count,
                             void *stream) {
  if (count == 0)
    return;
  ScopedContext context;
  AC_CU(cuMemsetD16Async,
        (toDevicePtr(dst), value, count, fromHandle<CUstream_st>(stream)));
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (!ptr || sizeBytes == 0)
    return;
  ScopedContext context;
  CUresult result = require(getDriver().cuMemHostRegister,
                            AC_CU_SYMBOL(cuMemHostRegister))(ptr, sizeBytes, 0);
  // Registering twice only page-locks what is already page-locked.
  if (result != CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED)
    check(result, "cuMemHostRegister(ptr, sizeBytes, 0)", __func__);
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSizeBytes) {
  char *first = nullptr;
  uint64_t bytes = 0;
  if (memrefExtent(rank, descriptor, elementSizeBytes, &first, &bytes))
    mgpuMemHostRegister(first, bytes);
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  if (!ptr)
    return;
  ScopedContext context(OnContextError::SkipIfShutDown);
  if (!context.active())
    return;
  CUresult result = require(getDriver().cuMemHostUnregister,
                            AC_CU_SYMBOL(cuMemHostUnregister))(ptr);
  if (result != CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED)
    checkRelease(result, "cuMemHostUnregister(ptr)", __func__);
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSizeBytes) {
  char *first = nullptr;
  uint64_t bytes = 0;
  if (memrefExtent(rank, descriptor, elementSizeBytes, &first, &bytes))
    mgpuMemHostUnregister(first);
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  setDefaultDevice(device);
}
