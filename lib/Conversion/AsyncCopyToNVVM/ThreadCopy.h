//===- ThreadCopy.h - copies done by every thread of the CTA ----*- C++ -*-===//
//
// Private to the asynccopy -> NVVM conversion: what cp.async copies and the
// synchronous fallback share. The window (after its transforms) is cut,
// row-major over the box, into vectors of consecutive elements that are also
// consecutive in GMEM; vector v goes to the thread whose linear id is
// v mod blockSize. For each vector the helpers compute the GMEM element
// index (through the inverse of the transforms, so that the box position
// addresses GMEM exactly as the transformed view does), the SMEM element
// index (row-major, TMA-swizzled when asked) and, for copies that guard
// their bounds, how many of the vector's elements lie inside the tensor.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_ASYNCCOPYTONVVM_THREADCOPY_H
#define LIB_CONVERSION_ASYNCCOPYTONVVM_THREADCOPY_H

#include "asynccopy/Analysis/Contiguity.h"
#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::asynccopy::lowering {

/// How a GMEM <-> SMEM copy splits into per-thread vectors.
struct ThreadCopyPlan {
  CopyLayout layout;
  /// The copy's transforms and the static GMEM element strides each one sees
  /// (stageStrides[i] are the strides before transforms[i]).
  SmallVector<GmemTransformAttrInterface> transforms;
  SmallVector<SmallVector<int64_t>> stageStrides;
  /// Elements per vector and number of vectors of the box.
  int64_t vectorElements = 1, numVectors = 0;
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
  int64_t vectorBytes() const {
    return vectorElements * layout.elementBytes();
  }
};

/// Plans `op` (a GMEM <-> SMEM copy). Vectors are at most `maxVectorBytes`
/// (a power of two the layout's alignment allows) and at least
/// `minVectorBytes`; `checkBounds` asks for run-time guards on every GMEM dim
/// the window is not statically known to fit in. Emits an op error naming the
/// reason and fails when the copy cannot be split this way.
FailureOr<ThreadCopyPlan> planThreadCopy(CopyOp op, StringRef implName,
                                         int64_t maxVectorBytes,
                                         int64_t minVectorBytes,
                                         bool checkBounds);

/// Widest power of two (<= 16 B) that the start, the chunk strides and the
/// chunk size of `layout` are all multiples of: the widest plain vector
/// load/store every chunk can use.
int64_t alignedVectorBytes(const CopyLayout &layout);

/// Values every vector of one copy uses, built once before the thread loop.
struct ThreadCopyState {
  /// 1-D stride-1 views of both sides (same base and offset as the operands).
  Value gmemFlat, smemFlat;
  /// Element strides and sizes of the GMEM operand's dims (index values).
  SmallVector<Value> gmemStrides, gmemSizes;
  /// Window offsets before each transform (stageCoords[0]: the offsets
  /// themselves) and after the last one.
  SmallVector<SmallVector<Value>> stageCoords;
  /// With swizzle: the SMEM view's start modulo the 1024-B swizzle atom
  /// (bytes, index), null when it is 0.
  Value swizzleBase;
};

ThreadCopyState buildThreadCopyState(OpBuilder &b, Location loc, CopyOp op,
                                     const ThreadCopyPlan &plan);

/// A 1-D stride-1 view of `memref` with its base and offset.
Value buildFlatView(OpBuilder &b, Location loc, Value memref,
                    SmallVectorImpl<Value> *sizes = nullptr,
                    SmallVectorImpl<Value> *strides = nullptr);

/// Where one vector goes.
struct VectorAccess {
  Value gmemIndex, smemIndex;
  /// Elements of the vector inside the GMEM tensor (a prefix; index in
  /// [0, vectorElements]); null when the plan checks no bounds.
  Value validElements;
};

VectorAccess buildVectorAccess(OpBuilder &b, Location loc,
                               const ThreadCopyPlan &plan,
                               const ThreadCopyState &state, Value vector);

/// `scf.for %v = linearThreadId to numVectors step blockSize { body(%v) }`.
void buildThreadLoop(OpBuilder &b, Location loc, int64_t numVectors,
                     function_ref<void(OpBuilder &, Location, Value)> body);

/// The SMEM element index where a TMA load with `swizzle` (bytes, 0 = none)
/// puts element `index` of the dense box, in a view that starts `base` bytes
/// (index, null for 0) past a 1024-B boundary (see the definition).
Value buildSwizzledIndex(OpBuilder &b, Location loc, Value index,
                         int64_t elementBytes, int64_t swizzle, Value base);

} // namespace mlir::asynccopy::lowering

#endif // LIB_CONVERSION_ASYNCCOPYTONVVM_THREADCOPY_H
