//===- CheckSynchronization.h - the checker's parts -------------*- C++ -*-===//
//
// A kernel whose barriers or asynchronous copies are misused compiles to code
// that hangs (a phase that never completes) or races (SMEM read before a copy
// lands, or overwritten while one still reads it). asynccopy-check-
// synchronization walks every kernel in program order over its structured
// control flow, with an abstract state that holds, per barrier, whether it is
// initialised and, per static stage, the arrivals and transaction bytes of
// the open phase, and the copies that may still be in flight. It reports what
// holds on some path through the kernel as an error, and what depends on data
// (branch conditions, trip counts) as a remark. Dynamic stage indices and
// buffer offsets, which a software pipeliner's rings use, make the checks of
// that barrier or buffer stay silent rather than guess. Its parts, one file
// each:
//
//   State.cpp           the abstract state and its join (the lattice)
//   ControlFlow.cpp     the walk over structured control flow: branches,
//                       loops to a fixpoint, which warps run an op
//   Checker.cpp         the checker: the transfer function of each op, and
//                       the diagnostics it collects
//   Barriers.cpp        barriers: init, arrivals, phases and waits
//   Copies.cpp          copies in flight: groups, waits, SMEM accesses,
//                       the kernel's return
//   Wgmma.cpp           SMEM that wgmma groups in flight read
//   SmemAccesses.cpp    the SMEM bytes ops and copies touch
//   NamedBarriers.cpp   named barriers (bar.sync/bar.arrive) that cannot
//                       complete
//   CheckSynchronization.cpp  the pass
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_TRANSFORMS_CHECKSYNCHRONIZATION_CHECKSYNCHRONIZATION_H
#define ASYNCCOPY_LIB_TRANSFORMS_CHECKSYNCHRONIZATION_CHECKSYNCHRONIZATION_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <map>
#include <optional>

namespace mlir::asynccopy::synccheck {

//===----------------------------------------------------------------------===//
// SMEM accesses (SmemAccesses.cpp)
//===----------------------------------------------------------------------===//

/// Checks the named barriers (`nvvm.barrier` with an id or a count,
/// `nvvm.barrier.arrive`) of the kernel body `body` of `blockThreads`
/// threads (x; unknown: not bounded by the block); reports what it finds
/// when `emit` is set. Returns whether it found an error.
bool checkNamedBarriers(Region &body, std::optional<int64_t> blockThreads,
                        bool emit);

/// `value` as a constant integer, if it is one.
std::optional<int64_t> constantIndex(Value value);

/// The bytes of a static SMEM buffer (what a copy into it delivers).
std::optional<int64_t> smemBytes(Value buffer);

/// The bytes of one SMEM allocation a view covers, when both are known.
struct SmemRange {
  Value allocation;
  int64_t begin = 0, end = 0;
};

std::optional<SmemRange> getSmemRange(Value view);

/// The SMEM bytes an access touches, from the start of one allocation.
struct SmemAccess {
  Value allocation;
  /// Byte intervals [begin, end).
  SmallVector<std::pair<int64_t, int64_t>> bytes;
  /// Whether the access touches some of `bytes` only, not knowing which (an
  /// element at a dynamic index of the view): it certainly races with copies
  /// in flight only where they cover all of `bytes`.
  bool somewhere = false;
};

/// The whole of `view`, which an op (a copy, an unknown user) accesses.
std::optional<SmemAccess> accessWhole(Value view, bool somewhere = false);

/// The SMEM `op` accesses through its memref operand `view`: the exact
/// elements of indexed loads and stores, else the whole view. Masked
/// transfers may access nothing: none.
std::optional<SmemAccess> accessOf(Operation *op, Value view);

//===----------------------------------------------------------------------===//
// Barriers and where ops run (Barriers.cpp, ControlFlow.cpp)
//===----------------------------------------------------------------------===//

/// The `barrier.alloc` a barrier value comes from, through remote views and
/// values that structured control flow carries; null when it is not unique.
struct BarrierRef {
  BarrierAllocOp alloc;
  bool remote = false;
};

BarrierRef traceBarrier(Value value);

/// Whether `op` runs in only some warps of the CTA (under a condition on
/// the thread index), inside `body`.
bool inSomeWarps(Operation *op, Region &body);

/// Whether `op` runs in only some CTAs of the cluster (under a condition on
/// the CTA's index or rank), inside `body`: a DSMEM copy there does not
/// stand for one a peer sends into this CTA.
bool inSomeCtas(Operation *op, Region &body);
/// The branch of that innermost condition on the CTA's index `op` is in, or
/// null.
Region *ctaBranchOf(Operation *op, Region &body);

/// Whether `op` runs under branches on the CTA's index alone (and at least
/// one): the CTAs that take them certainly run it.
bool chosenByCtaIndex(Operation *op, Region &body);

/// Whether `op` runs only under a branch condition the checker cannot
/// evaluate (a guarded load of a pipeline): whether it conflicts with
/// another guarded op depends on how their conditions correlate.
bool isGuarded(Operation *op, Region &body);

//===----------------------------------------------------------------------===//
// Abstract state (State.cpp)
//===----------------------------------------------------------------------===//

/// A count that is the same on every path to a point, or differs between
/// paths (nullopt).
using Tally = std::optional<int64_t>;

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
  /// A DSMEM copy that only some CTAs send (under a branch on the CTA's
  /// index), as a peer's copy into this CTA: it may write its destination
  /// here from the kernel's start until a wait on its barrier, except as
  /// seen from the branch that sends it.
  bool incoming = false;
  bool operator==(const Pending &o) const {
    return copy == o.copy && closed == o.closed && stage == o.stage &&
           phase == o.phase && incoming == o.incoming;
  }
};

/// An SMEM operand of a wgmma (an `asynccopy.wgmma_descriptor` that an
/// `nvvm.wgmma.mma_async` or `asynccopy.wgmma_register_a` takes) that the
/// tensor cores may still read: until
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
  /// DSMEM copies this CTA issued that may still read its SMEM: they
  /// complete on the peer's barrier, so this CTA knows they are done only
  /// once it waits on a barrier its peers arrive on (their acknowledgement)
  /// or a cluster barrier follows.
  SmallVector<Operation *> sends;
  bool operator==(const State &o) const {
    return barriers == o.barriers && pending == o.pending &&
           wgmmaReads == o.wgmmaReads && multicasts == o.multicasts &&
           sends == o.sends;
  }
  /// Prints the state, one line per barrier stage and per access in flight
  /// (for debug traces).
  void print(raw_ostream &os) const;
};

inline raw_ostream &operator<<(raw_ostream &os, const State &state) {
  state.print(os);
  return os;
}

/// Whether `copy` is still in flight in `state`.
bool isPending(const State &state, Operation *copy);

/// The state after either of two paths.
State join(const State &a, const State &b);

//===----------------------------------------------------------------------===//
// The checker
//===----------------------------------------------------------------------===//

/// The group kind a copy in flight belongs to (its token's), if any.
std::optional<GroupKind> groupOf(Operation *op);

/// What one copy does to its barrier stage per run.
struct Arrival {
  int64_t arrivals = 0, expectedTx = 0, deliveredTx = 0;
};

/// Checks one kernel body: the transfer function of each op updates the
/// state of the paths that reach it, and the checker collects what goes
/// wrong on them.
class SyncChecker {
public:
  SyncChecker(Region &body, bool isKernel, std::optional<int64_t> threads)
      : body(body), isKernel(isKernel), threads(threads) {}

  /// Checks the kernel; reports what it finds when `emit` is set. Returns
  /// whether it found an error.
  bool run(bool emit);

private:
  // Diagnostics, one per op and kind; errors win over remarks (Checker.cpp).
  using DiagBuilder = std::function<void(InFlightDiagnostic &)>;
  void report(Operation *op, StringRef kind, DiagnosticSeverity severity,
              DiagBuilder build);
  void error(Operation *op, StringRef kind, DiagBuilder build) {
    report(op, kind,
           dataDependent ? DiagnosticSeverity::Remark
                         : DiagnosticSeverity::Error,
           std::move(build));
  }
  void warn(Operation *op, StringRef kind, DiagBuilder build) {
    report(op, kind,
           dataDependent ? DiagnosticSeverity::Remark
                         : DiagnosticSeverity::Warning,
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
  void emitDiagnostics();
  void transfer(Operation *op, State &state);

  // The walk over structured control flow (ControlFlow.cpp).
  void visitBlock(Block &block, State &state);
  void visitRegion(Region &region, State &state);
  void visitOp(Operation *op, State &state);
  void visitFor(scf::ForOp forOp, State &state);
  void visitWhile(scf::WhileOp whileOp, State &state);
  void visitOtherRegions(Operation *op, State &state);
  std::pair<State, State> iterate(Operation *loop,
                                  function_ref<void(State &)> runBody,
                                  const State &entry, bool backEdgeIsData);
  void dropCompletedInLoop(Operation *loop, State &state);
  bool mayBeWaitedSomewhere(const Pending &p);

  // Barriers (Barriers.cpp).
  void classifyBarriers();
  /// The barrier `value` refers to, or none where the checker leaves it
  /// alone (not one `barrier.alloc`, or escaped).
  BarrierRef trackedBarrier(Value value) {
    BarrierRef ref = traceBarrier(value);
    return ref.alloc && !escaped.contains(ref.alloc) ? ref : BarrierRef{};
  }
  std::optional<Arrival> arrivalOf(Operation *op);
  std::optional<int64_t> stageOf(Operation *op);
  void useBarrier(Operation *op, Value barrier, State &state);
  void usePeerBarrier(Operation *op, Value barrier, State &state);
  void visitInit(BarrierInitOp init, State &state);
  void visitArrive(BarrierArriveOp arrive, State &state);
  void visitArrival(Operation *op, Value barrier, Value stage,
                    const Arrival &arrival, State &state);
  void visitWait(BarrierWaitOp wait, State &state);
  void reportStaleParity(BarrierWaitOp wait, int64_t stage, int64_t parity,
                         int64_t phase);
  void checkBalance(BarrierWaitOp wait, BarrierAllocOp alloc, int64_t stage,
                    const StageState &open);
  void visitClusterWait(State &state);

  // Copies in flight and SMEM accesses (Copies.cpp).
  void visitCopy(AsyncCopyLikeOpInterface copy, State &state);
  void visitGroupWait(Operation *op, State &state);
  void closeGroups(Operation *op, State &state);
  void checkAccess(Operation *op, const std::optional<SmemAccess> &access,
                   bool writes, State &state);
  void checkAccesses(Operation *op, State &state);
  void checkReturn(Operation *ret, State &state);
  void checkExitInFlight(Operation *ret, const State &state);
  void checkExitMulticasts(Operation *ret, const State &state);
  void checkExitSends(Operation *ret, const State &state);
  /// `copy` may still be in flight when the kernel returns at `ret`: a
  /// warning (whether it is, is timing), a remark where the copy is guarded
  /// or the path data-dependent; `message` follows the op's name.
  void warnAtExit(Operation *copy, Operation *ret, StringRef kind,
                  StringRef message);

  // wgmma reads (Wgmma.cpp).
  void checkWgmmaReads(Operation *op, const SmemAccess &access,
                       const State &state);
  void visitWgmma(Operation *wgmma, State &state);
  void commitWgmmaGroup(State &state);
  void visitWgmmaWait(NVVM::WgmmaWaitGroupSyncOp wait, State &state);

  Region &body;
  bool isKernel;
  std::optional<int64_t> threads;
  /// Barriers whose per-phase arrivals and bytes are all known: only this
  /// CTA arrives on them, at static stages, in counts known statically.
  DenseSet<Operation *> countable;
  /// Barriers a peer arrives on (`barrier.remote` + `barrier.arrive`): a
  /// wait on them hears from the peers.
  DenseSet<Operation *> acknowledgements;
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

} // namespace mlir::asynccopy::synccheck

#endif // ASYNCCOPY_LIB_TRANSFORMS_CHECKSYNCHRONIZATION_CHECKSYNCHRONIZATION_H
