//===- Expand.cpp - the pipelined loop, phase by phase --------------------===//
//
// Gives the loop's buffers and barriers N stages and keeps N-1 loads in
// flight, numbering loads with the pipeline counter g (PipelineLoops.h):
//
//   prologue:  loads g0 .. g0+N-2 into their stages (each under its bound)
//   iteration with counter g (stage s = g mod N):
//     uses of a buffer before the first load read stage (g-1) mod N
//     release stage (g-1) mod N: every thread is done with load g-1
//     load g+N-1 into stage (g-1) mod N, if below the trip count
//     wait for stage s (phase (g / N) mod 2), use it
//
// There is no separate epilogue loop: the last N-1 iterations issue nothing
// (the loads are predicated off, as in Triton and nvFuser), so the body is
// not duplicated and dynamic trip counts need no peeling. Loads that
// complete on a barrier get a `barrier<N>`; loads that complete through
// cp.async groups are issued `{commit = false}` and every thread commits one
// group per load step, empty or not, so that `wait_group N-2` before the
// release always completes load g. Stores that read a stage (TMA stores of
// the tile) are not waited in their iteration any more: the refill of their
// stage waits until they have read it (`wait_group bulk 0 {read}` before the
// release), and the loop is followed by one `wait_group bulk 0`.
//
// A run that leaves the loop has waited for every load it issued, and its
// last iteration read stage (g-1) mod N, which the next run's prologue (loads
// g .. g+N-2) does not refill; the other stages were released by the CTA
// barrier of that last iteration.
//
// MLIR's scf::pipelineForLoop and memref::multiBuffer do not fit here: the
// first peels an epilogue that repeats the whole consumer code N-1 times and
// needs every consumer op predicated for dynamic trip counts; the second
// rewrites memref.alloc only (buffers are often workgroup attributions) and
// indexes the stage of the iteration that uses the buffer, while the
// prefetched load writes the stage of iteration k+N-1.
//
// The phases, in the order pipelineLoop runs them: stages for the buffers
// and barriers (Stages.cpp), the counter (Counter.cpp), the prologue and the
// body (Body.cpp) with its release and refill (Release.cpp), and the
// producer warpgroup (WarpSpecialize.cpp).
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

Value PipelineContext::constant(OpBuilder &b, int64_t value) const {
  return arith::ConstantIndexOp::create(b, loc(), value);
}

Value PipelineContext::isFirstThread(OpBuilder &b) const {
  Value first;
  for (auto dim : {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    Value zero = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::eq,
                                       gpu::ThreadIdOp::create(b, loc(), dim),
                                       constant(b, 0));
    first = first ? arith::AndIOp::create(b, loc(), first, zero) : zero;
  }
  return first;
}

Value PipelineContext::stageView(OpBuilder &b, Value buffer,
                                 OpFoldResult stage) const {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
  offsets[0] = stage;
  sizes.push_back(b.getIndexAttr(1));
  for (int64_t size : type.getShape().drop_front())
    sizes.push_back(b.getIndexAttr(size));
  auto resultType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().drop_front(), type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc(), cast<MemRefType>(resultType),
                                   buffer, offsets, sizes, strides);
}

Value PipelineContext::stageOf(OpBuilder &b, Value g, int64_t offset) const {
  Value load =
      offset
          ? arith::AddIOp::create(b, loc(), g, constant(b, offset)).getResult()
          : g;
  return arith::RemUIOp::create(b, loc(), load, constant(b, n));
}

/// A CTA barrier that ends the body (only pure ops after it) is the
/// single-buffer loop's fence: no thread loads the next tile while
/// another still reads the current one. The stage release does that in
/// the pipeline, so where the body writes no memory besides its loads
/// (and its barrier waits and wgmma groups), the barrier moves after the
/// loop, where it still orders the last iteration's reads before the
/// code that follows: one CTA barrier per iteration fewer.
static void hoistTrailingBarrier(PipelinePlan &plan) {
  Operation *yield = plan.loop.getBody()->getTerminator();
  Operation *last = yield->getPrevNode();
  while (last && isMemoryEffectFree(last))
    last = last->getPrevNode();
  auto barrier = dyn_cast_or_null<gpu::BarrierOp>(last);
  if (!barrier)
    return;
  WalkResult writes = plan.loop.getBody()->walk([&](Operation *op) {
    if (op == barrier.getOperation() || op == yield || isMemoryEffectFree(op) ||
        llvm::is_contained(plan.loads, dyn_cast<CopyOp>(op)) ||
        isa<BarrierWaitOp, NVVM::WgmmaFenceAlignedOp, NVVM::WgmmaMmaAsyncOp,
            WgmmaRegisterAOp, NVVM::WgmmaGroupSyncAlignedOp,
            NVVM::WgmmaWaitGroupSyncOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(op);
    if (effects &&
        llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
          return isa<MemoryEffects::Read>(e.getEffect());
        }))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (writes.wasInterrupted())
    return;
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] the body's trailing CTA "
                             "barrier moves after the loop\n");
  barrier->moveAfter(plan.loop);
}

FailureOr<LoopLikeOpInterface>
mlir::asynccopy::pipelineLoop(PipelinePlan &plan) {
  LLVM_DEBUG({
    llvm::dbgs() << "[pipeline-loops] expanding " << plan.loop.getLoc() << "\n";
    plan.print(llvm::dbgs());
  });
  Expansion x(plan);
  if (plan.dynamic && failed(x.dynamic.addCounterParameter()))
    return failure();
  hoistTrailingBarrier(plan);
  x.stages.create();
  x.counter.start();
  if (plan.dynamic)
    x.dynamic.claimFirstTiles();
  if (!plan.warpSpecialized())
    emitPrologue(x);
  rewriteBody(x);
  if (plan.warpSpecialized())
    ProducerSplit(x.cx, x.empty)
        .split([&](OpBuilder &b, Value iv, Value stage, Value issuer,
                   const IRMapping &tile, ArrayRef<unsigned> only) {
          x.stages.emitLoads(b, iv, stage, issuer, &tile, only);
        });
  x.stages.eraseSingleBufferOps();
  if (plan.turnBegin)
    emitPingPong(plan);
  for (StringRef name :
       {AsyncCopyDialect::PipelineStagesAttrHelper::getNameStr(),
        AsyncCopyDialect::PipelineEmptyBarrierAttrHelper::getNameStr(),
        AsyncCopyDialect::PipelineDynamicScheduleAttrHelper::getNameStr(),
        AsyncCopyDialect::PipelineAsyncConsumerAttrHelper::getNameStr(),
        AsyncCopyDialect::PipelineWarpSpecializeAttrHelper::getNameStr(),
        AsyncCopyDialect::PipelinePingpongAttrHelper::getNameStr()})
    plan.loop->removeAttr(name);
  if (plan.dynamic)
    return LoopLikeOpInterface(x.dynamic.convertToWhile(x.counter.index()));
  return LoopLikeOpInterface(plan.loop);
}
