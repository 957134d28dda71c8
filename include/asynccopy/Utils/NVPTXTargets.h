//===- NVPTXTargets.h - chips and PTX versions of the NVPTX back end -*- C++
//-*-===//
//
// LLVM's NVPTX back end aborts on a chip it does not know ("Cannot select")
// and on a PTX version below the chip's minimum ("PTX version 8.0 does not
// support target 'sm_100a'"). The pipelines and the conversion check chips
// and features here first. The table mirrors the back end of the linked LLVM;
// test/Unit/Utils/NVPTXTargetsTest.cpp checks it against that back end.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_UTILS_NVPTXTARGETS_H
#define ASYNCCOPY_UTILS_NVPTXTARGETS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::asynccopy::nvptx {

/// A chip of the NVPTX back end and the lowest PTX ISA version (major * 10 +
/// minor) it accepts for it.
struct Chip {
  llvm::StringLiteral name;
  unsigned minPtx;
};

/// Every chip the back end knows.
ArrayRef<Chip> knownChips();

/// Every PTX ISA version the back end can emit (`+ptx<N>` features).
ArrayRef<unsigned> knownPtxVersions();

/// The PTX version the asynccopy lowering needs at least (elect.sync,
/// mbarrier expect_tx/try_wait, bulk and tensor copies: PTX 8.0).
constexpr unsigned kLoweringMinPtx = 80;

/// The PTX version the pipelines pick when the chip allows it: 8.1 adds
/// st.async, which remote (DSMEM) sync copies complete on the receiver's
/// mbarrier instead of plain stores and a separate release arrival.
constexpr unsigned kStAsyncPtx = 81;

/// The lowest PTX version the back end accepts for `chip`, or nullopt for a
/// chip it does not know.
std::optional<unsigned> minPtxVersion(StringRef chip);

/// Why `chip` cannot be compiled for ("is not an NVIDIA GPU architecture;
/// ..." or "is not a chip ... knows ..."), to follow "chip 'X' " or "chip 'X',
/// which "; nullopt for a known chip.
std::optional<std::string> checkChip(StringRef chip);

/// The `features` of a known `chip` when none are given: the lowest PTX
/// version the chip accepts, at least kStAsyncPtx.
std::string defaultFeatures(StringRef chip);

/// The most static shared memory (.shared variables) a kernel for a known
/// `chip` may declare, as ptxas enforces it: 48 KiB for portable chips (base
/// and `f`); the SMEM a CTA can have for architecture-specific (`a`) ones:
/// 227 KiB (sm_90a, sm_10xa, sm_110a), 99 KiB (sm_12xa). An H200 runs sm_90a
/// kernels with 200 KiB of static shared memory.
int64_t maxStaticSmemBytes(StringRef chip);

/// The most shared memory a kernel for a known `chip` may use once it opts
/// in (dynamic shared memory and the kernel's max-dynamic-SMEM attribute):
/// 227 KiB on sm_90, sm_10x and sm_110, 163 KiB on sm_80 and sm_87, 99 KiB on
/// sm_86, sm_89 and sm_12x; 48 KiB on chips the table does not know.
int64_t maxDynamicSmemBytes(StringRef chip);

/// Checks explicit `features` for a known `chip`: a comma-separated list of
/// `+ptx<N>` the back end knows, whose highest version is at least what the
/// chip and the lowering need. Returns the problem, or nullopt.
std::optional<std::string> checkFeatures(StringRef chip, StringRef features);

} // namespace mlir::asynccopy::nvptx

#endif // ASYNCCOPY_UTILS_NVPTXTARGETS_H
