//===- ThreadCopy.h - copies done by every thread of the CTA ----*- C++ -*-===//
//
// Private to the asynccopy -> NVVM conversion: the IR that cp.async copies
// and the synchronous fallback share, for a plan of
// asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h (vector v goes to the
// thread whose linear id is v mod blockSize). For each vector the helpers
// compute the GMEM element index (through the inverse of the transforms, so
// that the box position addresses GMEM exactly as the transformed view does),
// the SMEM element index (row-major, TMA-swizzled when asked) and, for copies
// that guard their bounds, how many of the vector's elements lie inside the
// tensor.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_ASYNCCOPYTONVVM_THREADCOPY_H
#define LIB_CONVERSION_ASYNCCOPYTONVVM_THREADCOPY_H

#include "asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::asynccopy::lowering {

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

/// `gmem` is the GMEM memref the threads address (see buildThreadCopyGmem).
ThreadCopyState buildThreadCopyState(OpBuilder &b, Location loc,
                                     AsyncCopyLikeOpInterface op,
                                     const ThreadCopyPlan &plan, Value gmem);

/// The GMEM memref a per-thread copy addresses: the operand, or for a `peer`
/// copy (`pe`, converted) the same view in PE `pe`'s copy of the symmetric
/// heap, built from the operand's converted `descriptor`.
Value buildThreadCopyGmem(OpBuilder &b, Location loc,
                          AsyncCopyLikeOpInterface op, Value descriptor,
                          Value pe);

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
