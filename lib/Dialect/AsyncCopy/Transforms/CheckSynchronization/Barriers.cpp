//===- Barriers.cpp - the checker's barrier tracking ----------------------===//
//
// Per barrier the checker tracks whether it is initialised (and published to
// the cluster), and per static stage the arrivals and transaction bytes of
// the open phase, which a wait checks against the init count.
//
// What a barrier receives per phase follows the lowering: a TMA, bulk or
// DSMEM load is one arrival expecting its own bytes (a collective load: the
// whole window, whichever CTA issues which piece), `barrier.arrive` one
// arrival per thread (times its count), `arrive_expect_tx` one arrival
// expecting its bytes, a cp.async load on a barrier one arrival per thread, a
// sync copy one arrival (its bytes counted as expected and delivered, like a
// TMA copy's, whose fallback it may be). A DSMEM copy lands on the
// destination CTA's barrier; where every CTA runs the copy, for a rank
// computed per CTA (a peer) the copy this CTA issues stands for the one a
// peer issues into it. A barrier that a copy to a constant rank, or one
// issued under a branch on the CTA's index (only some CTAs send), completes
// is not counted.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Analysis/SmemBuffer.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

static BarrierRef traceBarrier(Value value, DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return {};
  if (auto alloc = value.getDefiningOp<BarrierAllocOp>())
    return {alloc};
  if (auto remote = value.getDefiningOp<BarrierRemoteOp>()) {
    BarrierRef ref = traceBarrier(remote.getBarrier(), visited);
    ref.remote = true;
    return ref;
  }
  FailureOr<SmallVector<Value>> incoming = getIncomingValues(value);
  if (failed(incoming))
    return {};
  BarrierRef found;
  for (Value in : *incoming) {
    if (visited.contains(in))
      continue; // A loop-carried value that comes back unchanged.
    BarrierRef ref = traceBarrier(in, visited);
    if (!ref.alloc || (found.alloc && (found.alloc != ref.alloc ||
                                       found.remote != ref.remote)))
      return {};
    found = ref;
  }
  return found;
}

BarrierRef synccheck::traceBarrier(Value value) {
  DenseSet<Value> visited;
  return ::traceBarrier(value, visited);
}

/// The stage an op names, when it is a constant.
std::optional<int64_t> SyncChecker::stageOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
      .Case<BarrierArriveOp, BarrierArriveExpectTxOp, BarrierWaitOp>(
          [](auto op) { return constantIndex(op.getStage()); })
      .Case([](AsyncCopyLikeOpInterface copy) {
        return constantIndex(copy.getStage());
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// What one run of `op` adds to the open phase of its barrier stage, when
/// it is static.
std::optional<Arrival> SyncChecker::arrivalOf(Operation *op) {
  using Result = std::optional<Arrival>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](BarrierArriveOp arrive) -> Result {
        if (!threads)
          return std::nullopt;
        return Arrival{*threads * int64_t(arrive.getCount().value_or(1)), 0, 0};
      })
      .Case([](BarrierArriveExpectTxOp arrive) -> Result {
        return Arrival{1, static_cast<int64_t>(arrive.getBytes()), 0};
      })
      .Case([](TmaLoadOp load) -> Result {
        int64_t bytes = load.getPlan().getBytes();
        return Arrival{1, bytes, bytes};
      })
      .Case<BulkLoadOp, DsmemCopyOp>([](auto load) -> Result {
        int64_t bytes = load.getPlan().getTotalBytes();
        return Arrival{1, bytes, bytes};
      })
      .Case([&](CpAsyncCopyOp) -> Result {
        if (!threads)
          return std::nullopt;
        return Arrival{*threads, 0, 0};
      })
      .Case([](SyncCopyOp copy) -> Result {
        // Its bytes land before its arrival; counted as both expected and
        // delivered they leave the balance as it is, and a path through the
        // sync fallback of a TMA copy matches the path through the TMA copy.
        int64_t bytes = copy.getPlan().getTotalBytes();
        return Arrival{1, bytes, bytes};
      })
      .Case([&](CopyOp copy) -> Result {
        // Before selection: what docs/ir.md defines for `asynccopy.copy`,
        // one arrival carrying its bytes, or one per thread when it asks
        // for cp.async.
        if (getCopyImplementation(copy) == CopyImpl::cp_async) {
          if (!threads)
            return std::nullopt;
          return Arrival{*threads, 0, 0};
        }
        std::optional<int64_t> bytes = smemBytes(copy.getSmem());
        if (!bytes)
          return std::nullopt;
        return Arrival{1, *bytes, *bytes};
      })
      .Default([](Operation *) -> Result { return std::nullopt; });
}

/// Sorts the kernel's barriers into those whose phases can be counted and
/// those the checker leaves alone.
void SyncChecker::classifyBarriers() {
  DenseSet<Operation *> uncountable, initialised, used, waited, fedLocally;
  body.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<BarrierAllocOp>(op)) {
      countable.insert(alloc);
      return;
    }
    if (auto init = dyn_cast<BarrierInitOp>(op))
      initialised.insert(traceBarrier(init.getBarrier()).alloc);
    for (Value operand : op->getOperands()) {
      if (!isa<BarrierType>(operand.getType()) ||
          isa<scf::YieldOp, scf::ForOp, scf::IfOp, scf::WhileOp,
              scf::ConditionOp>(op))
        continue;
      BarrierRef ref = traceBarrier(operand);
      if (!ref.alloc)
        continue;
      used.insert(ref.alloc);
      if (isa<BarrierWaitOp>(op))
        waited.insert(ref.alloc);
      if (isa<BarrierArriveOp>(op) && ref.remote)
        acknowledgements.insert(ref.alloc);
      // This CTA's own loads and arrivals complete its phases.
      auto local = dyn_cast<AsyncCopyLikeOpInterface>(op);
      if (!ref.remote && (isa<BarrierArriveOp, BarrierArriveExpectTxOp>(op) ||
                          (local && local.isLoad() && !local.getRank())))
        fedLocally.insert(ref.alloc);
      bool known =
          isa<BarrierInitOp, BarrierArriveOp, BarrierArriveExpectTxOp,
              BarrierWaitOp, BarrierRemoteOp, AsyncCopyLikeOpInterface>(op);
      if (!known)
        escaped.insert(ref.alloc);
      auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op);
      // A constant rank sends every CTA's copy to one CTA, and a copy only
      // some CTAs send is not mirrored by one into each: not symmetric.
      bool oneTarget = copy && copy.getRank() &&
                       (constantIndex(copy.getRank()) || inSomeCtas(op, body));
      // Arrivals of other warps run concurrently with this code.
      bool counted = !inSomeWarps(op, body) &&
                     (isa<BarrierInitOp, BarrierRemoteOp>(op) ||
                      (!ref.remote && stageOf(op) && arrivalOf(op) &&
                       !(copy && copy.getPredicate()) && !oneTarget) ||
                      (isa<BarrierWaitOp>(op) && stageOf(op)));
      if (!counted)
        uncountable.insert(ref.alloc);
    }
  });
  // A barrier the kernel never initialises, and does not both feed with
  // its own loads or arrivals and wait on, is a fragment (a lowering test)
  // rather than a protocol that forgot its init: one remark, no checks. The
  // protocol gets the use-before-init error.
  body.walk([&](BarrierAllocOp alloc) {
    bool protocol = waited.contains(alloc) && fedLocally.contains(alloc);
    if (used.contains(alloc) && !initialised.contains(alloc) && !protocol) {
      neverInitialised.push_back(alloc);
      escaped.insert(alloc);
    }
  });
  for (Operation *alloc : escaped)
    uncountable.insert(alloc);
  for (Operation *alloc : uncountable)
    countable.erase(alloc);
}

//===----------------------------------------------------------------------===//
// Initialisation
//===----------------------------------------------------------------------===//

/// A use of a barrier before its `barrier.init` on some path.
void SyncChecker::useBarrier(Operation *op, Value barrier, State &state) {
  BarrierRef ref = trackedBarrier(barrier);
  if (!ref.alloc)
    return;
  auto it = state.barriers.find(ref.alloc);
  if (it == state.barriers.end() || !(it->second.init & kUninit))
    return;
  // The first use says it: the others follow from the same missing init.
  if (reporting && !dataDependent && !reportedUninit.insert(ref.alloc).second)
    return;
  bool never = !(it->second.init & kInit);
  std::optional<int64_t> stage = stageOf(op);
  auto message = [=](InFlightDiagnostic &diag) {
    diag << "uses ";
    if (stage)
      diag << "stage " << *stage << " of ";
    diag << "a barrier that is "
         << (never ? "not initialised" : "not initialised on some path")
         << " here: add `asynccopy.barrier.init` (with the arrivals of one "
            "phase) after its `asynccopy.barrier.alloc`, before the first "
            "use and outside branches";
  };
  error(op, "uninit", notingAlloc(ref.alloc, message));
}

/// A use of another CTA's copy of a barrier (a remote arrival, a DSMEM copy
/// or multicast completing on it) before a cluster barrier has followed its
/// `barrier.init` on some path: that CTA may not have initialised it yet.
void SyncChecker::usePeerBarrier(Operation *op, Value barrier, State &state) {
  BarrierRef ref = trackedBarrier(barrier);
  if (!ref.alloc)
    return;
  if (isa<BarrierArriveOp>(op) && !ref.remote)
    return;
  auto it = state.barriers.find(ref.alloc);
  if (it == state.barriers.end() || !(it->second.init & kInit) ||
      !(it->second.cluster & kUnpublished))
    return;
  bool always = !(it->second.cluster & kPublished);
  auto message = [=](InFlightDiagnostic &diag) {
    diag << "uses another CTA's copy of a barrier before a cluster barrier "
            "has followed its `asynccopy.barrier.init`"
         << (always ? "" : " on some path")
         << ": that CTA may not have initialised it yet; add "
            "`nvvm.cluster.arrive` and `nvvm.cluster.wait` after the inits, "
            "before the first remote arrival, DSMEM copy or multicast";
  };
  warn(op, "cluster-init", notingAlloc(ref.alloc, message));
}

void SyncChecker::visitInit(BarrierInitOp init, State &state) {
  BarrierRef ref = trackedBarrier(init.getBarrier());
  if (!ref.alloc)
    return;
  BarrierState &barrier = state.barriers[ref.alloc];
  if (barrier.init & kInit) {
    bool always = !(barrier.init & kUninit);
    auto message = [=](InFlightDiagnostic &diag) {
      diag << "initialises a barrier that is already initialised"
           << (always ? "" : " on some path")
           << " (re-initialising one that copies or arrivals may use loses "
              "their phase): initialise each barrier once, after its "
              "`asynccopy.barrier.alloc` and outside loops";
    };
    error(init, "init-twice", notingAlloc(ref.alloc, message));
  }
  barrier.init = kInit;
  barrier.cluster = kUnpublished;
  barrier.stages.clear();
}

/// `nvvm.cluster.wait`: the cluster barrier's arrive half came before it.
void SyncChecker::visitClusterWait(State &state) {
  // Every init so far is visible to the other CTAs now.
  for (auto &[alloc, barrier] : state.barriers)
    if (barrier.init & kInit)
      barrier.cluster = kPublished;
  // Every CTA runs this code: the peers arrived after their own wait for
  // the multicasts this CTA waited for, so those have landed.
  llvm::erase_if(state.multicasts,
                 [&](Operation *copy) { return !isPending(state, copy); });
  // The peers arrived after their own waits for this CTA's DSMEM copies.
  state.sends.clear();
}

//===----------------------------------------------------------------------===//
// Arrivals, phases and waits
//===----------------------------------------------------------------------===//

void SyncChecker::visitArrive(BarrierArriveOp arrive, State &state) {
  useBarrier(arrive, arrive.getBarrier(), state);
  usePeerBarrier(arrive, arrive.getBarrier(), state);
  if (std::optional<Arrival> a = arrivalOf(arrive))
    visitArrival(arrive, arrive.getBarrier(), arrive.getStage(), *a, state);
}

void SyncChecker::visitArrival(Operation *op, Value barrier, Value stageValue,
                               const Arrival &arrival, State &state) {
  BarrierRef ref = traceBarrier(barrier);
  std::optional<int64_t> stage = constantIndex(stageValue);
  if (!ref.alloc || !countable.contains(ref.alloc) || !stage)
    return;
  StageState &open = state.barriers[ref.alloc].stages[*stage];
  auto add = [](Tally &tally, int64_t n) {
    if (tally)
      *tally += n;
  };
  add(open.arrivals, arrival.arrivals);
  add(open.expectedTx, arrival.expectedTx);
  add(open.deliveredTx, arrival.deliveredTx);
}

/// Checks the open phase of a stage that `wait` waits for against the
/// barrier's init count: too few arrivals or bytes never complete it, too
/// many complete it early and spill into the next phase.
void SyncChecker::checkBalance(BarrierWaitOp wait, BarrierAllocOp alloc,
                               int64_t stage, const StageState &open) {
  auto init = llvm::find_if(alloc->getResult(0).getUsers(),
                            [](Operation *u) { return isa<BarrierInitOp>(u); });
  if (init == alloc->getResult(0).getUsers().end())
    return;
  int64_t count = cast<BarrierInitOp>(*init).getCount();
  Tally phase = open.phase;
  auto where = [=](InFlightDiagnostic &diag) {
    diag << "waits for ";
    if (phase)
      diag << "phase " << *phase << " of ";
    diag << "stage " << stage << " of a barrier";
  };
  if (!open.arrivals || !open.expectedTx || !open.deliveredTx) {
    report(
        wait, "balance", DiagnosticSeverity::Remark,
        [=](InFlightDiagnostic &diag) {
          where(diag);
          diag << " whose arrivals or transaction bytes differ between the "
                  "paths here (branches, trip counts): the checker cannot tell "
                  "whether they balance its init count of "
               << count;
        });
    return;
  }
  int64_t arrivals = *open.arrivals;
  if (arrivals != count) {
    auto message = [=](InFlightDiagnostic &diag) {
      where(diag);
      diag << ", which gets " << arrivals << " arrival"
           << (arrivals == 1 ? "" : "s") << " per phase but was initialised "
           << "to expect " << count << ": "
           << (arrivals < count ? "the phase never completes"
                                : "the phase completes early and the extra "
                                  "arrivals count towards the next one")
           << "; ";
      if (arrivals > 0)
        diag << "initialise it with `asynccopy.barrier.init %b, " << arrivals
             << "` (one per copy completing on it, one per thread for "
                "`barrier.arrive`) or balance the arrivals";
      else
        diag << "no copy or `barrier.arrive` on this path completes on it: "
                "add the one that should";
    };
    error(wait, "balance", notingAlloc(alloc, message));
    return;
  }
  int64_t expected = *open.expectedTx, delivered = *open.deliveredTx;
  if (expected == delivered)
    return;
  auto message = [=](InFlightDiagnostic &diag) {
    where(diag);
    diag << ", whose arrivals expect " << expected
         << " transaction bytes but whose copies deliver " << delivered
         << ": the phase never completes; every copy that completes on a "
            "barrier expects its own bytes, so do not add them with "
            "`asynccopy.barrier.arrive_expect_tx` (use "
            "`asynccopy.barrier.arrive` or expect 0 bytes)";
  };
  error(wait, "bytes", notingAlloc(alloc, message));
}

void SyncChecker::visitWait(BarrierWaitOp wait, State &state) {
  useBarrier(wait, wait.getBarrier(), state);
  BarrierRef ref = traceBarrier(wait.getBarrier());
  if (!ref.alloc)
    return;
  // A peer's arrival: it acknowledges what it received from this CTA.
  if (acknowledgements.contains(ref.alloc))
    state.sends.clear();
  std::optional<int64_t> stage = constantIndex(wait.getStage());
  std::optional<int64_t> parity = constantIndex(wait.getPhase());
  // Balance is checked on barriers that are initialised on every path.
  bool counted = countable.contains(ref.alloc) && stage &&
                 state.barriers[ref.alloc].init == kInit;
  if (counted) {
    StageState &open = state.barriers[ref.alloc].stages[*stage];
    // A wait for the parity of the phase before the open one returns at
    // once and completes nothing: a bug when the open phase has arrivals
    // or copies to wait for.
    if (parity && open.phase && (*parity & 1) != (*open.phase & 1)) {
      if (open.arrivals && *open.arrivals > 0)
        reportStaleParity(wait, *stage, *parity & 1, *open.phase);
      return;
    }
    checkBalance(wait, ref.alloc, *stage, open);
    if (open.phase)
      ++*open.phase;
    open.arrivals = open.expectedTx = open.deliveredTx = 0;
  }
  // Copies on the stage are complete; with a dynamic stage (a ring) the
  // checker cannot tell which, and forgets those of the barrier.
  llvm::erase_if(state.pending, [&](const Pending &p) {
    auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
    if (!copy.getBarrier() ||
        traceBarrier(copy.getBarrier()).alloc != ref.alloc)
      return false;
    return !stage || !p.stage || *stage == *p.stage;
  });
}

void SyncChecker::reportStaleParity(BarrierWaitOp wait, int64_t stage,
                                    int64_t parity, int64_t phase) {
  error(wait, "parity", [=](InFlightDiagnostic &diag) {
    diag << "waits for parity " << parity << " of stage " << stage
         << ", but phase " << phase << " (parity " << (phase & 1)
         << ") is the open one here, with arrivals or copies pending: the "
            "wait returns at once, before they complete; wait for parity "
         << (phase & 1)
         << " (in a loop, the parity of the phase this iteration uses, e.g. "
            "the iteration count divided by the stage count, mod 2)";
  });
}
