//===- ThreadCopyPlan.h - how every thread of a CTA shares a copy -*- C++
//-*-===//
//
// Per-thread copies (cp.async and the synchronous fallback) cut the window,
// after its transforms and row-major over the box, into vectors of
// consecutive elements that are also consecutive in GMEM; vector v goes to
// the thread whose linear id is v mod blockSize. Remote (SMEM -> SMEM of
// another CTA) sync copies cover their views dim by dim instead. These plans
// are what the conversion lowers and what asynccopy-report counts.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_THREADCOPYPLAN_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_THREADCOPYPLAN_H

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

namespace mlir::asynccopy {

/// How a GMEM <-> SMEM copy splits into per-thread vectors.
struct ThreadCopyPlan {
  CopyLayout layout;
  /// The copy's transforms and the static GMEM element strides each one sees
  /// (stageStrides[i] are the strides before transforms[i]).
  SmallVector<GmemTransformAttrInterface> transforms;
  SmallVector<SmallVector<int64_t>> stageStrides;
  /// Elements per vector and number of vectors of the box.
  int64_t vectorElements = 1, numVectors = 0;
  /// What keeps vectors below 16 B: the GMEM layout (window start, row
  /// strides, contiguous run length), the SMEM view's offset, an element size
  /// that is not a power of two, bound checks (a checked vector stays on one
  /// GMEM row), or a reduction (one atomic per element).
  enum class VectorLimit {
    none,
    layout,
    smemOffset,
    element,
    bounds,
    reduction
  };
  VectorLimit vectorLimit = VectorLimit::none;
  /// Per GMEM dim: the bound is checked at run time.
  SmallVector<bool> checkDim;
  /// With bound checks and vectors of more than one element: the GMEM dim
  /// along which a vector's elements lie (its other coordinates are fixed).
  int64_t vectorDim = -1;
  /// The TMA swizzle span (bytes, 0 = none) and what is known of the SMEM
  /// view's byte offset from its allocation, which the swizzle depends on.
  int64_t swizzle = 0;
  KnownOffset smemByteOffset = KnownOffset::exact(0);

  bool checksBounds() const { return llvm::is_contained(checkDim, true); }
  int64_t vectorBytes() const { return vectorElements * layout.elementBytes(); }
};

/// Plans the cp.async copy `op` whose SMEM view starts `smemOffset` bytes
/// into its allocation: vectors of the widest transfer (16, 8 or 4 B) every
/// chunk allows, bound checks where the window may leave the tensor
/// (oob = zeros). Fails with the reason in `*reason`. `divisors` prove the
/// alignment of dynamic offsets (see computeCopyLayout).
FailureOr<ThreadCopyPlan> planCpAsyncCopy(AsyncCopyLikeOpInterface op,
                                          KnownOffset smemOffset,
                                          const KnownDivisors *divisors,
                                          std::string *reason);

/// Plans the sync-fallback copy `op` between GMEM and SMEM: the widest plain
/// vectors (<= 16 B) the layout allows, one element per atomic for
/// reductions, bound checks for oob = zeros and nan.
FailureOr<ThreadCopyPlan> planSyncCopy(AsyncCopyLikeOpInterface op,
                                       KnownOffset smemOffset,
                                       const KnownDivisors *divisors,
                                       std::string *reason);

/// The per-thread plan of `op` after selection chose its vector width: the
/// lowering of `cp_async.copy` and `sync.copy` expands the plan's
/// `vectorBytes` (an upper bound: selection proved the GMEM side allows it)
/// into vectors, bound checks and swizzle. `checkBounds` as for the planners
/// above; fails when the SMEM view or the bound checks leave vectors below
/// `minVectorBytes`.
FailureOr<ThreadCopyPlan>
expandThreadCopyPlan(AsyncCopyLikeOpInterface op, KnownOffset smemOffset,
                     int64_t vectorBytes, int64_t minVectorBytes,
                     bool checkBounds, std::string *reason);

/// How the threads of a remote sync copy cover its views: the dims
/// (outermost first) that stay after merging those contiguous on both sides,
/// and the elements per vector.
struct RemoteCopyPlan {
  struct Dim {
    int64_t size, srcStride, dstStride;
    /// The memref dim whose stride the merged dim has (its innermost one).
    int64_t typeDim;
  };
  SmallVector<Dim> dims;
  int64_t numElements = 0, lanes = 1;
};

/// Plans the remote copy `op` of `elementBytes`-byte elements whose source
/// and destination views start `srcOffset` and `dstOffset` bytes into their
/// allocations. Dense buffers merge into one dim; vectors (<= 16 B) run
/// along the innermost dim when it is contiguous on both sides, and are as
/// wide as both views' starts and every other dim's strides allow.
RemoteCopyPlan planRemoteCopy(AsyncCopyLikeOpInterface op, int64_t elementBytes,
                              KnownOffset srcOffset, KnownOffset dstOffset);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_THREADCOPYPLAN_H
