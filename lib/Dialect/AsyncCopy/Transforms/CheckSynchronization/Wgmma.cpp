//===- Wgmma.cpp - the checker's wgmma reads of SMEM ----------------------===//
//
// `nvvm.wgmma.mma_async` reads the SMEM its descriptors name asynchronously
// (`asynccopy.wgmma_register_a`: B's), until
// `nvvm.wgmma.wait.group.sync.aligned` completes its group: the tiles must
// have landed when it issues, and no one may write them until then.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Dialect/AsyncCopy/IR/WgmmaOperands.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

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

/// A wgmma (either form): it reads the views of its `asynccopy.wgmma_
/// descriptor` operands from now until its group completes, so they must
/// hold complete tiles now and no one may write them until then.
void SyncChecker::visitWgmma(Operation *wgmma, State &state) {
  for (const WgmmaSmemOperand &operand : getWgmmaSmemOperands(wgmma)) {
    auto descriptor = operand.descriptor.getDefiningOp<WgmmaDescriptorOp>();
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

/// `nvvm.wgmma.commit.group.sync.aligned`: one more group closed after each
/// read in flight.
void SyncChecker::commitWgmmaGroup(State &state) {
  for (PendingRead &read : state.wgmmaReads)
    if (read.closed)
      read.closed = *read.closed + 1;
}

/// `nvvm.wgmma.wait.group.sync.aligned N`: reads with at least N younger
/// groups are complete.
void SyncChecker::visitWgmmaWait(NVVM::WgmmaWaitGroupSyncOp wait,
                                 State &state) {
  int64_t allowed = wait.getGroup();
  llvm::erase_if(state.wgmmaReads, [&](const PendingRead &read) {
    return read.closed && *read.closed >= allowed;
  });
}
