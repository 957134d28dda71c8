//===- AssignWaitGroups.cpp - waits on tokens as wait_group N -------------===//
//
// `asynccopy.wait %t` waits for every group of the kinds its token may stand
// for (wait_group 0). The copy that made the token is older than every group
// of its kind closed after it, so waiting until at most N groups are pending,
// for N groups closed after it on every path to the wait, completes it and
// leaves the younger copies in flight. N is a lower bound: a branch counts
// its poorer side, a loop its guaranteed iterations, a predicated TMA or bulk
// store (which closes no group when it does not run) nothing.
//
// A copy still in flight reads (stores) or writes (cp.async loads) its SMEM
// buffer: an access to that buffer that no wait separates from the copy, in
// the rest of its block or, in a loop, the next iteration up to the copy,
// gets a wait_group in front of it. And SMEM that threads write through the
// generic proxy (ordinary stores) before a TMA, bulk or DSMEM copy accesses
// it through the async proxy is fenced (fence.proxy.async, then a CTA
// barrier) in between.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/IR/CompletionGroups.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYASSIGNWAITGROUPS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// More groups than any kernel keeps in flight: counts saturate here.
constexpr int64_t kManyGroups = 1 << 20;

/// The group kind of a copy whose SMEM stays in use until its own group
/// completes: a store (with or without a token), or a cp.async load tracked
/// by its token (one tracked by a barrier is waited on the barrier).
std::optional<GroupKind> producedGroup(Operation *op) {
  auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op);
  if (!copy || (isa<CpAsyncCopyOp>(op) && !copy.getToken()))
    return std::nullopt;
  return getClosedGroupKind(op);
}

/// Whether `op` closes a group of `kind` whenever it runs: a commit_group,
/// or a copy that closes its own, with or without a token. A cp.async copy
/// commits on every thread even when its predicate skips the transfer; a
/// TMA or bulk store under a predicate closes nothing when it does not run.
bool alwaysCloses(Operation *op, GroupKind kind) {
  return getClosedGroupKind(op) == kind && closesWhereSkipped(op);
}

int64_t closedInRegion(Region &region, GroupKind kind);

/// Groups of `kind` that `op`, with its regions, closes on every run.
int64_t closedBy(Operation *op, GroupKind kind) {
  if (alwaysCloses(op, kind))
    return 1;
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getElseRegion().empty())
      return 0;
    return std::min(closedInRegion(ifOp.getThenRegion(), kind),
                    closedInRegion(ifOp.getElseRegion(), kind));
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    std::optional<APInt> trips = forOp.getStaticTripCount();
    if (!trips)
      return 0;
    int64_t runs = static_cast<int64_t>(trips->getLimitedValue(kManyGroups));
    return std::min<int64_t>(runs * closedInRegion(forOp.getRegion(), kind),
                             kManyGroups);
  }
  // Any other region may run any number of times, including none.
  return 0;
}

/// Groups of `kind` the ops in [begin, end) close on every run.
int64_t closedBetween(Block::iterator begin, Block::iterator end,
                      GroupKind kind) {
  int64_t closed = 0;
  for (Operation &op : llvm::make_range(begin, end))
    closed = std::min(closed + closedBy(&op, kind), kManyGroups);
  return closed;
}

int64_t closedInRegion(Region &region, GroupKind kind) {
  if (!region.hasOneBlock())
    return 0;
  Block &block = region.front();
  return closedBetween(block.begin(), block.end(), kind);
}

/// Groups of `kind` closed on every path from `producer` to `wait`, or
/// nullopt when the wait is not after the producer in its block's region
/// tree (a loop's next iteration, another block).
std::optional<int64_t> closedAfter(Operation *producer, Operation *wait,
                                   GroupKind kind) {
  Operation *anchor = producer->getBlock()->findAncestorOpInBlock(*wait);
  if (!anchor || anchor == producer || !producer->isBeforeInBlock(anchor))
    return std::nullopt;
  int64_t closed = closedBetween(std::next(producer->getIterator()),
                                 anchor->getIterator(), kind);
  // Inside the anchor, what precedes the wait in each block around it ran
  // on the way there (earlier loop iterations only add to it).
  for (Operation *op = wait; op != anchor; op = op->getParentOp())
    closed = std::min(closed + closedBetween(op->getBlock()->begin(),
                                             op->getIterator(), kind),
                      kManyGroups);
  return closed;
}

/// The SMEM bytes a view may cover: its allocations and, when its offset
/// and footprint are static, the byte range in them.
struct SmemFootprint {
  SmallVector<SmemAllocation> allocations;
  std::optional<std::pair<int64_t, int64_t>> bytes;

  explicit SmemFootprint(Value view) {
    SmemBuffer buffer = traceSmemBuffer(view);
    allocations = buffer.allocations;
    bytes = buffer.getByteRange(view);
  }

  /// Whether the two may share a byte.
  bool mayOverlap(const SmemFootprint &other) const {
    auto opaque = [](const SmemAllocation &a) {
      return a.kind == SmemAllocation::Kind::Opaque;
    };
    if (llvm::any_of(allocations, opaque) ||
        llvm::any_of(other.allocations, opaque))
      return true;
    bool shared = llvm::any_of(allocations, [&](const SmemAllocation &a) {
      return llvm::is_contained(other.allocations, a);
    });
    if (!shared)
      return false;
    if (!bytes || !other.bytes || allocations.size() != 1 ||
        other.allocations.size() != 1)
      return true;
    return bytes->first < other.bytes->second &&
           other.bytes->first < bytes->second;
  }
};

/// Whether `pred(view, writes)` holds for an SMEM view that `op` reads or
/// writes, by its memory effects.
bool anySmemEffect(Operation *op, function_ref<bool(Value, bool)> pred) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [&](const MemoryEffects::EffectInstance &effect) {
    Value value = effect.getValue();
    auto type = value ? dyn_cast<MemRefType>(value.getType()) : nullptr;
    return type && isSharedMemory(type) &&
           pred(value, isa<MemoryEffects::Write>(effect.getEffect()));
  });
}

/// Whether `op` (or an op nested in it) reads or writes SMEM in `footprint`
/// in a way that conflicts with a copy in flight that reads it, or also
/// writes it when `copyWrites`.
bool conflicts(Operation *op, const SmemFootprint &footprint, bool copyWrites) {
  auto touches = [&](Value view, bool writes) {
    auto type = dyn_cast<MemRefType>(view.getType());
    return type && isSharedMemory(type) && (writes || copyWrites) &&
           footprint.mayOverlap(SmemFootprint(view));
  };
  WalkResult walk = op->walk([&](Operation *nested) {
    bool hit = false;
    if (auto copy = dyn_cast<AsyncCopyLikeOpInterface>(nested))
      hit = touches(copy.getSource(), /*writes=*/false) ||
            touches(copy.getDest(), /*writes=*/true);
    else
      hit = anySmemEffect(nested, touches);
    return hit ? WalkResult::interrupt() : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Whether `op` ends the group of `kind`, with `closed` younger groups
/// closed since, as far as `sourceOnly` needs (the copy's SMEM reads, which a
/// `{read}` wait_group ends, or the whole copy): a wait on `token`, or a
/// wait_group allowing at most `closed` pending.
bool completes(Operation *op, Value token, GroupKind kind, int64_t closed,
               bool sourceOnly) {
  if (auto wait = dyn_cast<WaitOp>(op))
    return wait.getToken() == token;
  auto waitGroup = dyn_cast<WaitGroupOp>(op);
  return waitGroup && waitGroup.getKind() == kind &&
         (sourceOnly || !waitGroup.getRead()) &&
         static_cast<int64_t>(waitGroup.getPending()) <= closed;
}

/// The ops that may run after `copy` while it is in flight, in program
/// order: the rest of each block around it, outwards to the function; in a
/// loop body, the next iteration up to and including the op that holds the
/// copy (which runs it again).
SmallVector<Operation *> opsAfter(Operation *copy) {
  SmallVector<Operation *> order;
  for (Operation *op = copy; op && !isa<FunctionOpInterface>(op);
       op = op->getParentOp()) {
    Block *block = op->getBlock();
    for (Operation &next :
         llvm::make_range(std::next(op->getIterator()), block->end()))
      order.push_back(&next);
    if (isa<LoopLikeOpInterface>(block->getParentOp()))
      for (Operation &next :
           llvm::make_range(block->begin(), std::next(op->getIterator())))
        order.push_back(&next);
  }
  return order;
}

/// Puts a wait_group before the first op that accesses the SMEM of group-
/// closing copy `copy` while it may be in flight (writes it, or also reads
/// it when the copy writes it), unless a wait that completes the copy comes
/// first. A store only has to have read its SMEM: its wait is `{read}`.
void guardInFlightBuffer(Operation *copy, GroupKind kind) {
  // A cp.async load writes its SMEM, a store only reads it.
  auto like = cast<AsyncCopyLikeOpInterface>(copy);
  bool writes = like.isLoad();
  SmemFootprint footprint(like.getSmem());
  Value token = like.getToken();
  bool sourceOnly = !writes;
  int64_t closed = 0;
  for (Operation *op : opsAfter(copy)) {
    if (completes(op, token, kind, closed, sourceOnly))
      return;
    if (conflicts(op, footprint, writes)) {
      OpBuilder b(op);
      WaitGroupOp::create(b, op->getLoc(), kind, closed,
                          /*read=*/sourceOnly);
      return;
    }
    closed = std::min(closed + closedBy(op, kind), kManyGroups);
  }
}

/// The SMEM buffer `op` accesses through the async proxy (TMA and bulk
/// copies, the source of a DSMEM copy), if any.
Value asyncProxyBuffer(Operation *op) {
  if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp, BulkLoadOp, BulkStoreOp>(op))
    return cast<AsyncCopyLikeOpInterface>(op).getSmem();
  if (auto dsmem = dyn_cast<DsmemCopyOp>(op))
    return dsmem.getSource();
  return Value();
}

/// Whether `op` (or an op in it) writes SMEM in `footprint` through the
/// generic proxy: ordinary stores, not asynccopy ops (whose lowerings fence
/// what they write).
bool writesGeneric(Operation *op, const SmemFootprint &footprint) {
  WalkResult walk = op->walk([&](Operation *nested) {
    if (isa<AsyncCopyDialect>(nested->getDialect()))
      return WalkResult::advance();
    bool hit = anySmemEffect(nested, [&](Value view, bool writes) {
      return writes && footprint.mayOverlap(SmemFootprint(view));
    });
    return hit ? WalkResult::interrupt() : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The ops that may have run before `op`, nearest first: the start of each
/// block around it, outwards to the function; in a loop body, the previous
/// iteration's tail after it.
SmallVector<Operation *> opsBefore(Operation *op) {
  SmallVector<Operation *> order;
  for (Operation *at = op; at && !isa<FunctionOpInterface>(at);
       at = at->getParentOp()) {
    Block *block = at->getBlock();
    for (Operation &prev :
         llvm::reverse(llvm::make_range(block->begin(), at->getIterator())))
      order.push_back(&prev);
    if (isa<LoopLikeOpInterface>(block->getParentOp()))
      for (Operation &prev : llvm::reverse(
               llvm::make_range(std::next(at->getIterator()), block->end())))
        order.push_back(&prev);
  }
  return order;
}

/// The SMEM a sync copy reads: its threads read what the CTA's other
/// threads wrote, in chunks that need not be the ones each thread wrote.
Value syncCopySmemSource(Operation *op) {
  auto copy = dyn_cast<SyncCopyOp>(op);
  if (!copy)
    return Value();
  auto type = dyn_cast<MemRefType>(copy.getSource().getType());
  return type && isSharedMemory(type) ? copy.getSource() : Value();
}

/// Orders the generic-proxy writes to `smem` before `op`, which accesses it:
/// a CTA barrier between them, and for an async-proxy op (`fence`) every
/// thread's fence before that barrier. The fence goes before the CTA
/// barrier between the last write and the op, or, with none, before the op
/// together with a barrier. A sync copy (the fallback of such a copy) needs
/// the barrier alone.
void orderGenericWrites(Operation *op, Value smem, bool fence) {
  SmemFootprint footprint(smem);
  Operation *barrier = nullptr;
  for (Operation *prev : opsBefore(op)) {
    if (fence && isa<FenceAsyncSharedOp>(prev))
      return;
    if (writesGeneric(prev, footprint)) {
      OpBuilder b(barrier ? barrier : op);
      if (fence)
        FenceAsyncSharedOp::create(b, op->getLoc());
      if (!barrier)
        gpu::BarrierOp::create(b, op->getLoc());
      return;
    }
    // A CTA barrier: the asynccopy waits end with one. A named barrier is
    // one among the consumers of a warp-specialised kernel (the producer
    // warpgroup writes no SMEM).
    if (isa<gpu::BarrierOp, NVVM::BarrierOp, WaitOp, WaitGroupOp>(prev))
      barrier = prev;
  }
}

struct AsyncCopyAssignWaitGroupsPass
    : public mlir::asynccopy::impl::AsyncCopyAssignWaitGroupsBase<
          AsyncCopyAssignWaitGroupsPass> {
  void runOnOperation() override {
    // Accesses to a buffer a copy may still be using wait for it first.
    // Youngest copies first: the wait one needs also completes the older
    // copies before it, which then need none of their own.
    SmallVector<std::pair<Operation *, GroupKind>> copies;
    getOperation()->walk([&](Operation *op) {
      if (std::optional<GroupKind> kind = producedGroup(op))
        copies.push_back({op, *kind});
    });
    for (auto [copy, kind] : llvm::reverse(copies))
      guardInFlightBuffer(copy, kind);

    // Generic writes to SMEM an async-proxy op then accesses are fenced
    // and ordered by a CTA barrier; those a sync copy then reads by the
    // barrier.
    SmallVector<std::tuple<Operation *, Value, bool>> readers;
    getOperation()->walk([&](Operation *op) {
      if (Value smem = asyncProxyBuffer(op))
        readers.push_back({op, smem, true});
      else if (Value smem = syncCopySmemSource(op))
        readers.push_back({op, smem, false});
    });
    for (auto [op, smem, fence] : readers)
      orderGenericWrites(op, smem, fence);

    SmallVector<WaitOp> waits;
    getOperation()->walk([&](WaitOp wait) { waits.push_back(wait); });
    for (WaitOp wait : waits) {
      Operation *producer = wait.getToken().getDefiningOp();
      std::optional<GroupKind> kind =
          producer ? producedGroup(producer) : std::nullopt;
      if (!kind)
        continue;
      std::optional<int64_t> pending = closedAfter(producer, wait, *kind);
      if (!pending)
        continue;
      OpBuilder b(wait);
      WaitGroupOp::create(b, wait.getLoc(), *kind, *pending,
                          /*read=*/false);
      wait.erase();
    }
  }
};

} // namespace
