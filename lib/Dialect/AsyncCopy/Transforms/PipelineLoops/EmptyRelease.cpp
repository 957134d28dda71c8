//===- EmptyRelease.cpp - releasing pipeline stages on empty barriers -----===//
//
// Collective loads (multicast over the CTAs of a group) are released
// cluster-wide, as in CUTLASS's producer/consumer pipelines: each stage also
// gets an "empty" barrier that counts one arrival per CTA of the group;
// after using stage s a CTA's first thread arrives on stage s of every group
// member's empty barrier (a remote consumer release at CTA scope), and the
// refill, issued at the end of the iteration, waits on its own empty stage,
// so no cluster barrier per tile is needed. Arrivals are only sent for
// stages the same run refills, and every one is awaited before its target
// leaves the loop; a cluster barrier after the run keeps a CTA from going
// on (and exiting) while its last multicasts may still be landing in a
// peer, which gave wrong results and hangs on the H200 without it. That
// barrier also has the whole group done with its stages before a next run
// refills them, so a loop that runs again (a persistent GEMM's K loop)
// needs one cluster barrier per run, and one after the inits. The
// group is the union over the loads (A shared along one cluster dim, B
// along another). A loop marked `asynccopy.pipeline_empty_barrier` gets the
// same scheme within its CTA, with one arrival per warp where the block size
// is known.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Utils/LoopBounds.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

void EmptyRelease::create(OpBuilder &b) {
  PipelinePlan &plan = cx.plan;
  size_t count = std::max<size_t>(plan.streamRelease.size(), 1);
  for (size_t i = 0; i < count; ++i)
    empties.push_back(BarrierAllocOp::create(
        b, cx.loc(), BarrierType::get(b.getContext(), cx.n, false)));
  for (Value empty : empties)
    BarrierInitOp::create(b, cx.loc(), empty, plan.emptyArrivals);
}

void EmptyRelease::clusterBarrier(OpBuilder &b) {
  NVVM::ClusterArriveOp::create(b, cx.loc(), UnitAttr());
  NVVM::ClusterWaitOp::create(b, cx.loc(), UnitAttr());
}

void EmptyRelease::beforeRuns(OpBuilder &afterInits, OpBuilder &beforeRun) {
  PipelinePlan &plan = cx.plan;
  // A producer warpgroup waits for every release instead.
  bool carried = plan.carried && !plan.warpSpecialized();
  if (plan.groupSize() > 1) {
    // Every CTA's barriers are initialised before any peer multicasts into
    // it or arrives on them; a run after the first follows the cluster
    // barrier of the run before.
    clusterBarrier(carried ? afterInits : beforeRun);
    return;
  }
  // Warps release stages on their own: one may still read a stage of the
  // run before that this run's prologue refills.
  if (carried)
    gpu::BarrierOp::create(beforeRun, cx.loc());
}

void EmptyRelease::afterRun(OpBuilder &b) {
  if (cx.plan.groupSize() > 1)
    clusterBarrier(b);
}

SmallVector<Value> EmptyRelease::groupRanks(OpBuilder &b) {
  PipelinePlan &plan = cx.plan;
  Location loc = cx.loc();
  std::array<int64_t, 3> strides = {1, plan.cluster[0],
                                    plan.cluster[0] * plan.cluster[1]};
  std::array<Value, 3> own;
  for (unsigned dim = 0; dim < 3; ++dim)
    if (plan.cluster[dim] > 1)
      own[dim] = gpu::ClusterBlockIdOp::create(
          b, loc, static_cast<gpu::Dimension>(dim));
  // The rank of the CTA `offset` away along each dim, cyclically.
  SmallVector<Value> ranks;
  for (const std::array<int64_t, 3> &offset : plan.groupOffsets) {
    Value rank;
    for (unsigned dim = 0; dim < 3; ++dim) {
      if (!own[dim])
        continue;
      Value term = own[dim];
      if (offset[dim])
        term = arith::RemUIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, term, cx.constant(b, offset[dim])),
            cx.constant(b, plan.cluster[dim]));
      if (strides[dim] != 1)
        term =
            arith::MulIOp::create(b, loc, term, cx.constant(b, strides[dim]));
      rank = rank ? arith::AddIOp::create(b, loc, rank, term) : term;
    }
    if (!rank)
      rank = cx.constant(b, 0);
    ranks.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(), rank));
  }
  return ranks;
}

void EmptyRelease::emitRelease(OpBuilder &b, Value ahead, Value stage,
                               Value when, unsigned stream) {
  PipelinePlan &plan = cx.plan;
  Value empty = empties[stream];
  Location loc = cx.loc();
  Value refilled =
      when ? when : createBelowUpperBound(b, loc, cx.loop(), ahead);
  if (plan.perWarpRelease) {
    // Each warp frees the stage once its lanes are done with it.
    NVVM::SyncWarpOp::create(b, loc,
                             arith::ConstantIntOp::create(b, loc, -1, 32));
    Value lane0 = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        gpu::LaneIdOp::create(b, loc, IntegerAttr()), cx.constant(b, 0));
    refilled = arith::AndIOp::create(b, loc, refilled, lane0);
  } else {
    if (!plan.storeWaits.empty())
      WaitGroupOp::create(b, loc, GroupKind::bulk, 0, /*read=*/true);
    else
      gpu::BarrierOp::create(b, loc);
    refilled = arith::AndIOp::create(b, loc, refilled, cx.isFirstThread(b));
  }
  auto guard = scf::IfOp::create(b, loc, refilled, /*withElseRegion=*/false);
  OpBuilder inner = guard.getThenBodyBuilder();
  if (plan.groupSize() == 1) {
    BarrierArriveOp::create(inner, loc, empty, stage, IntegerAttr());
    return;
  }
  for (Value rank : groupRanks(inner)) {
    Value remote = BarrierRemoteOp::create(
        inner, loc, BarrierType::get(b.getContext(), cx.n, true), empty, rank);
    auto arrive =
        BarrierArriveOp::create(inner, loc, remote, stage, IntegerAttr());
    // It only releases this CTA's reads of the stage.
    AsyncCopyDialect::CtaReleaseAttrHelper(b.getContext())
        .setAttr(arrive, inner.getUnitAttr());
  }
}

Value EmptyRelease::waitBeforeRefill(OpBuilder &b, Value refills, Value stage,
                                     Value bits) {
  Location loc = cx.loc();
  Type i64 = b.getI64Type();
  Value bit =
      arith::ShLIOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 1, 64),
                            arith::IndexCastUIOp::create(b, loc, i64, stage));
  Value parity =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, bits, bit),
                            arith::ConstantIntOp::create(b, loc, 0, 64));
  auto wait = scf::IfOp::create(b, loc, refills, /*withElseRegion=*/false);
  OpBuilder inner = wait.getThenBodyBuilder();
  BarrierWaitOp::create(inner, loc, empties.front(), stage, parity);
  return arith::SelectOp::create(
      b, loc, refills, arith::XOrIOp::create(b, loc, bits, bit), bits);
}

void EmptyRelease::waitForReleaseBefore(OpBuilder &b, Value k, Value stage,
                                        unsigned stream) {
  Location loc = cx.loc();
  Value refill = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, k,
                                       cx.constant(b, cx.n));
  auto wait = scf::IfOp::create(b, loc, refill, /*withElseRegion=*/false);
  OpBuilder inner = wait.getThenBodyBuilder();
  Value round = arith::DivUIOp::create(inner, loc, k, cx.constant(inner, cx.n));
  Value parity = arith::IndexCastOp::create(
      inner, loc, inner.getI1Type(),
      arith::RemUIOp::create(
          inner, loc,
          arith::AddIOp::create(inner, loc, round, cx.constant(inner, 1)),
          cx.constant(inner, 2)));
  BarrierWaitOp::create(inner, loc, empties[stream], stage, parity);
}
