//===- CudaDriver.h - The CUDA driver, loaded at run time -------*- C++ -*-===//
//
// libAsyncCopyRuntime never links libcuda: the first entry point that needs
// the driver dlopen()s libcuda.so.1 and resolves the calls below with dlsym,
// by the versioned names the driver exports (cuMemAlloc_v2, ...). Every call
// goes through AC_CU, which reports a failing call and exits. Private to
// lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_CUDADRIVER_H
#define ASYNCCOPY_LIB_RUNTIME_CUDADRIVER_H

#include "CudaDriverTypes.h"

namespace asynccopy::runtime {

/// Every driver entry point the runtime calls: X(member, exported symbol,
/// function type). The member is the name cuda.h gives the call; the symbol
/// is what cuda.h's #defines map that name to.
#define AC_CUDA_DRIVER_CALLS(X)                                                \
  X(cuInit, "cuInit", cuda::CUresult(unsigned))                                \
  X(cuGetErrorString, "cuGetErrorString",                                      \
    cuda::CUresult(cuda::CUresult, const char **))                             \
  X(cuGetErrorName, "cuGetErrorName",                                          \
    cuda::CUresult(cuda::CUresult, const char **))                             \
  X(cuDeviceGet, "cuDeviceGet", cuda::CUresult(cuda::CUdevice *, int))         \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute",                              \
    cuda::CUresult(int *, cuda::CUdevice_attribute, cuda::CUdevice))           \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    cuda::CUresult(cuda::CUcontext *, cuda::CUdevice))                         \
  X(cuCtxPushCurrent, "cuCtxPushCurrent_v2", cuda::CUresult(cuda::CUcontext))  \
  X(cuCtxPopCurrent, "cuCtxPopCurrent_v2", cuda::CUresult(cuda::CUcontext *))  \
  X(cuCtxGetCurrent, "cuCtxGetCurrent", cuda::CUresult(cuda::CUcontext *))     \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    cuda::CUresult(cuda::CUmodule *, const void *, unsigned,                   \
                   cuda::CUjit_option *, void **))                             \
  X(cuModuleUnload, "cuModuleUnload", cuda::CUresult(cuda::CUmodule))          \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    cuda::CUresult(cuda::CUfunction *, cuda::CUmodule, const char *))          \
  X(cuFuncSetAttribute, "cuFuncSetAttribute",                                  \
    cuda::CUresult(cuda::CUfunction, cuda::CUfunction_attribute, int))         \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    cuda::CUresult(cuda::CUfunction, unsigned, unsigned, unsigned, unsigned,   \
                   unsigned, unsigned, unsigned, cuda::CUstream, void **,      \
                   void **))                                                   \
  X(cuLaunchKernelEx, "cuLaunchKernelEx",                                      \
    cuda::CUresult(const cuda::CUlaunchConfig *, cuda::CUfunction, void **,    \
                   void **))                                                   \
  X(cuStreamCreate, "cuStreamCreate",                                          \
    cuda::CUresult(cuda::CUstream *, unsigned))                                \
  X(cuStreamDestroy, "cuStreamDestroy_v2", cuda::CUresult(cuda::CUstream))     \
  X(cuStreamSynchronize, "cuStreamSynchronize",                                \
    cuda::CUresult(cuda::CUstream))                                            \
  X(cuStreamWaitEvent, "cuStreamWaitEvent",                                    \
    cuda::CUresult(cuda::CUstream, cuda::CUevent, unsigned))                   \
  X(cuEventCreate, "cuEventCreate", cuda::CUresult(cuda::CUevent *, unsigned)) \
  X(cuEventDestroy, "cuEventDestroy_v2", cuda::CUresult(cuda::CUevent))        \
  X(cuEventSynchronize, "cuEventSynchronize", cuda::CUresult(cuda::CUevent))   \
  X(cuEventRecord, "cuEventRecord",                                            \
    cuda::CUresult(cuda::CUevent, cuda::CUstream))                             \
  X(cuEventElapsedTime, "cuEventElapsedTime_v2",                               \
    cuda::CUresult(float *, cuda::CUevent, cuda::CUevent))                     \
  X(cuMemAlloc, "cuMemAlloc_v2", cuda::CUresult(cuda::CUdeviceptr *, size_t))  \
  X(cuMemAllocManaged, "cuMemAllocManaged",                                    \
    cuda::CUresult(cuda::CUdeviceptr *, size_t, unsigned))                     \
  X(cuMemFree, "cuMemFree_v2", cuda::CUresult(cuda::CUdeviceptr))              \
  X(cuMemAllocAsync, "cuMemAllocAsync",                                        \
    cuda::CUresult(cuda::CUdeviceptr *, size_t, cuda::CUstream))               \
  X(cuMemFreeAsync, "cuMemFreeAsync",                                          \
    cuda::CUresult(cuda::CUdeviceptr, cuda::CUstream))                         \
  X(cuDeviceGetDefaultMemPool, "cuDeviceGetDefaultMemPool",                    \
    cuda::CUresult(cuda::CUmemoryPool *, cuda::CUdevice))                      \
  X(cuMemPoolSetAttribute, "cuMemPoolSetAttribute",                            \
    cuda::CUresult(cuda::CUmemoryPool, int, void *))                           \
  X(cuMemcpyAsync, "cuMemcpyAsync",                                            \
    cuda::CUresult(cuda::CUdeviceptr, cuda::CUdeviceptr, size_t,               \
                   cuda::CUstream))                                            \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2",                                           \
    cuda::CUresult(cuda::CUdeviceptr, const void *, size_t))                   \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                 \
    cuda::CUresult(cuda::CUdeviceptr, const void *, size_t, cuda::CUstream))   \
  X(cuStreamIsCapturing, "cuStreamIsCapturing",                                \
    cuda::CUresult(cuda::CUstream, int *))                                     \
  X(cuMemsetD32Async, "cuMemsetD32Async",                                      \
    cuda::CUresult(cuda::CUdeviceptr, unsigned, size_t, cuda::CUstream))       \
  X(cuMemsetD16Async, "cuMemsetD16Async",                                      \
    cuda::CUresult(cuda::CUdeviceptr, unsigned short, size_t, cuda::CUstream)) \
  X(cuMemHostRegister, "cuMemHostRegister_v2",                                 \
    cuda::CUresult(void *, size_t, unsigned))                                  \
  X(cuMemHostUnregister, "cuMemHostUnregister", cuda::CUresult(void *))        \
  X(cuCtxSynchronize, "cuCtxSynchronize", cuda::CUresult())                    \
  X(cuDeviceCanAccessPeer, "cuDeviceCanAccessPeer",                            \
    cuda::CUresult(int *, cuda::CUdevice, cuda::CUdevice))                     \
  X(cuModuleGetGlobal, "cuModuleGetGlobal_v2",                                 \
    cuda::CUresult(cuda::CUdeviceptr *, size_t *, cuda::CUmodule,              \
                   const char *))                                              \
  X(cuMemGetAllocationGranularity, "cuMemGetAllocationGranularity",            \
    cuda::CUresult(size_t *, const cuda::CUmemAllocationProp *,                \
                   cuda::CUmemAllocationGranularity_flags))                    \
  X(cuMemAddressReserve, "cuMemAddressReserve",                                \
    cuda::CUresult(cuda::CUdeviceptr *, size_t, size_t, cuda::CUdeviceptr,     \
                   unsigned long long))                                        \
  X(cuMemAddressFree, "cuMemAddressFree",                                      \
    cuda::CUresult(cuda::CUdeviceptr, size_t))                                 \
  X(cuMemCreate, "cuMemCreate",                                                \
    cuda::CUresult(cuda::CUmemGenericAllocationHandle *, size_t,               \
                   const cuda::CUmemAllocationProp *, unsigned long long))     \
  X(cuMemRelease, "cuMemRelease",                                              \
    cuda::CUresult(cuda::CUmemGenericAllocationHandle))                        \
  X(cuMemMap, "cuMemMap",                                                      \
    cuda::CUresult(cuda::CUdeviceptr, size_t, size_t,                          \
                   cuda::CUmemGenericAllocationHandle, unsigned long long))    \
  X(cuMemUnmap, "cuMemUnmap", cuda::CUresult(cuda::CUdeviceptr, size_t))       \
  X(cuMemSetAccess, "cuMemSetAccess",                                          \
    cuda::CUresult(cuda::CUdeviceptr, size_t, const cuda::CUmemAccessDesc *,   \
                   size_t))                                                    \
  X(cuMemExportToShareableHandle, "cuMemExportToShareableHandle",              \
    cuda::CUresult(void *, cuda::CUmemGenericAllocationHandle,                 \
                   cuda::CUmemAllocationHandleType, unsigned long long))       \
  X(cuMemImportFromShareableHandle, "cuMemImportFromShareableHandle",          \
    cuda::CUresult(cuda::CUmemGenericAllocationHandle *, void *,               \
                   cuda::CUmemAllocationHandleType))                           \
  X(cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled",                          \
    cuda::CUresult(cuda::CUtensorMap *, cuda::CUtensorMapDataType, uint32_t,   \
                   void *, const uint64_t *, const uint64_t *,                 \
                   const uint32_t *, const uint32_t *,                         \
                   cuda::CUtensorMapInterleave, cuda::CUtensorMapSwizzle,      \
                   cuda::CUtensorMapL2promotion,                               \
                   cuda::CUtensorMapFloatOOBfill))

/// The resolved driver: one pointer per call, null where this driver does
/// not export the symbol (AC_CU then reports which one is missing).
template <typename Fn> using FnPtr = Fn *;
struct CudaDriver {
#define AC_DECLARE_MEMBER(member, symbol, ...)                                 \
  FnPtr<__VA_ARGS__> member = nullptr;
  AC_CUDA_DRIVER_CALLS(AC_DECLARE_MEMBER)
#undef AC_DECLARE_MEMBER
};

/// The driver, loaded and cuInit()ed on first use (thread-safe). Returns null
/// on failure and, if `error` is non-null, points it at a message that starts
/// "asynccopy runtime: " (static storage).
const CudaDriver *tryGetDriver(const char **error);

/// The driver, or a message on stderr and exit(1).
const CudaDriver &getDriver();

/// Prints "asynccopy runtime: <message>" (printf-style) and exits with 1.
/// Re-entered while exiting (an exit-time destructor calling back into the
/// runtime), it ends the process at once without another message.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/// Exits through fatal() if `result` is an error: "asynccopy runtime:
/// <call> failed: <cuGetErrorString> (<cuGetErrorName>) [in <site>]".
void check(cuda::CUresult result, const char *call, const char *site);

/// check() for calls that release a resource: CUDA_ERROR_DEINITIALIZED is
/// not an error there (the driver is shutting down with the process and
/// has released everything itself).
void checkRelease(cuda::CUresult result, const char *call, const char *site);

/// Copies the message `src` into `dst` (`size` bytes), truncating if needed.
void copyMessage(char *dst, size_t size, const char *src);

/// Describes `result` as "<cuGetErrorString> (<cuGetErrorName>)" into `buf`.
void describeError(cuda::CUresult result, char *buf, size_t size);

/// The driver's pointer for `member`, or fatal() naming the missing symbol.
template <typename Fn> Fn *require(Fn *fn, const char *symbol) {
  if (!fn)
    fatal("the CUDA driver does not export %s (driver too old for this "
          "call?)",
          symbol);
  return fn;
}

/// The exported symbol name of a driver call member, e.g. "cuMemAlloc_v2".
#define AC_CU_SYMBOL(member) ::asynccopy::runtime::detail::symbol_##member
namespace detail {
#define AC_DECLARE_SYMBOL(member, symbol, ...)                                 \
  constexpr const char *symbol_##member = symbol;
AC_CUDA_DRIVER_CALLS(AC_DECLARE_SYMBOL)
#undef AC_DECLARE_SYMBOL
} // namespace detail

/// Calls the driver and fails loudly: AC_CU(cuMemAlloc, (&ptr, size)).
#define AC_CU(member, args) AC_CU_IMPL(check, member, args)
/// The same for release calls (see checkRelease).
#define AC_CU_RELEASE(member, args) AC_CU_IMPL(checkRelease, member, args)
#define AC_CU_IMPL(checker, member, args)                                      \
  ::asynccopy::runtime::checker(                                               \
      ::asynccopy::runtime::require(::asynccopy::runtime::getDriver().member,  \
                                    AC_CU_SYMBOL(member)) args,                \
      #member #args, __func__)

/// The configuration of a cuLaunchKernelEx cluster launch: grid, block and
/// cluster dims (3 each), dynamic shared memory and stream. `attribute`
/// receives the cluster dimension attribute the configuration points at.
cuda::CUlaunchConfig clusterLaunchConfig(const unsigned *grid,
                                         const unsigned *block,
                                         const unsigned *cluster, unsigned smem,
                                         cuda::CUstream stream,
                                         cuda::CUlaunchAttribute *attribute);

/// Chooses the device later calls on this thread use (0 by default).
void setDefaultDevice(int device);
/// The device later calls on this thread use.
int getDefaultDevice();

/// What a ScopedContext does when it cannot make the context current.
enum class OnContextError {
  /// Print the reason and exit (fatal()).
  Exit,
  /// Exit too, unless the driver is shutting down (CUDA_ERROR_DEINITIALIZED):
  /// then stay inactive. For calls that only release resources, which
  /// exit-time destructors (e.g. MLIR's module unload) make after the driver
  /// may have gone.
  SkipIfShutDown,
  /// Stay inactive and keep the reason in error().
  Report,
};

/// Makes the primary context of the calling thread's default device current
/// for the scope (retained once per device, thread-safe) and restores the
/// previous context on exit.
class ScopedContext {
public:
  explicit ScopedContext(OnContextError onError = OnContextError::Exit);
  /// The same for device `ordinal` instead of the default device.
  ScopedContext(int ordinal, OnContextError onError);
  ~ScopedContext();
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;

  /// Whether the context is current (always, with OnContextError::Exit).
  bool active() const { return current; }
  /// Why it is not (OnContextError::Report).
  const char *error() const { return message; }
  cuda::CUdevice device() const { return dev; }

private:
  /// Whether the context is current, and whether this pushed it (it was
  /// not current already: a launch from a thread whose context is the
  /// device's primary one, as torch's are, pushes and pops nothing).
  bool current = false, pushed = false;
  cuda::CUdevice dev = 0;
  char message[512] = {0};
};

} // namespace asynccopy::runtime

#endif // ASYNCCOPY_LIB_RUNTIME_CUDADRIVER_H
