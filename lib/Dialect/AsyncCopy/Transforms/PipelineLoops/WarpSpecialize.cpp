//===- WarpSpecialize.cpp - a producer warpgroup for a pipelined loop -----===//
//
// A loop marked `asynccopy.pipeline_warp_specialize` gets a producer: the
// kernel launches with one more warpgroup than it was written for, appended
// after the others, so the threads the user's code sees keep their ids. One
// warp of it issues every load of the loop, waiting for each stage's "empty"
// barrier, while the warpgroups of the kernel as written (the consumers) run
// the body on the stages as their loads land and free each stage with
// per-warp arrivals (remote ones to the CTAs a multicast load shares it
// with), as in CUTLASS's warp-specialised mainloops:
//
//   ops before the loop                     (every thread)
//   if (tid.x >= T) {                       (the producer warpgroup)
//     setmaxnreg.dec 40
//     if (tid.x < T + 32)                   (its first warp)
//       for each iteration k: wait empty[k mod N] (k >= N), load into it
//   } else {                                (the consumers)
//     setmaxnreg.inc R
//     the pipelined loop without its loads, releasing stages
//     the ops after the loop, CTA barriers among the T consumers
//   }
//
// The producer then exits; a CTA or cluster barrier that only exited
// threads hold up is released (PTX `exit`), so the consumers' barriers
// after the loop still complete. The registers the producer gives back let
// the consumers hold larger accumulators. `gpu.block_dim` reads the block
// as written, and the kernel's `known_block_size` and launches grow by 128.
// The split carries `asynccopy.consumer_threads`: CTA barriers on the
// consumers' side synchronise the consumers alone (the conversion makes
// them `bar.sync 1, T`, and shares per-thread copies among T threads).
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "../RaiseUpstream/RaiseUpstream.h"

#include "asynccopy/Analysis/Divisibility.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Selection.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

namespace {

constexpr int64_t kWarpgroup = 128;
/// Registers per thread of the producer warpgroup after `setmaxnreg.dec`
/// (CUTLASS's choice: enough for the address arithmetic of a TMA loop).
constexpr int64_t kProducerRegisters = 40;
constexpr int64_t kRegisterFile = 65536;

/// Whether the kernel's ops before `loop` may run in the producer's threads
/// too: no memory access (only allocations), and barriers.
LogicalResult checkOpsBefore(scf::ForOp loop, std::string &why) {
  for (Operation *op = &loop->getBlock()->front(); op != loop;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op) ||
        isa<BarrierAllocOp, BarrierInitOp, gpu::BarrierOp,
            NVVM::ClusterArriveOp, NVVM::ClusterWaitOp>(op))
      continue;
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(op);
    if (effects &&
        llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
          return isa<MemoryEffects::Allocate>(e.getEffect());
        }))
      continue;
    why = "'" + op->getName().getStringRef().str() +
          "' before the loop accesses memory, and the producer warpgroup's "
          "threads would run it too";
    return failure();
  }
  return success();
}

/// Whether the body holds only what its consumers may run without the
/// producer: no asynccopy op besides the loads, their waits and wgmma
/// descriptors (a copy or wait may lower to a CTA barrier the producer
/// never reaches).
LogicalResult checkBody(LoopPlan &plan, std::string &why) {
  WalkResult walk = plan.loop.getBody()->walk([&](Operation *op) {
    if (!isa<AsyncCopyDialect>(op->getDialect()) ||
        isa<BarrierWaitOp, WgmmaDescriptorOp>(op) ||
        llvm::is_contained(plan.loads, dyn_cast<CopyOp>(op)))
      return WalkResult::advance();
    why = "its body has '" + op->getName().getStringRef().str() +
          "', which may synchronise the whole CTA, producer warpgroup "
          "included";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

} // namespace

LogicalResult
mlir::asynccopy::pipelining::planWarpSpecialize(LoopPlan &plan,
                                                std::string &why) {
  scf::ForOp loop = plan.loop;
  auto kernel = dyn_cast<gpu::GPUFuncOp>(loop->getParentOp());
  if (!kernel || !kernel.isKernel()) {
    why = "it is not at the top level of a kernel's body (the producer "
          "warpgroup runs its copy of the loop alone; not yet in a loop over "
          "tiles)";
    return failure();
  }
  if (plan.groupTracked) {
    why = "its loads complete through cp.async groups, which every thread "
          "issues";
    return failure();
  }
  if (!plan.storeWaits.empty()) {
    why = "a store reads a stage, and only the consumers know when it has";
    return failure();
  }
  if (plan.dynamic) {
    why = "its tiles are claimed at run time, by a consumer thread";
    return failure();
  }
  if (plan.usesBeforeLoad) {
    why = "its body uses an SMEM buffer before loading it (the tile of the "
          "iteration before), which the producer may already refill";
    return failure();
  }
  std::optional<LaunchDims> block = getKernelBlockSize(kernel);
  if (!block || (*block)[1] != 1 || (*block)[2] != 1 ||
      (*block)[0] % kWarpgroup != 0 ||
      (*block)[0] + kWarpgroup > 1024) {
    why = "its kernel's block size is not known whole warpgroups along x "
          "(set `known_block_size = array<i32: T, 1, 1>`, T a multiple of "
          "128 up to 896)";
    return failure();
  }
  bool otherLoop = false;
  auto stages = AsyncCopyDialect::PipelineStagesAttrHelper(loop.getContext());
  kernel.walk([&](scf::ForOp other) {
    otherLoop |= other != loop && stages.isAttrPresent(other);
  });
  if (otherLoop) {
    why = "its kernel pipelines another loop, which the producer warpgroup "
          "would not run";
    return failure();
  }
  raising::Uniformity uniformity({kernel, true});
  auto uniformBounds = [&](scf::ForOp forOp) {
    return uniformity.isUniform(forOp.getLowerBound()) &&
           uniformity.isUniform(forOp.getUpperBound()) &&
           uniformity.isUniform(forOp.getStep());
  };
  if (!uniformBounds(loop)) {
    why = "its bounds may differ between threads, and the producer's thread "
          "would run its own";
    return failure();
  }
  KnownDivisors divisors(kernel);
  for (CopyOp load : plan.loads) {
    if (load.getPredicate()) {
      why = "a load has a `predicate` (the threads that issue it), which no "
            "producer thread may satisfy";
      return failure();
    }
    if (!llvm::all_of(load->getOperands(), [&](Value operand) {
          return operand == load.getDest() || operand == load.getBarrier() ||
                 uniformity.isUniform(operand);
        })) {
      why = "a load's operands may differ between threads, and the "
            "producer's thread would compute its own";
      return failure();
    }
    // One thread issues a TMA or bulk copy; the per-thread ones need every
    // thread of the CTA.
    CopyImpl impl = load.getImplOrDefault();
    bool singleThread = impl == CopyImpl::tma || impl == CopyImpl::bulk;
    if (impl == CopyImpl::automatic)
      for (auto [candidate, verdict] :
           explainFasterCandidates(load, CopyImpl::dsmem, divisors))
        singleThread |= static_cast<bool>(verdict);
    if (!singleThread) {
      why = "a load is not a TMA or bulk copy (selection would give it to "
            "every thread of the CTA)";
      return failure();
    }
  }
  if (failed(checkOpsBefore(loop, why)) || failed(checkBody(plan, why)))
    return failure();
  plan.consumerThreads = (*block)[0];
  plan.emptyRelease = true;
  plan.perWarpRelease = true;
  plan.emptyArrivals = plan.consumerThreads / 32 * plan.groupSize();
  return success();
}

void ProducerSplit::split(
    function_ref<void(OpBuilder &, Value iv, Value stage, Value issuer)>
        emitLoads) {
  LoopPlan &plan = cx.plan;
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  auto kernel = cast<gpu::GPUFuncOp>(loop->getParentOp());
  MLIRContext *ctx = loop.getContext();
  int64_t consumers = plan.consumerThreads;

  OpBuilder b(loop);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value isProducer = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                           tid, cx.constant(b, consumers));
  auto roles = scf::IfOp::create(b, loc, isProducer, /*withElseRegion=*/true);
  AsyncCopyDialect::ConsumerThreadsAttrHelper(ctx).setAttr(
      roles, b.getI64IntegerAttr(consumers));

  // The consumers: the loop and everything after it but the terminator.
  Block *consumerBlock = roles.elseBlock();
  Operation *terminator = loop->getBlock()->getTerminator();
  while (roles->getNextNode() != terminator)
    roles->getNextNode()->moveBefore(consumerBlock->getTerminator());
  // Registers: the CTA starts with the share ptxas gives each thread of
  // T + 128 (the block size bounds it); the producer returns all but 40,
  // which the consumers take (a multiple of 8, at most 256). With 256
  // threads or fewer every thread may hold 255 already.
  int64_t threads = consumers + kWarpgroup;
  int64_t atEntry = kRegisterFile / threads / 8 * 8;
  int64_t consumerRegs = std::min<int64_t>(
      (atEntry + (atEntry - kProducerRegisters) * kWarpgroup / consumers) /
          8 * 8,
      256);
  bool rebalance = atEntry < 256;
  OpBuilder atConsumers = OpBuilder::atBlockBegin(consumerBlock);
  if (rebalance)
    NVVM::SetMaxRegisterOp::create(atConsumers, loc, consumerRegs,
                                   NVVM::SetMaxRegisterAction::increase);

  // The producer: its first warp runs the loads of every iteration; its
  // first lane issues them. Load k >= N waits for release k/N - 1 of its
  // stage.
  OpBuilder atProducer = OpBuilder::atBlockBegin(roles.thenBlock());
  if (rebalance)
    NVVM::SetMaxRegisterOp::create(atProducer, loc, kProducerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
  Value inFirstWarp =
      arith::CmpIOp::create(atProducer, loc, arith::CmpIPredicate::ult, tid,
                            cx.constant(atProducer, consumers + 32));
  auto warp = scf::IfOp::create(atProducer, loc, inFirstWarp,
                                /*withElseRegion=*/false);
  OpBuilder inWarp = warp.getThenBodyBuilder();
  Value issuer = arith::CmpIOp::create(inWarp, loc, arith::CmpIPredicate::eq,
                                       tid, cx.constant(inWarp, consumers));
  scf::ForOp::create(
      inWarp, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
      ValueRange{cx.constant(inWarp, 0)},
      [&](OpBuilder &body, Location, Value iv, ValueRange args) {
        Value k = args[0];
        Value stage = cx.stageOf(body, k);
        empty.waitForReleaseBefore(body, k, stage);
        emitLoads(body, iv, stage, issuer);
        scf::YieldOp::create(
            body, loc,
            ValueRange{arith::AddIOp::create(body, loc, k,
                                             cx.constant(body, 1))});
      });

  // The block as written: what the user's code reads, and the launches.
  kernel.walk([&](gpu::BlockDimOp dim) {
    OpBuilder at(dim);
    int64_t size = dim.getDimension() == gpu::Dimension::x ? consumers : 1;
    dim.replaceAllUsesWith(cx.constant(at, size));
    dim.erase();
  });
  for (gpu::LaunchFuncOp launch : getLaunchesOf(kernel)) {
    OpBuilder at(launch);
    launch.getBlockSizeXMutable().assign(arith::AddIOp::create(
        at, launch.getLoc(), launch.getBlockSizeX(),
        arith::ConstantIndexOp::create(at, launch.getLoc(), kWarpgroup)));
  }
  kernel.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(
      ctx, {static_cast<int32_t>(threads), 1, 1}));
}
