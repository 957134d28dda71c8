//===- Expand.cpp - the pipelined loop ------------------------------------===//
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
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Utils/LoopBounds.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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

namespace {

/// Rewrites a planned loop into its pipeline.
class LoopExpander {
public:
  explicit LoopExpander(LoopPlan &plan)
      : cx(plan), plan(plan), n(plan.stages), empty(cx), dynamic(cx) {}

  LogicalResult run() {
    if (plan.dynamic && failed(dynamic.addCounterParameter()))
      return failure();
    hoistTrailingBarrier();
    giveBuffersStages();
    giveBarriersStages();
    startCounter();
    if (plan.dynamic)
      dynamic.claimFirstTiles();
    if (!plan.warpSpecialized())
      emitPrologue();
    rewriteBody();
    if (plan.warpSpecialized())
      ProducerSplit(cx, empty).split(
          [&](OpBuilder &b, Value iv, Value stage, Value issuer,
              const IRMapping &tile) {
            emitLoads(b, iv, stage, issuer, &tile);
          });
    eraseSingleBufferOps();
    for (StringRef name :
         {AsyncCopyDialect::PipelineStagesAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineEmptyBarrierAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineDynamicScheduleAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineAsyncConsumerAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineWarpSpecializeAttrHelper::getNameStr()})
      plan.loop->removeAttr(name);
    if (plan.dynamic)
      dynamic.convertToWhile(counterArg);
    return success();
  }

private:
  /// A CTA barrier that ends the body (only pure ops after it) is the
  /// single-buffer loop's fence: no thread loads the next tile while
  /// another still reads the current one. The stage release does that in
  /// the pipeline, so where the body writes no memory besides its loads
  /// (and its barrier waits and wgmma groups), the barrier moves after the
  /// loop, where it still orders the last iteration's reads before the
  /// code that follows: one CTA barrier per iteration fewer.
  void hoistTrailingBarrier() {
    Operation *yield = plan.loop.getBody()->getTerminator();
    Operation *last = yield->getPrevNode();
    while (last && isMemoryEffectFree(last))
      last = last->getPrevNode();
    auto barrier = dyn_cast_or_null<gpu::BarrierOp>(last);
    if (!barrier)
      return;
    WalkResult writes = plan.loop.getBody()->walk([&](Operation *op) {
      if (op == barrier.getOperation() || op == yield ||
          isMemoryEffectFree(op) ||
          llvm::is_contained(plan.loads, dyn_cast<CopyOp>(op)) ||
          isa<BarrierWaitOp, NVVM::WgmmaFenceAlignedOp,
              NVVM::WgmmaMmaAsyncOp, NVVM::WgmmaGroupSyncAlignedOp,
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
    if (!writes.wasInterrupted())
      barrier->moveAfter(plan.loop);
  }

  /// Every buffer gets a leading stage dim; its uses (all in the body) are
  /// redirected to a stage in `rewriteBody`.
  void giveBuffersStages() {
    DenseMap<Value, Value> stagedOf;
    for (Value buffer : plan.buffers) {
      auto type = cast<MemRefType>(buffer.getType());
      SmallVector<int64_t> shape{n};
      llvm::append_range(shape, type.getShape());
      auto staged =
          MemRefType::get(shape, type.getElementType(),
                          MemRefLayoutAttrInterface(), type.getMemorySpace());
      if (auto alloc = buffer.getDefiningOp<memref::AllocOp>()) {
        OpBuilder b(alloc);
        auto newAlloc = memref::AllocOp::create(b, alloc.getLoc(), staged,
                                                alloc.getAlignmentAttr());
        staged_.push_back({buffer, newAlloc.getResult()});
      } else {
        cast<BlockArgument>(buffer).setType(staged);
        staged_.push_back({buffer, buffer});
      }
      stagedOf[buffer] = staged_.back().second;
    }
    for (CopyOp load : plan.loads)
      loadBuffers_[load.getOperation()] = stagedOf.lookup(load.getDest());
  }

  /// Every `barrier<1>` becomes a `barrier<N>` initialised the same way.
  void giveBarriersStages() {
    for (Value barrier : plan.barriers) {
      OpBuilder b(barrier.getDefiningOp());
      Value staged = BarrierAllocOp::create(
          b, cx.loc(), BarrierType::get(b.getContext(), n, false));
      barriers_.map(barrier, staged);
    }
    for (BarrierInitOp init : plan.inits)
      init.getBarrierMutable().assign(barriers_.lookup(init.getBarrier()));
  }

  /// Where the barriers are initialised: the empty barriers too, and the
  /// carried counter restarts. The loop counts g from there (and carries the
  /// mask of empty phases); a carried loop stores both after each run.
  void startCounter() {
    Location loc = cx.loc();
    scf::ForOp loop = plan.loop;
    // A producer warpgroup knows the empty phase it waits for from its own
    // count: the consumers carry no mask.
    bool mask = plan.emptyRelease && !plan.warpSpecialized();
    OpBuilder atRestart(loop);
    if (plan.restartAfter)
      atRestart.setInsertionPointAfter(plan.restartAfter);
    if (plan.emptyRelease)
      empty.create(atRestart);
    OpBuilder b(loop);
    Value g0, bits0;
    if (!plan.carried) {
      g0 = cx.constant(b, 0);
      if (mask)
        bits0 = arith::ConstantIntOp::create(b, loc, 0, 64);
    } else {
      // Per thread, in registers once LLVM promotes the allocas: every
      // thread runs the loop with the same bounds.
      Region *body = loop->getParentRegion();
      while (!isa<FunctionOpInterface, gpu::LaunchOp>(body->getParentOp()))
        body = body->getParentOp()->getParentRegion();
      OpBuilder entry = OpBuilder::atBlockBegin(&body->front());
      int64_t words = mask ? 2 : 1;
      auto type = MemRefType::get({words}, entry.getI64Type());
      Value state = memref::AllocaOp::create(entry, loc, type);
      if (!plan.restartAfter)
        atRestart.setInsertionPointAfter(state.getDefiningOp());
      Value zero = arith::ConstantIntOp::create(atRestart, loc, 0, 64);
      for (int64_t i = 0; i < words; ++i)
        memref::StoreOp::create(atRestart, loc, zero, state,
                                cx.constant(atRestart, i));
      Value first = cx.constant(b, 0);
      Value second = mask ? cx.constant(b, 1) : Value();
      g0 = arith::IndexCastUIOp::create(
          b, loc, b.getIndexType(),
          memref::LoadOp::create(b, loc, state, first));
      if (mask)
        bits0 = memref::LoadOp::create(b, loc, state, second);
      OpBuilder after(loop->getContext());
      after.setInsertionPointAfter(loop);
      // Filled in once the loop carries both.
      saveG_ = memref::StoreOp::create(after, loc, zero, state, first);
      if (mask)
        saveBits_ = memref::StoreOp::create(after, loc, zero, state, second);
    }
    if (plan.emptyRelease) {
      // A producer warpgroup in a loop over tiles waits for every release
      // across runs: the group synchronises once around all of them.
      Operation *runs = plan.tileLoop ? plan.tileLoop : loop;
      OpBuilder before(runs);
      empty.beforeRuns(atRestart, before);
      OpBuilder after(loop->getContext());
      after.setInsertionPointAfter(runs);
      empty.afterRun(after);
    }
    g0_ = g0;
    SmallVector<Value> inits{g0};
    if (mask)
      inits.push_back(bits0);
    IRRewriter rewriter(loop);
    counterArg = loop.getNumRegionIterArgs();
    auto counted = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>(args.begin(), args.end());
        }));
    plan.loop = counted;
    if (saveG_) {
      OpBuilder b(saveG_);
      saveG_.getValueMutable().assign(arith::IndexCastUIOp::create(
          b, loc, b.getI64Type(), counted.getResult(counterArg)));
      if (saveBits_)
        saveBits_.getValueMutable().assign(counted.getResult(counterArg + 1));
    }
  }

  /// The staged buffer `load` fills.
  Value bufferOf(CopyOp load) {
    return loadBuffers_.lookup(load.getOperation());
  }

  /// Loads g0 .. g0+N-2, in a loop before the loop.
  void emitPrologue() {
    scf::ForOp loop = plan.loop;
    OpBuilder b(loop);
    Location loc = cx.loc();
    auto prologue = scf::ForOp::create(
        b, loc, cx.constant(b, 0), cx.constant(b, n - 1), cx.constant(b, 1));
    b.setInsertionPoint(prologue.getBody()->getTerminator());
    Value j = prologue.getInductionVar();
    // Load j of a run that starts at 0 goes to stage j < N.
    Value stage = matchPattern(g0_, m_Zero())
                      ? j
                      : cx.stageOf(b, arith::AddIOp::create(b, loc, g0_, j));
    Value iv = plan.dynamic
                   ? dynamic.claimedTile(b, j)
                   : arith::AddIOp::create(
                         b, loc, loop.getLowerBound(),
                         arith::MulIOp::create(b, loc, loop.getStep(), j));
    emitLoads(b, iv, stage);
  }

  /// The body's uses of each buffer see its stage: this iteration's, or the
  /// one before for uses before the first load.
  void redirectUses(OpBuilder &b, Value stage, Value previous) {
    scf::ForOp loop = plan.loop;
    Block *body = loop.getBody();
    Operation *firstLoad = plan.loads.front();
    for (auto [old, staged] : staged_) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : old.getUses())
        if (loop->isProperAncestor(use.getOwner()))
          uses.push_back(&use);
      Value current = cx.stageView(b, staged, stage);
      Value before =
          plan.usesBeforeLoad ? cx.stageView(b, staged, previous) : Value();
      for (OpOperand *use : uses) {
        bool early = before && body->findAncestorOpInBlock(*use->getOwner())
                                   ->isBeforeInBlock(firstLoad);
        use->set(early ? before : current);
        retypeSubviews(use->getOwner());
      }
      if (old != staged)
        old.getDefiningOp()->erase();
    }
  }

  /// A subview of a stage (and the subviews of it) takes the layout the
  /// stage's dynamic offset gives it; its users take any layout.
  static void retypeSubviews(Operation *op) {
    auto subview = dyn_cast<memref::SubViewOp>(op);
    if (!subview)
      return;
    auto type = memref::SubViewOp::inferRankReducedResultType(
        subview.getType().getShape(), subview.getSourceType(),
        subview.getMixedOffsets(), subview.getMixedSizes(),
        subview.getMixedStrides());
    subview.getResult().setType(type);
    for (Operation *user : subview.getResult().getUsers())
      retypeSubviews(user);
  }

  void rewriteBody() {
    scf::ForOp loop = plan.loop;
    Location loc = cx.loc();
    OpBuilder b = OpBuilder::atBlockBegin(loop.getBody());
    Value g = loop.getRegionIterArgs()[counterArg];
    Value claim = plan.dynamic ? dynamic.claimNextTile(b) : Value();
    Value stage = cx.stageOf(b, g);
    Value cN = cx.constant(b, n);
    Value round = arith::DivUIOp::create(b, loc, g, cN);
    Value parity = arith::RemUIOp::create(b, loc, round, cx.constant(b, 2));
    Value phase = arith::IndexCastOp::create(b, loc, b.getI1Type(), parity);
    // Stage (g-1) mod N: the tile before, and the one load g+N-1 refills.
    Value previous = cx.stageOf(b, g, n - 1);
    redirectUses(b, stage, previous);
    for (BarrierWaitOp wait : plan.barrierWaits) {
      wait.getBarrierMutable().assign(barriers_.lookup(wait.getBarrier()));
      wait.getStageMutable().assign(stage);
      wait.getPhaseMutable().assign(phase);
    }

    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    b.setInsertionPoint(yield);
    yield->setOperand(counterArg,
                      arith::AddIOp::create(b, loc, g, cx.constant(b, 1)));
    if (plan.warpSpecialized())
      return releaseInConsumers(g, stage, previous);
    if (plan.consumerWait)
      return releaseAfterConsumer(previous);

    // At the first load: wait for load g (cp.async), release stage
    // (g-1) mod N, refill it with load g+N-1. (A wait_group ends with a CTA
    // barrier: it is the release then.) With empty barriers the group
    // released the stage after using it.
    b.setInsertionPoint(plan.loads.front());
    if (plan.groupTracked)
      WaitGroupOp::create(b, loc, GroupKind::cp_async, n - 2, /*read=*/false);
    if (!plan.storeWaits.empty() && !plan.emptyRelease)
      WaitGroupOp::create(b, loc, GroupKind::bulk, 0, /*read=*/true);
    if (!plan.groupTracked && plan.storeWaits.empty() && !plan.emptyRelease)
      gpu::BarrierOp::create(b, loc);
    Value ahead = plan.dynamic
                      ? dynamic.publishClaim(b, claim, stage, previous)
                      : iterationsAhead(b, n - 1);
    if (!plan.emptyRelease) {
      emitLoads(b, ahead, previous);
    } else {
      // Release stage g mod N, then refill stage (g-1) mod N: the group
      // freed it an iteration ago, so the wait rarely stalls (refilling
      // first would wait on the group's arrivals in every iteration). The
      // first refill of a run waits for nothing (the run began with the
      // stage free).
      b.setInsertionPoint(yield);
      empty.emitRelease(b, iterationsAhead(b, n), stage);
      Value inRange = createBelowUpperBound(b, loc, loop, ahead);
      Value notFirst =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, g, g0_);
      Value refills = arith::AndIOp::create(b, loc, inRange, notFirst);
      Value bits = empty.waitBeforeRefill(
          b, refills, previous, loop.getRegionIterArgs()[counterArg + 1]);
      yield->setOperand(counterArg + 1, bits);
      emitLoads(b, ahead, previous);
    }
  }

  /// The induction variable `k` iterations after this one's.
  Value iterationsAhead(OpBuilder &b, int64_t k) {
    scf::ForOp loop = plan.loop;
    return arith::AddIOp::create(
        b, cx.loc(), loop.getInductionVar(),
        arith::MulIOp::create(b, cx.loc(), loop.getStep(), cx.constant(b, k)));
  }

  /// An asynchronous consumer: one wgmma group stays in flight across
  /// iterations, so stage (g-1) mod N is free once this iteration's
  /// `wait.group 1` has completed the wgmma of iteration g-1. Right after
  /// it, the stage is released (a CTA barrier, or arrivals on its empty
  /// barrier when load g+N-1 will refill it, which that refill then waits
  /// for) and refilled with load g+N-1. The loop is followed by
  /// `wait.group 0`.
  void releaseAfterConsumer(Value previous) {
    scf::ForOp loop = plan.loop;
    Location loc = cx.loc();
    NVVM::WgmmaWaitGroupSyncOp wait = plan.consumerWait;
    wait.setGroup(1);
    OpBuilder b(wait->getContext());
    b.setInsertionPointAfter(wait);
    Value ahead = iterationsAhead(b, n - 1);
    if (!plan.emptyRelease) {
      gpu::BarrierOp::create(b, loc);
    } else {
      empty.emitRelease(b, ahead, previous);
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      Value refills = createBelowUpperBound(b, loc, loop, ahead);
      yield->setOperand(counterArg + 1,
                        empty.waitBeforeRefill(
                            b, refills, previous,
                            loop.getRegionIterArgs()[counterArg + 1]));
    }
    emitLoads(b, ahead, previous);
    b.setInsertionPointAfter(loop);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t{0});
  }

  /// With a producer warpgroup, the consumers release every stage they
  /// read, once (the producer waits for the release of load j before it
  /// issues load j+N; an arrival nobody waits for is harmless): stage
  /// g mod N at the end of iteration g, or with an asynchronous consumer
  /// stage (g-1) mod N once `wait.group 1` has completed the wgmma of
  /// iteration g-1 (not in the first iteration), and the last stage after
  /// the loop's `wait.group 0`.
  void releaseInConsumers(Value g, Value stage, Value previous) {
    scf::ForOp loop = plan.loop;
    Location loc = cx.loc();
    NVVM::WgmmaWaitGroupSyncOp wait = plan.consumerWait;
    if (!wait) {
      OpBuilder b(loop.getBody()->getTerminator());
      empty.emitRelease(b, Value(), stage,
                        arith::ConstantIntOp::create(b, loc, 1, 1));
      return;
    }
    wait.setGroup(1);
    OpBuilder b(wait->getContext());
    b.setInsertionPointAfter(wait);
    Value notFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, g, g0_);
    empty.emitRelease(b, Value(), previous, notFirst);
    b.setInsertionPointAfter(loop);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t{0});
    Value end = loop.getResult(counterArg);
    Value ran = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, end, g0_);
    empty.emitRelease(b, Value(), cx.stageOf(b, end, n - 1), ran);
  }

  /// Issues the loads of iteration `iv` into stage `stage` under `iv < ub`
  /// (where `issuer` holds, when given; with the values of the loop over
  /// tiles mapped by `tile`, when given); for cp.async, every thread then
  /// commits one group.
  void emitLoads(OpBuilder &b, Value iv, Value stage, Value issuer = {},
                 const IRMapping *tile = nullptr) {
    scf::ForOp loop = plan.loop;
    Location loc = cx.loc();
    IRMapping map = tile ? *tile : IRMapping();
    Value inRange = createBelowUpperBound(
        b, loc, loop, iv, map.lookupOrDefault(loop.getUpperBound()));
    auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
    OpBuilder inner = guard.getThenBodyBuilder();
    map.map(loop.getInductionVar(), iv);
    for (Operation *op : plan.slice)
      inner.clone(*op, map);
    for (CopyOp load : plan.loads) {
      Value view = cx.stageView(inner, bufferOf(load), stage);
      auto copy = cast<CopyOp>(inner.clone(*load, map));
      copy.getDestMutable().assign(view);
      if (Value barrier = load.getBarrier()) {
        copy.getBarrierMutable().assign(barriers_.lookup(barrier));
        copy.getStageMutable().assign(stage);
      }
      if (plan.groupTracked)
        copy.setCommitAttr(inner.getBoolAttr(false));
      if (issuer)
        copy.getPredicateMutable().assign(issuer);
    }
    if (plan.groupTracked)
      CommitGroupOp::create(b, loc, GroupKind::cp_async);
  }

  /// The single-buffer loads and waits are replaced; the stores' waits
  /// become one after the loop.
  void eraseSingleBufferOps() {
    for (WaitOp wait : plan.loadWaits)
      wait.erase();
    for (WaitOp wait : plan.storeWaits)
      wait.erase();
    for (CopyOp load : plan.loads)
      load.erase();
    for (Value barrier : plan.barriers)
      barrier.getDefiningOp()->erase();
    if (!plan.storeWaits.empty()) {
      OpBuilder after(plan.loop->getContext());
      after.setInsertionPointAfter(plan.loop);
      WaitGroupOp::create(after, cx.loc(), GroupKind::bulk, 0,
                          /*read=*/false);
    }
  }

  PipelineContext cx;
  LoopPlan &plan;
  int64_t n;
  EmptyRelease empty;
  DynamicSchedule dynamic;
  /// Each buffer and the value that has its stages (the same block
  /// argument, retyped, or a new allocation).
  SmallVector<std::pair<Value, Value>> staged_;
  DenseMap<Operation *, Value> loadBuffers_;
  IRMapping barriers_;
  /// The counter at the loop's entry, and the index of the loop's iter_arg
  /// that carries it (followed by the mask of empty phases, if any).
  Value g0_;
  unsigned counterArg = 0;
  /// A carried loop's stores of the counter and the mask after it.
  memref::StoreOp saveG_, saveBits_;
};

} // namespace

LogicalResult mlir::asynccopy::pipelining::expandLoop(LoopPlan &plan) {
  return LoopExpander(plan).run();
}
