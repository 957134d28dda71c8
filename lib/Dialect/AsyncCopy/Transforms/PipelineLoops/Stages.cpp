//===- Stages.cpp - buffers and barriers with N stages --------------------===//
//
// Every buffer the loads fill gets a leading stage dim (a workgroup
// attribution is retyped, a memref.alloc replaced), every `barrier<1>` they
// complete on becomes a `barrier<N>` initialised the same way, and the
// body's uses see one stage. The loads are issued again, into a stage, by
// the prologue, the refills and a producer warpgroup; the single-buffer ones
// go.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Utils/LoopBounds.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

void PipelineStages::create() {
  PipelinePlan &plan = cx.plan;
  DenseMap<Value, Value> stagedOf;
  for (Value buffer : plan.buffers) {
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<int64_t> shape{cx.n};
    llvm::append_range(shape, type.getShape());
    auto stagedType =
        MemRefType::get(shape, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    if (auto alloc = buffer.getDefiningOp<memref::AllocOp>()) {
      OpBuilder b(alloc);
      auto newAlloc = memref::AllocOp::create(b, alloc.getLoc(), stagedType,
                                              alloc.getAlignmentAttr());
      staged.push_back({buffer, newAlloc.getResult()});
    } else {
      cast<BlockArgument>(buffer).setType(stagedType);
      staged.push_back({buffer, buffer});
    }
    stagedOf[buffer] = staged.back().second;
  }
  for (CopyOp load : plan.loads)
    loadBuffers[load.getOperation()] = stagedOf.lookup(load.getDest());

  for (Value barrier : plan.barriers) {
    OpBuilder b(barrier.getDefiningOp());
    Value stagedBarrier = BarrierAllocOp::create(
        b, cx.loc(), BarrierType::get(b.getContext(), cx.n, false));
    barriers.map(barrier, stagedBarrier);
  }
  for (BarrierInitOp init : plan.inits)
    init.getBarrierMutable().assign(barriers.lookup(init.getBarrier()));
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

void PipelineStages::redirectUses(OpBuilder &b, Value stage, Value previous,
                                  Value phase) {
  PipelinePlan &plan = cx.plan;
  scf::ForOp loop = plan.loop;
  Block *body = loop.getBody();
  Operation *firstLoad = plan.loads.front();
  for (auto [old, stagedBuffer] : staged) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : old.getUses())
      if (loop->isProperAncestor(use.getOwner()))
        uses.push_back(&use);
    Value current = cx.stageView(b, stagedBuffer, stage);
    Value before =
        plan.usesBeforeLoad ? cx.stageView(b, stagedBuffer, previous) : Value();
    for (OpOperand *use : uses) {
      bool early = before && body->findAncestorOpInBlock(*use->getOwner())
                                 ->isBeforeInBlock(firstLoad);
      use->set(early ? before : current);
      retypeSubviews(use->getOwner());
    }
    if (old != stagedBuffer)
      old.getDefiningOp()->erase();
  }
  for (BarrierWaitOp wait : plan.barrierWaits) {
    wait.getBarrierMutable().assign(barriers.lookup(wait.getBarrier()));
    wait.getStageMutable().assign(stage);
    wait.getPhaseMutable().assign(phase);
  }
}

void PipelineStages::emitLoads(OpBuilder &b, Value iv, Value stage,
                               Value issuer, const IRMapping *tile,
                               ArrayRef<unsigned> only) {
  PipelinePlan &plan = cx.plan;
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
  for (auto [index, load] : llvm::enumerate(plan.loads)) {
    if (!only.empty() && !llvm::is_contained(only, index))
      continue;
    Value view =
        cx.stageView(inner, loadBuffers.lookup(load.getOperation()), stage);
    auto copy = cast<CopyOp>(inner.clone(*load, map));
    copy.getDestMutable().assign(view);
    if (Value barrier = load.getBarrier()) {
      copy.getBarrierMutable().assign(barriers.lookup(barrier));
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

void PipelineStages::eraseSingleBufferOps() {
  PipelinePlan &plan = cx.plan;
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
