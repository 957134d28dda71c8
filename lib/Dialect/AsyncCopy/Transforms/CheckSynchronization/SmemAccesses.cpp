//===- SmemAccesses.cpp - the SMEM bytes ops and copies touch -------------===//
//
// asynccopy-check-synchronization compares what an op accesses with what the
// copies in flight write or read, by byte ranges of one SMEM allocation:
// exact for static views and constant indices, "somewhere in the view" for
// dynamic indices, unknown (no check) for dynamic offsets.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

std::optional<int64_t> synccheck::constantIndex(Value value) {
  APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

std::optional<int64_t> synccheck::smemBytes(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || type.getElementTypeBitWidth() % 8 != 0)
    return std::nullopt;
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

std::optional<SmemRange> synccheck::getSmemRange(Value view) {
  auto type = dyn_cast<MemRefType>(view.getType());
  if (!type || !isSharedMemory(type))
    return std::nullopt;
  SmemBuffer buffer = traceSmemBuffer(view);
  if (buffer.allocations.size() != 1 ||
      buffer.allocations.front().kind == SmemAllocation::Kind::Opaque)
    return std::nullopt;
  std::optional<std::pair<int64_t, int64_t>> bytes = buffer.getByteRange(view);
  if (!bytes)
    return std::nullopt;
  return SmemRange{buffer.allocations.front().value, bytes->first,
                   bytes->second};
}

std::optional<SmemAccess> synccheck::accessWhole(Value view, bool somewhere) {
  std::optional<SmemRange> range = getSmemRange(view);
  if (!range)
    return std::nullopt;
  return SmemAccess{range->allocation, {{range->begin, range->end}}, somewhere};
}

/// The most byte intervals an access is split into before the checker
/// settles for "somewhere in the view".
static constexpr int64_t kMaxAccessIntervals = 4096;

/// The elements of `view` at `indices` (constants or not) and the
/// `extents` after them along each dim (1 for a scalar access; a vector's
/// shape along the dims it spans), clipped to the view's shape. Constant
/// indices give the exact bytes; any dynamic one, somewhere in the view.
static std::optional<SmemAccess> accessElements(Value view, ValueRange indices,
                                                ArrayRef<int64_t> extents) {
  auto type = dyn_cast<MemRefType>(view.getType());
  if (!type || !isSharedMemory(type))
    return std::nullopt;
  SmallVector<int64_t> start;
  for (Value index : indices) {
    std::optional<int64_t> c = constantIndex(index);
    if (!c)
      return accessWhole(view, /*somewhere=*/true);
    start.push_back(*c);
  }
  SmemBuffer buffer = traceSmemBuffer(view);
  std::optional<int64_t> base = buffer.byteOffset.getExact();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (buffer.allocations.size() != 1 ||
      buffer.allocations.front().kind == SmemAllocation::Kind::Opaque ||
      !base || !type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      type.getElementTypeBitWidth() % 8 != 0 ||
      start.size() != static_cast<size_t>(type.getRank()) ||
      extents.size() != start.size() || llvm::any_of(strides, [](int64_t s) {
        return s < 0 || ShapedType::isDynamic(s);
      }))
    return accessWhole(view, /*somewhere=*/true);
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  if (type.getRank() == 0)
    return SmemAccess{buffer.allocations.front().value,
                      {{*base, *base + elementBytes}},
                      false};
  // The box [start, start + extent) of each dim, clipped to the shape (out
  // of bounds elements of a transfer are not accessed).
  SmallVector<int64_t> sizes;
  for (auto [i, size] : llvm::enumerate(type.getShape())) {
    int64_t end = std::min(size, start[i] + extents[i]);
    if (start[i] < 0 || end <= start[i])
      return SmemAccess{buffer.allocations.front().value, {}, false};
    sizes.push_back(end - start[i]);
  }
  int64_t rank = type.getRank();
  // One interval per row of the box (its innermost dim, when contiguous)
  // or per element.
  bool innerContiguous = strides.back() == 1;
  int64_t outer = innerContiguous ? rank - 1 : rank;
  int64_t intervals = 1;
  for (int64_t d = 0; d < outer; ++d)
    intervals *= sizes[d];
  if (intervals > kMaxAccessIntervals)
    return accessWhole(view, /*somewhere=*/true);
  SmemAccess access{buffer.allocations.front().value, {}, false};
  SmallVector<int64_t> at(rank, 0);
  while (true) {
    int64_t element = 0;
    for (int64_t d = 0; d < rank; ++d)
      element += (start[d] + at[d]) * strides[d];
    int64_t count = innerContiguous ? sizes.back() : 1;
    int64_t begin = *base + element * elementBytes;
    access.bytes.push_back({begin, begin + count * elementBytes});
    int64_t d = outer - 1;
    for (; d >= 0; --d) {
      if (++at[d] < sizes[d])
        break;
      at[d] = 0;
    }
    if (d < 0)
      break;
  }
  return access;
}

std::optional<SmemAccess> synccheck::accessOf(Operation *op, Value view) {
  auto trailing = [&](VectorType vector) {
    int64_t rank = cast<MemRefType>(view.getType()).getRank();
    SmallVector<int64_t> extents(rank, 1);
    for (auto [i, size] : llvm::enumerate(llvm::reverse(vector.getShape())))
      if (static_cast<int64_t>(i) < rank)
        extents[rank - 1 - i] = size;
    return extents;
  };
  auto transfer =
      [&](VectorTransferOpInterface xfer) -> std::optional<SmemAccess> {
    if (xfer.getMask())
      return std::nullopt;
    int64_t rank = cast<MemRefType>(view.getType()).getRank();
    SmallVector<int64_t> extents(rank, 1);
    AffineMap map = xfer.getPermutationMap();
    for (auto [i, result] : llvm::enumerate(map.getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        extents[dim.getPosition()] = xfer.getVectorType().getDimSize(i);
    return accessElements(view, xfer.getIndices(), extents);
  };
  auto ones = [&] {
    return SmallVector<int64_t>(cast<MemRefType>(view.getType()).getRank(), 1);
  };
  return llvm::TypeSwitch<Operation *, std::optional<SmemAccess>>(op)
      .Case<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp,
            memref::GenericAtomicRMWOp>([&](auto access) {
        return accessElements(view, access.getIndices(), ones());
      })
      .Case([&](vector::LoadOp load) {
        return accessElements(view, load.getIndices(),
                              trailing(load.getVectorType()));
      })
      .Case([&](vector::StoreOp store) {
        return accessElements(view, store.getIndices(),
                              trailing(store.getVectorType()));
      })
      .Case<vector::TransferReadOp, vector::TransferWriteOp>(
          [&](auto xfer) { return transfer(xfer); })
      .Case<vector::MaskedLoadOp, vector::MaskedStoreOp, vector::GatherOp,
            vector::ScatterOp>(
          [](Operation *) -> std::optional<SmemAccess> { return std::nullopt; })
      .Default([&](Operation *) { return accessWhole(view); });
}
