//===- Launcher.cpp - One-call kernel launches (acLauncher*) --------------===//
//
// A launcher turns a launch record (the words of a kernel's arguments) into
// the kernel's parameters and launches it: what the Python package did with
// many ctypes calls per launch, in one. Tensor maps are encoded only when
// what they are encoded from changes; in descriptor mode scratch, a device
// buffer per (device, stream) holds them and is refilled only when they
// change. The same buffer holds the kernel's launch counters, zeroed once:
// the kernel zeroes them again as it ends. See
// include/asynccopy/Runtime/Launch.h for the rules.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "TensorMapRules.h"

#include "asynccopy/Runtime/Launch.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

namespace {
constexpr size_t kMapBytes = sizeof(CUtensorMap);
constexpr int kMaxRank = asynccopy::hw::kMaxRank;
/// The driver's CU_STREAM_LEGACY and CU_STREAM_PER_THREAD handles.
const CUstream kLegacyStream = reinterpret_cast<CUstream>(uintptr_t(1));
const CUstream kPerThreadStream = reinterpret_cast<CUstream>(uintptr_t(2));
/// CUDA_ERROR_NOT_FOUND: what a call this driver does not export reports.
constexpr CUresult kNotFound = 500;

/// What a tensor map was last encoded from (unused dims stay 0; compared
/// with memcmp).
struct MapKey {
  int64_t device;
  int64_t address;
  int64_t dims[kMaxRank];
  int64_t strides[kMaxRank];
};

/// A device buffer per (device, stream): a launch's maps in descriptor mode
/// scratch, with a host copy of what was last copied into them, then its
/// launch counters.
struct StreamBuffer {
  int device = 0;
  CUstream stream = nullptr;
  uintptr_t thread = 0; // for the per-thread default stream only
  CUdeviceptr address = 0;
  uint64_t lastUse = 0;
  bool filled = false;
  std::vector<CUtensorMap> contents;
};

/// Distinguishes the calling thread (its per-thread default stream).
uintptr_t threadToken() {
  static thread_local char token;
  return reinterpret_cast<uintptr_t>(&token);
}

/// Sets the last error to "launch plan: <message>"; returns false.
__attribute__((format(printf, 1, 2))) bool planError(const char *format, ...) {
  char error[256];
  int n = std::snprintf(error, sizeof(error), "launch plan: ");
  va_list args;
  va_start(args, format);
  std::vsnprintf(error + n, sizeof(error) - size_t(n), format, args);
  va_end(args);
  setLastError(error);
  return false;
}

/// Checks `plan`; false with the last error set if it is malformed.
bool validatePlan(const acLaunchPlan *plan) {
  if (!plan)
    return planError("null plan");
  if (plan->numParams < 0 || plan->numTensorMaps < 0 ||
      (plan->numParams && !plan->params) ||
      (plan->numTensorMaps && !plan->tensorMaps))
    return planError("%d parameters and %d tensor maps, arrays %p and %p",
                     plan->numParams, plan->numTensorMaps,
                     static_cast<const void *>(plan->params),
                     static_cast<const void *>(plan->tensorMaps));
  if (plan->recordWords < AC_RECORD_HEADER_WORDS)
    return planError("a record of %d words has no room for the %d-word header",
                     plan->recordWords, int(AC_RECORD_HEADER_WORDS));
  if (plan->descriptorMode < AC_DESCRIPTORS_NONE ||
      plan->descriptorMode > AC_DESCRIPTORS_SCRATCH)
    return planError("descriptor mode %d is not an AC_DESCRIPTORS_* value",
                     plan->descriptorMode);
  if (plan->dynamicSmemBytes < 0)
    return planError("dynamic shared memory %d B is negative",
                     plan->dynamicSmemBytes);
  auto argumentWord = [&](int64_t word) {
    return word >= AC_RECORD_HEADER_WORDS && word < plan->recordWords;
  };
  for (int i = 0; i < plan->numParams; ++i) {
    const acLaunchParam &p = plan->params[i];
    bool ok = false;
    switch (p.kind) {
    case AC_PARAM_WORD:
      ok = argumentWord(p.word) && p.bytes >= 1 && p.bytes <= 8;
      break;
    case AC_PARAM_CONSTANT:
      ok = p.bytes >= 1 && p.bytes <= 8;
      break;
    case AC_PARAM_ADDRESS:
      ok = argumentWord(p.word) && p.bytes == 8;
      break;
    case AC_PARAM_TENSOR_MAP:
      ok = plan->descriptorMode == AC_DESCRIPTORS_PARAM && p.word >= 0 &&
           p.word < plan->numTensorMaps && p.bytes == int32_t(kMapBytes);
      break;
    case AC_PARAM_SCRATCH:
      ok = plan->descriptorMode == AC_DESCRIPTORS_SCRATCH && p.bytes == 8;
      break;
    case AC_PARAM_COUNTER:
      ok = p.bytes == 8 && p.word >= 1 && p.value >= 1 &&
           p.value <= int64_t(UINT32_MAX);
      break;
    }
    if (!ok)
      return planError("parameter %d (kind %d, %d B, word %d) does not fit the "
                       "plan (%d record words, %d tensor maps, descriptor mode "
                       "%d)",
                       i, p.kind, p.bytes, p.word, plan->recordWords,
                       plan->numTensorMaps, plan->descriptorMode);
  }
  for (int k = 0; k < plan->numTensorMaps; ++k) {
    const acLaunchTensorMap &m = plan->tensorMaps[k];
    bool ok = m.rank >= 1 && m.rank <= kMaxRank && m.elementBytes >= 1 &&
              m.elementBytes <= 8 && argumentWord(m.addressWord);
    for (int d = 0; ok && d < m.rank; ++d)
      ok = (m.dims[d].word < 0 || argumentWord(m.dims[d].word)) &&
           (d == 0 || m.strides[d].word < 0 || argumentWord(m.strides[d].word));
    if (!ok)
      return planError(
          "tensor map %d (rank %d, %d-B elements, address word %d) "
          "does not fit a record of %d words",
          k, m.rank, m.elementBytes, m.addressWord, plan->recordWords);
  }
  return true;
}
} // namespace

struct acLauncher {
  explicit acLauncher(const acLaunchPlan &plan)
      : params(plan.params, plan.params + plan.numParams),
        maps(plan.tensorMaps, plan.tensorMaps + plan.numTensorMaps),
        descriptorMode(plan.descriptorMode),
        dynamicSmemBytes(plan.dynamicSmemBytes), recordWords(plan.recordWords),
        values(params.size(), 0), pointers(params.size(), nullptr),
        encoded(new CUtensorMap[std::max<size_t>(maps.size(), 1)]()),
        keys(maps.size()), cached(maps.size(), false) {
    for (size_t i = 0; i < params.size(); ++i) {
      const acLaunchParam &p = params[i];
      if (p.kind == AC_PARAM_TENSOR_MAP)
        pointers[i] = &encoded[p.word];
      else if (p.kind == AC_PARAM_SCRATCH)
        pointers[i] = &scratchAddress;
      else
        pointers[i] = &values[i];
      if (p.kind == AC_PARAM_COUNTER)
        counterRows.push_back({p.word, p.value});
      // Constants never change.
      if (p.kind == AC_PARAM_CONSTANT)
        std::memcpy(&values[i], &p.value, size_t(p.bytes));
    }
  }

  int32_t launch(int64_t *record);
  void releaseStreamBuffers();

  std::mutex mutex;
  const std::vector<acLaunchParam> params;
  const std::vector<acLaunchTensorMap> maps;
  const int32_t descriptorMode;
  const int32_t dynamicSmemBytes;
  const int32_t recordWords;
  /// Per launch counter among the parameters, the grid y and z it serves.
  std::vector<std::pair<int32_t, int64_t>> counterRows;
  /// The parameters' values (maps excepted) and the pointer array the
  /// driver reads: into `values`, `encoded` or `scratchAddress`.
  std::vector<uint64_t> values;
  std::vector<void *> pointers;
  std::unique_ptr<CUtensorMap[]> encoded;
  std::vector<MapKey> keys;
  std::vector<bool> cached;
  uint64_t scratchAddress = 0;
  std::vector<StreamBuffer> streamBuffers;
  uint64_t useClock = 0;
  /// Functions whose attributes this launcher has set.
  std::vector<CUfunction> smemConfigured, clusterConfigured;
  int64_t launches = 0, mapsEncoded = 0, scratchFills = 0;

private:
  int32_t driverError(int64_t *record, int call, CUresult result,
                      const char *what);
  int32_t encodeMaps(int64_t *record, int device);
  /// The launch's stream buffer, allocated (counters zeroed) at the stream's
  /// first launch, its maps refilled if they changed.
  StreamBuffer *prepareStreamBuffer(const CudaDriver &driver, int64_t *record,
                                    int device, int32_t &status);
  size_t mapBytes() const {
    return descriptorMode == AC_DESCRIPTORS_SCRATCH ? maps.size() * kMapBytes
                                                    : 0;
  }
  int32_t configure(const CudaDriver &driver, int64_t *record, CUfunction fn,
                    int64_t clusterSize);
  /// Reads and checks the grid, block and cluster (all 0: none) of the
  /// record against each other and the kernel's counter rows.
  int32_t readGeometry(const int64_t *record, unsigned dims[9],
                       bool &cluster) const;
  /// Fills the parameters that change per launch from the record; counters
  /// take consecutive slots from `counterAddress`.
  void packParams(const int64_t *record, CUdeviceptr counterAddress);
  /// cuLaunchKernel, or cuLaunchKernelEx with a cluster.
  int32_t launchKernel(const CudaDriver &driver, int64_t *record,
                       const unsigned dims[9], bool cluster);
};

int32_t acLauncher::driverError(int64_t *record, int call, CUresult result,
                                const char *what) {
  char reason[160], message[256];
  describeError(result, reason, sizeof(reason));
  std::snprintf(message, sizeof(message), "%s failed: %s", what, reason);
  setLastError(message);
  record[AC_RECORD_ERROR_INDEX] = call;
  record[AC_RECORD_ERROR_RESULT] = result;
  return AC_LAUNCH_DRIVER_ERROR;
}

int32_t acLauncher::encodeMaps(int64_t *record, int device) {
  auto value = [record](const acLaunchValue &v) {
    return v.word >= 0 ? record[v.word] : v.value;
  };
  for (size_t k = 0; k < maps.size(); ++k) {
    const acLaunchTensorMap &m = maps[k];
    MapKey key = {};
    key.device = device;
    key.address = record[m.addressWord];
    int64_t stridesBytes[kMaxRank - 1] = {};
    bool empty = false;
    for (int d = 0; d < m.rank; ++d) {
      key.dims[d] = value(m.dims[d]);
      empty |= key.dims[d] == 0;
      if (d == 0)
        continue;
      key.strides[d] = value(m.strides[d]);
      // Wraps like the C types the encoder takes (no signed overflow).
      stridesBytes[d - 1] =
          int64_t(uint64_t(key.strides[d]) * uint64_t(m.elementBytes));
    }
    if (cached[k] && std::memcmp(&keys[k], &key, sizeof(key)) == 0)
      continue;
    cached[k] = false;
    // The encoder works in the primary context of the thread's device, and
    // fills an empty tensor's slot on the launch's stream.
    int previous = getDefaultDevice();
    setDefaultDevice(device);
    EmptyTensorFillStream fillStream(
        reinterpret_cast<CUstream>(record[AC_RECORD_STREAM]));
    auto encode = m.flags & AC_LAUNCH_MAP_FALLBACK
                      ? acTensorMapEncodeTiledFallback
                      : acTensorMapEncodeTiled;
    int32_t status = encode(&encoded[k], m.elementType, m.rank,
                            reinterpret_cast<const void *>(key.address),
                            key.dims, stridesBytes, m.boxDims, m.swizzleBytes,
                            m.oobFill, m.l2PromotionBytes);
    setDefaultDevice(previous);
    ++mapsEncoded;
    if (status != AC_TENSOR_MAP_OK && status != AC_TENSOR_MAP_FALLBACK) {
      record[AC_RECORD_ERROR_INDEX] = int64_t(k);
      return status == AC_TENSOR_MAP_INVALID
                 ? AC_LAUNCH_TENSOR_MAP_INVALID
                 : AC_LAUNCH_TENSOR_MAP_DRIVER_ERROR;
    }
    // An empty tensor's map points at scratch its encoding refills.
    if (!empty) {
      keys[k] = key;
      cached[k] = true;
    }
  }
  return AC_LAUNCH_OK;
}

StreamBuffer *acLauncher::prepareStreamBuffer(const CudaDriver &driver,
                                              int64_t *record, int device,
                                              int32_t &status) {
  CUstream stream = reinterpret_cast<CUstream>(record[AC_RECORD_STREAM]);
  // CU_STREAM_LEGACY is the legacy default stream, as 0 is; the per-thread
  // default stream is one stream per thread.
  CUstream keyStream = stream == kLegacyStream ? nullptr : stream;
  uintptr_t thread = stream == kPerThreadStream ? threadToken() : 0;
  auto fail = [&](int call, CUresult result, const char *what) {
    status = driverError(record, call, result, what);
    return nullptr;
  };
  // A graph captured here would read this buffer at every replay, after
  // later launches on the stream refilled its maps or used its counters.
  int capturing = 0;
  if (driver.cuStreamIsCapturing &&
      driver.cuStreamIsCapturing(stream, &capturing) == 0 && capturing) {
    setLastError(descriptorMode == AC_DESCRIPTORS_SCRATCH
                     ? "descriptor mode scratch cannot be captured into a "
                       "CUDA graph (the graph would read tensor maps that "
                       "later launches refill): compile with descriptor "
                       "mode param"
                     : "a kernel with launch counters (a dynamic tile "
                       "schedule) cannot be captured into a CUDA graph (its "
                       "counters belong to the stream's eager launches)");
    status = AC_LAUNCH_CAPTURED;
    return nullptr;
  }
  auto it = std::find_if(streamBuffers.begin(), streamBuffers.end(),
                         [&](const StreamBuffer &b) {
                           return b.device == device && b.stream == keyStream &&
                                  b.thread == thread;
                         });
  if (it == streamBuffers.end()) {
    if (streamBuffers.size() >= AC_LAUNCHER_MAX_SCRATCH_BUFFERS) {
      // cuMemFree waits for the device: no launch still reads the buffer.
      auto oldest =
          std::min_element(streamBuffers.begin(), streamBuffers.end(),
                           [](const StreamBuffer &a, const StreamBuffer &b) {
                             return a.lastUse < b.lastUse;
                           });
      {
        ScopedContext context(oldest->device, OnContextError::Report);
        if (context.active() && driver.cuMemFree)
          driver.cuMemFree(oldest->address);
      }
      streamBuffers.erase(oldest);
    }
    StreamBuffer buffer;
    buffer.device = device;
    buffer.stream = keyStream;
    buffer.thread = thread;
    buffer.contents.resize(mapBytes() / kMapBytes);
    if (!driver.cuMemAlloc)
      return fail(AC_CALL_MEM_ALLOC, kNotFound, AC_CU_SYMBOL(cuMemAlloc));
    if (CUresult result = driver.cuMemAlloc(
            &buffer.address,
            mapBytes() + counterRows.size() * AC_LAUNCH_COUNTER_BYTES))
      return fail(AC_CALL_MEM_ALLOC, result, AC_CU_SYMBOL(cuMemAlloc));
    // Zeroed once, before the stream's first launch; each launch leaves its
    // counters zeroed for the next.
    if (!counterRows.empty()) {
      CUresult result = kNotFound;
      if (driver.cuMemsetD32Async)
        result = driver.cuMemsetD32Async(
            buffer.address + mapBytes(), 0,
            counterRows.size() * AC_LAUNCH_COUNTER_BYTES / 4, stream);
      if (result != 0) {
        if (driver.cuMemFree)
          driver.cuMemFree(buffer.address);
        return fail(AC_CALL_MEMSET_D32_ASYNC, result,
                    AC_CU_SYMBOL(cuMemsetD32Async));
      }
    }
    streamBuffers.push_back(std::move(buffer));
    it = streamBuffers.end() - 1;
  }
  StreamBuffer &buffer = *it;
  buffer.lastUse = ++useClock;
  size_t bytes = mapBytes();
  if (bytes && (!buffer.filled || std::memcmp(buffer.contents.data(),
                                              encoded.get(), bytes) != 0)) {
    // The source is this buffer's own pageable host copy: the driver
    // stages it before the call returns, and it is only written again at
    // this buffer's next refill.
    std::memcpy(buffer.contents.data(), encoded.get(), bytes);
    buffer.filled = false;
    if (!driver.cuMemcpyHtoDAsync)
      return fail(AC_CALL_MEMCPY_HTOD_ASYNC, kNotFound,
                  AC_CU_SYMBOL(cuMemcpyHtoDAsync));
    if (CUresult result = driver.cuMemcpyHtoDAsync(
            buffer.address, buffer.contents.data(), bytes, stream))
      return fail(AC_CALL_MEMCPY_HTOD_ASYNC, result,
                  AC_CU_SYMBOL(cuMemcpyHtoDAsync));
    buffer.filled = true;
    ++scratchFills;
  }
  return &buffer;
}

int32_t acLauncher::configure(const CudaDriver &driver, int64_t *record,
                              CUfunction fn, int64_t clusterSize) {
  auto setOnce = [&](std::vector<CUfunction> &done, int attribute,
                     int value) -> int32_t {
    if (std::find(done.begin(), done.end(), fn) != done.end())
      return AC_LAUNCH_OK;
    if (!driver.cuFuncSetAttribute)
      return driverError(record, AC_CALL_FUNC_SET_ATTRIBUTE, kNotFound,
                         AC_CU_SYMBOL(cuFuncSetAttribute));
    if (CUresult result = driver.cuFuncSetAttribute(fn, attribute, value))
      return driverError(record, AC_CALL_FUNC_SET_ATTRIBUTE, result,
                         AC_CU_SYMBOL(cuFuncSetAttribute));
    done.push_back(fn);
    return AC_LAUNCH_OK;
  };
  // Buffers the compiler moved into dynamic shared memory: past 48 KiB the
  // kernel opts in.
  if (dynamicSmemBytes > asynccopy::hw::kDefaultSmemBytes)
    if (int32_t status = setOnce(
            smemConfigured, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            dynamicSmemBytes))
      return status;
  if (clusterSize > asynccopy::hw::kPortableClusterCtas)
    return setOnce(clusterConfigured,
                   CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
  return AC_LAUNCH_OK;
}

int32_t acLauncher::readGeometry(const int64_t *record, unsigned dims[9],
                                 bool &cluster) const {
  cluster = false;
  for (int i = 0; i < 9; ++i) {
    int64_t v = record[AC_RECORD_GRID + i];
    bool inCluster = i >= 6;
    if (inCluster && i == 6)
      cluster = v != 0;
    bool ok = v >= 1 && v <= int64_t(UINT32_MAX);
    if (inCluster && !cluster)
      ok = v == 0;
    if (!ok) {
      char message[160];
      std::snprintf(message, sizeof(message),
                    "launch record: %s dim %d is %lld: must be 1 to 2^32-1%s",
                    i < 3   ? "grid"
                    : i < 6 ? "block"
                            : "cluster",
                    i % 3, (long long)v,
                    inCluster ? " (or all 0: no cluster)" : "");
      setLastError(message);
      return AC_LAUNCH_INVALID;
    }
    dims[i] = unsigned(v);
  }
  // CTAs that share a counter claim tiles from one row of the grid.
  for (auto [y, z] : counterRows) {
    if (dims[1] == unsigned(y) && dims[2] == uint64_t(z))
      continue;
    char message[200];
    std::snprintf(message, sizeof(message),
                  "launch record: the kernel claims its tiles from a counter "
                  "that one row of the grid shares: grid y and z must be %d "
                  "and %lld, not %u and %u",
                  y, (long long)z, dims[1], dims[2]);
    setLastError(message);
    return AC_LAUNCH_INVALID;
  }
  return AC_LAUNCH_OK;
}

void acLauncher::packParams(const int64_t *record, CUdeviceptr counterAddress) {
  for (size_t i = 0; i < params.size(); ++i) {
    const acLaunchParam &p = params[i];
    if (p.kind == AC_PARAM_WORD) {
      values[i] = 0;
      std::memcpy(&values[i], &record[p.word], size_t(p.bytes));
    } else if (p.kind == AC_PARAM_ADDRESS) {
      values[i] = uint64_t(record[p.word]) - uint64_t(p.value);
    } else if (p.kind == AC_PARAM_COUNTER) {
      values[i] = counterAddress;
      counterAddress += AC_LAUNCH_COUNTER_BYTES;
    }
  }
}

int32_t acLauncher::launchKernel(const CudaDriver &driver, int64_t *record,
                                 const unsigned dims[9], bool cluster) {
  auto fn = reinterpret_cast<CUfunction>(record[AC_RECORD_FUNCTION]);
  CUstream stream = reinterpret_cast<CUstream>(record[AC_RECORD_STREAM]);
  void **kernelParams = pointers.empty() ? nullptr : pointers.data();
  unsigned smem = unsigned(dynamicSmemBytes);
  if (!cluster) {
    if (!driver.cuLaunchKernel)
      return driverError(record, AC_CALL_LAUNCH_KERNEL, kNotFound,
                         AC_CU_SYMBOL(cuLaunchKernel));
    if (CUresult result = driver.cuLaunchKernel(fn, dims[0], dims[1], dims[2],
                                                dims[3], dims[4], dims[5], smem,
                                                stream, kernelParams, nullptr))
      return driverError(record, AC_CALL_LAUNCH_KERNEL, result,
                         AC_CU_SYMBOL(cuLaunchKernel));
    return AC_LAUNCH_OK;
  }
  if (!driver.cuLaunchKernelEx)
    return driverError(record, AC_CALL_LAUNCH_KERNEL_EX, kNotFound,
                       AC_CU_SYMBOL(cuLaunchKernelEx));
  CUlaunchAttribute attribute;
  CUlaunchConfig config =
      clusterLaunchConfig(dims, dims + 3, dims + 6, smem, stream, &attribute);
  if (CUresult result =
          driver.cuLaunchKernelEx(&config, fn, kernelParams, nullptr))
    return driverError(record, AC_CALL_LAUNCH_KERNEL_EX, result,
                       AC_CU_SYMBOL(cuLaunchKernelEx));
  return AC_LAUNCH_OK;
}

int32_t acLauncher::launch(int64_t *record) {
  record[AC_RECORD_ERROR_INDEX] = -1;
  record[AC_RECORD_ERROR_RESULT] = 0;
  unsigned dims[9];
  bool cluster;
  if (int32_t status = readGeometry(record, dims, cluster))
    return status;
  int64_t device = record[AC_RECORD_DEVICE];
  if (device < 0 || device > INT32_MAX) {
    setLastError("launch record: the device is negative or too large");
    return AC_LAUNCH_INVALID;
  }

  ScopedContext context(int(device), OnContextError::Report);
  if (!context.active()) {
    setLastError(context.error());
    record[AC_RECORD_ERROR_INDEX] = AC_CALL_CONTEXT;
    return AC_LAUNCH_DRIVER_ERROR;
  }
  const CudaDriver &driver = getDriver(); // loaded: the context is current
  if (int32_t status = encodeMaps(record, int(device)))
    return status;
  CUdeviceptr counterAddress = 0;
  if (mapBytes() || !counterRows.empty()) {
    int32_t status = AC_LAUNCH_OK;
    StreamBuffer *buffer =
        prepareStreamBuffer(driver, record, int(device), status);
    if (!buffer)
      return status;
    scratchAddress = buffer->address;
    counterAddress = buffer->address + mapBytes();
  }
  packParams(record, counterAddress);

  auto fn = reinterpret_cast<CUfunction>(record[AC_RECORD_FUNCTION]);
  int64_t clusterSize =
      cluster ? int64_t(dims[6]) * int64_t(dims[7]) * int64_t(dims[8]) : 1;
  if (int32_t status = configure(driver, record, fn, clusterSize))
    return status;
  if (int32_t status = launchKernel(driver, record, dims, cluster))
    return status;
  ++launches;
  return AC_LAUNCH_OK;
}

void acLauncher::releaseStreamBuffers() {
  const CudaDriver *driver = tryGetDriver(nullptr);
  for (StreamBuffer &buffer : streamBuffers) {
    if (!driver || !driver->cuMemFree)
      break;
    ScopedContext context(buffer.device, OnContextError::Report);
    if (context.active())
      driver->cuMemFree(buffer.address);
  }
  streamBuffers.clear();
}

extern "C" acLauncher *acLauncherCreate(const acLaunchPlan *plan) {
  if (!validatePlan(plan))
    return nullptr;
  clearLastError();
  return new acLauncher(*plan);
}

extern "C" int32_t acLauncherLaunch(acLauncher *launcher, int64_t *record) {
  if (!launcher || !record) {
    setLastError("acLauncherLaunch: null launcher or record");
    return AC_LAUNCH_INVALID;
  }
  std::lock_guard<std::mutex> lock(launcher->mutex);
  int32_t status = launcher->launch(record);
  if (status == AC_LAUNCH_OK)
    clearLastError();
  return status;
}

extern "C" void acLauncherDestroy(acLauncher *launcher) {
  if (!launcher)
    return;
  {
    std::lock_guard<std::mutex> lock(launcher->mutex);
    launcher->releaseStreamBuffers();
  }
  delete launcher;
}

extern "C" int64_t acLauncherCounter(const acLauncher *launcher,
                                     int32_t counter) {
  if (!launcher)
    return -1;
  auto *l = const_cast<acLauncher *>(launcher);
  std::lock_guard<std::mutex> lock(l->mutex);
  switch (counter) {
  case AC_LAUNCHER_LAUNCHES:
    return l->launches;
  case AC_LAUNCHER_MAPS_ENCODED:
    return l->mapsEncoded;
  case AC_LAUNCHER_SCRATCH_FILLS:
    return l->scratchFills;
  case AC_LAUNCHER_SCRATCH_BUFFERS:
    return int64_t(l->streamBuffers.size());
  default:
    return -1;
  }
}
