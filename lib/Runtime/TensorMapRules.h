//===- TensorMapRules.h - Hardware rules of tiled TMA tensor maps *- C++
//-*-===//
//
// The checks behind acTensorMapValidateTiled, acTensorMapEncodeTiled and
// mgpuTensorMapEncodeTiledMemref, shared so all three say the same thing.
// Needs no driver. Private to lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_TENSORMAPRULES_H
#define ASYNCCOPY_LIB_RUNTIME_TENSORMAPRULES_H

#include "CudaDriverTypes.h"

#include "asynccopy/Hardware/Limits.h"

#include <cstddef>
#include <cstdint>

namespace asynccopy::runtime {

/// The element of an acElementType value; false if there is none.
bool getElementFromAcType(int32_t elementType, hw::ElementType *element);
/// The element of a CUtensorMapDataType value (0-12: the byte-sized types);
/// false if there is none or it is a packed sub-byte type.
bool getElementFromCuType(int64_t cuType, hw::ElementType *element);

/// A tiled tensor map, innermost dim first. `globalStridesBytes` holds the
/// byte strides of dims 1..rank-1.
struct TiledTensorMap {
  hw::ElementType element;
  int rank;
  const void *globalAddress; // null: not known, alignment not checked
  int64_t globalDims[hw::kMaxRank];
  int64_t globalStridesBytes[hw::kMaxRank - 1];
  int64_t boxDims[hw::kMaxRank];
  int64_t swizzleBytes;
  int64_t oobFill;
  int64_t l2PromotionBytes;
};

/// Checks `map` against the hardware's rules (rank, alignment, dims, strides,
/// box, swizzle span, OOB fill, L2 promotion). Returns true if legal;
/// otherwise writes "tensor map: <what is wrong>: <what would be legal>" to
/// `error`.
bool validateTiledTensorMap(const TiledTensorMap &map, char *error,
                            size_t size);

/// Whether the rules that depend on the tensor itself hold (C arguments,
/// innermost first): a 16-B aligned address, dims 1 to kMaxCoordinateExtent,
/// strides positive 16-B multiples below 2^40 B. A kernel with a `fallback`
/// map checks exactly these before it uses the map
/// (asynccopy-select-implementation's TMA guard).
bool meetsTensorRules(int32_t rank, const void *globalAddress,
                      const int64_t *globalDims,
                      const int64_t *globalStridesBytes);

/// Whether a global dim is 0: the tensor has no element, so every box is
/// entirely out of bounds. Its address and strides are not checked; the
/// encoders point such a map at runtime-owned scratch memory instead.
bool isEmptyTensorMap(const TiledTensorMap &map);

/// The CUtensorMap enums of legal byte values (validateTiledTensorMap passed).
cuda::CUtensorMapSwizzle swizzleFromBytes(int64_t bytes);
cuda::CUtensorMapL2promotion l2PromotionFromBytes(int64_t bytes);

/// Checks the C arguments of acTensorMapValidateTiled/acTensorMapEncodeTiled
/// and gathers them into `map`; false, with the last error set, if they are
/// malformed or break a rule.
bool buildTiledTensorMap(int32_t elementType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, int32_t swizzleBytes,
                         int32_t oobFill, int32_t l2PromotionBytes,
                         TiledTensorMap *map);

/// Within its scope, the stream on which this thread's encodings fill an
/// empty tensor's scratch slot: a launcher's launch stream, so that the
/// fill is ordered before that launch on any stream (and captured with it
/// into a CUDA graph). Outside one, the legacy default stream.
class EmptyTensorFillStream {
public:
  explicit EmptyTensorFillStream(cuda::CUstream stream);
  ~EmptyTensorFillStream();
  EmptyTensorFillStream(const EmptyTensorFillStream &) = delete;
  EmptyTensorFillStream &operator=(const EmptyTensorFillStream &) = delete;
  static cuda::CUstream current();

private:
  cuda::CUstream previous;
};

/// The per-thread message acGetLastError returns.
void setLastError(const char *message);
void clearLastError();
const char *lastErrorMessage();

} // namespace asynccopy::runtime

#endif // ASYNCCOPY_LIB_RUNTIME_TENSORMAPRULES_H
