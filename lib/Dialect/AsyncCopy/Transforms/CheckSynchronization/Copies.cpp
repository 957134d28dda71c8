//===- Copies.cpp - the checker's copies in flight ------------------------===//
//
// A copy stays in flight from its issue until its barrier phase or its group
// completes: a load writes its SMEM until then, a store reads it. The checker
// reports an access to that SMEM in between, and a kernel that returns with a
// load (or a multicast into its peers), or a store still reading, in flight.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Dialect/AsyncCopy/IR/CompletionGroups.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

//===----------------------------------------------------------------------===//
// Groups
//===----------------------------------------------------------------------===//

/// Whether a group-tracked copy joins the open group (`{commit = false}`).
static bool joinsOpenGroup(Operation *op) {
  auto commit = op->getAttrOfType<BoolAttr>("commit");
  return commit && !commit.getValue();
}

/// An `asynccopy.copy` (before selection) counts as the asynchronous copy it
/// may become: a load with a token as cp.async, a store as a bulk store.
std::optional<GroupKind> synccheck::groupOf(Operation *op) {
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
static std::optional<GroupKind> closedGroupOf(Operation *op) {
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
    std::optional<GroupKind> kind = producer ? groupOf(producer) : std::nullopt;
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

//===----------------------------------------------------------------------===//
// SMEM accesses
//===----------------------------------------------------------------------===//

/// The SMEM a copy in flight accesses in this CTA: what a load writes (a
/// DSMEM copy: its destination, which the peer's copy writes here), what a
/// store reads.
static Value inFlightBuffer(AsyncCopyLikeOpInterface copy) {
  return copy.getRank() ? copy.getDest() : copy.getSmem();
}

/// The message part that names a copy in flight and how it completes.
static void describePending(InFlightDiagnostic &diag, const Pending &p) {
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

static std::string waitFix(const Pending &p) {
  auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
  if (copy.getBarrier())
    return "`asynccopy.barrier.wait` on its stage with that phase's parity";
  return groupOf(p.copy) == GroupKind::cp_async
             ? "`asynccopy.wait` on its token"
             : "`asynccopy.wait` on its token (or `wait_group bulk N {read}`)";
}

/// Before selection, asynccopy-assign-wait-groups is still to put a wait in
/// front of an access to the SMEM of a copy whose group it completes (any
/// access after a load with a token, a write after a store): such a copy is
/// complete at `access`.
static void completeAwaitingWaitGroups(const SmemAccess &access, bool writes,
                                       State &state) {
  llvm::erase_if(state.pending, [&](const Pending &p) {
    auto copy = dyn_cast<CopyOp>(p.copy);
    if (!copy || !groupOf(copy) || (copy.isStore() && !writes))
      return false;
    std::optional<SmemRange> range = getSmemRange(copy.getSmem());
    return !range || range->allocation == access.allocation;
  });
}

/// A copy in flight in the SMEM allocation of an access, with its bytes.
using Racing = std::pair<const Pending *, SmemRange>;

/// Whether a wait on the barrier `copy` completes on follows `op` (later
/// in its block or in a block around it, in `body`): a CTA that waits for
/// a peer's copy after an access expects the copy there.
static bool waitFollows(Operation *op, Operation *copy, Region &body) {
  BarrierAllocOp alloc =
      traceBarrier(cast<AsyncCopyLikeOpInterface>(copy).getBarrier()).alloc;
  for (Operation *at = op;; at = at->getParentOp()) {
    for (Operation *next = at->getNextNode(); next; next = next->getNextNode())
      if (next->walk([&](BarrierWaitOp wait) {
                return traceBarrier(wait.getBarrier()).alloc == alloc
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted())
        return true;
    if (at->getParentRegion() == &body)
      return false;
  }
}

/// Whether `op` may run in a CTA that a copy only some CTAs send (`copy`)
/// arrives in: in the other branch of the condition that chooses the
/// senders, or followed by a wait for the copy (whether a copy comes to a
/// CTA that does neither is not known). Not in the sending branch.
static bool mayReceive(Operation *op, Operation *copy, Region &body) {
  Region *sending = ctaBranchOf(copy, body);
  if (sending->isAncestor(op->getParentRegion()))
    return false;
  return sending->getParentOp()->isAncestor(op) || waitFollows(op, copy, body);
}

/// The copies in flight in the allocation of `access` (by `op`) that it may
/// race with: loads, and for a write also stores, not under a guard; a
/// peer's copy that only some CTAs send where `op` may receive it.
static SmallVector<Racing> racingCopies(Operation *op, const SmemAccess &access,
                                        bool writes, const State &state,
                                        Region &body) {
  SmallVector<Racing> racing;
  for (const Pending &p : state.pending) {
    auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
    if (!writes && copy.isStore())
      continue;
    if (p.incoming ? !mayReceive(op, p.copy, body) : isGuarded(p.copy, body))
      continue;
    std::optional<SmemRange> range = getSmemRange(inFlightBuffer(copy));
    if (range && range->allocation == access.allocation)
      racing.push_back({&p, *range});
  }
  return racing;
}

/// Whether the copies of `racing` cover every byte of every interval of
/// `access`.
static bool coversAll(const SmemAccess &access, ArrayRef<Racing> racing) {
  for (std::pair<int64_t, int64_t> bytes : access.bytes) {
    SmallVector<std::pair<int64_t, int64_t>> ranges;
    for (auto &[p, range] : racing)
      ranges.push_back({range.begin, range.end});
    llvm::sort(ranges);
    int64_t covered = bytes.first;
    for (auto [begin, end] : ranges)
      if (begin <= covered)
        covered = std::max(covered, end);
    if (covered < bytes.second)
      return false;
  }
  return true;
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
  completeAwaitingWaitGroups(*access, writes, state);
  SmallVector<Racing> racing = racingCopies(op, *access, writes, state, body);
  // Where the access touches only some of its bytes, every one of them must
  // be in flight.
  if (access->somewhere && !coversAll(*access, racing))
    return;
  auto intersects = [](std::pair<int64_t, int64_t> bytes,
                       const SmemRange &range) {
    return bytes.first < range.end && range.begin < bytes.second;
  };
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
            diag.attachNote(found.copy->getLoc())
                << (found.incoming ? "the copy in flight (a peer's: only "
                                     "some CTAs send it, into any other)"
                                   : "the copy in flight");
          });
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

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

void SyncChecker::visitCopy(AsyncCopyLikeOpInterface copy, State &state) {
  Operation *op = copy;
  // A CTA that sends a copy is not one it arrives in.
  llvm::erase_if(state.pending,
                 [&](const Pending &p) { return p.copy == op && p.incoming; });
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
  if (copy.getRank() && !llvm::is_contained(state.sends, op))
    state.sends.push_back(op);
  if (std::optional<Arrival> arrival = arrivalOf(op);
      arrival && copy.getBarrier())
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
  llvm::erase_if(state.pending, [&](const Pending &p) { return p.copy == op; });
  state.pending.push_back(pending);
  if (copy.isLoad() && copy.getCollective() &&
      !llvm::is_contained(state.multicasts, op))
    state.multicasts.push_back(op);
}

//===----------------------------------------------------------------------===//
// The kernel's return
//===----------------------------------------------------------------------===//

/// A kernel that returns while a load into its SMEM is in flight: the SMEM
/// is released under it (and a peer's multicast may write into the next
/// CTA on the SM).
void SyncChecker::checkReturn(Operation *ret, State &state) {
  if (!isKernel)
    return;
  checkExitInFlight(ret, state);
  checkExitMulticasts(ret, state);
  checkExitSends(ret, state);
}

/// Copies still in flight at `ret`: loads (their SMEM is released under
/// them), and stores that may still read the CTA's SMEM.
void SyncChecker::checkExitInFlight(Operation *ret, const State &state) {
  for (const Pending &p : state.pending) {
    auto copy = cast<AsyncCopyLikeOpInterface>(p.copy);
    if (p.incoming)
      continue;
    if (copy.isStore()) {
      warnAtExit(p.copy, ret, "exit-store",
                 "reads this CTA's SMEM until its bulk group is waited for, "
                 "and the kernel may return before that on some path (the "
                 "SMEM is then released under it); add `asynccopy.wait_group "
                 "bulk 0 {read}` (or `asynccopy.wait` on its token) before "
                 "`gpu.return`");
      continue;
    }
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
}

/// Collective loads this CTA waited for, whose multicast into a slower peer
/// may still be landing at `ret`: returning then gave wrong results and
/// hangs on the H200. A loop marked for pipelining gets its cluster barrier
/// from asynccopy-pipeline-loops.
void SyncChecker::checkExitMulticasts(Operation *ret, const State &state) {
  auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(ret->getContext());
  for (Operation *copy : state.multicasts) {
    if (isPending(state, copy))
      continue; // Reported by checkExitInFlight.
    auto loop = copy->getParentOfType<scf::ForOp>();
    if (loop && marker.isAttrPresent(loop) && marker.getAttr(loop).getInt() > 1)
      continue;
    warnAtExit(copy, ret, "exit-multicast-peers",
               "is a collective load, and this CTA may return while its "
               "multicast still lands in a slower peer of its cluster; add "
               "`nvvm.cluster.arrive` and `nvvm.cluster.wait` after its wait "
               "and before `gpu.return`");
  }
}

/// DSMEM copies this CTA issued and has not heard back about at `ret`: the
/// copy may still read this CTA's SMEM after it returns (and the peer's
/// acknowledgement may arrive on a barrier that is gone).
void SyncChecker::checkExitSends(Operation *ret, const State &state) {
  for (Operation *copy : state.sends)
    warnAtExit(copy, ret, "exit-dsmem-send",
               "is a DSMEM copy, and this CTA may return while it still reads "
               "this CTA's SMEM (it completes on the peer's barrier); wait on "
               "a barrier the peer arrives on after its wait for the copy, or "
               "add `nvvm.cluster.arrive` and `nvvm.cluster.wait`, before "
               "`gpu.return`");
}

void SyncChecker::warnAtExit(Operation *copy, Operation *ret, StringRef kind,
                             StringRef message) {
  // A copy that some CTAs issue by their index certainly ran in those.
  bool certain = !dataDependent &&
                 (!isGuarded(copy, body) || chosenByCtaIndex(copy, body));
  report(copy, kind,
         certain ? DiagnosticSeverity::Warning : DiagnosticSeverity::Remark,
         [=](InFlightDiagnostic &diag) {
           diag << message;
           diag.attachNote(ret->getLoc()) << "the kernel returns here";
         });
}
