//===- Limits.h - Hardware limits of asynchronous GPU copies ----*- C++ -*-===//
//
// The one place that states the limits of the tensor memory accelerator, bulk
// and DSMEM copies, cp.async, clusters, mbarriers and shared memory on
// NVIDIA Ampere/Hopper, so the compiler (verifiers, the TMA planner,
// lowerings) and the runtime (the tensor-map encoder, the launch wrappers)
// cannot disagree. Plain C++17: no MLIR, LLVM or CUDA header.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_HARDWARE_LIMITS_H
#define ASYNCCOPY_HARDWARE_LIMITS_H

#include <cstdint>

namespace asynccopy::hw {

//===----------------------------------------------------------------------===//
// TMA tensor maps (tiled, non-interleaved, unit element strides)
//===----------------------------------------------------------------------===//

/// Tensor maps describe at most 5 dims.
constexpr int64_t kMaxRank = 5;
/// Each box dim holds 1 to 256 elements.
constexpr int64_t kMaxBoxDim = 256;
/// Global address and every global stride but the innermost: 16-B multiples.
constexpr int64_t kGlobalAlignBytes = 16;
/// Global strides are below 2^40 B.
constexpr int64_t kMaxGlobalStrideBytes = int64_t(1) << 40;
/// The innermost box dim spans a multiple of 16 B.
constexpr int64_t kBoxInnerAlignBytes = 16;
/// TMA coordinates are signed 32-bit. The compiled kernels saturate them,
/// which keeps every window that lies beyond a dim of at most this many
/// elements out of bounds (a saturated box start plus a box of up to
/// kMaxBoxDim elements never comes back into the tensor). The driver takes
/// dims up to 2^32; the compiler and the runtime encoder take at most this.
constexpr int64_t kMaxCoordinateExtent = (int64_t(1) << 31) - 1 - kMaxBoxDim;
/// A tensor map is 128 B and must be 64-B aligned in memory.
constexpr int64_t kDescriptorBytes = 128;
constexpr int64_t kDescriptorAlignBytes = 64;

/// True if `swizzle` (bytes) is a TMA swizzle mode: 0 (none), 32, 64, 128.
constexpr bool isValidSwizzle(int64_t swizzle) {
  return swizzle == 0 || swizzle == 32 || swizzle == 64 || swizzle == 128;
}
/// The innermost box dim of a swizzled map spans at most the swizzle span.
constexpr bool fitsSwizzleSpan(int64_t innerBoxBytes, int64_t swizzle) {
  return swizzle == 0 || innerBoxBytes <= swizzle;
}
/// A swizzle permutes the 16-B chunks of each 128-B row of SMEM: chunk c of
/// row r goes to c ^ (r mod (swizzle / 16)).
constexpr int64_t kSwizzleChunkBytes = 16;
constexpr int64_t kSwizzleRowBytes = 128;
/// The pattern repeats every 8 rows of the span: the swizzle atom.
constexpr int64_t swizzleAtomBytes(int64_t swizzle) { return 8 * swizzle; }
/// Tensor copies read and write a box at a 128-B aligned SMEM address, a
/// swizzled box at its swizzle atom (1024 B for 128-B swizzle); the hardware
/// faults with "misaligned shared address" otherwise.
constexpr int64_t smemBoxAlignBytes(int64_t swizzle) {
  return swizzle != 0 ? swizzleAtomBytes(swizzle) : 128;
}
/// The largest swizzle atom, which aligns a buffer for every swizzle mode.
constexpr int64_t kMaxSwizzleAtomBytes = smemBoxAlignBytes(128);
/// True if `bytes` is an L2 promotion of a tensor map: 0 (none), 64, 128, 256.
constexpr bool isValidL2Promotion(int64_t bytes) {
  return bytes == 0 || bytes == 64 || bytes == 128 || bytes == 256;
}
/// The L2 promotion of the compiled tensor maps: 256 B for data the copy
/// keeps in L2 (evict_last), 128 B otherwise.
constexpr int64_t kL2PromotionBytes = 128;
constexpr int64_t kL2PromotionEvictLastBytes = 256;
static_assert(isValidL2Promotion(kL2PromotionBytes) &&
              isValidL2Promotion(kL2PromotionEvictLastBytes));

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// An element type of a tensor map. `code` is its CUtensorMapDataType value;
/// the runtime's acElementType values 0-9 are the same codes.
struct ElementType {
  int32_t code;
  int64_t bytes;
  bool isFloat;
  const char *name;
};

/// Every byte-sized tensor-map element type, indexed by its code.
inline constexpr ElementType kElementTypes[] = {
    {0, 1, false, "u8"},         {1, 2, false, "u16"},
    {2, 4, false, "u32"},        {3, 4, false, "s32"},
    {4, 8, false, "u64"},        {5, 8, false, "s64"},
    {6, 2, true, "f16"},         {7, 4, true, "f32"},
    {8, 8, true, "f64"},         {9, 2, true, "bf16"},
    {10, 4, true, "f32 (ftz)"},  {11, 4, true, "tf32"},
    {12, 4, true, "tf32 (ftz)"},
};
constexpr int32_t kNumElementTypes =
    sizeof(kElementTypes) / sizeof(kElementTypes[0]);
/// Codes up to this one also have an acElementType (the runtime's C ABI).
constexpr int32_t kLastAcElementType = 9;

/// The element type of tensor-map data-type `code`, or null.
constexpr const ElementType *getElementType(int64_t code) {
  return code >= 0 && code < kNumElementTypes ? &kElementTypes[code] : nullptr;
}

//===----------------------------------------------------------------------===//
// Bulk, DSMEM and per-thread copies
//===----------------------------------------------------------------------===//

/// Bulk and DSMEM copies move multiples of 16 B from 16-B aligned addresses.
constexpr int64_t kBulkAlignBytes = 16;
/// cp.async moves 4, 8 or 16 B per thread (widest first); only 16-B
/// transfers may bypass L1 (`cp.async.cg`).
inline constexpr int64_t kCpAsyncBytes[] = {16, 8, 4};
constexpr int64_t kMinCpAsyncBytes = 4;
constexpr int64_t kCpAsyncBypassL1Bytes = 16;
/// The widest vector a thread moves in one access.
constexpr int64_t kMaxVectorBytes = 16;
/// st.async stores 4, 8 or 16 B into another CTA's SMEM (widest first).
inline constexpr int64_t kStAsyncBytes[] = {16, 8, 4};

//===----------------------------------------------------------------------===//
// Threads, clusters, mbarriers, shared memory
//===----------------------------------------------------------------------===//

/// Threads of a warp, and at most of a CTA.
constexpr int64_t kWarpThreads = 32;
constexpr int64_t kMaxCtaThreads = 1024;
/// Named barriers (`bar.sync`/`bar.arrive` ids) of a CTA; 0 is the CTA
/// barrier's.
constexpr int64_t kNamedBarriers = 16;

/// Hopper clusters hold at most 16 CTAs, 8 on every cluster-capable GPU (more
/// needs the non-portable-cluster-size opt-in); a multicast mask has one bit
/// per CTA of the cluster.
constexpr int64_t kMaxClusterCtas = 16;
constexpr int64_t kPortableClusterCtas = 8;
/// An mbarrier is one 8-B aligned 8-B word of shared memory.
constexpr int64_t kMbarrierBytes = 8;
/// mbarrier arrival and transaction counts are 20-bit.
constexpr int64_t kMaxMbarrierCount = (int64_t(1) << 20) - 1;
/// Shared memory one CTA may use: without opting in (any chip), and at most
/// (opting in through dynamic shared memory) on sm_90, sm_10x and sm_110, on
/// sm_80 and sm_87, and on sm_86, sm_89 and sm_12x.
constexpr int64_t kDefaultSmemBytes = 48 * 1024;
constexpr int64_t kMaxSmemBytes = 227 * 1024;
constexpr int64_t kMaxSmemBytesSm80 = 163 * 1024;
constexpr int64_t kMaxSmemBytesSm12x = 99 * 1024;

//===----------------------------------------------------------------------===//
// Warpgroup registers
//===----------------------------------------------------------------------===//

/// `setmaxnreg` sets a warpgroup's registers per thread to a multiple of 8,
/// at most 256.
constexpr int64_t kMaxSetMaxNRegCount = 256;

//===----------------------------------------------------------------------===//
// wgmma operands in shared memory
//===----------------------------------------------------------------------===//

/// One wgmma instruction consumes 32 B of K per operand row.
constexpr int64_t kWgmmaKBytes = 32;
/// wgmma reads SMEM in core matrices of 8 rows of 16 B.
constexpr int64_t kWgmmaCoreMatrixRows = 8;
constexpr int64_t kWgmmaCoreMatrixRowBytes = 16;
/// A matrix descriptor holds its byte offsets in 16-B units in 14-bit
/// fields: the leading offset at bit 16, the stride at bit 32, the swizzle
/// mode at bit 62.
constexpr int64_t kWgmmaDescriptorUnitShift = 4;
constexpr uint64_t kWgmmaDescriptorFieldMask = 0x3FFF;
constexpr int64_t kWgmmaDescriptorLeadingBit = 16;
constexpr int64_t kWgmmaDescriptorStrideBit = 32;
constexpr int64_t kWgmmaDescriptorSwizzleBit = 62;

} // namespace asynccopy::hw

#endif // ASYNCCOPY_HARDWARE_LIMITS_H
