//===- CudaDriver.cpp - Loading the CUDA driver at run time ---------------===//
//
// dlopen("libcuda.so.1") once, resolve every call by its exported (versioned)
// name, cuInit, and retain one primary context per device. Nothing here
// throws: a failure is reported as a message, or printed before exit(1).
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace asynccopy::runtime {
using namespace cuda;

namespace {
/// The driver library; ASYNCCOPY_CUDA_DRIVER overrides it (a path or name).
constexpr const char *kDriverLibrary = "libcuda.so.1";
constexpr const char *kDriverOverrideEnv = "ASYNCCOPY_CUDA_DRIVER";

struct LoadedDriver {
  CudaDriver driver;
  bool ok = false;
  char error[512] = {0};
};

LoadedDriver loadDriver() {
  LoadedDriver loaded;
  const char *library = std::getenv(kDriverOverrideEnv);
  if (!library || !*library)
    library = kDriverLibrary;

  // Never dlclose'd: the driver lives as long as the process.
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    std::snprintf(loaded.error, sizeof(loaded.error),
                  "cannot load %s: %s (is the NVIDIA driver installed?)",
                  library, reason ? reason : "unknown dlopen error");
    return loaded;
  }

#define AC_RESOLVE(member, symbol, ...)                                        \
  loaded.driver.member =                                                       \
      reinterpret_cast<FnPtr<__VA_ARGS__>>(dlsym(handle, symbol));
  AC_CUDA_DRIVER_CALLS(AC_RESOLVE)
#undef AC_RESOLVE
  // Drivers before CUDA 12.8 export only the unversioned name.
  if (!loaded.driver.cuEventElapsedTime)
    loaded.driver.cuEventElapsedTime =
        reinterpret_cast<FnPtr<CUresult(float *, CUevent, CUevent)>>(
            dlsym(handle, "cuEventElapsedTime"));

  // Without these nothing can be called, made current or reported; every
  // driver since CUDA 7 exports them. The rest are checked when called.
  const struct {
    bool present;
    const char *symbol;
  } required[] = {
#define AC_REQUIRED(member)                                                    \
  {loaded.driver.member != nullptr, AC_CU_SYMBOL(member)}
      AC_REQUIRED(cuInit),
      AC_REQUIRED(cuGetErrorString),
      AC_REQUIRED(cuGetErrorName),
      AC_REQUIRED(cuDeviceGet),
      AC_REQUIRED(cuDevicePrimaryCtxRetain),
      AC_REQUIRED(cuCtxPushCurrent),
      AC_REQUIRED(cuCtxPopCurrent),
#undef AC_REQUIRED
  };
  for (const auto &call : required) {
    if (call.present)
      continue;
    std::snprintf(loaded.error, sizeof(loaded.error),
                  "cannot use %s: it does not export %s (not a CUDA driver?)",
                  library, call.symbol);
    return loaded;
  }

  CUresult result = loaded.driver.cuInit(0);
  if (result != CUDA_SUCCESS) {
    const char *text = nullptr, *name = nullptr;
    loaded.driver.cuGetErrorString(result, &text);
    loaded.driver.cuGetErrorName(result, &name);
    std::snprintf(loaded.error, sizeof(loaded.error),
                  "cuInit(0) failed: %s (%s)", text ? text : "unknown error",
                  name ? name : "?");
    return loaded;
  }
  loaded.ok = true;
  return loaded;
}

const LoadedDriver &loaded() {
  // Thread-safe one-time initialisation (C++11 magic statics).
  static const LoadedDriver instance = loadDriver();
  return instance;
}

/// Primary contexts, retained once per device ordinal and kept for the
/// lifetime of the process.
constexpr int kMaxDevices = 64;
std::atomic<CUcontext> primaryContexts[kMaxDevices];
std::mutex primaryContextsMutex;

thread_local int defaultDevice = 0;

/// Bytes the default memory pool of a device keeps when the program
/// synchronises. The pool's default (0) returns its memory at every
/// synchronisation, so a host function that allocates a small buffer
/// stream-ordered per call (tensor maps in descriptor-mode=scratch) maps
/// fresh memory every call: ~150 us per call on an H200.
constexpr uint64_t kPoolKeepBytes = 64ull << 20;

/// Raises the release threshold of `device`'s default pool to
/// kPoolKeepBytes; a driver without memory pools is left as it is.
void keepPoolMemory(const CudaDriver &driver, CUdevice device) {
  CUmemoryPool pool = nullptr;
  uint64_t keep = kPoolKeepBytes;
  if (driver.cuDeviceGetDefaultMemPool && driver.cuMemPoolSetAttribute &&
      driver.cuDeviceGetDefaultMemPool(&pool, device) == CUDA_SUCCESS)
    driver.cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                 &keep);
}

/// The retained primary context of device `ordinal`, or false with a message.
bool getPrimaryContext(const CudaDriver &driver, int ordinal, CUcontext *ctx,
                       CUresult *failure, char *error, size_t size) {
  if (ordinal < 0 || ordinal >= kMaxDevices) {
    std::snprintf(error, size,
                  "device %d is out of range: mgpuSetDefaultDevice takes 0 to "
                  "%d",
                  ordinal, kMaxDevices - 1);
    return false;
  }
  *ctx = primaryContexts[ordinal].load(std::memory_order_acquire);
  if (*ctx)
    return true;

  std::lock_guard<std::mutex> lock(primaryContextsMutex);
  *ctx = primaryContexts[ordinal].load(std::memory_order_acquire);
  if (*ctx)
    return true;
  char reason[160];
  CUdevice device = 0;
  if (CUresult result = driver.cuDeviceGet(&device, ordinal)) {
    *failure = result;
    describeError(result, reason, sizeof(reason));
    std::snprintf(error, size, "cuDeviceGet(&device, %d) failed: %s", ordinal,
                  reason);
    return false;
  }
  CUcontext retained = nullptr;
  if (CUresult result = driver.cuDevicePrimaryCtxRetain(&retained, device)) {
    *failure = result;
    describeError(result, reason, sizeof(reason));
    std::snprintf(error, size,
                  "cuDevicePrimaryCtxRetain(&ctx, device %d) failed: %s",
                  ordinal, reason);
    return false;
  }
  // Once per device, with its context: how its stream-ordered pool behaves.
  keepPoolMemory(driver, device);
  primaryContexts[ordinal].store(retained, std::memory_order_release);
  *ctx = retained;
  return true;
}

/// Pushes the primary context of device `ordinal`; false with a message, and
/// the driver's result where a driver call failed, if there is no driver, no
/// such device, or the push failed.
/// Makes the primary context of device `ordinal` current; sets `*pushed`
/// when it had to be pushed (it was not current already).
bool pushContext(int ordinal, CUdevice *device, bool *pushed, CUresult *failure,
                 char *error, size_t size) {
  const char *loadError = nullptr;
  const CudaDriver *driver = tryGetDriver(&loadError);
  if (!driver) {
    copyMessage(error, size, loadError);
    return false;
  }
  CUcontext ctx = nullptr;
  if (!getPrimaryContext(*driver, ordinal, &ctx, failure, error, size))
    return false;
  *device = ordinal;
  CUcontext active = nullptr;
  if (driver->cuCtxGetCurrent && !driver->cuCtxGetCurrent(&active) &&
      active == ctx)
    return true;
  if (CUresult result = driver->cuCtxPushCurrent(ctx)) {
    *failure = result;
    char reason[160];
    describeError(result, reason, sizeof(reason));
    std::snprintf(error, size, "cuCtxPushCurrent(ctx of device %d) failed: %s",
                  ordinal, reason);
    return false;
  }
  *pushed = true;
  return true;
}
} // namespace

const CudaDriver *tryGetDriver(const char **error) {
  const LoadedDriver &driver = loaded();
  if (driver.ok)
    return &driver.driver;
  if (error)
    *error = driver.error;
  return nullptr;
}

const CudaDriver &getDriver() {
  const char *error = nullptr;
  const CudaDriver *driver = tryGetDriver(&error);
  if (!driver)
    fatal("%s", error);
  return *driver;
}

void fatal(const char *format, ...) {
  // Only the first fatal error speaks and runs exit(); exit-time destructors
  // that call back into the runtime end the process quietly, and other
  // threads wait for the exiting one.
  static std::atomic<bool> exiting{false};
  static thread_local bool exitingThread = false;
  if (exiting.exchange(true)) {
    if (exitingThread)
      std::_Exit(1);
    for (;;)
      pause();
  }
  exitingThread = true;
  std::fflush(stdout);
  std::fputs("asynccopy runtime: ", stderr);
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::exit(1);
}

void copyMessage(char *dst, size_t size, const char *src) {
  if (size == 0)
    return;
  size_t length = std::strlen(src);
  if (length >= size)
    length = size - 1;
  std::memcpy(dst, src, length);
  dst[length] = '\0';
}

void describeError(CUresult result, char *buf, size_t size) {
  const char *text = nullptr, *name = nullptr;
  if (const CudaDriver *driver = tryGetDriver(nullptr)) {
    driver->cuGetErrorString(result, &text);
    driver->cuGetErrorName(result, &name);
  }
  if (text && name)
    std::snprintf(buf, size, "%s (%s)", text, name);
  else
    std::snprintf(buf, size, "unknown CUDA error %d", result);
}

void check(CUresult result, const char *call, const char *site) {
  if (result == CUDA_SUCCESS)
    return;
  char reason[160];
  describeError(result, reason, sizeof(reason));
  fatal("%s failed: %s [in %s]", call, reason, site);
}

void checkRelease(CUresult result, const char *call, const char *site) {
  if (result != CUDA_ERROR_DEINITIALIZED)
    check(result, call, site);
}

CUlaunchConfig clusterLaunchConfig(const unsigned *grid, const unsigned *block,
                                   const unsigned *cluster, unsigned smem,
                                   CUstream stream,
                                   CUlaunchAttribute *attribute) {
  *attribute = {};
  attribute->id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute->value.clusterDim.x = cluster[0];
  attribute->value.clusterDim.y = cluster[1];
  attribute->value.clusterDim.z = cluster[2];
  CUlaunchConfig config = {};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = smem;
  config.hStream = stream;
  config.attrs = attribute;
  config.numAttrs = 1;
  return config;
}

void setDefaultDevice(int device) { defaultDevice = device; }

int getDefaultDevice() { return defaultDevice; }

ScopedContext::ScopedContext(OnContextError onError)
    : ScopedContext(defaultDevice, onError) {}

ScopedContext::ScopedContext(int ordinal, OnContextError onError) {
  CUresult failure = CUDA_SUCCESS;
  current =
      pushContext(ordinal, &dev, &pushed, &failure, message, sizeof(message));
  if (current || onError == OnContextError::Report)
    return;
  if (onError == OnContextError::SkipIfShutDown &&
      failure == CUDA_ERROR_DEINITIALIZED)
    return;
  fatal("%s", message);
}

ScopedContext::~ScopedContext() {
  if (!pushed)
    return;
  CUcontext popped = nullptr;
  checkRelease(getDriver().cuCtxPopCurrent(&popped), "cuCtxPopCurrent(&ctx)",
               "ScopedContext");
}

} // namespace asynccopy::runtime
