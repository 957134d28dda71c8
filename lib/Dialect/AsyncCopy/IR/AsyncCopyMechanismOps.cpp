//===- AsyncCopyMechanismOps.cpp - ops after selection --------------------===//
//
// The plans of the mechanism ops and the verifiers of each mechanism's rules:
// the clauses one hardware path takes, then the rules of every copy that
// `asynccopy.copy` checks too (CopyRules.h), then the plan. Selection only
// writes ops that pass them; the lowering relies on them instead of checking
// again.
//
//===----------------------------------------------------------------------===//

#include "CopyRules.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Hardware/Limits.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace hw = ::asynccopy::hw;

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpInterfaces.cpp.inc"

std::optional<CopyImpl> mlir::asynccopy::getCopyImplementation(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<CopyImpl>>(op)
      .Case([](CopyOp copy) { return copy.getImplOrDefault(); })
      .Case<TmaLoadOp, TmaStoreOp, TmaReduceOp, TmaPrefetchOp>(
          [](auto) { return CopyImpl::tma; })
      .Case<BulkLoadOp, BulkStoreOp>([](auto) { return CopyImpl::bulk; })
      .Case([](DsmemCopyOp) { return CopyImpl::dsmem; })
      .Case([](CpAsyncCopyOp) { return CopyImpl::cp_async; })
      .Case([](SyncCopyOp) { return CopyImpl::sync; })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

LogicalResult TmaPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> box, int64_t issues,
                                  int64_t bytes,
                                  std::optional<int64_t> descriptor,
                                  std::optional<int64_t> descriptorOffset) {
  if (box.empty() || static_cast<int64_t>(box.size()) > hw::kMaxRank)
    return emitError() << "a TMA box has 1 to " << hw::kMaxRank
                       << " dims, got " << box.size();
  for (int64_t extent : box)
    if (extent < 1 || extent > hw::kMaxBoxDim)
      return emitError() << "TMA box extents are 1 to " << hw::kMaxBoxDim
                         << " elements, got " << extent;
  if (issues < 1)
    return emitError() << "a TMA plan issues at least once, got " << issues;
  if (bytes < 1)
    return emitError() << "a TMA plan moves at least one byte, got " << bytes;
  if (descriptor && *descriptor < 0)
    return emitError() << "the tensor-map parameter is a kernel argument "
                          "index, got "
                       << *descriptor;
  if (descriptorOffset && (!descriptor || *descriptorOffset < 0 ||
                           *descriptorOffset % hw::kDescriptorBytes != 0))
    return emitError() << "descriptor_offset is a multiple of "
                       << hw::kDescriptorBytes
                       << " B into a `descriptor` parameter, got "
                       << *descriptorOffset;
  return success();
}

LogicalResult
ChunkPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t chunks, int64_t chunkBytes,
                      std::optional<int64_t> vectorBytes) {
  if (chunks < 1 || chunkBytes < 1)
    return emitError() << "a chunk plan moves at least one chunk of at least "
                          "one byte, got "
                       << chunks << " of " << chunkBytes << " B";
  if (vectorBytes && (*vectorBytes > hw::kMaxVectorBytes ||
                      !llvm::isPowerOf2_64(*vectorBytes)))
    return emitError() << "vector_bytes is a power of two up to "
                       << hw::kMaxVectorBytes << ", got " << *vectorBytes;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared rules
//===----------------------------------------------------------------------===//

namespace {
/// Which memories a mechanism moves between.
enum class Direction { load, store, remote };
} // namespace

/// The clauses every mechanism op shares: the memories its kind moves
/// between, no `impl` (the op is the implementation).
static LogicalResult verifyCopyLike(AsyncCopyLikeOpInterface op,
                                    Direction direction) {
  auto source = cast<MemRefType>(op.getSource().getType());
  auto dest = cast<MemRefType>(op.getDest().getType());
  bool ok = false;
  StringRef expected;
  switch (direction) {
  case Direction::load:
    ok = isGlobalMemory(source) && isSharedMemory(dest);
    expected = "GMEM -> SMEM";
    break;
  case Direction::store:
    ok = isSharedMemory(source) && isGlobalMemory(dest);
    expected = "SMEM -> GMEM";
    break;
  case Direction::remote:
    ok = isSharedMemory(source) && isSharedMemory(dest);
    expected = "SMEM -> SMEM of another CTA";
    break;
  }
  if (!ok)
    return op->emitOpError("copies ")
           << expected << ", got " << source << " to " << dest;
  if (op->hasAttr("impl"))
    return op->emitOpError("takes no `impl`: the op is the implementation");
  return success();
}

/// Rejects the first of `clauses` (name, present) that `op` has: the
/// mechanism has no use for it.
static LogicalResult
verifyAbsent(Operation *op,
             ArrayRef<std::pair<StringRef, bool>> clauses) {
  for (auto [name, present] : clauses)
    if (present)
      return op->emitOpError("takes no `") << name << "`";
  return success();
}

/// Requires `clause` (name, present) with `why` it is needed.
static LogicalResult verifyPresent(Operation *op, StringRef name,
                                   bool present, StringRef why) {
  if (!present)
    return op->emitOpError("needs `") << name << "`: " << why;
  return success();
}

/// The transaction bytes of one barrier arrival must fit its count.
static LogicalResult verifyTransactionBytes(Operation *op, int64_t bytes) {
  if (bytes > hw::kMaxMbarrierCount)
    return op->emitOpError("moves ")
           << bytes << " B, more than the " << hw::kMaxMbarrierCount
           << " B an mbarrier transaction count holds; split the copy";
  return success();
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyCopyLike(*this, Direction::load)) ||
      failed(verifyPresent(*this, "barrier", !!getBarrier(),
                           "a TMA load completes on an mbarrier")) ||
      failed(verifyAbsent(*this, {{"remote", !!getRank()},
                                  {"reduction", !!getReduction()}})) ||
      failed(copy_rules::verifyCopy(*this)))
    return failure();
  return verifyTransactionBytes(*this, getPlan().getBytes());
}

/// What TMA stores and reductions share: no barrier, no multicast.
static LogicalResult verifyTmaStoreLike(AsyncCopyLikeOpInterface op) {
  if (failed(verifyCopyLike(op, Direction::store)))
    return failure();
  return verifyAbsent(op, {{"remote", !!op.getRank()},
                           {"barrier", !!op.getBarrier()},
                           {"collective", !!op.getCollective()}});
}

LogicalResult TmaStoreOp::verify() {
  if (failed(verifyTmaStoreLike(*this)))
    return failure();
  if (getReduction())
    return emitOpError("takes no `reduction`; a reducing store is "
                       "asynccopy.tma.reduce");
  return copy_rules::verifyCopy(*this);
}

LogicalResult TmaReduceOp::verify() {
  if (failed(verifyTmaStoreLike(*this)) ||
      failed(verifyPresent(*this, "reduction", !!getReduction(),
                           "a store without one is asynccopy.tma.store")))
    return failure();
  return copy_rules::verifyCopy(*this);
}

ParseResult TmaPrefetchOp::parse(OpAsmParser &parser,
                                 OperationState &result) {
  return copy_like::parsePrefetchClauses(
      parser, result,
      result.getOrAddProperties<Properties>().operandSegmentSizes);
}

void TmaPrefetchOp::print(OpAsmPrinter &p) {
  copy_like::printPrefetchClauses(p, *this, getSource(), getOffsets(),
                               getStaticOffsetsAttr(), getStaticSizesAttr(),
                               getPredicate());
}

LogicalResult TmaPrefetchOp::verify() {
  return copy_rules::verifyPrefetch(*this, getSource().getType(),
                                    getStaticOffsets(), getStaticSizes(),
                                    getOffsets(), getTransforms(), getOob(),
                                    getSwizzle().value_or(0));
}

//===----------------------------------------------------------------------===//
// Bulk and DSMEM copies
//===----------------------------------------------------------------------===//

/// Bulk copies move bytes as they are: no layout change, no reduction, no
/// multicast.
static LogicalResult verifyBulkClauses(AsyncCopyLikeOpInterface op,
                                       Direction direction) {
  if (failed(verifyCopyLike(op, direction)))
    return failure();
  return verifyAbsent(op, {{"transforms", !op.getTransformList().empty()},
                           {"swizzle", op.getSwizzleOrZero() != 0},
                           {"reduction", !!op.getReduction()},
                           {"collective", !!op.getCollective()}});
}

/// Bulk copies move whole 16-B multiples and have no per-thread vectors.
static LogicalResult verifyBulkPlan(Operation *op, ChunkPlanAttr plan) {
  if (plan.getChunkBytes() % hw::kBulkAlignBytes != 0)
    return op->emitOpError("moves chunks of ")
           << plan.getChunkBytes() << " B; bulk copies move multiples of "
           << hw::kBulkAlignBytes << " B";
  if (plan.getVectorBytes())
    return op->emitOpError("has a plan with vector_bytes; bulk copies have no "
                           "per-thread vectors");
  return success();
}

LogicalResult BulkLoadOp::verify() {
  if (failed(verifyBulkClauses(*this, Direction::load)) ||
      failed(verifyPresent(*this, "barrier", !!getBarrier(),
                           "a bulk load completes on an mbarrier")) ||
      failed(verifyAbsent(*this, {{"remote", !!getRank()}})) ||
      failed(copy_rules::verifyCopy(*this)) ||
      failed(verifyBulkPlan(*this, getPlan())))
    return failure();
  return verifyTransactionBytes(*this, getPlan().getTotalBytes());
}

LogicalResult BulkStoreOp::verify() {
  if (failed(verifyBulkClauses(*this, Direction::store)) ||
      failed(verifyAbsent(
          *this, {{"remote", !!getRank()}, {"barrier", !!getBarrier()}})) ||
      failed(copy_rules::verifyCopy(*this)))
    return failure();
  return verifyBulkPlan(*this, getPlan());
}

LogicalResult DsmemCopyOp::verify() {
  if (failed(verifyBulkClauses(*this, Direction::remote)) ||
      failed(verifyPresent(*this, "remote", !!getRank(),
                           "it names the destination CTA")) ||
      failed(verifyPresent(*this, "barrier", !!getBarrier(),
                           "the bytes complete on the destination CTA's "
                           "barrier")) ||
      failed(verifyAbsent(*this, {{"window", !!getStaticSizes()},
                                  {"peer", !!getPeer()},
                                  {"oob", !!getOob()}})))
    return failure();
  if (getToken())
    return emitOpError("completes on the barrier and returns no token");
  if (failed(copy_rules::verifyCopy(*this)) ||
      failed(verifyBulkPlan(*this, getPlan())))
    return failure();
  MemRefType type = getSource().getType();
  int64_t bits = type.getNumElements() * type.getElementTypeBitWidth();
  if (getPlan().getChunks() != 1 || bits != getPlan().getChunkBytes() * 8)
    return emitOpError("moves its ")
           << bits / 8 << "-B buffer as one chunk; the plan has "
           << getPlan().getChunks() << " of " << getPlan().getChunkBytes()
           << " B";
  return verifyTransactionBytes(*this, getPlan().getTotalBytes());
}

//===----------------------------------------------------------------------===//
// Per-thread copies
//===----------------------------------------------------------------------===//

/// Per-thread copies need the width of one thread's access.
static FailureOr<int64_t> getVectorBytes(Operation *op, ChunkPlanAttr plan) {
  if (!plan.getVectorBytes())
    return op->emitOpError("needs a plan with vector_bytes: the width of one "
                           "thread's access");
  return *plan.getVectorBytes();
}

LogicalResult CpAsyncCopyOp::verify() {
  if (failed(verifyCopyLike(*this, Direction::load)) ||
      failed(verifyPresent(*this, "token` or `barrier",
                           getToken() || getBarrier(),
                           "cp.async completes through commit/wait groups or "
                           "through every thread's arrival on a barrier")) ||
      failed(verifyAbsent(*this, {{"remote", !!getRank()},
                                  {"collective", !!getCollective()}})))
    return failure();
  if (getOobOrDefault() == OOBMode::nan)
    return emitOpError("zero-fills elements outside the tensor; oob = nan "
                       "needs TMA or sync");
  if (failed(copy_rules::verifyCopy(*this)))
    return failure();
  FailureOr<int64_t> vector = getVectorBytes(*this, getPlan());
  if (failed(vector))
    return failure();
  if (!llvm::is_contained(hw::kCpAsyncBytes, *vector))
    return emitOpError("moves 4, 8 or 16 B per cp.async, got vector_bytes = ")
           << *vector;
  return success();
}

LogicalResult SyncCopyOp::verify() {
  bool remote = getRank() != nullptr;
  if (failed(verifyCopyLike(*this, remote       ? Direction::remote
                                   : isLoad() ? Direction::load
                                              : Direction::store)) ||
      failed(copy_rules::verifyCopy(*this)) ||
      failed(getVectorBytes(*this, getPlan())))
    return failure();
  if (remote && getSource().getType().getElementTypeBitWidth() % 8 != 0)
    return emitOpError("copies to another CTA move whole bytes, got ")
           << getSource().getType().getElementType();
  return success();
}
