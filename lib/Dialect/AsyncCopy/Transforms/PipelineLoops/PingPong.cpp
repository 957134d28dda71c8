//===- PingPong.cpp - consumer warpgroups that take turns
//------------------===//
//
// An attention loop's consumer warpgroups each run the whole body on their
// own rows: a wgmma group (S = Q K^T), then a softmax on the CUDA cores, then
// another group. Left alone they drift into lockstep and the tensor cores
// idle during every softmax. A warp-specialised loop also marked
// `asynccopy.pipeline_pingpong` makes them take turns at the body's first
// wgmma group, as FlashAttention-3's and CUTLASS's ping-pong consumers do:
// warpgroup w waits on named barrier B + w before the group's fence and,
// once the group is complete (the first top-level `wait.group` after it),
// lets warpgroup w + 1 (mod W) go by arriving on B + (w + 1) mod W. One
// warpgroup's softmax then overlaps the next one's wgmma.
//
// Warpgroup W - 1 arrives once before the loop (for the iteration before
// the first), so warpgroup 0 starts, and skips its arrival in the last
// iteration: every barrier completes exactly as often as it is waited for,
// and none is left half-arrived for code after the loop. Each barrier
// counts 256 threads: the waiting warpgroup and the arriving one.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "asynccopy/Hardware/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;
namespace hw = ::asynccopy::hw;

static constexpr int64_t kWarpgroup = 128;

/// The named barrier ids `kernel` uses outside the pass's own: constants,
/// or -1 for one only the run time knows.
static SmallVector<int64_t> namedBarrierIds(Operation *kernel) {
  SmallVector<int64_t> ids;
  auto record = [&](Value id) {
    if (!id) {
      ids.push_back(0);
      return;
    }
    std::optional<int64_t> value = getConstantIntValue(id);
    ids.push_back(value ? *value : -1);
  };
  kernel->walk([&](Operation *op) {
    if (auto sync = dyn_cast<NVVM::BarrierOp>(op))
      record(sync.getBarrierId());
    else if (auto arrive = dyn_cast<NVVM::BarrierArriveOp>(op))
      record(arrive.getBarrierId());
  });
  return ids;
}

LogicalResult mlir::asynccopy::pipelining::planPingPong(PipelinePlan &plan,
                                                        std::string &why) {
  if (!plan.warpSpecialized()) {
    why = "only the consumers of a producer warpgroup take turns "
          "(`asynccopy.pipeline_warp_specialize`): a loop that loads for "
          "itself releases its stages at a CTA barrier, which realigns its "
          "warpgroups every iteration";
    return failure();
  }
  int64_t warpgroups = plan.consumerThreads / kWarpgroup;
  if (warpgroups < 2) {
    why = "its kernel has one consumer warpgroup, so there is no one to "
          "take turns with";
    return failure();
  }
  if (plan.tileLoop) {
    why = "it is in a loop over tiles, whose epilogues would interleave "
          "with the turns";
    return failure();
  }
  if (kPingPongBarrierBase + warpgroups > hw::kNamedBarriers) {
    why = "its " + std::to_string(warpgroups) +
          " consumer warpgroups need more named barriers than a CTA has";
    return failure();
  }
  Block *body = plan.loop.getBody();
  NVVM::WgmmaFenceAlignedOp fence;
  NVVM::WgmmaWaitGroupSyncOp wait;
  for (Operation &op : *body) {
    if (!fence)
      fence = dyn_cast<NVVM::WgmmaFenceAlignedOp>(op);
    else if ((wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(op)))
      break;
  }
  if (!fence || !wait) {
    why = "its body has no wgmma group to take turns at: an "
          "`nvvm.wgmma.fence.aligned` followed by an "
          "`nvvm.wgmma.wait.group.sync.aligned`, both at its top level";
    return failure();
  }
  for (int64_t id :
       namedBarrierIds(plan.loop->getParentOfType<FunctionOpInterface>()))
    if (id < 0 || (id >= kPingPongBarrierBase &&
                   id < kPingPongBarrierBase + warpgroups)) {
      why = "its kernel uses named barrier " +
            (id < 0 ? std::string("ids only the run time knows")
                    : std::to_string(id)) +
            ", which the turns need (" + std::to_string(kPingPongBarrierBase) +
            " to " + std::to_string(kPingPongBarrierBase + warpgroups - 1) +
            ")";
      return failure();
    }
  plan.turnBegin = fence;
  plan.turnEnd = wait;
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] " << warpgroups
                          << " consumer warpgroups take turns at the first "
                             "wgmma group\n");
  return success();
}

void mlir::asynccopy::pipelining::emitPingPong(PipelinePlan &plan) {
  scf::ForOp loop = plan.loop;
  Location loc = plan.turnBegin.getLoc();
  int64_t warpgroups = plan.consumerThreads / kWarpgroup;
  auto i32 = [&](OpBuilder &b, int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, value, 32);
  };
  OpBuilder b(loop);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value wg = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      arith::DivUIOp::create(
          b, loc, tid, arith::ConstantIndexOp::create(b, loc, kWarpgroup)));
  Value threads = i32(b, 2 * kWarpgroup);
  Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wg,
                                     i32(b, warpgroups - 1));
  // The last warpgroup stands in for the iteration before the first.
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  auto first = scf::IfOp::create(
      b, loc, arith::AndIOp::create(b, loc, last, runs), false);
  OpBuilder inFirst = first.getThenBodyBuilder();
  NVVM::BarrierArriveOp::create(inFirst, loc,
                                i32(inFirst, kPingPongBarrierBase), threads);

  b.setInsertionPoint(plan.turnBegin);
  Value mine = arith::AddIOp::create(b, loc, wg, i32(b, kPingPongBarrierBase));
  NVVM::BarrierOp::create(b, loc, TypeRange{}, mine, threads,
                          NVVM::BarrierReductionAttr(), Value());
  // (Each operand in its own statement: the order of the ops created does
  // not depend on the compiler's order of evaluating arguments.)
  b.setInsertionPointAfter(plan.turnEnd);
  Value one = i32(b, 1);
  Value inc = arith::AddIOp::create(b, loc, wg, one);
  Value count = i32(b, warpgroups);
  Value mod = arith::RemUIOp::create(b, loc, inc, count);
  Value base = i32(b, kPingPongBarrierBase);
  Value next = arith::AddIOp::create(b, loc, mod, base);
  Value following =
      arith::AddIOp::create(b, loc, loop.getInductionVar(), loop.getStep());
  Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                     following, loop.getUpperBound());
  Value notLast = arith::XOrIOp::create(
      b, loc, last, arith::ConstantIntOp::create(b, loc, 1, 1));
  auto handOver = scf::IfOp::create(
      b, loc, arith::OrIOp::create(b, loc, notLast, more), false);
  OpBuilder inHandOver = handOver.getThenBodyBuilder();
  NVVM::BarrierArriveOp::create(inHandOver, loc, next, threads);
}
