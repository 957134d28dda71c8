//===- State.cpp - the checker's abstract state and its join --------------===//
//
// Where paths meet (after a branch, at a loop's head), the state holds what
// may be true on either: a barrier may be initialised or not, a count that
// differs between the paths is unknown, and a copy in flight on one path is
// in flight.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

static Tally joinTally(Tally a, Tally b) { return a == b ? a : std::nullopt; }

bool synccheck::isPending(const State &state, Operation *copy) {
  return llvm::any_of(state.pending, [&](const Pending &p) {
    return p.copy == copy && !p.incoming;
  });
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
      return p.copy == theirs.copy && p.incoming == theirs.incoming;
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
  for (Operation *copy : b.sends)
    if (!llvm::is_contained(result.sends, copy))
      result.sends.push_back(copy);
  return result;
}

namespace mlir::asynccopy::synccheck {
/// A tally, `?` where paths differ.
static raw_ostream &operator<<(raw_ostream &os, Tally tally) {
  if (tally)
    return os << *tally;
  return os << '?';
}
} // namespace mlir::asynccopy::synccheck

/// Which of the two states of `bits` (`first` for 1, `second` for 2) the
/// value may be in.
static StringRef mayBe(uint8_t bits, StringRef first, StringRef second) {
  if (bits == 1)
    return first;
  return bits == 2 ? second : "either";
}

void State::print(raw_ostream &os) const {
  if (barriers.empty() && pending.empty() && wgmmaReads.empty() &&
      multicasts.empty() && sends.empty())
    os << "  (nothing)\n";
  for (auto &[alloc, barrier] : barriers) {
    os << "  barrier " << alloc->getLoc() << ": "
       << mayBe(barrier.init, "uninitialised", "initialised") << ", "
       << mayBe(barrier.cluster, "unpublished", "published") << "\n";
    for (auto &[stage, open] : barrier.stages)
      os << "    stage " << stage << ": phase " << open.phase << ", arrivals "
         << open.arrivals << ", tx expected " << open.expectedTx
         << ", delivered " << open.deliveredTx << "\n";
  }
  for (const Pending &p : pending)
    os << "  in flight '" << p.copy->getName() << "' " << p.copy->getLoc()
       << ": groups closed " << p.closed << ", stage " << p.stage << ", phase "
       << p.phase << (p.incoming ? ", from a peer" : "") << "\n";
  for (const PendingRead &read : wgmmaReads)
    os << "  wgmma read " << read.wgmma->getLoc() << ": groups closed "
       << read.closed << "\n";
  for (Operation *copy : multicasts)
    os << "  multicast " << copy->getLoc() << "\n";
  for (Operation *copy : sends)
    os << "  DSMEM send " << copy->getLoc() << "\n";
}
