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
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYASSIGNWAITGROUPS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// More groups than any kernel keeps in flight: counts saturate here.
constexpr int64_t kManyGroups = 1 << 20;

/// The group kind a copy that produces a token closes a group of, when it
/// closes one of its own (not `{commit = false}`).
std::optional<GroupKind> producedGroup(Operation *op) {
  auto commits = [](auto copy) { return copy.getCommit().value_or(true); };
  if (auto copy = dyn_cast<CpAsyncCopyOp>(op))
    return copy.getToken() && commits(copy)
               ? std::optional<GroupKind>(GroupKind::cp_async)
               : std::nullopt;
  if (auto store = dyn_cast<TmaStoreOp>(op))
    return commits(store) ? std::optional<GroupKind>(GroupKind::bulk)
                          : std::nullopt;
  if (auto reduce = dyn_cast<TmaReduceOp>(op))
    return commits(reduce) ? std::optional<GroupKind>(GroupKind::bulk)
                           : std::nullopt;
  if (auto store = dyn_cast<BulkStoreOp>(op))
    return commits(store) ? std::optional<GroupKind>(GroupKind::bulk)
                          : std::nullopt;
  return std::nullopt;
}

/// Whether `op` closes a group of `kind` whenever it runs: a commit_group,
/// or a copy that closes its own. A cp.async copy commits on every thread
/// even when its predicate skips the transfer; a TMA or bulk store under a
/// predicate closes nothing when it does not run.
bool alwaysCloses(Operation *op, GroupKind kind) {
  if (auto commit = dyn_cast<CommitGroupOp>(op))
    return commit.getKind() == kind;
  std::optional<GroupKind> produced = producedGroup(op);
  if (!produced || *produced != kind)
    return false;
  return kind == GroupKind::cp_async ||
         !cast<AsyncCopyLikeOpInterface>(op).getPredicate();
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
    std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(forOp.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
      return 0;
    int64_t trips = std::min<int64_t>((*ub - *lb + *step - 1) / *step,
                                      kManyGroups);
    return std::min<int64_t>(trips * closedInRegion(forOp.getRegion(), kind),
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

struct AsyncCopyAssignWaitGroupsPass
    : public mlir::asynccopy::impl::AsyncCopyAssignWaitGroupsBase<
          AsyncCopyAssignWaitGroupsPass> {
  void runOnOperation() override {
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
