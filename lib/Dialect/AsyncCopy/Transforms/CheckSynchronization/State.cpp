//===- State.cpp - the checker's abstract state and its join --------------===//
//
// Where paths meet (after a branch, at a loop's head), the state holds what
// may be true on either: a barrier may be initialised or not, a count that
// differs between the paths is unknown, and a copy in flight on one path is
// in flight.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

static Tally joinTally(Tally a, Tally b) { return a == b ? a : std::nullopt; }

bool synccheck::isPending(const State &state, Operation *copy) {
  return llvm::any_of(state.pending,
                      [&](const Pending &p) { return p.copy == copy; });
}

/// Joins `other` into `mine`: a stage one path has not touched is in its
/// first phase there.
static void joinBarrier(BarrierState &mine, const BarrierState &other) {
  mine.init |= other.init;
  mine.cluster |= other.cluster;
  for (auto &[stage, theirs] : other.stages) {
    StageState &ours = mine.stages[stage];
    ours.phase = joinTally(ours.phase, theirs.phase);
    ours.arrivals = joinTally(ours.arrivals, theirs.arrivals);
    ours.expectedTx = joinTally(ours.expectedTx, theirs.expectedTx);
    ours.deliveredTx = joinTally(ours.deliveredTx, theirs.deliveredTx);
  }
  for (auto &[stage, ours] : mine.stages)
    if (!other.stages.count(stage))
      ours = {joinTally(ours.phase, 0), joinTally(ours.arrivals, 0),
              joinTally(ours.expectedTx, 0), joinTally(ours.deliveredTx, 0)};
}

State synccheck::join(const State &a, const State &b) {
  State result = a;
  for (auto &[alloc, other] : b.barriers) {
    auto [it, inserted] = result.barriers.insert({alloc, other});
    if (!inserted)
      joinBarrier(it->second, other);
  }
  // A copy pending on one path is pending on some path.
  for (const Pending &theirs : b.pending) {
    auto *ours = llvm::find_if(result.pending, [&](const Pending &p) {
      return p.copy == theirs.copy;
    });
    if (ours == result.pending.end()) {
      result.pending.push_back(theirs);
      continue;
    }
    ours->closed = joinTally(ours->closed, theirs.closed);
    ours->phase = joinTally(ours->phase, theirs.phase);
  }
  for (const PendingRead &theirs : b.wgmmaReads) {
    auto *ours = llvm::find_if(result.wgmmaReads, [&](const PendingRead &r) {
      return r.sameRead(theirs);
    });
    if (ours == result.wgmmaReads.end())
      result.wgmmaReads.push_back(theirs);
    else
      ours->closed = joinTally(ours->closed, theirs.closed);
  }
  for (Operation *copy : b.multicasts)
    if (!llvm::is_contained(result.multicasts, copy))
      result.multicasts.push_back(copy);
  return result;
}
