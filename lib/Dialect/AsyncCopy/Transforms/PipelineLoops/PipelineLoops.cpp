//===- PipelineLoops.cpp - asynccopy-pipeline-loops -----------------------===//
//
// Pipelines every scf.for marked `asynccopy.pipeline_stages = N` (or every
// qualifying loop, with `stages=N`); the others keep their single buffer,
// with a remark when they were marked. A kernel that fails
// asynccopy-check-synchronization as written keeps all its loops: the
// pipelined form would hide some of its hazards from the check (guarded
// loads, ring stages), while the loop as written gets the same errors with
// and without the marker.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "../SynchronizationCheck.h"
#include "PipelineLoops.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPIPELINELOOPS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

namespace {

/// The kernel `op` runs in: a gpu.func or a gpu.launch, or null.
Operation *kernelOf(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<gpu::GPUFuncOp, gpu::LaunchOp>(parent))
      return parent;
  return nullptr;
}

struct AsyncCopyPipelineLoopsPass
    : public mlir::asynccopy::impl::AsyncCopyPipelineLoopsBase<
          AsyncCopyPipelineLoopsPass> {
  using AsyncCopyPipelineLoopsBase::AsyncCopyPipelineLoopsBase;

  void runOnOperation() override {
    auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(&getContext());
    auto dynamic =
        AsyncCopyDialect::PipelineDynamicScheduleAttrHelper(&getContext());
    auto asyncConsumer =
        AsyncCopyDialect::PipelineAsyncConsumerAttrHelper(&getContext());
    auto warpSpecialize =
        AsyncCopyDialect::PipelineWarpSpecializeAttrHelper(&getContext());
    // Innermost loops first; the verifier checked the markers.
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    auto collect = [&] {
      loops.clear();
      getOperation()->walk([&](scf::ForOp loop) {
        IntegerAttr attr = marker.getAttr(loop);
        loops.push_back({loop, attr ? attr.getInt() : stages.getValue()});
      });
    };
    collect();
    // Every kernel with a loop to pipeline is checked as written, before
    // any of its loops changes.
    DenseMap<Operation *, bool> failsCheck;
    for (auto [loop, n] : loops)
      if (Operation *kernel = kernelOf(loop);
          kernel && n > 1 && !failsCheck.count(kernel))
        failsCheck[kernel] = hasSynchronizationErrors(kernel);
    // Loops over tiles claim their tiles first (TileSchedule.cpp); the
    // loops in them are pipelined next, in an scf.while.
    bool changed = false;
    for (auto [loop, n] : loops) {
      if (!isTileLoop(loop, stages.getValue()))
        continue;
      std::string why;
      if (failsCheck.lookup(kernelOf(loop)))
        why = "its kernel fails asynccopy-check-synchronization as written";
      else if (succeeded(scheduleTiles(loop, runtimeCounters, why))) {
        changed = true;
        continue;
      } else if (why.empty()) {
        return signalPassFailure();
      }
      loop.emitRemark("scheduled statically: ") << why;
      loop->removeAttr(dynamic.getName());
    }
    if (changed)
      collect();
    for (auto [loop, n] : loops) {
      bool marked = marker.isAttrPresent(loop);
      std::string why;
      FailureOr<LoopPlan> plan =
          n > 1 ? planLoop(loop, n, why) : FailureOr<LoopPlan>(failure());
      if (succeeded(plan) && failsCheck.lookup(kernelOf(loop))) {
        why = "its kernel fails asynccopy-check-synchronization as written "
              "(that pass reports why), and the pipelined loop would hide "
              "some of those hazards from it";
        plan = failure();
      }
      if (succeeded(plan)) {
        if (dynamic.isAttrPresent(loop) &&
            failed(planDynamicSchedule(*plan, runtimeCounters, why)))
          loop.emitRemark("scheduled statically: ") << why;
        if (asyncConsumer.isAttrPresent(loop) &&
            failed(planAsyncConsumer(*plan, why)))
          loop.emitRemark("wgmma groups kept synchronous: ") << why;
        if (warpSpecialize.isAttrPresent(loop) &&
            failed(planWarpSpecialize(*plan, why)))
          loop.emitRemark("not warp-specialised: ") << why;
        if (failed(expandLoop(*plan)))
          return signalPassFailure();
        continue;
      }
      if (marked && n > 1)
        loop.emitRemark("not pipelined: ") << why;
      else if (dynamic.isAttrPresent(loop))
        loop.emitRemark("not scheduled dynamically: only a pipelined loop "
                        "is (mark it `asynccopy.pipeline_stages = N`, N >= 2, "
                        "or pass `stages=N`)");
      loop->removeAttr(marker.getName());
      loop->removeAttr(dynamic.getName());
      loop->removeAttr(asyncConsumer.getName());
      loop->removeAttr(warpSpecialize.getName());
    }
  }
};

/// `asynccopy-pipeline`: the pass under its former name.
struct AsyncCopyPipelineAliasPass : public AsyncCopyPipelineLoopsPass {
  using AsyncCopyPipelineLoopsPass::AsyncCopyPipelineLoopsPass;
  StringRef getArgument() const override { return "asynccopy-pipeline"; }
  StringRef getDescription() const override {
    return "Former name of asynccopy-pipeline-loops (deprecated)";
  }
};

} // namespace

void mlir::asynccopy::registerAsyncCopyPipelineAlias() {
  registerPass([] { return std::make_unique<AsyncCopyPipelineAliasPass>(); });
}
