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
#include "asynccopy/Dialect/AsyncCopy/IR/CompletionGroups.h"
#include "asynccopy/Hardware/Limits.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallBitVector.h"
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

LogicalResult TmaDimAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t extent, int64_t stride,
                                 ArrayRef<int64_t> view,
                                 ArrayRef<int64_t> scale) {
  if ((extent < 1 && !ShapedType::isDynamic(extent)) || stride < 0)
    return emitError() << "a tensor-map dim has an extent >= 1 (or `?`) and "
                          "a stride >= 0, got "
                       << extent << " and " << stride;
  if (view.empty() || view.size() != scale.size())
    return emitError() << "a tensor-map dim's coordinate sums one or more "
                          "view dims, one scale each; got "
                       << view.size() << " dims and " << scale.size()
                       << " scales";
  if (llvm::any_of(view, [](int64_t d) { return d < 0; }) ||
      llvm::any_of(scale, [](int64_t s) { return s < 1; }))
    return emitError() << "tensor-view dims are >= 0 and scales >= 1";
  return success();
}

LogicalResult TmaIssueAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> view, int64_t smem) {
  if (view.empty() || llvm::any_of(view, [](int64_t o) { return o < 0; }) ||
      smem < 0)
    return emitError() << "a TMA issue's offsets are >= 0, one per "
                          "tensor-view dim";
  return success();
}

LogicalResult
TmaMulticastAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t dim, int64_t count, int64_t smemStride) {
  if (dim < 0 || count < 2 || count > hw::kMaxClusterCtas || smemStride < 1)
    return emitError() << "a multicast split names a box dim >= 0, 2 to "
                       << hw::kMaxClusterCtas
                       << " pieces and their SMEM stride, got dim " << dim
                       << ", " << count << " pieces, stride " << smemStride;
  return success();
}

/// The parts of a TMA plan that must agree with each other: every issue
/// offsets the same tensor-view dims, the tensor-map dims match the box,
/// the multicast splits distinct box dims.
static LogicalResult
verifyTmaPlanParts(function_ref<InFlightDiagnostic()> emitError,
                   ArrayRef<int64_t> box, int64_t issues,
                   ArrayRef<TmaDimAttr> dims, ArrayRef<TmaIssueAttr> offsets,
                   ArrayRef<TmaMulticastAttr> multicast, bool leaderOnly) {
  if (!dims.empty() && dims.size() != box.size())
    return emitError() << "a TMA plan has one tensor-map dim per box dim, got "
                       << dims.size() << " for a rank-" << box.size() << " box";
  if (offsets.empty() ? issues != 1
                      : static_cast<int64_t>(offsets.size()) != issues)
    return emitError() << "a TMA plan of " << issues
                       << " issues lists the offsets of each (issue_offsets), "
                          "got "
                       << offsets.size();
  for (TmaIssueAttr issue : offsets)
    if (issue.getView().size() != offsets.front().getView().size())
      return emitError() << "every issue of a TMA plan offsets the same "
                            "tensor-view dims";
  if (leaderOnly && !multicast.empty())
    return emitError() << "a TMA plan is either split over its group "
                          "(multicast) or issued by its leader "
                          "(leader_only), not both";
  llvm::SmallBitVector split(box.size());
  for (TmaMulticastAttr piece : multicast) {
    if (piece.getDim() >= static_cast<int64_t>(box.size()) ||
        split.test(piece.getDim()))
      return emitError() << "multicast splits distinct dims of the rank-"
                         << box.size() << " box, got dim " << piece.getDim();
    split.set(piece.getDim());
  }
  if (!multicast.empty() && issues != 1)
    return emitError() << "a multicast split shares one box; this plan has "
                       << issues << " issues";
  return success();
}

LogicalResult TmaPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> box, int64_t issues,
                                  int64_t bytes, ArrayRef<TmaDimAttr> dims,
                                  ArrayRef<TmaIssueAttr> issueOffsets,
                                  ArrayRef<TmaMulticastAttr> multicast,
                                  bool leaderOnly,
                                  std::optional<int64_t> descriptor,
                                  std::optional<int64_t> descriptorOffset) {
  if (box.empty() || static_cast<int64_t>(box.size()) > hw::kMaxRank)
    return emitError() << "a TMA box has 1 to " << hw::kMaxRank << " dims, got "
                       << box.size();
  for (int64_t extent : box)
    if (extent < 1 || extent > hw::kMaxBoxDim)
      return emitError() << "TMA box extents are 1 to " << hw::kMaxBoxDim
                         << " elements, got " << extent;
  if (issues < 1)
    return emitError() << "a TMA plan issues at least once, got " << issues;
  if (bytes < 1)
    return emitError() << "a TMA plan moves at least one byte, got " << bytes;
  if (failed(verifyTmaPlanParts(emitError, box, issues, dims, issueOffsets,
                                multicast, leaderOnly)))
    return failure();
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
  // An `impl` is an unknown attribute here (KnownAttributes): the op is the
  // implementation.
  return success();
}

/// Rejects the first of `clauses` (name, present) that `op` has: the
/// mechanism has no use for it.
static LogicalResult
verifyAbsent(Operation *op, ArrayRef<std::pair<StringRef, bool>> clauses) {
  for (auto [name, present] : clauses)
    if (present)
      return op->emitOpError("takes no `") << name << "`";
  return success();
}

/// Requires `clause` (name, present) with `why` it is needed.
static LogicalResult verifyPresent(Operation *op, StringRef name, bool present,
                                   StringRef why) {
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

/// A TMA plan moves exactly the window: `bytes` is the window's size (the
/// SMEM buffer's, or `windowBytes` for a prefetch), and every issue's box,
/// times the pieces of a multicast split, lies inside it.
static LogicalResult verifyTmaPlanBytes(Operation *op, TmaPlanAttr plan,
                                        int64_t elementBits,
                                        int64_t windowBytes) {
  int64_t boxBytes = elementBits / 8;
  for (int64_t extent : plan.getBox())
    boxBytes *= extent;
  for (TmaMulticastAttr piece : plan.getMulticast())
    boxBytes *= piece.getCount();
  if (elementBits % 8 != 0 || plan.getBytes() != windowBytes ||
      windowBytes % boxBytes != 0 || windowBytes / boxBytes != plan.getIssues())
    return op->emitOpError("has a TMA plan of ")
           << plan.getIssues() << " issue(s) of " << boxBytes
           << "-B boxes and bytes = " << plan.getBytes() << " for a window of "
           << windowBytes << " B";
  for (TmaIssueAttr issue : plan.getIssueOffsets())
    if (issue.getSmem() > windowBytes - boxBytes)
      return op->emitOpError("has a TMA issue at SMEM byte ")
             << issue.getSmem() << " whose " << boxBytes
             << "-B box ends past the " << windowBytes << "-B buffer";
  // The last CTA's piece of a multicast split also lies inside the box.
  int64_t pieceEnd = boxBytes;
  for (TmaMulticastAttr piece : plan.getMulticast())
    pieceEnd /= piece.getCount();
  for (TmaMulticastAttr piece : plan.getMulticast()) {
    if (piece.getSmemStride() > boxBytes) {
      pieceEnd = boxBytes + 1;
      break;
    }
    pieceEnd += (piece.getCount() - 1) * piece.getSmemStride();
  }
  if (pieceEnd > boxBytes)
    return op->emitOpError("has a multicast split whose last piece ends past "
                           "the ")
           << boxBytes << "-B box";
  return success();
}

/// verifyTmaPlanBytes for a copy, whose SMEM buffer holds the window; every
/// box starts at an SMEM address TMA can write (the buffer is aligned that
/// much).
static LogicalResult verifyTmaCopyPlan(AsyncCopyLikeOpInterface op,
                                       TmaPlanAttr plan) {
  auto smem = cast<MemRefType>(op.getSmem().getType());
  int64_t bits = tma::storageBits(smem.getElementType());
  if (failed(
          verifyTmaPlanBytes(op, plan, bits, smem.getNumElements() * bits / 8)))
    return failure();
  int64_t align = hw::smemBoxAlignBytes(op.getSwizzleOrZero());
  SmallVector<int64_t> starts;
  for (TmaIssueAttr issue : plan.getIssueOffsets())
    starts.push_back(issue.getSmem());
  for (TmaMulticastAttr piece : plan.getMulticast())
    starts.push_back(piece.getSmemStride());
  for (int64_t start : starts)
    if (start % align != 0)
      return op->emitOpError("has a TMA box at SMEM byte offset ")
             << start << "; TMA writes a box at a " << align
             << "-B aligned address";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyCopyLike(*this, Direction::load)) ||
      failed(verifyPresent(*this, "barrier", !!getBarrier(),
                           "a TMA load completes on an mbarrier")) ||
      failed(verifyAbsent(
          *this, {{"remote", !!getRank()}, {"reduction", !!getReduction()}})) ||
      failed(copy_rules::verifyCopy(*this)) ||
      failed(verifyTmaCopyPlan(*this, getPlan())))
    return failure();
  // The plan moves the window, which the SMEM limit keeps far below what a
  // barrier's transaction count holds.
  if (!getCollective() && getPlan().isMulticast())
    return emitOpError("has a multicast plan but no `collective` group");
  return success();
}

/// What TMA stores and reductions share: no barrier, no multicast.
static LogicalResult verifyTmaStoreLike(AsyncCopyLikeOpInterface op) {
  if (failed(verifyCopyLike(op, Direction::store)))
    return failure();
  if (failed(verifyAbsent(op, {{"remote", !!op.getRank()},
                               {"barrier", !!op.getBarrier()},
                               {"collective", !!op.getCollective()}})))
    return failure();
  if (op->getAttrOfType<TmaPlanAttr>("plan").isMulticast())
    return op->emitOpError("has a multicast plan; only loads multicast");
  return success();
}

LogicalResult TmaStoreOp::verify() {
  if (failed(verifyTmaStoreLike(*this)))
    return failure();
  if (getReduction())
    return emitOpError("takes no `reduction`; a reducing store is "
                       "asynccopy.tma.reduce");
  if (failed(copy_rules::verifyCopy(*this)))
    return failure();
  return verifyTmaCopyPlan(*this, getPlan());
}

LogicalResult TmaReduceOp::verify() {
  if (failed(verifyTmaStoreLike(*this)) ||
      failed(verifyPresent(*this, "reduction", !!getReduction(),
                           "a store without one is asynccopy.tma.store")) ||
      failed(copy_rules::verifyCopy(*this)))
    return failure();
  return verifyTmaCopyPlan(*this, getPlan());
}

ParseResult TmaPrefetchOp::parse(OpAsmParser &parser, OperationState &result) {
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
  if (failed(copy_rules::verifyPrefetch(
          *this, getSource().getType(), getStaticOffsets(), getStaticSizes(),
          getOffsets(), getTransforms(), getOob(), getSwizzle().value_or(0))))
    return failure();
  if (getPlan().isMulticast())
    return emitOpError("has a multicast plan; only loads multicast");
  // Without a window the prefetch reads the whole memref.
  MemRefType source = getSource().getType();
  ArrayRef<int64_t> sizes = getStaticSizes().value_or(source.getShape());
  int64_t bits = tma::storageBits(source.getElementType());
  int64_t windowBits = bits;
  for (int64_t size : sizes)
    windowBits = ShapedType::isDynamic(size) ? 0 : windowBits * size;
  if (windowBits == 0)
    return success();
  return verifyTmaPlanBytes(*this, getPlan(), bits, windowBits / 8);
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
      failed(verifyAbsent(
          *this, {{"remote", !!getRank()}, {"collective", !!getCollective()}})))
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
  if (failed(verifyCopyLike(*this, remote     ? Direction::remote
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

//===----------------------------------------------------------------------===//
// Completion groups
//===----------------------------------------------------------------------===//

std::optional<GroupKind> mlir::asynccopy::getClosedGroupKind(Operation *op) {
  using Kind = std::optional<GroupKind>;
  auto closing = [](auto copy, GroupKind kind) -> Kind {
    if (copy.getCommit().value_or(true))
      return kind;
    return std::nullopt;
  };
  return llvm::TypeSwitch<Operation *, Kind>(op)
      .Case([](CommitGroupOp commit) { return commit.getKind(); })
      .Case([&](CpAsyncCopyOp copy) {
        return closing(copy, GroupKind::cp_async);
      })
      .Case<TmaStoreOp, TmaReduceOp, BulkStoreOp>(
          [&](auto store) { return closing(store, GroupKind::bulk); })
      .Default([](Operation *) { return std::nullopt; });
}

bool mlir::asynccopy::closesWhereSkipped(Operation *op) {
  auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op);
  return !copy || isa<CpAsyncCopyOp>(op) || !copy.getPredicate();
}
