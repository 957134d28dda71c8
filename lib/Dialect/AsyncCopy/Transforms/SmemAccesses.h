//===- SmemAccesses.h - the SMEM bytes ops and copies touch -----*- C++ -*-===//
//
// The byte ranges asynccopy-check-synchronization compares: which bytes of
// which SMEM allocation a view covers, and which an op touches through it.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SMEMACCESSES_H
#define ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SMEMACCESSES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::asynccopy::synccheck {

/// `value` as a constant integer, if it is one.
std::optional<int64_t> constantIndex(Value value);

/// The bytes of a static SMEM buffer (what a copy into it delivers).
std::optional<int64_t> smemBytes(Value buffer);

/// The bytes of one SMEM allocation a view covers, when both are known.
struct SmemRange {
  Value allocation;
  int64_t begin = 0, end = 0;
};

std::optional<SmemRange> getSmemRange(Value view);

/// The SMEM bytes an access touches, from the start of one allocation.
struct SmemAccess {
  Value allocation;
  /// Byte intervals [begin, end).
  SmallVector<std::pair<int64_t, int64_t>> bytes;
  /// Whether the access touches some of `bytes` only, not knowing which (an
  /// element at a dynamic index of the view): it certainly races with copies
  /// in flight only where they cover all of `bytes`.
  bool somewhere = false;
};

/// The whole of `view`, which an op (a copy, an unknown user) accesses.
std::optional<SmemAccess> accessWhole(Value view, bool somewhere = false);

/// The SMEM `op` accesses through its memref operand `view`: the exact
/// elements of indexed loads and stores, else the whole view. Masked
/// transfers may access nothing: none.
std::optional<SmemAccess> accessOf(Operation *op, Value view);

} // namespace mlir::asynccopy::synccheck

#endif // ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SMEMACCESSES_H
