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
// A loop at the top level of a loop over tiles (a persistent kernel's)
// splits the kernel at that loop instead: the producer's first warp walks
// the tiles, computing what their loads need, and counts its loads across
// them, so it fills the next tile's stages while the consumers run the
// epilogue of the last one.
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
#include "asynccopy/Hardware/Limits.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;
namespace hw = ::asynccopy::hw;

namespace {

constexpr int64_t kWarpgroup = 128;
/// Registers per thread of the producer warpgroup after `setmaxnreg.dec`
/// (CUTLASS's choice: enough for the address arithmetic of a TMA loop).
constexpr int64_t kProducerRegisters = 40;
constexpr int64_t kRegisterFile = 65536;

/// Whether one thread of the CTA issues `load` (a TMA or bulk copy for
/// selection, without `predicate`): then every thread may run it, the
/// producer warpgroup's too, and one still issues it. Per-thread copies
/// need exactly the threads of the kernel as written.
LogicalResult checkSingleThreadLoad(CopyOp load, const KnownDivisors &divisors,
                                    std::string &why) {
  if (load.getPredicate()) {
    why = "a load has a `predicate` (the threads that issue it), which no "
          "producer thread may satisfy";
    return failure();
  }
  if (!isSingleThreadOnEveryRun(load, divisors)) {
    why = "a load is not a TMA or bulk copy on every run (selection would "
          "give it, or its fallback where the tensor breaks the tensor map's "
          "rules at launch, to every thread of the CTA)";
    return failure();
  }
  return success();
}

/// Whether the kernel's ops before `loop` (the pipelined loop or its loop
/// over tiles) may run in the producer's threads too: no memory access
/// (only allocations), barriers, loads of one address every thread reads
/// (a sequence's bounds from `cu_seqlens`), and loads one thread issues on
/// a barrier with the waits for them (attention's Q tile, loaded once
/// before the loop over K/V: the producer's threads wait for it too,
/// harmlessly).
LogicalResult checkOpsBefore(scf::ForOp loop, const KnownDivisors &divisors,
                             raising::Uniformity &uniformity,
                             std::string &why) {
  for (Operation *op = &loop->getBlock()->front(); op != loop;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op) ||
        isa<BarrierAllocOp, BarrierInitOp, BarrierWaitOp, gpu::BarrierOp,
            NVVM::ClusterArriveOp, NVVM::ClusterWaitOp>(op))
      continue;
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && uniformity.isUniform(load.getResult()))
      continue;
    auto copy = dyn_cast<CopyOp>(op);
    if (copy && copy.isLoad() && copy.getBarrier() && !copy.getRank() &&
        !copy.getPeer()) {
      if (failed(checkSingleThreadLoad(copy, divisors, why))) {
        why = "before the loop, " + why;
        return failure();
      }
      continue;
    }
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
/// descriptors and register-A wgmma (a copy or wait may lower to a CTA barrier
/// the producer never reaches).
LogicalResult checkBody(PipelinePlan &plan, std::string &why) {
  WalkResult walk = plan.loop.getBody()->walk([&](Operation *op) {
    if (!isa<AsyncCopyDialect>(op->getDialect()) ||
        isa<BarrierWaitOp, WgmmaDescriptorOp, WgmmaRegisterAOp>(op) ||
        llvm::is_contained(plan.loads, dyn_cast<CopyOp>(op)))
      return WalkResult::advance();
    why = "its body has '" + op->getName().getStringRef().str() +
          "', which may synchronise the whole CTA, producer warpgroup "
          "included";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// For a loop in a loop over tiles: the ops of the tile body that the
/// producer needs (the loop's bounds, the loads' operands), which must be
/// pure and must not read the tile loop's iter_args (the producer does not
/// run what yields them).
LogicalResult planTileSlice(const PipelinePlan &plan, scf::ForOp tiles,
                            SmallVector<Operation *> &slice, std::string &why) {
  scf::ForOp loop = plan.loop;
  Block *tileBody = tiles.getBody();
  SmallVector<Value> needed{loop.getLowerBound(), loop.getUpperBound(),
                            loop.getStep()};
  auto need = [&](Value operand) {
    if (!loop->isAncestor(operand.getParentBlock()->getParentOp()))
      needed.push_back(operand);
  };
  for (Operation *op : plan.slice)
    op->walk([&](Operation *nested) {
      llvm::for_each(nested->getOperands(), need);
    });
  for (CopyOp load : plan.loads)
    for (Value operand : load->getOperands())
      if (operand != load.getDest() && operand != load.getBarrier())
        need(operand);
  llvm::SmallPtrSet<Operation *, 16> inSlice;
  while (!needed.empty()) {
    Value value = needed.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == tileBody && arg != tiles.getInductionVar()) {
        why = "a load's operands or the loop's bounds depend on a value its "
              "loop over tiles carries, which the producer warpgroup does "
              "not compute";
        return failure();
      }
      continue;
    }
    Operation *def = tileBody->findAncestorOpInBlock(*value.getDefiningOp());
    if (!def || !inSlice.insert(def).second)
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0) {
      why = "a load's operands or the loop's bounds are computed in its loop "
            "over tiles by '" +
            def->getName().getStringRef().str() +
            "', which the producer warpgroup cannot run";
      return failure();
    }
    llvm::append_range(needed, def->getOperands());
  }
  for (Operation &op : tileBody->without_terminator())
    if (inSlice.contains(&op))
      slice.push_back(&op);
  // Cluster barriers in the tile loop would wait for the producer, which
  // runs ahead of the consumers.
  WalkResult barrier = tiles.getBody()->walk([](Operation *op) {
    return isa<NVVM::ClusterArriveOp, NVVM::ClusterArriveRelaxedOp,
               NVVM::ClusterWaitOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (barrier.wasInterrupted()) {
    why = "its loop over tiles has a cluster barrier, which the producer "
          "warpgroup would not reach";
    return failure();
  }
  return success();
}

/// Whether one producer thread may issue every load: no `predicate`,
/// operands the same in every thread, and a TMA or bulk copy (the
/// per-thread ones need every thread of the CTA).
LogicalResult checkLoads(const PipelinePlan &plan,
                         raising::Uniformity &uniformity,
                         const KnownDivisors &divisors, std::string &why) {
  for (CopyOp load : plan.loads) {
    if (!llvm::all_of(load->getOperands(), [&](Value operand) {
          return operand == load.getDest() || operand == load.getBarrier() ||
                 uniformity.isUniform(operand);
        })) {
      why = "a load's operands may differ between threads, and the "
            "producer's thread would compute its own";
      return failure();
    }
    if (failed(checkSingleThreadLoad(load, divisors, why)))
      return failure();
  }
  return success();
}

/// The top-level op of `body` that holds `op`.
Operation *topLevel(Operation *op, Block *body) {
  while (op && op->getBlock() != body)
    op = op->getParentOp();
  return op;
}

/// Whether `op` is or holds a wgmma commit or wait.
static bool holdsWgmmaSync(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<NVVM::WgmmaGroupSyncAlignedOp, NVVM::WgmmaWaitGroupSyncOp>(
                   inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The first top-level op after `last` (the last top-level op that issues
/// wgmma reading a stream) where that wgmma is complete: a `wait.group N`
/// with at least N groups committed after the first top-level commit after
/// `last`, which holds the wgmma; or a `wait.group 0` right after a `last`
/// that commits its own groups. Null (the end of the body) when a commit
/// or wait nested in other ops after `last` hides the count.
static Operation *wgmmaCompletion(Operation *last) {
  bool committed = false;
  bool commitsItself = holdsWgmmaSync(last);
  int64_t after = 0;
  for (Operation *op = last->getNextNode(); op; op = op->getNextNode()) {
    if (isa<NVVM::WgmmaGroupSyncAlignedOp>(op)) {
      if (committed)
        ++after;
      committed = true;
    } else if (auto wait = dyn_cast<NVVM::WgmmaWaitGroupSyncOp>(op)) {
      int64_t pending = wait.getGroup();
      if ((committed && after >= pending) || (commitsItself && pending == 0))
        return op;
    } else if (holdsWgmmaSync(op)) {
      return nullptr;
    }
  }
  return nullptr;
}

/// Per-stream release (see `PipelinePlan::streamRelease`): the loads that
/// complete on one barrier form a stream; its buffers are read until the
/// last top-level op that uses them (through views and wgmma descriptors),
/// or, where a wgmma reads them, until the `wait.group` that completes it
/// (`wgmmaCompletion`). Planned where the streams' points differ.
void planStreamReleases(PipelinePlan &plan) {
  Block *body = plan.loop.getBody();
  llvm::MapVector<Value, SmallVector<unsigned>> byBarrier;
  for (auto [index, load] : llvm::enumerate(plan.loads))
    byBarrier[load.getBarrier()].push_back(index);
  if (byBarrier.size() < 2)
    return;
  SmallVector<Operation *> points;
  for (auto &[barrier, indices] : byBarrier) {
    // Every value derived from the stream's buffers, and its last reader.
    SmallVector<Value> worklist;
    for (unsigned index : indices)
      worklist.push_back(plan.loads[index].getDest());
    DenseSet<Value> seen;
    Operation *last = nullptr;
    bool readByWgmma = false;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!seen.insert(value).second)
        continue;
      for (Operation *user : value.getUsers()) {
        if (llvm::is_contained(plan.loads, dyn_cast<CopyOp>(user)))
          continue;
        Operation *top = topLevel(user, body);
        if (!top)
          continue;
        readByWgmma |= isa<NVVM::WgmmaMmaAsyncOp, WgmmaRegisterAOp>(user);
        if (!last || last->isBeforeInBlock(top))
          last = top;
        // Views of the buffers and wgmma descriptors of them (and offsets
        // added to those) read them where they are used; values read from
        // them do not.
        for (Value result : user->getResults())
          if (isa<MemRefType>(result.getType()) ||
              isa<WgmmaDescriptorOp, arith::AddIOp>(user))
            worklist.push_back(result);
      }
    }
    Operation *point = last;
    if (point && readByWgmma)
      point = wgmmaCompletion(last);
    if (point && isa<scf::YieldOp>(point))
      point = nullptr;
    points.push_back(point);
  }
  if (llvm::all_equal(points))
    return;
  for (auto &[barrier, indices] : byBarrier)
    plan.streamLoads.push_back(indices);
  plan.streamRelease = std::move(points);
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] " << plan.streamRelease.size()
                          << " streams released on their own\n");
}

} // namespace

LogicalResult
mlir::asynccopy::pipelining::planWarpSpecialize(PipelinePlan &plan,
                                                std::string &why) {
  scf::ForOp loop = plan.loop;
  // The loop is at the top level of a kernel, or of a loop over tiles
  // there.
  auto tiles = dyn_cast<scf::ForOp>(loop->getParentOp());
  auto kernel = dyn_cast<gpu::GPUFuncOp>(
      (tiles ? tiles.getOperation() : loop.getOperation())->getParentOp());
  if (!kernel || !kernel.isKernel()) {
    why = "it is neither at the top level of a kernel's body nor at the top "
          "level of a loop over tiles there (the producer warpgroup runs "
          "its own copy of these loops)";
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
      (*block)[0] % kWarpgroup != 0 || (*block)[0] + kWarpgroup > 1024) {
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
  if (!uniformBounds(loop) || (tiles && !uniformBounds(tiles))) {
    why = "its bounds (or its loop over tiles') may differ between threads, "
          "and the producer's thread would run its own";
    return failure();
  }
  SmallVector<Operation *> tileSlice;
  if (tiles && failed(planTileSlice(plan, tiles, tileSlice, why)))
    return failure();
  KnownDivisors divisors(kernel);
  if (failed(checkLoads(plan, uniformity, divisors, why)))
    return failure();
  if (failed(checkOpsBefore(tiles ? tiles : loop, divisors, uniformity, why)) ||
      failed(checkBody(plan, why)))
    return failure();
  plan.tileLoop = tiles;
  plan.tileSlice = std::move(tileSlice);
  if (!plan.consumerWait)
    planStreamReleases(plan);
  plan.consumerThreads = (*block)[0];
  plan.emptyRelease = true;
  plan.perWarpRelease = true;
  plan.emptyArrivals = plan.consumerThreads / 32 * plan.groupSize();
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] producer warpgroup after "
                          << plan.consumerThreads << " consumer threads"
                          << (tiles ? ", in a loop over tiles" : "") << "\n");
  return success();
}

/// Registers: the CTA starts with the share ptxas gives each thread of
/// T + 128 (the block size bounds it); the producer returns all but 40,
/// which the consumers take (a multiple of 8, at most what `setmaxnreg`
/// sets). With 256 threads or fewer every thread may hold that many already.
/// A producer that runs the loop over tiles keeps its share: with 40 it hung
/// in about a third of the runs on the H200 (docs/pipelining.md).
static void rebalanceRegisters(OpBuilder &atProducer, OpBuilder &atConsumers,
                               Location loc, int64_t consumers, bool tiles) {
  int64_t atEntry = kRegisterFile / (consumers + kWarpgroup) / 8 * 8;
  int64_t consumerRegs = std::min<int64_t>(
      (atEntry + (atEntry - kProducerRegisters) * kWarpgroup / consumers) / 8 *
          8,
      hw::kMaxSetMaxNRegCount);
  bool rebalance = atEntry < hw::kMaxSetMaxNRegCount && !tiles;
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] registers per thread: "
                          << atEntry << " at entry; "
                          << (rebalance ? "" : "no ") << "setmaxnreg ("
                          << kProducerRegisters << " producer, " << consumerRegs
                          << " consumers)\n");
  if (!rebalance)
    return;
  NVVM::SetMaxRegisterOp::create(atConsumers, loc, consumerRegs,
                                 NVVM::SetMaxRegisterAction::increase);
  NVVM::SetMaxRegisterOp::create(atProducer, loc, kProducerRegisters,
                                 NVVM::SetMaxRegisterAction::decrease);
}

/// The block as written: what the user's code reads (`gpu.block_dim`), and
/// the launches and `known_block_size`, which grow by the producer.
static void growBlock(gpu::GPUFuncOp kernel, Location loc, int64_t consumers) {
  kernel.walk([&](gpu::BlockDimOp dim) {
    OpBuilder at(dim);
    int64_t size = dim.getDimension() == gpu::Dimension::x ? consumers : 1;
    Value written = arith::ConstantIndexOp::create(at, loc, size);
    dim.replaceAllUsesWith(written);
    dim.erase();
  });
  for (gpu::LaunchFuncOp launch : getLaunchesOf(kernel)) {
    OpBuilder at(launch);
    launch.getBlockSizeXMutable().assign(arith::AddIOp::create(
        at, launch.getLoc(), launch.getBlockSizeX(),
        arith::ConstantIndexOp::create(at, launch.getLoc(), kWarpgroup)));
  }
  kernel.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(
      kernel.getContext(),
      {static_cast<int32_t>(consumers + kWarpgroup), 1, 1}));
}

void ProducerSplit::emitProducer(OpBuilder &atProducer, Value tid,
                                 LoadEmitter emitLoads) {
  PipelinePlan &plan = cx.plan;
  scf::ForOp loop = cx.loop();
  scf::ForOp tiles = plan.tileLoop;
  Location loc = cx.loc();
  int64_t consumers = plan.consumerThreads;
  Value inFirstWarp =
      arith::CmpIOp::create(atProducer, loc, arith::CmpIPredicate::ult, tid,
                            cx.constant(atProducer, consumers + 32));
  auto warp = scf::IfOp::create(atProducer, loc, inFirstWarp,
                                /*withElseRegion=*/false);
  OpBuilder inWarp = warp.getThenBodyBuilder();
  Value issuer = arith::CmpIOp::create(inWarp, loc, arith::CmpIPredicate::eq,
                                       tid, cx.constant(inWarp, consumers));
  // The load loop, counting loads from `k0`: its results are the count.
  auto loadLoop = [&](OpBuilder &at, const IRMapping &tile, Value k0) {
    return scf::ForOp::create(
        at, loc, tile.lookupOrDefault(loop.getLowerBound()),
        tile.lookupOrDefault(loop.getUpperBound()),
        tile.lookupOrDefault(loop.getStep()), ValueRange{k0},
        [&](OpBuilder &body, Location, Value iv, ValueRange args) {
          Value k = args[0];
          Value stage = cx.stageOf(body, k);
          if (plan.streamRelease.empty()) {
            empty.waitForReleaseBefore(body, k, stage);
            emitLoads(body, iv, stage, issuer, tile, {});
          }
          // Each stream as soon as its own stage is free.
          for (auto [stream, loads] : llvm::enumerate(plan.streamLoads)) {
            empty.waitForReleaseBefore(body, k, stage, stream);
            emitLoads(body, iv, stage, issuer, tile, loads);
          }
          scf::YieldOp::create(body, loc,
                               ValueRange{arith::AddIOp::create(
                                   body, loc, k, cx.constant(body, 1))});
        });
  };
  if (!tiles) {
    loadLoop(inWarp, IRMapping(), cx.constant(inWarp, 0));
    return;
  }
  // The producer walks the tiles too, with what their loads need.
  scf::ForOp::create(
      inWarp, loc, tiles.getLowerBound(), tiles.getUpperBound(),
      tiles.getStep(), ValueRange{cx.constant(inWarp, 0)},
      [&](OpBuilder &body, Location, Value tile, ValueRange args) {
        IRMapping map;
        map.map(tiles.getInductionVar(), tile);
        for (Operation *op : plan.tileSlice)
          body.clone(*op, map);
        scf::YieldOp::create(body, loc,
                             loadLoop(body, map, args[0]).getResults());
      });
}

void ProducerSplit::split(LoadEmitter emitLoads) {
  PipelinePlan &plan = cx.plan;
  scf::ForOp loop = cx.loop();
  scf::ForOp tiles = plan.tileLoop;
  Operation *top = tiles ? tiles.getOperation() : loop.getOperation();
  Location loc = cx.loc();
  auto kernel = cast<gpu::GPUFuncOp>(top->getParentOp());
  int64_t consumers = plan.consumerThreads;

  OpBuilder b(top);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value isProducer = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                           tid, cx.constant(b, consumers));
  auto roles = scf::IfOp::create(b, loc, isProducer, /*withElseRegion=*/true);
  AsyncCopyDialect::ConsumerThreadsAttrHelper(loop.getContext())
      .setAttr(roles, b.getI64IntegerAttr(consumers));

  // The consumers: the loop and everything after it but the terminator.
  Block *consumerBlock = roles.elseBlock();
  Operation *terminator = top->getBlock()->getTerminator();
  while (roles->getNextNode() != terminator)
    roles->getNextNode()->moveBefore(consumerBlock->getTerminator());
  OpBuilder atConsumers = OpBuilder::atBlockBegin(consumerBlock);
  OpBuilder atProducer = OpBuilder::atBlockBegin(roles.thenBlock());
  rebalanceRegisters(atProducer, atConsumers, loc, consumers, bool(tiles));
  // The producer: its first warp runs the loads of every iteration; its
  // first lane issues them. Load k >= N waits for release k/N - 1 of its
  // stage.
  emitProducer(atProducer, tid, emitLoads);
  growBlock(kernel, loc, consumers);
}
