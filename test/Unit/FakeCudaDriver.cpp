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
// misaligned address) and records its arguments. fakeCuda() returns the
// state.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"

#include <cstring>
#include <mutex>

using namespace asynccopy::runtime::cuda;

namespace {
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
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
} // namespace

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

FAKE_EXPORT FakeCudaState *fakeCuda() { return &state; }

FAKE_EXPORT CUresult cuInit(unsigned) { return CUDA_SUCCESS; }

FAKE_EXPORT CUresult cuGetErrorString(CUresult, const char **text) {
  *text = "fake driver error";
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuGetErrorName(CUresult result, const char **name) {
  *name = result == CUDA_ERROR_INVALID_HANDLE ? "CUDA_ERROR_INVALID_HANDLE"
                                              : "CUDA_ERROR_INVALID_VALUE";
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice) {
  *ctx = newHandle<CUcontext>(1, 1);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxPushCurrent_v2(CUcontext) { return CUDA_SUCCESS; }

FAKE_EXPORT CUresult cuCtxPopCurrent_v2(CUcontext *ctx) {
  *ctx = newHandle<CUcontext>(1, 1);
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

FAKE_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  // "Device memory" comes from a static arena: the runtime keeps some of it
  // for the life of the process, which LeakSanitizer would report as heap.
  alignas(256) static unsigned char arena[1 << 20];
  static size_t used = 0;
  std::lock_guard<std::mutex> lock(stateMutex);
  size_t rounded = (bytes + 255) / 256 * 256;
  if (used + rounded > sizeof(arena))
    return CUDA_ERROR_OUT_OF_MEMORY;
  unsigned char *memory = arena + used;
  used += rounded;
  std::memset(memory, 0xA5, bytes);
  *ptr = reinterpret_cast<CUdeviceptr>(memory);
  ++state.allocations;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                     size_t bytes) {
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
  return CUDA_SUCCESS;
}
