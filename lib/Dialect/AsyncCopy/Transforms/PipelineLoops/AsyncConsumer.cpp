//===- AsyncConsumer.cpp - stages released when their wgmma completes -----===//
//
// A GEMM main loop written with single-buffer semantics waits for its wgmma
// group (`nvvm.wgmma.wait.group.sync.aligned 0`) before the iteration ends,
// so the next load may overwrite the tile. Pipelined, that wait need not be
// complete: with `asynccopy.pipeline_async_consumer` it becomes
// `wait.group 1`, so the wgmma of iteration g still runs while iteration g+1
// waits for its tiles and issues its own, and the stage of iteration g-1,
// whose wgmma is then complete, is released and refilled right after it (as
// CUTLASS's consumers release a stage after `warpgroup_wait<1>`). One
// `wait.group 0` follows the loop, before the accumulators are read.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

LogicalResult mlir::asynccopy::pipelining::planAsyncConsumer(PipelinePlan &plan,
                                                             std::string &why) {
  if (plan.groupTracked) {
    why = "its loads complete through cp.async groups, whose `wait_group` "
          "releases stages with a CTA barrier";
    return failure();
  }
  if (!plan.storeWaits.empty()) {
    why = "a store reads a stage, and its `wait_group {read}` releases the "
          "stage";
    return failure();
  }
  if (plan.usesBeforeLoad) {
    why = "its body uses an SMEM buffer before loading it (the tile of the "
          "iteration before), which an in-flight wgmma may not yet have read";
    return failure();
  }
  if (plan.dynamic) {
    why = "its tiles are claimed at run time, and the claims are published "
          "at the release of the loads' stages";
    return failure();
  }
  Block *body = plan.loop.getBody();
  NVVM::WgmmaWaitGroupSyncOp found;
  WalkResult nested = plan.loop.getBody()->walk([&](Operation *op) {
    auto wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(op);
    if (!wait)
      return WalkResult::advance();
    if (op->getBlock() != body || found)
      return WalkResult::interrupt();
    found = wait;
    return WalkResult::advance();
  });
  if (nested.wasInterrupted() || !found || found.getGroup() != 0) {
    why = "its body does not wait for its wgmma groups once, at its top "
          "level, with `nvvm.wgmma.wait.group.sync.aligned 0`";
    return failure();
  }
  // The wgmma work of an iteration ends at the wait: anything after it
  // would be left in flight, or read an operand the release frees.
  for (Operation *op = found->getNextNode(); op; op = op->getNextNode()) {
    bool wgmma = false;
    op->walk([&](Operation *inner) {
      wgmma |= isa<WgmmaDescriptorOp, NVVM::WgmmaMmaAsyncOp, WgmmaRegisterAOp,
                   NVVM::WgmmaGroupSyncAlignedOp>(inner);
    });
    if (wgmma) {
      why = "its body issues wgmma work after its "
            "`nvvm.wgmma.wait.group.sync.aligned 0`";
      return failure();
    }
  }
  plan.consumerWait = found;
  return success();
}
