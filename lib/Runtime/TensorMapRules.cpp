//===- TensorMapRules.cpp - Hardware rules of tiled TMA tensor maps -------===//
//
// The rules are those cuTensorMapEncodeTiled documents for tiled,
// non-interleaved maps with unit element strides; each failure names the
// field and what would be legal. Also the driver-free C entry points
// acTensorMapValidateTiled, acGetLastError and acTensorMapDescriptorBytes.
//
//===----------------------------------------------------------------------===//

#include "TensorMapRules.h"

#include "asynccopy/Runtime/TensorMap.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace asynccopy::runtime {
using namespace cuda;

namespace {
thread_local char lastError[512];

/// Formats "tensor map: ..." into `error` and returns false.
__attribute__((format(printf, 3, 4))) bool fail(char *error, size_t size,
                                                const char *format, ...) {
  int n = std::snprintf(error, size, "tensor map: ");
  if (n < 0 || size_t(n) >= size)
    return false;
  va_list args;
  va_start(args, format);
  std::vsnprintf(error + n, size - n, format, args);
  va_end(args);
  return false;
}

bool isMultiple(int64_t value, int64_t of) { return value % of == 0; }
} // namespace

static_assert(AC_ELEMENT_BF16 == hw::kLastAcElementType &&
                  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ ==
                      hw::kNumElementTypes - 1,
              "acElementType and CUtensorMapDataType share hw::kElementTypes");
static_assert(AC_TENSOR_MAP_BYTES == hw::kDescriptorBytes &&
                  AC_TENSOR_MAP_BYTES == sizeof(CUtensorMap) &&
                  AC_TENSOR_MAP_ALIGN == alignof(CUtensorMap),
              "a tensor map's size and alignment (ABI.h)");

bool getElementFromAcType(int32_t elementType, hw::ElementType *element) {
  if (elementType < AC_ELEMENT_U8 || elementType > hw::kLastAcElementType)
    return false;
  *element = *hw::getElementType(elementType);
  return true;
}

bool getElementFromCuType(int64_t cuType, hw::ElementType *element) {
  const hw::ElementType *found = hw::getElementType(cuType);
  if (!found)
    return false;
  *element = *found;
  return true;
}

bool meetsTensorRules(int32_t rank, const void *globalAddress,
                      const int64_t *globalDims,
                      const int64_t *globalStridesBytes) {
  if (rank < 1 || rank > hw::kMaxRank || !globalDims ||
      (rank > 1 && !globalStridesBytes))
    return false;
  if (reinterpret_cast<uintptr_t>(globalAddress) % hw::kGlobalAlignBytes != 0)
    return false;
  for (int d = 0; d < rank; ++d)
    if (globalDims[d] < 1 || globalDims[d] > hw::kMaxCoordinateExtent)
      return false;
  for (int d = 1; d < rank; ++d) {
    int64_t stride = globalStridesBytes[d - 1];
    if (stride <= 0 || !isMultiple(stride, hw::kGlobalAlignBytes) ||
        stride >= hw::kMaxGlobalStrideBytes)
      return false;
  }
  return true;
}

bool validateTiledTensorMap(const TiledTensorMap &map, char *error,
                            size_t size) {
  if (map.rank < 1 || map.rank > hw::kMaxRank)
    return fail(error, size, "rank %d is out of range: must be 1 to %lld",
                map.rank, (long long)hw::kMaxRank);

  // An empty tensor's memory is never accessed (see isEmptyTensorMap): its
  // address and strides do not matter.
  bool empty = isEmptyTensorMap(map);
  auto address = reinterpret_cast<uintptr_t>(map.globalAddress);
  if (!empty && address % hw::kGlobalAlignBytes != 0)
    return fail(error, size,
                "global address %p is not %lld-B aligned: pass a tensor "
                "whose base (address + offset) is a multiple of %lld B",
                map.globalAddress, (long long)hw::kGlobalAlignBytes,
                (long long)hw::kGlobalAlignBytes);

  for (int d = 0; d < map.rank; ++d) {
    int64_t dim = map.globalDims[d];
    if (dim < 0 || dim > hw::kMaxCoordinateExtent)
      return fail(error, size,
                  "global size %lld of dim %d is out of range: must be 0 (an "
                  "empty tensor) to %lld (TMA coordinates are signed "
                  "32-bit)",
                  (long long)dim, d, (long long)hw::kMaxCoordinateExtent);
  }

  for (int d = 1; d < map.rank && !empty; ++d) {
    int64_t stride = map.globalStridesBytes[d - 1];
    if (stride <= 0)
      return fail(error, size,
                  "global stride %lld B of dim %d is not positive: must be a "
                  "positive multiple of %lld B (TMA cannot broadcast)",
                  (long long)stride, d, (long long)hw::kGlobalAlignBytes);
    if (!isMultiple(stride, hw::kGlobalAlignBytes))
      return fail(error, size,
                  "global stride %lld B of dim %d is not a multiple of %lld B: "
                  "pad the rows to a multiple of %lld B or copy without TMA",
                  (long long)stride, d, (long long)hw::kGlobalAlignBytes,
                  (long long)hw::kGlobalAlignBytes);
    if (stride >= hw::kMaxGlobalStrideBytes)
      return fail(error, size,
                  "global stride %lld B of dim %d is too large: must be below "
                  "2^40 B",
                  (long long)stride, d);
  }

  for (int d = 0; d < map.rank; ++d) {
    int64_t box = map.boxDims[d];
    if (box < 1 || box > hw::kMaxBoxDim)
      return fail(error, size,
                  "box size %lld of dim %d is out of range: must be 1 to %lld",
                  (long long)box, d, (long long)hw::kMaxBoxDim);
  }

  int64_t innerBoxBytes = map.boxDims[0] * map.element.bytes;
  if (!isMultiple(innerBoxBytes, hw::kBoxInnerAlignBytes))
    return fail(error, size,
                "inner box dim spans %lld B (%lld x %lld-B %s), not a "
                "multiple of %lld B: make box size of dim 0 a multiple of "
                "%lld",
                (long long)innerBoxBytes, (long long)map.boxDims[0],
                (long long)map.element.bytes, map.element.name,
                (long long)hw::kBoxInnerAlignBytes,
                (long long)(hw::kBoxInnerAlignBytes / map.element.bytes));

  int64_t swizzle = map.swizzleBytes;
  if (!hw::isValidSwizzle(swizzle))
    return fail(error, size, "swizzle %lld B is not 0, 32, 64 or 128",
                (long long)swizzle);
  if (!hw::fitsSwizzleSpan(innerBoxBytes, swizzle))
    return fail(error, size,
                "inner box dim spans %lld B, more than the %lld-B swizzle "
                "span: must be at most %lld B (box size of dim 0 at most "
                "%lld)",
                (long long)innerBoxBytes, (long long)swizzle,
                (long long)swizzle, (long long)(swizzle / map.element.bytes));

  if (map.oobFill != AC_OOB_FILL_ZERO && map.oobFill != AC_OOB_FILL_NAN)
    return fail(error, size, "oob fill %lld is not 0 (zeros) or 1 (nan)",
                (long long)map.oobFill);
  if (map.oobFill == AC_OOB_FILL_NAN && !map.element.isFloat)
    return fail(error, size,
                "oob fill nan needs a floating-point element type, not %s: "
                "use 0 (zeros)",
                map.element.name);

  int64_t l2 = map.l2PromotionBytes;
  if (!hw::isValidL2Promotion(l2))
    return fail(error, size, "l2 promotion %lld B is not 0, 64, 128 or 256",
                (long long)l2);
  return true;
}

bool isEmptyTensorMap(const TiledTensorMap &map) {
  for (int d = 0; d < map.rank && d < hw::kMaxRank; ++d)
    if (map.globalDims[d] == 0)
      return true;
  return false;
}

CUtensorMapSwizzle swizzleFromBytes(int64_t bytes) {
  switch (bytes) {
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  default:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

CUtensorMapL2promotion l2PromotionFromBytes(int64_t bytes) {
  switch (bytes) {
  case 64:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_64B;
  case 128:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  case 256:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  default:
    return CU_TENSOR_MAP_L2_PROMOTION_NONE;
  }
}

void setLastError(const char *message) {
  std::snprintf(lastError, sizeof(lastError), "%s", message);
}

void clearLastError() { lastError[0] = '\0'; }

const char *lastErrorMessage() { return lastError; }

/// Checks the C arguments and gathers them into `map`; false with the last
/// error set if they are malformed or break a rule.
bool buildTiledTensorMap(int32_t elementType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, int32_t swizzleBytes,
                         int32_t oobFill, int32_t l2PromotionBytes,
                         TiledTensorMap *map) {
  char error[512];
  *map = TiledTensorMap();
  if (!getElementFromAcType(elementType, &map->element)) {
    fail(error, sizeof(error),
         "element type %d is not an acElementType: must be 0 to %d (u8, "
         "u16, u32, s32, u64, s64, f16, f32, f64, bf16)",
         elementType, AC_ELEMENT_BF16);
    setLastError(error);
    return false;
  }
  map->rank = rank;
  map->globalAddress = globalAddress;
  map->swizzleBytes = swizzleBytes;
  map->oobFill = oobFill;
  map->l2PromotionBytes = l2PromotionBytes;
  if (rank >= 1 && rank <= hw::kMaxRank) {
    const char *nullArray = !globalDims ? "globalDims"
                            : !boxDims  ? "boxDims"
                            : (rank > 1 && !globalStridesBytes)
                                ? "globalStridesBytes"
                                : nullptr;
    if (nullArray) {
      fail(error, sizeof(error), "%s is null: rank %d needs %d entries",
           nullArray, rank,
           std::strcmp(nullArray, "globalStridesBytes") ? rank : rank - 1);
      setLastError(error);
      return false;
    }
    for (int d = 0; d < rank; ++d) {
      map->globalDims[d] = globalDims[d];
      map->boxDims[d] = boxDims[d];
    }
    for (int d = 1; d < rank; ++d)
      map->globalStridesBytes[d - 1] = globalStridesBytes[d - 1];
  }
  if (!validateTiledTensorMap(*map, error, sizeof(error))) {
    setLastError(error);
    return false;
  }
  return true;
}

} // namespace asynccopy::runtime

using namespace asynccopy::runtime;

extern "C" int32_t acTensorMapDescriptorBytes(void) {
  return int32_t(asynccopy::hw::kDescriptorBytes);
}

extern "C" const char *acGetLastError(void) { return lastErrorMessage(); }

extern "C" int32_t
acTensorMapValidateTiled(int32_t elementType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, int32_t swizzleBytes,
                         int32_t oobFill, int32_t l2PromotionBytes) {
  TiledTensorMap map;
  if (!buildTiledTensorMap(elementType, rank, globalAddress, globalDims,
                           globalStridesBytes, boxDims, swizzleBytes, oobFill,
                           l2PromotionBytes, &map))
    return AC_TENSOR_MAP_INVALID;
  clearLastError();
  return AC_TENSOR_MAP_OK;
}
