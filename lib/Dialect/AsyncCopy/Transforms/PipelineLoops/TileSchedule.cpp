//===- TileSchedule.cpp - claiming a persistent kernel's tiles ------------===//
//
// A persistent kernel walks its tiles with a loop over CTAs (`scf.for %t =
// %bid to %n step %grid`) or, when the CTAs of a cluster share their loads
// (multicast), over clusters (`gpu.cluster_id x` in steps of
// `gpu.cluster_dim x`). Marked `asynccopy.pipeline_dynamic_schedule`, and
// with a pipelined loop (the K loop of a GEMM) in its body, such a loop
// claims its tiles at run time from the launch's counter instead, as the
// grid-stride loops of DynamicSchedule.cpp do: SMs do not stream at the same
// rate, and CTAs that claim their tiles in order also keep the tiles that
// run at the same time close together in L2.
//
// The CTAs of a cluster must agree on their tile: the cluster's first CTA
// claims it, and its first thread writes the tile id into a two-entry SMEM
// ring of every CTA of the cluster (`st.shared::cluster` through `mapa`).
// The claim of the next tile is made at the top of an iteration, so the
// atomic's latency hides behind the tile's work, and published at its end,
// before the barrier (of the cluster, or of the CTA alone) that ends every
// iteration. The entry written in iteration k was last read after the
// barrier of iteration k-2, so one barrier per tile orders both. The loop
// becomes an scf.while that ends at the first tile past the bound.
//
// This runs before the loops inside are pipelined, which then see a loop in
// an scf.while. The counter is the one DynamicSchedule.cpp passes: every
// launch of the kernel gets it zeroed, and the last CTA to finish zeroes it
// again.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Utils/LoopBounds.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

namespace {

/// What the rewrite of a loop over tiles needs.
struct TilePlan {
  scf::ForOp loop;
  gpu::GPUFuncOp kernel;
  /// Whether tiles go to clusters (else to CTAs), and the cluster shape.
  bool clustered = false;
  LaunchDims cluster = {1, 1, 1};
  CounterLaunches counters;
};

LogicalResult planTiles(scf::ForOp loop, TilePlan &plan, bool runtimeCounters,
                        std::string &why) {
  plan.loop = loop;
  plan.kernel = launch_counter::kernelAtTopLevel(loop, why);
  if (!plan.kernel)
    return failure();
  auto isX = [](auto op) {
    return op && op.getDimension() == gpu::Dimension::x;
  };
  if (isX(loop.getLowerBound().getDefiningOp<gpu::BlockIdOp>()) &&
      isX(loop.getStep().getDefiningOp<gpu::GridDimOp>())) {
    plan.clustered = false;
  } else if (isX(loop.getLowerBound().getDefiningOp<gpu::ClusterIdOp>()) &&
             isX(loop.getStep().getDefiningOp<gpu::ClusterDimOp>())) {
    plan.clustered = true;
  } else {
    why = "it is not a loop from `gpu.block_id x` in steps of `gpu.grid_dim "
          "x`, nor one from `gpu.cluster_id x` in steps of `gpu.cluster_dim "
          "x`";
    return failure();
  }
  if (!loop->use_empty()) {
    why = "its results are used, and they would depend on the tiles the CTA "
          "claimed";
    return failure();
  }
  bool clustered = plan.clustered;
  WalkResult identity = loop.getBody()->walk([&](Operation *op) {
    bool reads = isa<gpu::BlockIdOp, gpu::ClusterIdOp>(op) ||
                 (!clustered && isa<gpu::ClusterBlockIdOp>(op));
    return reads ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (identity.wasInterrupted()) {
    why = clustered ? "its body reads the CTA's or the cluster's id, so an "
                      "iteration depends on the cluster that runs it"
                    : "its body reads the CTA's id, so an iteration depends "
                      "on the CTA that runs it";
    return failure();
  }
  auto producer =
      AsyncCopyDialect::PipelineWarpSpecializeAttrHelper(loop.getContext());
  WalkResult specialised = loop.getBody()->walk([&](scf::ForOp inner) {
    return producer.isAttrPresent(inner) ? WalkResult::interrupt()
                                         : WalkResult::advance();
  });
  if (specialised.wasInterrupted()) {
    why = "a loop in it gets a producer warpgroup, which walks the tiles on "
          "its own";
    return failure();
  }
  if (clustered) {
    std::optional<LaunchDims> shape = getKernelClusterSize(plan.kernel);
    if (!shape) {
      why = "the cluster shape of its kernel is unknown (set "
            "`known_cluster_size` or launch it with one constant `clusters "
            "in`)";
      return failure();
    }
    plan.cluster = *shape;
  }
  // One counter per launch: one cluster (or CTA) in y and z.
  return launch_counter::findLaunches(plan.kernel, plan.cluster,
                                      clustered ? "cluster" : "block",
                                      runtimeCounters, plan.counters, why);
}

/// The rewrite: a counter parameter, the ring, the claims, the scf.while.
class TileClaims {
public:
  explicit TileClaims(TilePlan &plan)
      : plan(plan), loc(plan.loop.getLoc()), ctx(plan.loop.getContext()) {}

  LogicalResult rewrite();

private:
  Value index(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value isZero(OpBuilder &b, Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                                 index(b, 0));
  }
  /// Thread (0, 0, 0) of the CTA, and of the cluster's first CTA.
  void makeLeaders(OpBuilder &b);
  /// The barrier that publishes a claim: the cluster's or the CTA's.
  void barrier(OpBuilder &b);
  /// The leader's fetch-and-add (0 elsewhere).
  Value claim(OpBuilder &b);
  /// The leader writes `claim` into ring entry `slot` of every CTA of the
  /// cluster.
  void publish(OpBuilder &b, Value claim, Value slot);
  Value claimed(OpBuilder &b, Value slot);
  void countFinished(OpBuilder &b);

  TilePlan &plan;
  Location loc;
  MLIRContext *ctx;
  Value counter, ring, first, leader;
};

void TileClaims::makeLeaders(OpBuilder &b) {
  first = isZero(b, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  for (gpu::Dimension d : {gpu::Dimension::y, gpu::Dimension::z})
    first = arith::AndIOp::create(
        b, loc, first, isZero(b, gpu::ThreadIdOp::create(b, loc, d)));
  leader = first;
  if (!plan.clustered)
    return;
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    leader = arith::AndIOp::create(
        b, loc, leader, isZero(b, gpu::ClusterBlockIdOp::create(b, loc, d)));
}

void TileClaims::barrier(OpBuilder &b) {
  if (!plan.clustered) {
    gpu::BarrierOp::create(b, loc);
    return;
  }
  // Release and acquire at cluster scope: the ring entries written through
  // `st.shared::cluster` are visible after it.
  NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
}

Value TileClaims::claim(OpBuilder &b) {
  auto claims = scf::IfOp::create(b, loc, b.getI64Type(), leader,
                                  /*withElseRegion=*/true);
  OpBuilder then = claims.getThenBodyBuilder();
  scf::YieldOp::create(then, loc,
                       ValueRange{launch_counter::claim(then, loc, counter)});
  OpBuilder other = claims.getElseBodyBuilder();
  scf::YieldOp::create(
      other, loc, ValueRange{arith::ConstantIntOp::create(other, loc, 0, 64)});
  return claims.getResult(0);
}

void TileClaims::publish(OpBuilder &b, Value value, Value slot) {
  auto ifLeader = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  OpBuilder in = ifLeader.getThenBodyBuilder();
  int64_t ctas = plan.cluster[0] * plan.cluster[1] * plan.cluster[2];
  if (!plan.clustered || ctas == 1) {
    memref::StoreOp::create(in, loc, value, ring, slot);
    return;
  }
  auto shared = LLVM::LLVMPointerType::get(ctx, 3);
  auto cluster = LLVM::LLVMPointerType::get(ctx, 7);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(in, loc, ring);
  Value address = arith::IndexCastOp::create(in, loc, in.getI64Type(), base);
  Value local = LLVM::IntToPtrOp::create(in, loc, shared, address);
  Value offset = arith::IndexCastOp::create(in, loc, in.getI32Type(), slot);
  for (int64_t rank = 0; rank < ctas; ++rank) {
    Value peer =
        NVVM::MapaOp::create(in, loc, cluster, local,
                             arith::ConstantIntOp::create(in, loc, rank, 32));
    Value entry = LLVM::GEPOp::create(in, loc, cluster, in.getI64Type(), peer,
                                      ValueRange{offset});
    LLVM::StoreOp::create(in, loc, value, entry, /*alignment=*/8);
  }
}

Value TileClaims::claimed(OpBuilder &b, Value slot) {
  Value id = memref::LoadOp::create(b, loc, ring, slot);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), id);
}

/// Thread 0 of every CTA counts it finished (every claim of its cluster
/// came before); the last of the grid's CTAs zeroes the counter.
void TileClaims::countFinished(OpBuilder &b) {
  Value ctas = index(b, 1);
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    Value dim = gpu::GridDimOp::create(b, loc, d);
    ctas = arith::MulIOp::create(b, loc, ctas, dim);
  }
  launch_counter::countFinished(b, loc, counter, first, ctas);
}

LogicalResult TileClaims::rewrite() {
  scf::ForOp loop = plan.loop;
  gpu::GPUFuncOp kernel = plan.kernel;
  // The launch's counter, zeroed by every launch.
  FailureOr<unsigned> param =
      launch_counter::addParameter(kernel, loc, plan.counters);
  if (failed(param))
    return failure();
  ring = kernel.addWorkgroupAttribution(
      MemRefType::get(
          {2}, IntegerType::get(ctx, 64), MemRefLayoutAttrInterface(),
          gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)),
      loc);

  OpBuilder b(loop);
  counter = launch_counter::globalPointer(b, loc, kernel.getArgument(*param));
  makeLeaders(b);
  // Every CTA of the cluster runs before the first is written into.
  if (plan.clustered)
    barrier(b);
  publish(b, claim(b), index(b, 0));
  barrier(b);

  // scf.while (t = the first claim, k = 0, the loop's iter_args).
  auto whileOp = launch_counter::whileOverClaims(
      b, loop, ValueRange{claimed(b, index(b, 0)), index(b, 0)});
  Block *after = whileOp.getAfterBody();
  Value k = after->getArgument(1);
  // The next tile's claim, first thing: its latency hides behind the tile.
  OpBuilder top = OpBuilder::atBlockBegin(after);
  Value next = claim(top);
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  b.setInsertionPoint(yield);
  Value k1 = arith::AddIOp::create(b, loc, k, index(b, 1));
  Value slot = arith::RemUIOp::create(b, loc, k1, index(b, 2));
  publish(b, next, slot);
  barrier(b);
  yield->insertOperands(0, ValueRange{claimed(b, slot), k1});
  b.setInsertionPointAfter(whileOp);
  countFinished(b);
  loop.erase();
  return success();
}

} // namespace

bool mlir::asynccopy::pipelining::isTileLoop(scf::ForOp loop,
                                             int64_t optionStages) {
  MLIRContext *ctx = loop.getContext();
  if (!AsyncCopyDialect::PipelineDynamicScheduleAttrHelper(ctx).isAttrPresent(
          loop) ||
      AsyncCopyDialect::PipelineStagesAttrHelper(ctx).isAttrPresent(loop))
    return false;
  auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(ctx);
  WalkResult inner = loop.getBody()->walk([&](scf::ForOp nested) {
    IntegerAttr stages = marker.getAttr(nested);
    int64_t n = stages ? stages.getInt() : optionStages;
    return n > 1 ? WalkResult::interrupt() : WalkResult::advance();
  });
  return inner.wasInterrupted();
}

LogicalResult mlir::asynccopy::pipelining::scheduleTiles(scf::ForOp loop,
                                                         bool runtimeCounters,
                                                         std::string &why) {
  TilePlan plan;
  if (failed(planTiles(loop, plan, runtimeCounters, why)))
    return failure();
  return TileClaims(plan).rewrite();
}
