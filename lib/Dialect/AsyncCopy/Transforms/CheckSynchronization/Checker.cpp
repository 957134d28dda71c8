//===- Checker.cpp - the checker's transfer functions and diagnostics -----===//
//
// The checker walks a kernel once per path it follows, and a loop body several
// times; it collects one diagnostic per op and kind, the heaviest found on any
// path, and emits them after the walk, in the order it first found them.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asynccopy-check-synchronization"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

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
  if (!inserted && weight(severity) <= weight(it->second.severity))
    return;
  if (!inserted)
    it->second = Diag{severity, build};
  LLVM_DEBUG(llvm::dbgs() << (severity == DiagnosticSeverity::Error ? "error"
                              : severity == DiagnosticSeverity::Warning
                                  ? "warning"
                                  : "remark")
                          << " '" << kind << "' from '" << op->getName() << "' "
                          << op->getLoc() << "\n");
}

/// Whether a region under `op` has several blocks: the checker does not
/// follow unstructured control flow.
static bool hasUnstructuredControlFlow(Operation *op) {
  WalkResult walk = op->walk([](Operation *nested) {
    for (Region &region : nested->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

bool SyncChecker::run(bool emit) {
  Operation *kernel = body.getParentOp();
  if (!body.hasOneBlock() || hasUnstructuredControlFlow(kernel))
    return false;
  LLVM_DEBUG(llvm::dbgs() << "checking '" << kernel->getName() << "' "
                          << kernel->getLoc() << "\n");
  classifyBarriers();
  LLVM_DEBUG(llvm::dbgs() << countable.size() << " countable barrier(s), "
                          << escaped.size() << " left unchecked\n");
  State state;
  // What only some CTAs send through DSMEM may arrive in any other, from
  // the start until that CTA waits on the copy's barrier.
  body.walk([&](AsyncCopyLikeOpInterface copy) {
    if (copy.getRank() && copy.getBarrier() && inSomeCtas(copy, body) &&
        trackedBarrier(copy.getBarrier()).alloc)
      state.pending.push_back(Pending{copy, 0, constantIndex(copy.getStage()),
                                      std::nullopt, /*incoming=*/true});
  });
  visitRegion(body, state);
  if (visits > kMaxVisits) {
    LLVM_DEBUG(llvm::dbgs() << "gave up after " << kMaxVisits << " ops\n");
    if (emit)
      kernel->emitRemark()
          << "is too large for asynccopy-check-synchronization to follow "
             "every path: not checked";
    return false;
  }
  bool anyError = llvm::any_of(diags, [](const auto &entry) {
    return entry.second.severity == DiagnosticSeverity::Error;
  });
  if (emit)
    emitDiagnostics();
  return anyError;
}

void SyncChecker::emitDiagnostics() {
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
}

/// What `op` (one without regions) does to the state, by op family.
void SyncChecker::transfer(Operation *op, State &state) {
  llvm::TypeSwitch<Operation *>(op)
      .Case(
          [&](BarrierAllocOp alloc) { state.barriers[alloc] = BarrierState(); })
      .Case([&](BarrierInitOp init) { visitInit(init, state); })
      .Case([&](BarrierRemoteOp remote) {
        useBarrier(remote, remote.getBarrier(), state);
      })
      .Case([&](NVVM::ClusterWaitOp) { visitClusterWait(state); })
      .Case([&](BarrierArriveOp arrive) { visitArrive(arrive, state); })
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
      .Case<NVVM::WgmmaMmaAsyncOp, WgmmaRegisterAOp>(
          [&](Operation *wgmma) { visitWgmma(wgmma, state); })
      .Case([&](NVVM::WgmmaGroupSyncAlignedOp) { commitWgmmaGroup(state); })
      .Case(
          [&](NVVM::WgmmaWaitGroupSyncOp wait) { visitWgmmaWait(wait, state); })
      .Case<gpu::ReturnOp, gpu::TerminatorOp>(
          [&](Operation *ret) { checkReturn(ret, state); })
      .Default([&](Operation *other) { checkAccesses(other, state); });
}
