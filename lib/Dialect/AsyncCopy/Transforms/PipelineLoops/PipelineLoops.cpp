//===- PipelineLoops.cpp - asynccopy-pipeline-loops -----------------------===//
//
// The entry points of PipelineLoops.h, and the pass that walks a module with
// them: it pipelines every scf.for marked `asynccopy.pipeline_stages = N`
// (or every qualifying loop, with `stages=N`); the others keep their single
// buffer, with a remark when they were marked. A kernel that fails
// asynccopy-check-synchronization as written keeps all its loops: the
// pipelined form would hide some of its hazards from the check (guarded
// loads, ring stages), while the loop as written gets the same errors with
// and without the marker.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "../SynchronizationCheck.h"
#include "PipelineLoops.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPIPELINELOOPS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

/// The kernel `op` runs in: a gpu.func or a gpu.launch, or null.
static Operation *kernelOf(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<gpu::GPUFuncOp, gpu::LaunchOp>(parent))
      return parent;
  return nullptr;
}

/// What a pipelined loop became, in one line (the pass's `explain`).
static std::string summarize(const PipelinePlan &plan) {
  std::string text = std::to_string(plan.stages) + " stages";
  if (plan.consumerWait)
    text += ", asynchronous consumer";
  if (plan.warpSpecialized())
    text += ", a producer warpgroup after " +
            std::to_string(plan.consumerThreads) + " consumer threads";
  if (!plan.streamRelease.empty())
    text += ", " + std::to_string(plan.streamRelease.size()) +
            " streams released on their own";
  if (plan.turnBegin)
    text += ", consumer warpgroups take turns";
  if (plan.emptyRelease)
    text += ", released on empty barriers";
  if (plan.groupSize() > 1)
    text += ", multicast over " + std::to_string(plan.groupSize()) + " CTAs";
  if (plan.dynamic)
    text += ", dynamic schedule";
  return text;
}

static constexpr StringLiteral kFailsCheck =
    "its kernel fails asynccopy-check-synchronization as written (that pass "
    "reports why), and the pipelined loop would hide some of those hazards "
    "from it";

FailureOr<PipelinePlan> mlir::asynccopy::planPipelineLoop(
    scf::ForOp loop, const PipelineLoopOptions &options, std::string &why) {
  MLIRContext *ctx = loop.getContext();
  int64_t stages = options.stages;
  if (!stages)
    if (IntegerAttr marker =
            AsyncCopyDialect::PipelineStagesAttrHelper(ctx).getAttr(loop))
      stages = marker.getInt();
  if (stages < 2) {
    why = "it has fewer than 2 stages";
    return failure();
  }
  FailureOr<PipelinePlan> plan = planLoop(loop, stages, why);
  if (failed(plan))
    return failure();
  if (options.checkSynchronization)
    if (Operation *kernel = kernelOf(loop);
        kernel && hasSynchronizationErrors(kernel)) {
      why = kFailsCheck.str();
      return failure();
    }
  // Each feature the markers ask for, in this order: the later ones check
  // the earlier ones' decisions.
  std::string declined;
  if (AsyncCopyDialect::PipelineDynamicScheduleAttrHelper(ctx).isAttrPresent(
          loop) &&
      failed(planDynamicSchedule(*plan, options.runtimeCounters, declined)))
    plan->declined.push_back("scheduled statically: " + declined);
  if (AsyncCopyDialect::PipelineAsyncConsumerAttrHelper(ctx).isAttrPresent(
          loop) &&
      failed(planAsyncConsumer(*plan, declined)))
    plan->declined.push_back("wgmma groups kept synchronous: " + declined);
  if (AsyncCopyDialect::PipelineWarpSpecializeAttrHelper(ctx).isAttrPresent(
          loop) &&
      failed(planWarpSpecialize(*plan, declined)))
    plan->declined.push_back("not warp-specialised: " + declined);
  if (AsyncCopyDialect::PipelinePingpongAttrHelper(ctx).isAttrPresent(loop) &&
      failed(planPingPong(*plan, declined)))
    plan->declined.push_back("consumers do not take turns: " + declined);
  return plan;
}

FailureOr<LoopLikeOpInterface> mlir::asynccopy::pipelineLoop(
    scf::ForOp loop, const PipelineLoopOptions &options, std::string &why) {
  FailureOr<PipelinePlan> plan = planPipelineLoop(loop, options, why);
  if (failed(plan))
    return failure();
  return pipelineLoop(*plan);
}

namespace {

struct AsyncCopyPipelineLoopsPass
    : public mlir::asynccopy::impl::AsyncCopyPipelineLoopsBase<
          AsyncCopyPipelineLoopsPass> {
  using AsyncCopyPipelineLoopsBase::AsyncCopyPipelineLoopsBase;

  void runOnOperation() override {
    auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(&getContext());
    auto dynamic =
        AsyncCopyDialect::PipelineDynamicScheduleAttrHelper(&getContext());
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
    PipelineLoopOptions options;
    options.runtimeCounters = runtimeCounters;
    options.checkSynchronization = false;
    for (auto [loop, n] : loops) {
      std::string why;
      FailureOr<PipelinePlan> plan = failure();
      if (n > 1) {
        options.stages = n;
        plan = planPipelineLoop(loop, options, why);
      }
      if (succeeded(plan) && failsCheck.lookup(kernelOf(loop))) {
        why = kFailsCheck.str();
        plan = failure();
      }
      if (succeeded(plan)) {
        for (const std::string &note : plan->declined)
          loop.emitRemark(note);
        if (explain)
          loop.emitRemark("pipelined: ") << summarize(*plan);
        if (failed(pipelineLoop(*plan)))
          return signalPassFailure();
        continue;
      }
      LLVM_DEBUG(if (n > 1) llvm::dbgs()
                 << "[pipeline-loops] not pipelined " << loop.getLoc() << ": "
                 << why << "\n");
      bool marked = marker.isAttrPresent(loop);
      if (marked && n > 1)
        loop.emitRemark("not pipelined: ") << why;
      else if (dynamic.isAttrPresent(loop))
        loop.emitRemark("not scheduled dynamically: only a pipelined loop "
                        "is (mark it `asynccopy.pipeline_stages = N`, N >= 2, "
                        "or pass `stages=N`)");
      loop->removeAttr(marker.getName());
      loop->removeAttr(dynamic.getName());
      loop->removeAttr(
          AsyncCopyDialect::PipelineAsyncConsumerAttrHelper::getNameStr());
      loop->removeAttr(
          AsyncCopyDialect::PipelineWarpSpecializeAttrHelper::getNameStr());
      loop->removeAttr(
          AsyncCopyDialect::PipelinePingpongAttrHelper::getNameStr());
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
