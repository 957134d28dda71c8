//===- CheckSynchronization.cpp - static checks of barriers and copies ----===//
//
// A kernel whose barriers or asynchronous copies are misused compiles to code
// that hangs (a phase that never completes) or races (SMEM read before a copy
// lands, or overwritten while one still reads it). This pass walks every
// kernel in program order over its structured control flow, with an abstract
// state that holds, per barrier, whether it is initialised and, per static
// stage, the arrivals and transaction bytes of the open phase, and the copies
// that may still be in flight. It reports what holds on some path through
// the kernel as an error, and what depends on data (branch conditions, trip
// counts) as a remark. Dynamic stage indices and buffer offsets, which a
// software pipeliner's rings use, make the checks of that barrier or buffer
// stay silent rather than guess.
//
// What a barrier receives per phase follows the lowering: a TMA, bulk or
// DSMEM load is one arrival expecting its own bytes (a collective load: the
// whole window, whichever CTA issues which piece), `barrier.arrive` one
// arrival per thread (times its count), `arrive_expect_tx` one arrival
// expecting its bytes, a cp.async load on a barrier one arrival per thread, a
// sync copy one arrival (its bytes counted as expected and delivered, like a
// TMA copy's, whose fallback it may be). A DSMEM copy lands on the destination CTA's barrier;
// every CTA runs the same code, so for a rank computed per CTA (a peer) the
// copy this CTA issues stands for the one a peer issues into it.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "SmemAccesses.h"
#include "SynchronizationCheck.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/IR/CompletionGroups.h"
#include "asynccopy/Utils/LaunchShape.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYCHECKSYNCHRONIZATION
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

namespace {

//===----------------------------------------------------------------------===//
// Barriers and buffers
//===----------------------------------------------------------------------===//

/// The `barrier.alloc` a barrier value comes from, through remote views and
/// values that structured control flow carries; null when it is not unique.
struct BarrierRef {
  BarrierAllocOp alloc;
  bool remote = false;
};

BarrierRef traceBarrier(Value value, DenseSet<Value> &visited) {
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

BarrierRef traceBarrier(Value value) {
  DenseSet<Value> visited;
  return traceBarrier(value, visited);
}

/// Whether `value` may differ between the threads of a CTA (it depends on
/// a thread or lane index): a branch on it runs different code in different
/// warps at the same time (warp specialisation).
bool isThreadDependent(Value value, DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto launch = dyn_cast_or_null<gpu::LaunchOp>(owner)) {
      // A gpu.launch's body arguments: only the thread ids vary in a CTA.
      gpu::KernelDim3 ids = launch.getThreadIds();
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
    return llvm::any_of(*incoming, [&](Value in) {
      return isThreadDependent(in, visited);
    });
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return true;
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp>(def))
    return true;
  if (isa<NVVM::NVVMDialect>(def->getDialect())) {
    StringRef name = def->getName().getStringRef();
    return name.contains("tid") || name.contains("laneid") ||
           name.contains("warpid") || name.contains("elect");
  }
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return isThreadDependent(operand, visited);
  });
}

/// Whether `op` runs in only some warps of the CTA (under a condition on
/// the thread index), inside `body`.
bool inSomeWarps(Operation *op, Region &body) {
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    DenseSet<Value> visited;
    if (ifOp && isThreadDependent(ifOp.getCondition(), visited))
      return true;
  }
  return false;
}

/// Whether `op` runs only under a branch condition the checker cannot
/// evaluate (a guarded load of a pipeline): whether it conflicts with
/// another guarded op depends on how their conditions correlate.
bool isGuarded(Operation *op, Region &body) {
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    if (ifOp && !constantIndex(ifOp.getCondition()))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Abstract state
//===----------------------------------------------------------------------===//

/// A count that is the same on every path to a point, or differs between
/// paths (nullopt).
using Tally = std::optional<int64_t>;

Tally joinTally(Tally a, Tally b) { return a == b ? a : std::nullopt; }

/// The open phase of one static stage since `barrier.init`.
struct StageState {
  /// Phases completed so far.
  Tally phase = 0;
  /// Arrivals, transaction bytes expected and delivered in the open phase.
  Tally arrivals = 0, expectedTx = 0, deliveredTx = 0;
  bool operator==(const StageState &o) const {
    return phase == o.phase && arrivals == o.arrivals &&
           expectedTx == o.expectedTx && deliveredTx == o.deliveredTx;
  }
};

enum InitBits : uint8_t { kUninit = 1, kInit = 2 };
/// Whether the other CTAs of the cluster may not / may see the init: only a
/// cluster barrier after `barrier.init` orders it before their remote uses.
enum ClusterBits : uint8_t { kUnpublished = 1, kPublished = 2 };

struct BarrierState {
  /// Which of uninitialised / initialised it may be (a union over paths).
  uint8_t init = kUninit;
  /// Which of unpublished / published to the cluster it may be.
  uint8_t cluster = kUnpublished;
  /// Stages touched since init; the others are in their first phase.
  std::map<int64_t, StageState> stages;
  bool operator==(const BarrierState &o) const {
    return init == o.init && cluster == o.cluster && stages == o.stages;
  }
};

/// A copy that may still be in flight: a load that writes its SMEM until
/// its barrier phase or group completes, or a store that reads it until its
/// bulk group is read.
struct Pending {
  Operation *copy;
  /// Groups of the copy's kind closed after it (-1: its own is still open),
  /// or nullopt when that differs between paths.
  Tally closed;
  /// The stage and phase its barrier completes it in, where known.
  Tally stage, phase;
  bool operator==(const Pending &o) const {
    return copy == o.copy && closed == o.closed && stage == o.stage &&
           phase == o.phase;
  }
};

/// An SMEM operand of a wgmma (an `asynccopy.wgmma_descriptor` that an
/// `nvvm.wgmma.mma_async` takes) that the tensor cores may still read: until
/// `nvvm.wgmma.wait.group.sync.aligned` completes the wgmma group it is in.
struct PendingRead {
  Operation *wgmma;
  WgmmaDescriptorOp descriptor;
  /// wgmma groups committed after its own (-1: its own is still open), or
  /// nullopt when that differs between paths.
  Tally closed;
  bool sameRead(const PendingRead &o) const {
    return wgmma == o.wgmma && descriptor == o.descriptor;
  }
  bool operator==(const PendingRead &o) const {
    return sameRead(o) && closed == o.closed;
  }
};

struct State {
  std::map<Operation *, BarrierState> barriers;
  SmallVector<Pending> pending;
  SmallVector<PendingRead> wgmmaReads;
  /// Collective loads this CTA issued whose multicast may still be landing
  /// in a peer: until a cluster barrier after this CTA's own wait for them.
  SmallVector<Operation *> multicasts;
  bool operator==(const State &o) const {
    return barriers == o.barriers && pending == o.pending &&
           wgmmaReads == o.wgmmaReads && multicasts == o.multicasts;
  }
};

/// Whether `copy` is still in flight in `state`.
bool isPending(const State &state, Operation *copy) {
  return llvm::any_of(state.pending,
                      [&](const Pending &p) { return p.copy == copy; });
}

/// The state after either of two paths.
State join(const State &a, const State &b) {
  State result = a;
  for (auto &[alloc, other] : b.barriers) {
    auto [it, inserted] = result.barriers.insert({alloc, other});
    if (inserted)
      continue;
    BarrierState &mine = it->second;
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

//===----------------------------------------------------------------------===//
// The checker
//===----------------------------------------------------------------------===//

/// What one copy does to its barrier stage per run.
struct Arrival {
  int64_t arrivals = 0, expectedTx = 0, deliveredTx = 0;
};

class SyncChecker {
public:
  SyncChecker(Region &body, bool isKernel, std::optional<int64_t> threads)
      : body(body), isKernel(isKernel), threads(threads) {}

  /// Checks the kernel; reports what it finds when `emit` is set. Returns
  /// whether it found an error.
  bool run(bool emit);

private:
  // Diagnostics, one per op and kind; errors win over remarks.
  using DiagBuilder = std::function<void(InFlightDiagnostic &)>;
  void report(Operation *op, StringRef kind, DiagnosticSeverity severity,
              DiagBuilder build);
  void error(Operation *op, StringRef kind, DiagBuilder build) {
    report(op, kind,
           dataDependent ? DiagnosticSeverity::Remark
                         : DiagnosticSeverity::Error,
           std::move(build));
  }
  /// `build`, then a note at the barrier's `barrier.alloc`.
  static DiagBuilder notingAlloc(BarrierAllocOp alloc, DiagBuilder build) {
    Location loc = alloc.getLoc();
    return [=](InFlightDiagnostic &diag) {
      build(diag);
      diag.attachNote(loc) << "barrier allocated here";
    };
  }
  /// The barrier `value` refers to, or none where the checker leaves it
  /// alone (not one `barrier.alloc`, or escaped).
  BarrierRef trackedBarrier(Value value) {
    BarrierRef ref = traceBarrier(value);
    return ref.alloc && !escaped.contains(ref.alloc) ? ref : BarrierRef{};
  }
  void warn(Operation *op, StringRef kind, DiagBuilder build) {
    report(op, kind,
           dataDependent ? DiagnosticSeverity::Remark
                         : DiagnosticSeverity::Warning,
           std::move(build));
  }

  void classifyBarriers();
  void visitBlock(Block &block, State &state);
  void visitOp(Operation *op, State &state);
  void visitFor(scf::ForOp forOp, State &state);
  std::pair<State, State> iterate(function_ref<void(State &)> runBody,
                                  const State &entry, bool backEdgeIsData);
  void visitRegion(Region &region, State &state);
  void visitWhile(scf::WhileOp whileOp, State &state);
  void dropCompletedInLoop(Operation *loop, State &state);
  bool mayBeWaitedSomewhere(const Pending &p);

  void useBarrier(Operation *op, Value barrier, State &state);
  void visitInit(BarrierInitOp init, State &state);
  void usePeerBarrier(Operation *op, Value barrier, State &state);
  void visitArrival(Operation *op, Value barrier, Value stage,
                    const Arrival &arrival, State &state);
  void visitWait(BarrierWaitOp wait, State &state);
  void reportStaleParity(BarrierWaitOp wait, int64_t stage, int64_t parity,
                         int64_t phase);
  void checkBalance(BarrierWaitOp wait, BarrierAllocOp alloc,
                    int64_t stage, const StageState &open);
  void visitCopy(AsyncCopyLikeOpInterface copy, State &state);
  void visitGroupWait(Operation *op, State &state);
  void closeGroups(Operation *op, State &state);
  void checkAccess(Operation *op, const std::optional<SmemAccess> &access,
                   bool writes, State &state);
  void checkAccesses(Operation *op, State &state);
  void checkWgmmaReads(Operation *op, const SmemAccess &access,
                       const State &state);
  void visitWgmma(NVVM::WgmmaMmaAsyncOp wgmma, State &state);
  void checkReturn(Operation *op, State &state);

  std::optional<Arrival> arrivalOf(Operation *op);
  std::optional<int64_t> stageOf(Operation *op);

  Region &body;
  bool isKernel;
  std::optional<int64_t> threads;
  /// Barriers whose per-phase arrivals and bytes are all known: only this
  /// CTA arrives on them, at static stages, in counts known statically.
  DenseSet<Operation *> countable;
  /// Barriers handed to ops the checker does not know (calls), and barriers
  /// the kernel never initialises: unchecked, as are the copies that complete
  /// on them.
  DenseSet<Operation *> escaped;
  /// Used barriers the kernel never initialises, in program order.
  SmallVector<Operation *> neverInitialised;
  /// Ops visited so far, against kMaxVisits.
  int64_t visits = 0;
  static constexpr int64_t kMaxVisits = 4'000'000;
  /// Barriers whose missing init has been reported.
  DenseSet<Operation *> reportedUninit;
  /// Set while the walk follows a loop's back edge or an unknown region:
  /// errors found there depend on the trip count and become remarks.
  bool dataDependent = false;
  /// Whether diagnostics are collected (the last walk over a loop body).
  bool reporting = true;
  struct Diag {
    DiagnosticSeverity severity;
    DiagBuilder build;
  };
  llvm::MapVector<std::pair<Operation *, StringRef>, Diag> diags;
};

/// How much a severity weighs: an op's diagnostic of one kind keeps the
/// heaviest found on any path.
static int weight(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return 2;
  case DiagnosticSeverity::Warning:
    return 1;
  default:
    return 0;
  }
}

void SyncChecker::report(Operation *op, StringRef kind,
                         DiagnosticSeverity severity, DiagBuilder build) {
  if (!reporting)
    return;
  auto [it, inserted] = diags.insert({{op, kind}, Diag{severity, build}});
  if (!inserted && weight(severity) > weight(it->second.severity))
    it->second = Diag{severity, build};
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
      // This CTA's own loads and arrivals complete its phases.
      auto local = dyn_cast<AsyncCopyLikeOpInterface>(op);
      if (!ref.remote && (isa<BarrierArriveOp, BarrierArriveExpectTxOp>(op) ||
                          (local && local.isLoad() && !local.getRank())))
        fedLocally.insert(ref.alloc);
      bool known = isa<BarrierInitOp, BarrierArriveOp, BarrierArriveExpectTxOp,
                       BarrierWaitOp, BarrierRemoteOp,
                       AsyncCopyLikeOpInterface>(op);
      if (!known)
        escaped.insert(ref.alloc);
      auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op);
      // A constant rank sends every CTA's copy to one CTA: not symmetric.
      bool oneTarget = copy && copy.getRank() && constantIndex(copy.getRank());
      // Arrivals of other warps run concurrently with this code.
      bool counted = !inSomeWarps(op, body) && (isa<BarrierInitOp, BarrierRemoteOp>(op) ||
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

bool SyncChecker::run(bool emit) {
  // Unstructured control flow (several blocks in a region) is not followed.
  WalkResult unstructured = body.getParentOp()->walk([](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (!body.hasOneBlock() || unstructured.wasInterrupted())
    return false;
  classifyBarriers();
  State state;
  visitRegion(body, state);
  if (visits > kMaxVisits) {
    if (emit)
      body.getParentOp()->emitRemark()
          << "is too large for asynccopy-check-synchronization to follow "
             "every path: not checked";
    return false;
  }
  bool anyError = llvm::any_of(diags, [](const auto &entry) {
    return entry.second.severity == DiagnosticSeverity::Error;
  });
  if (!emit)
    return anyError;
  for (Operation *alloc : neverInitialised)
    alloc->emitRemark()
        << "allocates a barrier that this kernel never initialises: add "
           "`asynccopy.barrier.init` (with the arrivals of one phase) after "
           "it; its arrivals, waits and the copies that complete on it are "
           "not checked";
  for (auto &[key, diag] : diags) {
    Operation *op = key.first;
    if (diag.severity == DiagnosticSeverity::Error) {
      InFlightDiagnostic d = op->emitOpError();
      diag.build(d);
      continue;
    }
    InFlightDiagnostic d = diag.severity == DiagnosticSeverity::Warning
                               ? op->emitWarning()
                               : op->emitRemark();
    d << "'" << op->getName() << "' op ";
    diag.build(d);
  }
  return anyError;
}

void SyncChecker::visitBlock(Block &block, State &state) {
  for (Operation &op : block)
    visitOp(&op, state);
}

/// Runs a loop body: once from `entry` (the first iteration, a path every
/// run with one takes), then silently once more per round until the state
/// at the loop's head stops changing, then once reporting from the head.
/// Returns the states at the head and at the end of the body.
std::pair<State, State>
SyncChecker::iterate(function_ref<void(State &)> runBody, const State &entry,
                     bool backEdgeIsData) {
  bool wasReporting = reporting, wasData = dataDependent;
  State first = entry;
  runBody(first);
  State head = join(entry, first);
  reporting = false;
  for (int round = 0; round < 4; ++round) {
    State end = head;
    runBody(end);
    State next = join(entry, end);
    if (next == head)
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

void SyncChecker::visitRegion(Region &region, State &state) {
  if (!region.empty())
    visitBlock(region.front(), state);
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
      [&](State &s) { visitRegion(forOp.getRegion(), s); }, state,
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
  if (op->getNumRegions() != 0) {
    // Other regions (scf.parallel, ...): each any number of times.
    checkAccesses(op, state);
    for (Region &region : op->getRegions()) {
      auto [head, end] = iterate([&](State &s) { visitRegion(region, s); },
                                 state, /*backEdgeIsData=*/true);
      state = std::move(head);
    }
    dropCompletedInLoop(op, state);
    return;
  }
  llvm::TypeSwitch<Operation *>(op)
      .Case(
          [&](BarrierAllocOp alloc) { state.barriers[alloc] = BarrierState(); })
      .Case([&](BarrierInitOp init) { visitInit(init, state); })
      .Case([&](BarrierRemoteOp remote) {
        useBarrier(remote, remote.getBarrier(), state);
      })
      .Case([&](NVVM::ClusterWaitOp) {
        // The cluster barrier's arrive half came before it: every init so
        // far is visible to the other CTAs now.
        for (auto &[alloc, barrier] : state.barriers)
          if (barrier.init & kInit)
            barrier.cluster = kPublished;
        // Every CTA runs this code: the peers arrived after their own wait
        // for the multicasts this CTA waited for, so those have landed.
        llvm::erase_if(state.multicasts, [&](Operation *copy) {
          return !isPending(state, copy);
        });
      })
      .Case([&](BarrierArriveOp arrive) {
        useBarrier(arrive, arrive.getBarrier(), state);
        usePeerBarrier(arrive, arrive.getBarrier(), state);
        if (std::optional<Arrival> a = arrivalOf(arrive))
          visitArrival(arrive, arrive.getBarrier(), arrive.getStage(), *a,
                       state);
      })
      .Case([&](BarrierArriveExpectTxOp arrive) {
        useBarrier(arrive, arrive.getBarrier(), state);
        visitArrival(arrive, arrive.getBarrier(), arrive.getStage(),
                     *arrivalOf(arrive), state);
      })
      .Case([&](BarrierWaitOp wait) { visitWait(wait, state); })
      .Case([&](AsyncCopyLikeOpInterface copy) { visitCopy(copy, state); })
      .Case<WaitOp, WaitGroupOp>(
          [&](Operation *wait) { visitGroupWait(wait, state); })
      .Case([&](CommitGroupOp commit) { closeGroups(commit, state); })
      .Case([&](NVVM::WgmmaMmaAsyncOp wgmma) { visitWgmma(wgmma, state); })
      .Case([&](NVVM::WgmmaGroupSyncAlignedOp) {
        for (PendingRead &read : state.wgmmaReads)
          if (read.closed)
            read.closed = *read.closed + 1;
      })
      .Case([&](NVVM::WgmmaWaitGroupSyncOp wait) {
        int64_t allowed = wait.getGroup();
        llvm::erase_if(state.wgmmaReads, [&](const PendingRead &read) {
          return read.closed && *read.closed >= allowed;
        });
      })
      .Case<gpu::ReturnOp, gpu::TerminatorOp>(
          [&](Operation *ret) { checkReturn(ret, state); })
      .Default([&](Operation *other) { checkAccesses(other, state); });
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

//===----------------------------------------------------------------------===//
// Arrivals, phases and waits
//===----------------------------------------------------------------------===//

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
  auto init = llvm::find_if(alloc->getResult(0).getUsers(), [](Operation *u) {
    return isa<BarrierInitOp>(u);
  });
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
           << "; initialise it with `asynccopy.barrier.init %b, " << arrivals
           << "` (one per copy completing on it, one per thread for "
              "`barrier.arrive`) or balance the arrivals";
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

//===----------------------------------------------------------------------===//
// Copies in flight
//===----------------------------------------------------------------------===//

/// Whether a group-tracked copy joins the open group (`{commit = false}`).
bool joinsOpenGroup(Operation *op) {
  auto commit = op->getAttrOfType<BoolAttr>("commit");
  return commit && !commit.getValue();
}

/// The group kind a copy in flight belongs to (its token's), if any. An
/// `asynccopy.copy` (before selection) counts as the asynchronous copy it
/// may become: a load with a token as cp.async, a store as a bulk store.
std::optional<GroupKind> groupOf(Operation *op) {
  if (isa<CpAsyncCopyOp>(op) && cast<CpAsyncCopyOp>(op).getToken())
    return GroupKind::cp_async;
  if (isa<TmaStoreOp, TmaReduceOp, BulkStoreOp>(op))
    return GroupKind::bulk;
  if (auto copy = dyn_cast<CopyOp>(op);
      copy && !copy.getBarrier() && !copy.getRank()) {
    if (copy.isStore())
      return GroupKind::bulk;
    if (copy.getToken())
      return GroupKind::cp_async;
  }
  return std::nullopt;
}

/// The group kind `op` closes: see getClosedGroupKind; an `asynccopy.copy`
/// closes the group it would join unless it is `{commit = false}`.
std::optional<GroupKind> closedGroupOf(Operation *op) {
  if (isa<CopyOp>(op))
    return joinsOpenGroup(op) ? std::nullopt : groupOf(op);
  return getClosedGroupKind(op);
}

void SyncChecker::closeGroups(Operation *op, State &state) {
  std::optional<GroupKind> kind = closedGroupOf(op);
  bool predicated = !closesWhereSkipped(op);
  if (!kind)
    return;
  for (Pending &p : state.pending) {
    if (p.copy == op || groupOf(p.copy) != kind || !p.closed)
      continue;
    // A predicated store closes no group where it does not run.
    p.closed = predicated ? std::nullopt : Tally(*p.closed + 1);
  }
}

/// `asynccopy.wait` and `wait_group`: copies of the kind with few enough
/// younger groups are complete.
void SyncChecker::visitGroupWait(Operation *op, State &state) {
  if (auto wait = dyn_cast<WaitOp>(op)) {
    // A wait is wait_group 0 of the kinds its token may stand for.
    Operation *producer = wait.getToken().getDefiningOp();
    std::optional<GroupKind> kind =
        producer ? groupOf(producer) : std::nullopt;
    llvm::erase_if(state.pending, [&](const Pending &p) {
      std::optional<GroupKind> group = groupOf(p.copy);
      return p.copy == producer || (group && (!producer || group == kind));
    });
    return;
  }
  auto waitGroup = cast<WaitGroupOp>(op);
  int64_t allowed = waitGroup.getPending();
  llvm::erase_if(state.pending, [&](const Pending &p) {
    return groupOf(p.copy) == waitGroup.getKind() &&
           (!p.closed || *p.closed >= allowed);
  });
}

/// The SMEM a copy in flight accesses in this CTA: what a load writes (a
/// DSMEM copy: its destination, which the peer's copy writes here), what a
/// store reads.
Value inFlightBuffer(AsyncCopyLikeOpInterface copy) {
  return copy.getRank() ? copy.getDest() : copy.getSmem();
}

/// The message part that names a copy in flight and how it completes.
void describePending(InFlightDiagnostic &diag, const Pending &p) {
  auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
  if (copy.getBarrier()) {
    diag << " on stage ";
    if (p.stage)
      diag << *p.stage;
    else
      diag << "(dynamic)";
    if (p.phase)
      diag << ", phase " << *p.phase;
    diag << " of its barrier";
  } else {
    diag << " (its group)";
  }
}

std::string waitFix(const Pending &p) {
  auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
  if (copy.getBarrier())
    return "`asynccopy.barrier.wait` on its stage with that phase's parity";
  return groupOf(p.copy) == GroupKind::cp_async
             ? "`asynccopy.wait` on its token"
             : "`asynccopy.wait` on its token (or `wait_group bulk N {read}`)";
}

/// Reports an access of `op` to SMEM (a write, or a read) that a copy in
/// flight certainly races with: a load into it, or for a write also a store
/// out of it. Copies under a guard are not held against it: whether both ran
/// depends on how their conditions correlate.
void SyncChecker::checkAccess(Operation *op,
                              const std::optional<SmemAccess> &access,
                              bool writes, State &state) {
  if (!access || access->bytes.empty())
    return;
  if (writes)
    checkWgmmaReads(op, *access, state);
  // Before selection, asynccopy-assign-wait-groups is still to put a wait
  // in front of an access to the SMEM of a copy whose group it completes
  // (any access after a load with a token, a write after a store): such a
  // copy is complete here.
  llvm::erase_if(state.pending, [&](const Pending &p) {
    auto copy = dyn_cast<CopyOp>(p.copy);
    if (!copy || !groupOf(copy) || (copy.isStore() && !writes))
      return false;
    std::optional<SmemRange> range = getSmemRange(copy.getSmem());
    return !range || range->allocation == access->allocation;
  });
  // The copies in flight in the access's allocation, with their bytes.
  SmallVector<std::pair<const Pending *, SmemRange>> racing;
  for (const Pending &p : state.pending) {
    auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
    if ((!writes && copy.isStore()) || isGuarded(p.copy, body))
      continue;
    std::optional<SmemRange> range = getSmemRange(inFlightBuffer(copy));
    if (range && range->allocation == access->allocation)
      racing.push_back({&p, *range});
  }
  auto intersects = [](std::pair<int64_t, int64_t> bytes,
                       const SmemRange &range) {
    return bytes.first < range.end && range.begin < bytes.second;
  };
  // Where the access touches only some of its bytes, every one of them must
  // be in flight: each interval covered by the copies' ranges.
  if (access->somewhere) {
    for (std::pair<int64_t, int64_t> bytes : access->bytes) {
      SmallVector<std::pair<int64_t, int64_t>> ranges;
      for (auto &[p, range] : racing)
        ranges.push_back({range.begin, range.end});
      llvm::sort(ranges);
      int64_t covered = bytes.first;
      for (auto [begin, end] : ranges)
        if (begin <= covered)
          covered = std::max(covered, end);
      if (covered < bytes.second)
        return;
    }
  }
  for (auto &[p, range] : racing) {
    // (A structured binding is captured through a reference: C++17.)
    const auto &racingBytes = range;
    if (llvm::none_of(access->bytes, [&](std::pair<int64_t, int64_t> bytes) {
          return intersects(bytes, racingBytes);
        }))
      continue;
    Pending found = *p;
    bool copyWrites = !cast<AsyncCopyLikeOpInterface>(found.copy).isStore();
    bool isCopy = isa<AsyncCopyLikeOpInterface>(op);
    error(op, writes ? "write-in-flight" : "read-in-flight",
          [=](InFlightDiagnostic &diag) {
            diag << (writes ? "writes" : "reads") << " SMEM that '"
                 << found.copy->getName() << "' may still be "
                 << (copyWrites ? "writing" : "reading")
                 << ": on some path its completion";
            describePending(diag, found);
            diag << " is not waited for first; add " << waitFix(found)
                 << " before this " << (isCopy ? "copy" : "access");
            diag.attachNote(found.copy->getLoc()) << "the copy in flight";
          });
  }
}

/// Reports a write of `op` to SMEM that a wgmma in flight certainly still
/// reads: its group is not complete on some path (the read is not under a
/// guard, and the bytes intersect).
void SyncChecker::checkWgmmaReads(Operation *op, const SmemAccess &access,
                                  const State &state) {
  for (const PendingRead &read : state.wgmmaReads) {
    if (isGuarded(read.wgmma, body))
      continue;
    WgmmaDescriptorOp descriptor = read.descriptor;
    std::optional<SmemRange> range = getSmemRange(descriptor.getOperand());
    if (!range || range->allocation != access.allocation)
      continue;
    auto inRange = [&](std::pair<int64_t, int64_t> bytes) {
      return bytes.first < range->end && range->begin < bytes.second;
    };
    if (access.somewhere ? !llvm::all_of(access.bytes, inRange)
                         : llvm::none_of(access.bytes, inRange))
      continue;
    bool isCopy = isa<AsyncCopyLikeOpInterface>(op);
    Operation *at = read.wgmma;
    error(op, "write-wgmma-read", [=](InFlightDiagnostic &diag) {
      diag << "writes SMEM that a wgmma may still be reading: on some path "
              "its wgmma group is not complete; add "
              "`nvvm.wgmma.wait.group.sync.aligned` (after "
              "`nvvm.wgmma.commit.group.sync.aligned`) before this "
           << (isCopy ? "copy" : "access");
      diag.attachNote(at->getLoc()) << "the wgmma that reads it";
    });
  }
}

/// `nvvm.wgmma.mma_async`: it reads the views of its `asynccopy.wgmma_
/// descriptor` operands from now until its group completes, so they must
/// hold complete tiles now and no one may write them until then.
void SyncChecker::visitWgmma(NVVM::WgmmaMmaAsyncOp wgmma, State &state) {
  for (Value operand : {wgmma.getDescriptorA(), wgmma.getDescriptorB()}) {
    auto descriptor = operand.getDefiningOp<WgmmaDescriptorOp>();
    if (!descriptor)
      continue;
    checkAccess(wgmma, accessWhole(descriptor.getOperand()), /*writes=*/false,
                state);
    PendingRead read{wgmma, descriptor, -1};
    llvm::erase_if(state.wgmmaReads,
                   [&](const PendingRead &r) { return r.sameRead(read); });
    state.wgmmaReads.push_back(read);
  }
}

/// Checks the SMEM accesses of `op` (not an asynccopy op), by its memory
/// effects.
void SyncChecker::checkAccesses(Operation *op, State &state) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || isa<AsyncCopyDialect>(op->getDialect()))
    return;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  for (const MemoryEffects::EffectInstance &effect : list) {
    Value view = effect.getValue();
    bool writes = isa<MemoryEffects::Write>(effect.getEffect());
    bool reads = isa<MemoryEffects::Read>(effect.getEffect());
    if (view && isa<MemRefType>(view.getType()) && (writes || reads))
      checkAccess(op, accessOf(op, view), writes, state);
  }
}

void SyncChecker::visitCopy(AsyncCopyLikeOpInterface copy, State &state) {
  Operation *op = copy;
  if (Value barrier = copy.getBarrier()) {
    useBarrier(op, barrier, state);
    // A copy to another CTA, or a multicast, completes on that CTA's
    // barrier (the same allocation: every CTA runs this code).
    if (copy.getRank() || copy.getCollective())
      usePeerBarrier(op, barrier, state);
  }
  // Its own SMEM access: a load writes its buffer; a store, and a copy to
  // another CTA, read theirs.
  if (copy.getRank())
    checkAccess(op, accessWhole(copy.getSource()), /*writes=*/false, state);
  else
    checkAccess(op, accessWhole(copy.getSmem()), /*writes=*/copy.isLoad(),
                state);
  closeGroups(op, state);
  if (std::optional<Arrival> arrival = arrivalOf(op); arrival &&
                                                      copy.getBarrier())
    visitArrival(op, copy.getBarrier(), copy.getStage(), *arrival, state);

  // What stays in flight: loads into this CTA's SMEM until their barrier
  // phase or group completes, stores until their group has read the SMEM.
  if (isa<SyncCopyOp, TmaPrefetchOp>(op) ||
      (isa<DsmemCopyOp, CopyOp>(op) && constantIndex(copy.getRank())))
    return;
  if (!copy.getBarrier() && !groupOf(op))
    return;
  Pending pending{op, joinsOpenGroup(op) ? -1 : 0,
                  constantIndex(copy.getStage()), std::nullopt};
  if (Value barrier = copy.getBarrier()) {
    BarrierRef ref = trackedBarrier(barrier);
    if (!ref.alloc)
      return; // Completion the checker cannot follow.
    if (pending.stage && countable.contains(ref.alloc))
      pending.phase = state.barriers[ref.alloc].stages[*pending.stage].phase;
  }
  llvm::erase_if(state.pending,
                 [&](const Pending &p) { return p.copy == op; });
  state.pending.push_back(pending);
  if (copy.isLoad() && copy.getCollective() &&
      !llvm::is_contained(state.multicasts, op))
    state.multicasts.push_back(op);
}

/// A kernel that returns while a load into its SMEM is in flight: the SMEM
/// is released under it (and a peer's multicast may write into the next
/// CTA on the SM).
void SyncChecker::checkReturn(Operation *ret, State &state) {
  if (!isKernel)
    return;
  for (const Pending &p : state.pending) {
    auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
    if (copy.isStore())
      continue;
    bool collective = copy.getCollective().has_value();
    Pending found = p;
    // A guarded load may not have run: whether it did is data. Where a
    // wait elsewhere may complete it (a pipeline's loop whose trip count
    // matches the guards of its prologue), that is the known pattern.
    bool guarded = isGuarded(p.copy, body);
    if (guarded && mayBeWaitedSomewhere(p))
      continue;
    bool certain = !dataDependent && !guarded;
    report(p.copy, collective ? "exit-multicast" : "exit",
           certain ? DiagnosticSeverity::Error : DiagnosticSeverity::Remark,
           [=](InFlightDiagnostic &diag) {
             if (collective)
               diag << "is a collective load, and the kernel may return "
                       "while the peers of its cluster still multicast into "
                       "this CTA's SMEM and barrier: its completion";
             else
               diag << "is never waited for before the kernel returns on "
                       "some path: its completion";
             describePending(diag, found);
             diag << " is not waited for; add " << waitFix(found)
                  << " before `gpu.return`";
             diag.attachNote(ret->getLoc()) << "the kernel returns here";
           });
  }
  // Collective loads this CTA waited for, whose multicast into a slower
  // peer may still be landing: returning then gave wrong results and hangs
  // on the H200. A loop marked for pipelining gets its cluster barrier from
  // asynccopy-pipeline-loops.
  auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(ret->getContext());
  for (Operation *copy : state.multicasts) {
    if (isPending(state, copy))
      continue; // Reported above.
    auto loop = copy->getParentOfType<scf::ForOp>();
    if (loop && marker.isAttrPresent(loop) &&
        marker.getAttr(loop).getInt() > 1)
      continue;
    // A warning: whether the multicast is still in flight is timing.
    bool certain = !dataDependent && !isGuarded(copy, body);
    report(copy, "exit-multicast-peers",
           certain ? DiagnosticSeverity::Warning : DiagnosticSeverity::Remark,
           [=](InFlightDiagnostic &diag) {
             diag << "is a collective load, and this CTA may return while "
                     "its multicast still lands in a slower peer of its "
                     "cluster; add `nvvm.cluster.arrive` and "
                     "`nvvm.cluster.wait` after its wait and before "
                     "`gpu.return`";
             diag.attachNote(ret->getLoc()) << "the kernel returns here";
           });
  }
}

/// Checks the kernel `op` (a gpu.func with a body or a gpu.launch); see
/// SyncChecker::run.
bool checkKernel(Operation *op, bool emit) {
  if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
    if (func.getBody().empty())
      return false;
    return SyncChecker(func.getBody(), func.isKernel(), getBlockThreads(func))
        .run(emit);
  }
  auto launch = cast<gpu::LaunchOp>(op);
  return SyncChecker(launch.getBody(), /*isKernel=*/true,
                     getBlockThreads(launch))
      .run(emit);
}

struct AsyncCopyCheckSynchronizationPass
    : public mlir::asynccopy::impl::AsyncCopyCheckSynchronizationBase<
          AsyncCopyCheckSynchronizationPass> {
  void runOnOperation() override {
    // Every kernel is checked, so every problem is reported at once.
    bool failedCheck = false;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::GPUFuncOp, gpu::LaunchOp>(op))
        failedCheck |= checkKernel(op, /*emit=*/true);
    });
    if (failedCheck)
      signalPassFailure();
  }
};

} // namespace

bool mlir::asynccopy::hasSynchronizationErrors(Operation *kernel) {
  return checkKernel(kernel, /*emit=*/false);
}
