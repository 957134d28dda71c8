//===- TensorMapEncode.cpp - Encoding tiled TMA tensor maps ---------------===//
//
// acTensorMapEncodeTiled (the project's encoder: reports, never exits),
// acTensorMapEncodeTiledOrExit (the same for generated host code: exits on
// failure) and mgpuTensorMapEncodeTiledMemref (MLIR's ABI: builds the map of
// a memref in device memory, exits on failure). All check the map with
// validateTiledTensorMap before the driver sees it.
//
// acTensorMapEncodeTiled keeps the maps it encoded in a small per-thread
// cache keyed by every argument that goes into the map: generated host code
// encodes each map before every launch, and an argument that did not change
// since the last launch is copied from the cache instead of validated and
// encoded again (no context push/pop, no driver call). The encoding is a
// pure function of those arguments, so a hit gives the bytes the driver
// would; maps of empty tensors (which point at freshly filled scratch) are
// never cached. ASYNCCOPY_TENSOR_MAP_CACHE=0 turns the cache off.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "MemRefDescriptor.h"
#include "TensorMapRules.h"

#include "asynccopy/Runtime/MgpuABI.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace asynccopy::runtime {
using namespace cuda;

namespace {
/// Slots of the scratch memory the maps of empty tensors point at.
thread_local CUstream emptyTensorFillStream = nullptr;

constexpr int kEmptyTensorSlots = 64;
constexpr int64_t kEmptyTensorSlotBytes = 16;

/// Points the map of an empty tensor at scratch memory: the driver rejects
/// extent 0, so the map covers one element (extent 1 in every dim) at a 16-B
/// slot of runtime-owned device memory, filled with the map's out-of-bounds
/// fill (zeros, or all-ones bytes: a NaN). Loads then read the fill for every
/// element, stores and reductions reach only the slot. The slot is refilled
/// at each encoding on the EmptyTensorFillStream (a launcher's launch
/// stream, else the legacy one), so after the kernels that wrote it before
/// on that stream and before the launch that uses the map;
/// consecutive maps take different slots, so a kernel storing into one empty
/// tensor does not change what it loads from another. Needs the context of
/// `device` current; false with a message on failure.
bool pointAtEmptyTensorScratch(const CudaDriver &driver, CUdevice device,
                               TiledTensorMap *map, char *error, size_t size) {
  static std::mutex mutex;
  static std::map<CUdevice, CUdeviceptr> scratch;
  static std::atomic<unsigned> nextSlot{0};
  if (!driver.cuMemAlloc || !driver.cuMemsetD32Async) {
    std::snprintf(error, size,
                  "the CUDA driver does not export %s (needed for the map of "
                  "an empty tensor)",
                  driver.cuMemAlloc ? AC_CU_SYMBOL(cuMemsetD32Async)
                                    : AC_CU_SYMBOL(cuMemAlloc));
    return false;
  }
  auto failed = [&](const char *what, const char *call, CUresult result) {
    char reason[160];
    describeError(result, reason, sizeof(reason));
    std::snprintf(error, size,
                  "cannot %s the scratch memory the map of an empty tensor "
                  "points at: %s failed: %s",
                  what, call, reason);
    return false;
  };
  CUdeviceptr base = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = scratch.find(device);
    if (it == scratch.end()) {
      if (CUresult result = driver.cuMemAlloc(&base, kEmptyTensorSlots *
                                                         kEmptyTensorSlotBytes))
        return failed("allocate", "cuMemAlloc", result);
      it = scratch.emplace(device, base).first;
    }
    base = it->second;
  }
  CUdeviceptr slot =
      base + (nextSlot++ % kEmptyTensorSlots) * kEmptyTensorSlotBytes;
  unsigned fill = map->oobFill == AC_OOB_FILL_NAN ? 0xFFFFFFFFu : 0u;
  if (CUresult result =
          driver.cuMemsetD32Async(slot, fill, kEmptyTensorSlotBytes / 4,
                                  EmptyTensorFillStream::current()))
    return failed("fill", "cuMemsetD32Async", result);
  map->globalAddress = reinterpret_cast<const void *>(slot);
  for (int d = 0; d < map->rank; ++d)
    map->globalDims[d] = 1;
  for (int d = 1; d < map->rank; ++d)
    map->globalStridesBytes[d - 1] = kEmptyTensorSlotBytes;
  return true;
}

/// Encodes a validated `map` into `out` with the driver (an empty tensor's
/// map covers scratch memory instead). `swizzle` is the driver's enum for
/// map.swizzleBytes (the 128-B atom variants share 128).
/// False with a message (no "asynccopy runtime: " prefix) on failure.
bool encodeWithDriver(TiledTensorMap map, CUtensorMapSwizzle swizzle,
                      CUtensorMap *out, char *error, size_t size) {
  const char *loadError = nullptr;
  const CudaDriver *driver = tryGetDriver(&loadError);
  if (!driver) {
    copyMessage(error, size, loadError);
    return false;
  }
  if (!driver->cuTensorMapEncodeTiled) {
    std::snprintf(error, size,
                  "the CUDA driver does not export cuTensorMapEncodeTiled "
                  "(tensor maps need CUDA 12 or newer)");
    return false;
  }
  ScopedContext context(OnContextError::Report);
  if (!context.active()) {
    copyMessage(error, size, context.error());
    return false;
  }
  if (isEmptyTensorMap(map) &&
      !pointAtEmptyTensorScratch(*driver, context.device(), &map, error, size))
    return false;

  uint64_t globalDims[hw::kMaxRank] = {};
  uint64_t globalStrides[hw::kMaxRank - 1] = {};
  uint32_t boxDims[hw::kMaxRank] = {};
  uint32_t elementStrides[hw::kMaxRank] = {1, 1, 1, 1, 1};
  for (int d = 0; d < map.rank; ++d) {
    globalDims[d] = uint64_t(map.globalDims[d]);
    boxDims[d] = uint32_t(map.boxDims[d]);
  }
  for (int d = 1; d < map.rank; ++d)
    globalStrides[d - 1] = uint64_t(map.globalStridesBytes[d - 1]);

  CUresult result = driver->cuTensorMapEncodeTiled(
      out, CUtensorMapDataType(map.element.code), uint32_t(map.rank),
      const_cast<void *>(map.globalAddress), globalDims, globalStrides, boxDims,
      elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
      l2PromotionFromBytes(map.l2PromotionBytes),
      map.oobFill == AC_OOB_FILL_NAN
          ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
          : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) {
    char reason[160];
    describeError(result, reason, sizeof(reason));
    std::snprintf(error, size, "cuTensorMapEncodeTiled failed: %s", reason);
    return false;
  }
  return true;
}

/// Byte span of a CUtensorMapSwizzle value, or -1 if it is none.
int64_t swizzleBytesFromEnum(int64_t swizzle) {
  switch (swizzle) {
  case CU_TENSOR_MAP_SWIZZLE_NONE:
    return 0;
  case CU_TENSOR_MAP_SWIZZLE_32B:
    return 32;
  case CU_TENSOR_MAP_SWIZZLE_64B:
    return 64;
  default:
    // 128B and its 32-B/64-B atom variants all span 128 B.
    return swizzle >= CU_TENSOR_MAP_SWIZZLE_128B &&
                   swizzle <= CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B
               ? 128
               : -1;
  }
}

/// Bytes of a CUtensorMapL2promotion value, or -1 if it is none.
int64_t l2PromotionBytesFromEnum(int64_t l2Promotion) {
  switch (l2Promotion) {
  case CU_TENSOR_MAP_L2_PROMOTION_NONE:
    return 0;
  case CU_TENSOR_MAP_L2_PROMOTION_L2_64B:
    return 64;
  case CU_TENSOR_MAP_L2_PROMOTION_L2_128B:
    return 128;
  case CU_TENSOR_MAP_L2_PROMOTION_L2_256B:
    return 256;
  default:
    return -1;
  }
}
/// The arguments of acTensorMapEncodeTiled that determine the map, as a
/// plain array of words (compared with memcmp; unused dims stay zero).
struct EncodeKey {
  int64_t words[3 + 2 * hw::kMaxRank + (hw::kMaxRank - 1) + 3];

  /// False (no key: the call takes the uncached path, which reports what is
  /// wrong) if the arguments are not well-formed enough to read.
  bool set(int32_t elementType, int32_t rank, const void *globalAddress,
           const int64_t *globalDims, const int64_t *globalStridesBytes,
           const int32_t *boxDims, int32_t swizzleBytes, int32_t oobFill,
           int32_t l2PromotionBytes) {
    if (rank < 1 || rank > hw::kMaxRank || !globalDims || !boxDims ||
        (rank > 1 && !globalStridesBytes))
      return false;
    std::memset(words, 0, sizeof(words));
    int64_t *w = words;
    *w++ = elementType;
    *w++ = rank;
    *w++ = int64_t(reinterpret_cast<uintptr_t>(globalAddress));
    for (int d = 0; d < rank; ++d) {
      // An empty tensor's map points at scratch filled at each encoding.
      if (globalDims[d] == 0)
        return false;
      w[d] = globalDims[d];
      w[hw::kMaxRank + d] = boxDims[d];
      if (d > 0)
        w[2 * hw::kMaxRank + d - 1] = globalStridesBytes[d - 1];
    }
    w += 3 * hw::kMaxRank - 1; // dims, boxes, strides
    *w++ = swizzleBytes;
    *w++ = oobFill;
    *w++ = l2PromotionBytes;
    return true;
  }
};

/// A few maps per thread, replaced round-robin: a launch loop needs one
/// entry per map of its kernels. Per thread, so no lock on the launch path.
class EncodeCache {
public:
  static constexpr int kEntries = 16;

  /// Tries the entry after the last hit first: a launch loop encodes its
  /// maps in the same order every time, so that is usually the one.
  const CUtensorMap *find(const EncodeKey &key) {
    for (int n = 0; n < used; ++n) {
      int i = (lastHit + 1 + n) % used;
      if (std::memcmp(&entries[i].key, &key, sizeof(key)) == 0) {
        lastHit = i;
        return &entries[i].map;
      }
    }
    return nullptr;
  }

  void insert(const EncodeKey &key, const CUtensorMap &map) {
    Entry &entry = entries[next];
    entry.key = key;
    entry.map = map;
    lastHit = next;
    next = (next + 1) % kEntries;
    if (used < kEntries)
      ++used;
  }

private:
  struct Entry {
    EncodeKey key;
    CUtensorMap map;
  };
  Entry entries[kEntries];
  int used = 0;
  int next = 0;
  int lastHit = 0;
};

bool encodeCacheEnabled() {
  static const bool enabled = [] {
    const char *value = std::getenv("ASYNCCOPY_TENSOR_MAP_CACHE");
    return !(value && std::strcmp(value, "0") == 0);
  }();
  return enabled;
}

EncodeCache &threadEncodeCache() {
  static thread_local EncodeCache cache;
  return cache;
}
} // namespace

EmptyTensorFillStream::EmptyTensorFillStream(CUstream stream)
    : previous(emptyTensorFillStream) {
  emptyTensorFillStream = stream;
}

EmptyTensorFillStream::~EmptyTensorFillStream() {
  emptyTensorFillStream = previous;
}

CUstream EmptyTensorFillStream::current() { return emptyTensorFillStream; }

} // namespace asynccopy::runtime

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

extern "C" int32_t
acTensorMapEncodeTiled(void *tensorMap, int32_t elementType, int32_t rank,
                       const void *globalAddress, const int64_t *globalDims,
                       const int64_t *globalStridesBytes,
                       const int32_t *boxDims, int32_t swizzleBytes,
                       int32_t oobFill, int32_t l2PromotionBytes) {
  char error[512];
  if (reinterpret_cast<uintptr_t>(tensorMap) %
              asynccopy::hw::kDescriptorAlignBytes !=
          0 ||
      !tensorMap) {
    std::snprintf(error, sizeof(error),
                  "tensor map: descriptor address %p is not a %lld-B aligned "
                  "buffer of %lld B",
                  tensorMap, (long long)asynccopy::hw::kDescriptorAlignBytes,
                  (long long)asynccopy::hw::kDescriptorBytes);
    setLastError(error);
    return AC_TENSOR_MAP_INVALID;
  }
  EncodeKey key;
  bool cacheable =
      encodeCacheEnabled() &&
      key.set(elementType, rank, globalAddress, globalDims, globalStridesBytes,
              boxDims, swizzleBytes, oobFill, l2PromotionBytes);
  if (cacheable) {
    // These arguments were validated and encoded before: same bytes.
    if (const CUtensorMap *cached = threadEncodeCache().find(key)) {
      std::memcpy(tensorMap, cached, sizeof(*cached));
      clearLastError();
      return AC_TENSOR_MAP_OK;
    }
  }
  TiledTensorMap map;
  if (!buildTiledTensorMap(elementType, rank, globalAddress, globalDims,
                           globalStridesBytes, boxDims, swizzleBytes, oobFill,
                           l2PromotionBytes, &map))
    return AC_TENSOR_MAP_INVALID;
  if (!globalAddress && !isEmptyTensorMap(map)) {
    setLastError("tensor map: global address is null: must be the device "
                 "address of the tensor's first element");
    return AC_TENSOR_MAP_INVALID;
  }

  CUtensorMap encoded;
  char reason[480];
  if (!encodeWithDriver(map, swizzleFromBytes(map.swizzleBytes), &encoded,
                        reason, sizeof(reason))) {
    std::snprintf(error, sizeof(error), "asynccopy runtime: %s", reason);
    setLastError(error);
    return AC_TENSOR_MAP_DRIVER_ERROR;
  }
  std::memcpy(tensorMap, &encoded, sizeof(encoded));
  if (cacheable)
    threadEncodeCache().insert(key, encoded);
  clearLastError();
  return AC_TENSOR_MAP_OK;
}

extern "C" void acTensorMapEncodeTiledOrExit(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes) {
  if (acTensorMapEncodeTiled(tensorMap, elementType, rank, globalAddress,
                             globalDims, globalStridesBytes, boxDims,
                             swizzleBytes, oobFill,
                             l2PromotionBytes) == AC_TENSOR_MAP_OK)
    return;
  // Driver errors already start with "asynccopy runtime: ".
  const char *message = lastErrorMessage();
  const char *prefix = "asynccopy runtime: ";
  if (std::strncmp(message, prefix, std::strlen(prefix)) == 0)
    message += std::strlen(prefix);
  fatal("%s: %s", __func__, message);
}

extern "C" int32_t acTensorMapEncodeTiledFallback(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes) {
  if (tensorMap &&
      reinterpret_cast<uintptr_t>(tensorMap) %
              asynccopy::hw::kDescriptorAlignBytes ==
          0 &&
      !meetsTensorRules(rank, globalAddress, globalDims, globalStridesBytes)) {
    std::memset(tensorMap, 0, asynccopy::hw::kDescriptorBytes);
    clearLastError();
    return AC_TENSOR_MAP_FALLBACK;
  }
  return acTensorMapEncodeTiled(tensorMap, elementType, rank, globalAddress,
                                globalDims, globalStridesBytes, boxDims,
                                swizzleBytes, oobFill, l2PromotionBytes);
}

extern "C" void acTensorMapEncodeTiledFallbackOrExit(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes) {
  int32_t status = acTensorMapEncodeTiledFallback(
      tensorMap, elementType, rank, globalAddress, globalDims,
      globalStridesBytes, boxDims, swizzleBytes, oobFill, l2PromotionBytes);
  if (status == AC_TENSOR_MAP_OK || status == AC_TENSOR_MAP_FALLBACK)
    return;
  // The same message as without a fallback.
  acTensorMapEncodeTiledOrExit(tensorMap, elementType, rank, globalAddress,
                               globalDims, globalStridesBytes, boxDims,
                               swizzleBytes, oobFill, l2PromotionBytes);
}

extern "C" void *
mgpuTensorMapEncodeTiledMemref(int64_t tensorRank, void *rankedDescriptor,
                               int64_t tensorDataType, int64_t interleave,
                               int64_t swizzle, int64_t l2Promotion,
                               int64_t oobFill, int64_t *inputBoxDims) {
  const char *site = "mgpuTensorMapEncodeTiledMemref";
  if (tensorRank < 1 || tensorRank > asynccopy::hw::kMaxRank)
    fatal("%s: tensor map: rank %lld is out of range: must be 1 to %lld", site,
          (long long)tensorRank, (long long)asynccopy::hw::kMaxRank);
  if (!rankedDescriptor || !inputBoxDims)
    fatal("%s: null memref descriptor or box dims", site);
  TiledTensorMap map;
  if (!getElementFromCuType(tensorDataType, &map.element))
    fatal("%s: tensor map: data type %lld is not supported: must be a "
          "CUtensorMapDataType of 1 to 8 B (0 to 12)",
          site, (long long)tensorDataType);
  if (interleave != CU_TENSOR_MAP_INTERLEAVE_NONE)
    fatal("%s: tensor map: interleave %lld is not supported: must be 0 "
          "(none)",
          site, (long long)interleave);
  int64_t swizzleBytes = swizzleBytesFromEnum(swizzle);
  if (swizzleBytes < 0)
    fatal("%s: tensor map: swizzle %lld is not a CUtensorMapSwizzle (0 to "
          "6)",
          site, (long long)swizzle);
  int64_t l2Bytes = l2PromotionBytesFromEnum(l2Promotion);
  if (l2Bytes < 0)
    fatal("%s: tensor map: l2 promotion %lld is not a "
          "CUtensorMapL2promotion (0 to 3)",
          site, (long long)l2Promotion);

  // The memref is outermost first; the tensor map innermost first.
  MemRefView memref(rankedDescriptor, tensorRank);
  const int64_t *sizes = memref.sizes();
  const int64_t *strides = memref.strides();
  int rank = int(tensorRank);
  map.rank = rank;
  map.globalAddress = memref.base(map.element.bytes);
  for (int d = 0; d < rank; ++d) {
    map.globalDims[d] = sizes[rank - 1 - d];
    map.boxDims[d] = inputBoxDims[rank - 1 - d];
  }
  for (int d = 1; d < rank; ++d)
    map.globalStridesBytes[d - 1] = strides[rank - 1 - d] * map.element.bytes;
  map.swizzleBytes = swizzleBytes;
  map.oobFill = oobFill;
  map.l2PromotionBytes = l2Bytes;
  if (strides[rank - 1] != 1 && sizes[rank - 1] != 1 && !isEmptyTensorMap(map))
    fatal("%s: tensor map: the innermost memref dim has stride %lld: TMA "
          "needs it contiguous (stride 1)",
          site, (long long)strides[rank - 1]);

  char error[512];
  if (!validateTiledTensorMap(map, error, sizeof(error)))
    fatal("%s: %s", site, error);

  CUtensorMap encoded;
  if (!encodeWithDriver(map, CUtensorMapSwizzle(swizzle), &encoded, error,
                        sizeof(error)))
    fatal("%s: %s", site, error);

  ScopedContext context;
  CUdeviceptr deviceMap = 0;
  AC_CU(cuMemAlloc, (&deviceMap, sizeof(encoded)));
  AC_CU(cuMemcpyHtoD, (deviceMap, &encoded, sizeof(encoded)));
  return reinterpret_cast<void *>(deviceMap);
}
