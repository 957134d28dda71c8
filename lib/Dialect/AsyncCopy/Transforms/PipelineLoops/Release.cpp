//===- Release.cpp - where a stage is released and refilled ---------------===//
//
// Iteration g frees stage (g-1) mod N, which the iteration before read, and
// refills it with load g+N-1 where that load exists:
//
//   - by default, at the first load: a CTA barrier (or the `wait_group` of
//     cp.async loads, or of stores that read the stage) is the release;
//   - with empty barriers, at the end of the body: the group releases
//     stage g mod N, and the refill of (g-1) mod N waits for the release of
//     the iteration before;
//   - with an asynchronous consumer, right after `wait.group 1`, which has
//     completed the wgmma of iteration g-1;
//   - with a producer warpgroup, the consumers only release (the producer
//     waits for it before it refills).
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Utils/LoopBounds.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

/// The induction variable `k` iterations after this one's.
static Value iterationsAhead(PipelineContext &cx, OpBuilder &b, int64_t k) {
  scf::ForOp loop = cx.loop();
  return arith::AddIOp::create(
      b, cx.loc(), loop.getInductionVar(),
      arith::MulIOp::create(b, cx.loc(), loop.getStep(), cx.constant(b, k)));
}

/// An asynchronous consumer: one wgmma group stays in flight across
/// iterations, so stage (g-1) mod N is free once this iteration's
/// `wait.group 1` has completed the wgmma of iteration g-1. Right after it,
/// the stage is released (a CTA barrier, or arrivals on its empty barrier
/// when load g+N-1 will refill it, which that refill then waits for) and
/// refilled with load g+N-1. The loop is followed by `wait.group 0`.
static void releaseAfterConsumer(Expansion &x, Value previous) {
  PipelineContext &cx = x.cx;
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  NVVM::WgmmaWaitGroupSyncOp wait = cx.plan.consumerWait;
  wait.setGroup(1);
  OpBuilder b(wait->getContext());
  b.setInsertionPointAfter(wait);
  Value ahead = iterationsAhead(cx, b, cx.n - 1);
  if (!cx.plan.emptyRelease) {
    gpu::BarrierOp::create(b, loc);
  } else {
    x.empty.emitRelease(b, ahead, previous);
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    Value refills = createBelowUpperBound(b, loc, loop, ahead);
    yield->setOperand(
        x.counter.index() + 1,
        x.empty.waitBeforeRefill(b, refills, previous, x.counter.mask()));
  }
  x.stages.emitLoads(b, ahead, previous);
  b.setInsertionPointAfter(loop);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t{0});
}

/// With a producer warpgroup, the consumers release every stage they read,
/// once (the producer waits for the release of load j before it issues
/// load j+N; an arrival nobody waits for is harmless): stage g mod N at the
/// end of iteration g, or with an asynchronous consumer stage (g-1) mod N
/// once `wait.group 1` has completed the wgmma of iteration g-1 (not in the
/// first iteration), and the last stage after the loop's `wait.group 0`.
static void releaseInConsumers(Expansion &x, const Iteration &it) {
  PipelineContext &cx = x.cx;
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  Value g0 = x.counter.atEntry();
  NVVM::WgmmaWaitGroupSyncOp wait = cx.plan.consumerWait;
  if (!wait && !cx.plan.streamRelease.empty()) {
    // Each stream once its own reads are done.
    for (auto [stream, point] : llvm::enumerate(cx.plan.streamRelease)) {
      OpBuilder b(loop.getBody()->getTerminator());
      if (point)
        b.setInsertionPointAfter(point);
      x.empty.emitRelease(b, Value(), it.stage,
                          arith::ConstantIntOp::create(b, loc, 1, 1), stream);
    }
    return;
  }
  if (!wait) {
    OpBuilder b(loop.getBody()->getTerminator());
    x.empty.emitRelease(b, Value(), it.stage,
                        arith::ConstantIntOp::create(b, loc, 1, 1));
    return;
  }
  wait.setGroup(1);
  OpBuilder b(wait->getContext());
  b.setInsertionPointAfter(wait);
  Value notFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, it.g, g0);
  x.empty.emitRelease(b, Value(), it.previous, notFirst);
  b.setInsertionPointAfter(loop);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t{0});
  Value end = loop.getResult(x.counter.index());
  Value ran = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, end, g0);
  x.empty.emitRelease(b, Value(), cx.stageOf(b, end, cx.n - 1), ran);
}

/// Empty barriers: release stage g mod N at the end of the body, then
/// refill stage (g-1) mod N: the group freed it an iteration ago, so the
/// wait rarely stalls (refilling first would wait on the group's arrivals
/// in every iteration). The first refill of a run waits for nothing (the
/// run began with the stage free).
static void releaseOnEmptyBarriers(Expansion &x, const Iteration &it,
                                   Value ahead) {
  PipelineContext &cx = x.cx;
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  OpBuilder b(yield);
  x.empty.emitRelease(b, iterationsAhead(cx, b, cx.n), it.stage);
  Value inRange = createBelowUpperBound(b, loc, loop, ahead);
  Value notFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, it.g,
                                         x.counter.atEntry());
  Value refills = arith::AndIOp::create(b, loc, inRange, notFirst);
  Value bits =
      x.empty.waitBeforeRefill(b, refills, it.previous, x.counter.mask());
  yield->setOperand(x.counter.index() + 1, bits);
  x.stages.emitLoads(b, ahead, it.previous);
}

void mlir::asynccopy::pipelining::placeRelease(Expansion &x,
                                               const Iteration &it) {
  PipelineContext &cx = x.cx;
  PipelinePlan &plan = cx.plan;
  Location loc = cx.loc();
  if (plan.warpSpecialized()) {
    LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] release: in the consumers"
                            << (plan.consumerWait ? ", after wait.group 1" : "")
                            << "; the producer refills\n");
    return releaseInConsumers(x, it);
  }
  if (plan.consumerWait) {
    LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] release and refill: after "
                               "wait.group 1\n");
    return releaseAfterConsumer(x, it.previous);
  }
  // At the first load: wait for load g (cp.async), release stage
  // (g-1) mod N, refill it with load g+N-1. (A wait_group ends with a CTA
  // barrier: it is the release then.) With empty barriers the group
  // released the stage after using it.
  OpBuilder b(plan.loads.front());
  if (plan.groupTracked)
    WaitGroupOp::create(b, loc, GroupKind::cp_async, cx.n - 2, /*read=*/false);
  if (!plan.storeWaits.empty() && !plan.emptyRelease)
    WaitGroupOp::create(b, loc, GroupKind::bulk, 0, /*read=*/true);
  if (!plan.groupTracked && plan.storeWaits.empty() && !plan.emptyRelease)
    gpu::BarrierOp::create(b, loc);
  Value ahead = plan.dynamic
                    ? x.dynamic.publishClaim(b, it.claim, it.stage, it.previous)
                    : iterationsAhead(cx, b, cx.n - 1);
  if (plan.emptyRelease) {
    LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] release: on empty barriers "
                               "at the end of the body, refill after it\n");
    return releaseOnEmptyBarriers(x, it, ahead);
  }
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] release and refill: at the "
                             "first load, after "
                          << (plan.groupTracked ? "wait_group cp_async"
                              : !plan.storeWaits.empty()
                                  ? "wait_group bulk {read}"
                                  : "a CTA barrier")
                          << "\n");
  x.stages.emitLoads(b, ahead, it.previous);
}
