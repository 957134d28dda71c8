//===- ControlFlow.cpp - the checker's walk over structured control flow --===//
//
// The checker follows every path through a kernel's structured control flow:
// both sides of a branch (joining their states after it), and a loop body
// from its first iteration until the state at the loop's head stops
// changing. What it finds only after a back edge depends on the trip count.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Analysis/SmemBuffer.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asynccopy-check-synchronization"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

namespace {
/// The index a value may depend on: the thread's within its CTA, or the
/// CTA's within its cluster (and grid).
enum class Index { Thread, Cta };
} // namespace

/// Whether `def` reads the CTA's index or rank (in the grid or cluster).
static bool readsCtaIndex(Operation *def) {
  if (isa<gpu::BlockIdOp, gpu::ClusterBlockIdOp>(def))
    return true;
  StringRef name = def->getName().getStringRef();
  return isa<NVVM::NVVMDialect>(def->getDialect()) &&
         (name.contains("ctaid") || name.contains("ctarank"));
}

/// Whether `def` reads the thread's index (or which lanes run: elect).
static bool readsThreadIndex(Operation *def) {
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp>(def))
    return true;
  StringRef name = def->getName().getStringRef();
  return isa<NVVM::NVVMDialect>(def->getDialect()) &&
         (name.contains("tid") || name.contains("laneid") ||
          name.contains("warpid") || name.contains("elect"));
}

/// Whether `value` depends on an `index` of the thread or CTA that computes
/// it: a branch on it runs different code in different warps at the same
/// time (warp specialisation), or in different CTAs of the cluster.
static bool dependsOn(Index index, Value value, DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto launch = dyn_cast_or_null<gpu::LaunchOp>(owner)) {
      gpu::KernelDim3 ids =
          index == Index::Thread ? launch.getThreadIds() : launch.getBlockIds();
      return value == ids.x || value == ids.y || value == ids.z;
    }
    if (isa_and_nonnull<FunctionOpInterface>(owner))
      return false; // Kernel arguments.
    FailureOr<SmallVector<Value>> incoming = getIncomingValues(value);
    if (auto forOp = dyn_cast_or_null<scf::ForOp>(owner);
        forOp && arg == forOp.getInductionVar())
      incoming = SmallVector<Value>{forOp.getLowerBound(), forOp.getStep()};
    if (failed(incoming))
      return true;
    return llvm::any_of(
        *incoming, [&](Value in) { return dependsOn(index, in, visited); });
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return true;
  if (index == Index::Cta ? readsCtaIndex(def) || isa<gpu::GlobalIdOp>(def)
                          : readsThreadIndex(def))
    return true;
  if (isa<NVVM::NVVMDialect>(def->getDialect()))
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return dependsOn(index, operand, visited);
  });
}

/// The region of the innermost branch around `op` whose condition depends
/// on `index`, or null.
static Region *branchOn(Index index, Operation *op, Region &body) {
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    DenseSet<Value> visited;
    if (ifOp && dependsOn(index, ifOp.getCondition(), visited))
      return op->getParentRegion();
  }
  return nullptr;
}

bool synccheck::inSomeWarps(Operation *op, Region &body) {
  return branchOn(Index::Thread, op, body);
}

Region *synccheck::ctaBranchOf(Operation *op, Region &body) {
  return branchOn(Index::Cta, op, body);
}

bool synccheck::inSomeCtas(Operation *op, Region &body) {
  return ctaBranchOf(op, body);
}

/// Whether `value` is computed from the CTA's index and constants alone.
static bool onlyOnCtaIndex(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (readsCtaIndex(def) || matchPattern(value, m_Constant()))
    return true;
  return !isa<NVVM::NVVMDialect>(def->getDialect()) && isPure(def) &&
         def->getNumRegions() == 0 &&
         llvm::all_of(def->getOperands(), onlyOnCtaIndex);
}

bool synccheck::chosenByCtaIndex(Operation *op, Region &body) {
  bool chosen = false;
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    if (!ifOp || constantIndex(ifOp.getCondition()))
      continue;
    if (!onlyOnCtaIndex(ifOp.getCondition()))
      return false;
    chosen = true;
  }
  return chosen;
}

bool synccheck::isGuarded(Operation *op, Region &body) {
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    if (ifOp && !constantIndex(ifOp.getCondition()))
      return true;
  }
  return false;
}

void SyncChecker::visitBlock(Block &block, State &state) {
  LLVM_DEBUG({
    Operation *parent = block.getParentOp();
    llvm::dbgs() << "block of '" << parent->getName() << "' "
                 << parent->getLoc() << (reporting ? "" : " (silent)")
                 << (dataDependent ? " (data-dependent)" : "")
                 << ", state at entry:\n"
                 << state;
  });
  for (Operation &op : block)
    visitOp(&op, state);
}

void SyncChecker::visitRegion(Region &region, State &state) {
  if (!region.empty())
    visitBlock(region.front(), state);
}

void SyncChecker::visitOp(Operation *op, State &state) {
  // Nested loops multiply the walks: a kernel too large is left unchecked.
  if (++visits > kMaxVisits)
    return;
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return visitFor(forOp, state);
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    State otherwise = state;
    visitBlock(ifOp.getThenRegion().front(), state);
    if (!ifOp.getElseRegion().empty())
      visitBlock(ifOp.getElseRegion().front(), otherwise);
    state = join(state, otherwise);
    return;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return visitWhile(whileOp, state);
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(op))
    return visitRegion(region.getRegion(), state);
  if (op->getNumRegions() != 0)
    return visitOtherRegions(op, state);
  transfer(op, state);
}

/// Runs a loop body: once from `entry` (the first iteration, a path every
/// run with one takes), then silently once more per round until the state
/// at the loop's head stops changing, then once reporting from the head.
/// Returns the states at the head and at the end of the body.
std::pair<State, State>
SyncChecker::iterate(Operation *loop, function_ref<void(State &)> runBody,
                     const State &entry, bool backEdgeIsData) {
  bool wasReporting = reporting, wasData = dataDependent;
  State first = entry;
  runBody(first);
  State head = join(entry, first);
  reporting = false;
  for (int round = 0; round < 4; ++round) {
    State end = head;
    runBody(end);
    State next = join(entry, end);
    bool stable = next == head;
    LLVM_DEBUG(llvm::dbgs()
               << "fixpoint round " << round << " of '" << loop->getName()
               << "' " << loop->getLoc() << (stable ? ": stable" : ": changed")
               << ", state at its head:\n"
               << next);
    if (stable)
      break;
    head = std::move(next);
  }
  reporting = wasReporting;
  dataDependent = wasData || backEdgeIsData;
  State end = head;
  runBody(end);
  // The second iteration from its exact state, after the walks above so
  // their diagnostics come first: what only goes wrong from there on (a
  // constant phase parity) still has known phase counts there.
  runBody(first);
  dataDependent = wasData;
  return {std::move(head), std::move(end)};
}

/// Whether an op in `scope` may complete the copy of `p`: a wait on its
/// barrier at its stage (or a dynamic one), or on its group kind.
static bool mayCompleteIn(Operation *scope, const Pending &p) {
  auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
  BarrierRef ref =
      copy.getBarrier() ? traceBarrier(copy.getBarrier()) : BarrierRef{};
  WalkResult walk = scope->walk([&](Operation *op) {
    if (auto wait = dyn_cast<BarrierWaitOp>(op)) {
      std::optional<int64_t> s = constantIndex(wait.getStage());
      if (ref.alloc && traceBarrier(wait.getBarrier()).alloc == ref.alloc &&
          (!s || !p.stage || *s == *p.stage))
        return WalkResult::interrupt();
    }
    if (!copy.getBarrier() && isa<WaitOp, WaitGroupOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

bool SyncChecker::mayBeWaitedSomewhere(const Pending &p) {
  return mayCompleteIn(body.getParentOp(), p);
}

/// At a loop's exit, whether a copy that a wait in the loop may complete
/// is still in flight depends on the trip count: the last iterations of a
/// pipeline do not issue what they would not wait for, and a loop that does
/// not run leaves its prologue's copies to guards with the same bounds. The
/// checker drops them.
void SyncChecker::dropCompletedInLoop(Operation *loop, State &state) {
  llvm::erase_if(state.pending,
                 [&](const Pending &p) { return mayCompleteIn(loop, p); });
}

void SyncChecker::visitFor(scf::ForOp forOp, State &state) {
  std::optional<APInt> trips = forOp.getStaticTripCount();
  if (trips && trips->isZero())
    return;
  if (trips && trips->isOne())
    return visitRegion(forOp.getRegion(), state);
  auto [head, end] = iterate(
      forOp, [&](State &s) { visitRegion(forOp.getRegion(), s); }, state,
      /*backEdgeIsData=*/!trips);
  // With a static trip count the loop exits after a full iteration; else
  // possibly before the first.
  state = trips ? std::move(end) : std::move(head);
  dropCompletedInLoop(forOp, state);
}

/// scf.while: the condition region, then the body, any number of times;
/// the loop exits from the condition region.
void SyncChecker::visitWhile(scf::WhileOp whileOp, State &state) {
  auto [head, end] = iterate(
      whileOp,
      [&](State &s) {
        visitRegion(whileOp.getBefore(), s);
        visitRegion(whileOp.getAfter(), s);
      },
      state, /*backEdgeIsData=*/true);
  bool wasReporting = reporting;
  reporting = false;
  visitRegion(whileOp.getBefore(), head);
  reporting = wasReporting;
  state = std::move(head);
  dropCompletedInLoop(whileOp, state);
}

/// Other regions (scf.parallel, ...): each any number of times.
void SyncChecker::visitOtherRegions(Operation *op, State &state) {
  checkAccesses(op, state);
  for (Region &region : op->getRegions()) {
    auto [head, end] = iterate(
        op, [&](State &s) { visitRegion(region, s); }, state,
        /*backEdgeIsData=*/true);
    state = std::move(head);
  }
  dropCompletedInLoop(op, state);
}
