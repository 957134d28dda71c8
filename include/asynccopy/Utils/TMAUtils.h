//===- TMAUtils.h - TMA element storage and target chips --------*- C++ -*-===//
//
// What the compiler derives from the hardware limits of
// asynccopy/Hardware/Limits.h: element storage, target chips and PTX
// versions. The element types of reductions and tensor maps, which need the
// dialect's ReductionKind, are in Dialect/AsyncCopy/IR/ElementTypes.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_UTILS_TMAUTILS_H
#define ASYNCCOPY_UTILS_TMAUTILS_H

#include "asynccopy/Hardware/Limits.h"

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::asynccopy {

/// The hardware limits (asynccopy/Hardware/Limits.h), named the same inside
/// mlir::asynccopy.
namespace hw = ::asynccopy::hw;

namespace tma {
/// The hardware limits, also reachable as tma::kMaxRank, tma::kMaxBoxDim, ...
using namespace ::asynccopy::hw;

/// Bits one element of `type` occupies in GPU memory: its bit width, except
/// for tf32, which is stored in 32 bits (19 of them significant).
int64_t storageBits(Type type);

/// The SM version of an NVVM chip name `sm_<N>` with an optional `a` or `f`
/// suffix (sm_90a -> 90), or nullopt for anything else.
std::optional<unsigned> parseSmVersion(llvm::StringRef chip);

/// The oldest SM version among the NVVM targets of the GPU module around
/// `op`, or nullopt when there is none (no module, no NVVM target, or chips
/// that do not parse): such code counts as sm_90a, the default chip.
std::optional<unsigned> targetSmVersion(Operation *op);

/// The PTX ISA version (x10) of the pipelines' default target features
/// (nvptx::defaultFeatures: `+ptx81`), assumed where no NVVM target says
/// otherwise.
inline constexpr unsigned kDefaultPtxVersion = 81;

/// The oldest PTX ISA version (x10, e.g. 80) the GPU module of `op` is
/// compiled for: `+ptxNN` in the features of its NVVM targets, else a lower
/// bound of what LLVM picks for the chip (7.0 for sm_80, 7.1 up to sm_89,
/// 7.8 from sm_90); kDefaultPtxVersion without NVVM targets.
unsigned targetPtxVersion(Operation *op);

/// The PTX ISA version of `fence.proxy.tensormap::generic.acquire`, with
/// which a `peer` TMA copy acquires its per-PE tensor map.
constexpr unsigned kTensorMapFencePtx = 83;

/// Whether every NVVM target of the GPU module around `op` is `sm` or newer.
bool targetsAtLeast(Operation *op, unsigned sm);

/// Whether `op` may use TMA, bulk copies, clusters and elect.sync (sm_90+).
inline bool targetsHopper(Operation *op) { return targetsAtLeast(op, 90); }
} // namespace tma
} // namespace mlir::asynccopy

#endif // ASYNCCOPY_UTILS_TMAUTILS_H
