//===- CopyRules.h - rules every copy and prefetch obeys --------*- C++ -*-===//
//
// The rules of docs/ir.md that hold whatever moves a copy: operand types and
// memories, the window and its transforms, the barrier, swizzle, oob,
// collectives and reductions. `asynccopy.copy` and `asynccopy.prefetch` check
// them after the rules of their `impl`; each mechanism op checks them after
// its mechanism's clauses and before its plan, so a hand-written mechanism op
// is as legal a copy as the `asynccopy.copy` it stands for. Defined in
// AsyncCopyOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_IR_COPYRULES_H
#define ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_IR_COPYRULES_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

namespace mlir::asynccopy::copy_rules {

/// Every rule of a copy that does not depend on its implementation.
LogicalResult verifyCopy(AsyncCopyLikeOpInterface op);

/// Every rule of a prefetch of `source`'s window (asynccopy.prefetch and
/// asynccopy.tma.prefetch).
LogicalResult verifyPrefetch(Operation *op, MemRefType source,
                             std::optional<ArrayRef<int64_t>> staticOffsets,
                             std::optional<ArrayRef<int64_t>> staticSizes,
                             ValueRange offsets,
                             std::optional<ArrayAttr> transforms,
                             std::optional<OOBMode> oob, int64_t swizzle);

} // namespace mlir::asynccopy::copy_rules

#endif // ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_IR_COPYRULES_H
