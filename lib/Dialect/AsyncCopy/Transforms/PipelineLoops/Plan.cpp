//===- Plan.cpp - which loops asynccopy-pipeline-loops transforms ---------===//
//
// A loop qualifies when its loads fill buffers the pass can give stages,
// complete in a way it can count (one `barrier<1>` phase per iteration, or a
// token waited for in the body), and get their operands from the induction
// variable and values the loop does not change. Anything else keeps its
// single buffer, with the reason in a remark.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

namespace {

std::optional<LaunchDims> findClusterShape(Operation *op) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  return kernel ? getKernelClusterSize(kernel) : std::nullopt;
}

/// The warps of the CTAs that run `op`'s kernel, when its block size is
/// known.
std::optional<int64_t> findWarps(Operation *op) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<LaunchDims> block =
      kernel ? getKernelBlockSize(kernel) : std::nullopt;
  if (!block)
    return std::nullopt;
  return llvm::divideCeil((*block)[0] * (*block)[1] * (*block)[2], 32);
}

/// Adds the CTAs that share `load`'s window with this one (those that
/// differ from it only along the load's collective dims) to the group that
/// releases each stage. Loads may be shared along different dims (a GEMM
/// multicasts A along one cluster dim and B along the other): a stage is
/// free once every CTA that writes into it, or whose stage it writes into,
/// is done with it.
LogicalResult collectGroup(CopyOp load, PipelinePlan &plan, std::string &why) {
  std::optional<ArrayAttr> collective = load.getCollective();
  if (!collective || collective->empty())
    return success();
  std::optional<LaunchDims> shape = findClusterShape(load);
  if (!shape) {
    why = "the cluster shape of its kernel is unknown (set "
          "`known_cluster_size` or launch it with one constant `clusters in`)";
    return failure();
  }
  plan.cluster = *shape;
  SmallVector<std::array<int64_t, 3>> offsets = {{0, 0, 0}};
  for (Attribute attr : *collective) {
    auto dim = static_cast<unsigned>(cast<gpu::DimensionAttr>(attr).getValue());
    SmallVector<std::array<int64_t, 3>> more;
    for (int64_t i = 0; i < (*shape)[dim]; ++i)
      for (std::array<int64_t, 3> offset : offsets) {
        offset[dim] = i;
        more.push_back(offset);
      }
    offsets = std::move(more);
  }
  for (const std::array<int64_t, 3> &offset : offsets)
    if (!llvm::is_contained(plan.groupOffsets, offset))
      plan.groupOffsets.push_back(offset);
  return success();
}

/// Whether every user of `view` takes a stage of it (a strided view of any
/// layout): asynccopy ops, loads and stores, and subviews whose own users
/// do, which the pass retypes (e.g. the K step of a wgmma descriptor).
LogicalResult checkStageUsers(Value view, std::string &why) {
  for (Operation *user : view.getUsers()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
      if (failed(checkStageUsers(subview.getResult(), why)))
        return failure();
      continue;
    }
    if (!isa<AsyncCopyDialect>(user->getDialect()) &&
        !isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
             vector::TransferReadOp, vector::TransferWriteOp>(user)) {
      why = "its SMEM buffer is used by '" +
            user->getName().getStringRef().str() +
            "', whose types would change with a stage view";
      return failure();
    }
  }
  return success();
}

/// The buffer a load fills, when the pass can give it stages: a workgroup
/// attribution of the kernel or a workgroup memref.alloc, static and with
/// the identity layout, defined outside `loop` and used only inside it.
FailureOr<Value> stageableBuffer(Value dest, scf::ForOp loop,
                                 std::string &why) {
  auto type = cast<MemRefType>(dest.getType());
  bool attribution = false;
  if (auto arg = dyn_cast<BlockArgument>(dest))
    if (auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
      attribution = llvm::is_contained(func.getWorkgroupAttributions(), arg);
  bool alloc = dest.getDefiningOp<memref::AllocOp>() != nullptr;
  if (!attribution && !alloc) {
    why = "its SMEM destination is not a workgroup attribution or a "
          "memref.alloc itself (a view of one cannot get stages)";
    return failure();
  }
  if (!type.hasStaticShape() || !type.getLayout().isIdentity()) {
    why = "its SMEM buffer does not have a static shape and identity layout";
    return failure();
  }
  if (loop->isAncestor(dest.getParentRegion()->getParentOp())) {
    why = "its SMEM buffer is defined inside the loop";
    return failure();
  }
  for (OpOperand &use : dest.getUses()) {
    if (!loop->isProperAncestor(use.getOwner())) {
      why = "its SMEM buffer is also used outside the loop";
      return failure();
    }
  }
  if (failed(checkStageUsers(dest, why)))
    return failure();
  return dest;
}

/// Adds the ops of the loop body that `value` is computed with to `slice`;
/// fails when one has memory effects or reads a value the loop carries.
LogicalResult collectSlice(Value value, scf::ForOp loop,
                           llvm::SetVector<Operation *> &slice,
                           std::string &why) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return success(); // Defined outside the loop.
  if (value == loop.getInductionVar())
    return success();
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody()) {
    why = "a copy operand is carried by the loop or computed in a nested "
          "region";
    return failure();
  }
  if (slice.contains(def))
    return success();
  // The prologue and the refills run the slice for iterations that exist
  // (under their bound), so it need not be speculatable (a division is
  // fine), only free of memory effects.
  if (!isMemoryEffectFree(def) || def->getNumRegions() != 0) {
    why = "a copy operand is computed by '" +
          def->getName().getStringRef().str() + "', which has memory effects";
    return failure();
  }
  for (Value operand : def->getOperands())
    if (failed(collectSlice(operand, loop, slice, why)))
      return failure();
  slice.insert(def);
  return success();
}

/// Records how `load` completes: its `barrier<1>` (with its init and the
/// waits in the body) or its token (with the waits on it).
LogicalResult collectCompletion(CopyOp load, PipelinePlan &plan,
                                std::string &why) {
  scf::ForOp loop = plan.loop;
  if (Value token = load.getToken()) {
    if (load.getBarrier()) {
      why = "a load both returns a token and completes on a barrier";
      return failure();
    }
    for (Operation *user : token.getUsers()) {
      auto wait = dyn_cast<WaitOp>(user);
      if (!wait || wait->getBlock() != loop.getBody() ||
          !load->isBeforeInBlock(wait)) {
        why = "a load's token is used other than by an asynccopy.wait after "
              "it in the loop body";
        return failure();
      }
      plan.loadWaits.push_back(wait);
    }
    plan.groupTracked = true;
    if (plan.loadWaits.empty()) {
      why = "a load's token is never waited on";
      return failure();
    }
    return success();
  }
  Value barrier = load.getBarrier();
  if (!barrier) {
    why = "a load neither returns a token nor completes on a barrier";
    return failure();
  }
  auto type = cast<BarrierType>(barrier.getType());
  if (!barrier.getDefiningOp<BarrierAllocOp>() || type.getNumStages() != 1 ||
      loop->isAncestor(barrier.getDefiningOp())) {
    why = "a load completes on a barrier that is not a `barrier<1>` "
          "allocated outside the loop (the pass gives it the stages)";
    return failure();
  }
  if (plan.barriers.contains(barrier))
    return success();
  for (Operation *user : barrier.getUsers()) {
    if (auto init = dyn_cast<BarrierInitOp>(user)) {
      Operation *outer = init->getBlock()->findAncestorOpInBlock(*loop);
      if (!outer || !init->isBeforeInBlock(outer)) {
        why = "its barrier is not initialised before the loop";
        return failure();
      }
      plan.inits.push_back(init);
      continue;
    }
    if (auto wait = dyn_cast<BarrierWaitOp>(user);
        wait && loop->isProperAncestor(wait)) {
      plan.barrierWaits.push_back(wait);
      continue;
    }
    auto copy = dyn_cast<CopyOp>(user);
    if (!copy || copy->getBlock() != loop.getBody() || !copy.isLoad()) {
      why = "its barrier is used by '" + user->getName().getStringRef().str() +
            "' outside the loop's loads and waits";
      return failure();
    }
  }
  plan.barriers.insert(barrier);
  return success();
}

/// Where the body uses each buffer. A use before the loop's first load
/// reads (or writes) the tile of the iteration before, which the pipeline
/// still holds in the stage it refills next; a use between the first load
/// and the load that fills the buffer would see that refill issued already.
/// A subview and the ops that access through it must be on one side.
LogicalResult collectUsesBeforeLoad(PipelinePlan &plan, std::string &why) {
  Block *body = plan.loop.getBody();
  Operation *firstLoad = plan.loads.front();
  for (Value buffer : plan.buffers) {
    Operation *fill = *llvm::find_if(
        plan.loads, [&](CopyOp load) { return load.getDest() == buffer; });
    // Whether `user` runs before the first load; fails between the loads.
    auto before = [&](Operation *user) -> FailureOr<bool> {
      Operation *top = body->findAncestorOpInBlock(*user);
      if (top->isBeforeInBlock(firstLoad))
        return true;
      if (top != fill && top->isBeforeInBlock(fill)) {
        why = "its body uses an SMEM buffer between its first load and the "
              "load that fills that buffer (load it first, or before the "
              "other loads)";
        return failure();
      }
      return false;
    };
    // `side`: the side of the subview `user` accesses through, if any.
    std::function<LogicalResult(Operation *, std::optional<bool>)> visit =
        [&](Operation *user, std::optional<bool> side) -> LogicalResult {
      FailureOr<bool> early = before(user);
      if (failed(early))
        return failure();
      if (side && *side != *early) {
        why = "a view of an SMEM buffer is used both before and after the "
              "loop's first load";
        return failure();
      }
      plan.usesBeforeLoad |= *early;
      if (auto subview = dyn_cast<memref::SubViewOp>(user))
        for (Operation *next : subview.getResult().getUsers())
          if (failed(visit(next, *early)))
            return failure();
      return success();
    };
    for (Operation *user : buffer.getUsers())
      if (failed(visit(user, std::nullopt)))
        return failure();
  }
  return success();
}

/// The region whose every entry runs `op`'s function from the start: a
/// function's body or a gpu.launch's.
Region *functionBody(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<FunctionOpInterface, gpu::LaunchOp>(parent))
      return &parent->getRegion(0);
  return nullptr;
}

/// Where the pipeline counter restarts (after the last init of the loop's
/// barriers; for cp.async loops, the function's entry) and whether the loop
/// may run more than once between two restarts: it does when a loop, or any
/// region that may run more than once, lies between.
LogicalResult findCounterScope(PipelinePlan &plan, std::string &why) {
  Block *scope = nullptr;
  for (BarrierInitOp init : plan.inits) {
    if (scope && init->getBlock() != scope) {
      why = "its barriers are initialised in different blocks, so their "
            "phases restart at different points";
      return failure();
    }
    scope = init->getBlock();
    if (!plan.restartAfter || plan.restartAfter->isBeforeInBlock(init))
      plan.restartAfter = init;
  }
  Region *function = functionBody(plan.loop);
  if (!scope && function && !function->empty())
    scope = &function->front();
  if (!scope)
    return success();
  for (Operation *parent = plan.loop->getParentOp();
       parent && parent != scope->getParentOp(); parent = parent->getParentOp())
    if (!isa<scf::IfOp, scf::ExecuteRegionOp>(parent))
      plan.carried = true;
  return success();
}

/// How stages are released. Collective loads: one arrival per CTA of the
/// group. A loop marked `asynccopy.pipeline_empty_barrier` (barrier-tracked
/// loads): one arrival per CTA too, or, when the block size is known and no
/// store reads a stage (a store's `{read}` wait is a CTA barrier anyway),
/// one per warp of every CTA of the group, so that no CTA barrier is left
/// in the loop. cp.async loops keep the CTA barrier of their wait_group,
/// which also makes every thread's transfers visible.
void decideRelease(PipelinePlan &plan) {
  bool marked =
      AsyncCopyDialect::PipelineEmptyBarrierAttrHelper(plan.loop->getContext())
          .isAttrPresent(plan.loop);
  if (plan.groupSize() > 1) {
    plan.emptyRelease = true;
    plan.emptyArrivals = plan.groupSize();
  } else if (marked && !plan.groupTracked) {
    plan.emptyRelease = true;
  }
  if (!plan.emptyRelease || !marked)
    return;
  std::optional<int64_t> warps = findWarps(plan.loop);
  if (warps && plan.storeWaits.empty()) {
    plan.perWarpRelease = true;
    plan.emptyArrivals = *warps * plan.groupSize();
  }
}

} // namespace

FailureOr<PipelinePlan>
mlir::asynccopy::pipelining::planLoop(scf::ForOp loop, int64_t stages,
                                      std::string &why) {
  PipelinePlan plan;
  plan.loop = loop;
  plan.stages = stages;
  if (!loop.getInductionVar().getType().isIndex()) {
    why = "its induction variable is not an index";
    return failure();
  }
  for (Operation &op : *loop.getBody())
    if (auto copy = dyn_cast<CopyOp>(op);
        copy && copy.isLoad() && !copy.getRank())
      plan.loads.push_back(copy);
  if (plan.loads.empty()) {
    why = "its body has no GMEM -> SMEM copy at its top level";
    return failure();
  }
  for (CopyOp load : plan.loads) {
    if (failed(collectGroup(load, plan, why)))
      return failure();
    FailureOr<Value> buffer = stageableBuffer(load.getDest(), loop, why);
    if (failed(buffer))
      return failure();
    plan.buffers.insert(*buffer);
    if (failed(collectCompletion(load, plan, why)))
      return failure();
    for (Value operand : load->getOperands())
      if (operand != load.getDest() && operand != load.getBarrier() &&
          failed(collectSlice(operand, loop, plan.slice, why)))
        return failure();
  }
  bool anyBarrier = !plan.barriers.empty();
  if (anyBarrier && plan.groupTracked) {
    why = "some loads complete on barriers and others through tokens";
    return failure();
  }
  if (plan.groupSize() > 1 && plan.groupTracked) {
    why = "collective loads complete on barriers, not through tokens";
    return failure();
  }
  if (failed(collectUsesBeforeLoad(plan, why)) ||
      failed(findCounterScope(plan, why)))
    return failure();
  // Stores that read a stage: their waits move to the refill.
  for (Operation &op : *loop.getBody()) {
    auto wait = dyn_cast<WaitOp>(op);
    auto store = wait ? wait.getToken().getDefiningOp<CopyOp>() : CopyOp();
    if (store && store.isStore() && store->getBlock() == loop.getBody() &&
        plan.buffers.contains(store.getSource()))
      plan.storeWaits.push_back(wait);
  }
  decideRelease(plan);
  if (plan.emptyRelease && plan.usesBeforeLoad) {
    why = "its body uses an SMEM buffer before loading it (the tile of the "
          "iteration before), while its stages are released on empty "
          "barriers as soon as an iteration is done with them";
    return failure();
  }
  if (plan.emptyRelease && stages > 64) {
    why = "its stages are released on empty barriers, which the pass tracks "
          "for at most 64 stages";
    return failure();
  }
  return plan;
}

void PipelinePlan::print(raw_ostream &os) const {
  auto yesNo = [](bool value) { return value ? "yes" : "no"; };
  os << "  stages: " << stages << "\n";
  os << "  loads: " << loads.size() << ", completing on "
     << (groupTracked ? "cp.async groups" : "barriers") << "\n";
  os << "  buffers: " << buffers.size() << "\n";
  os << "  uses before the first load: " << yesNo(usesBeforeLoad) << "\n";
  os << "  store waits moved to the refill: " << storeWaits.size() << "\n";
  os << "  counter: "
     << (carried ? "carried across runs" : "from 0 in every run") << "\n";
  os << "  release: ";
  if (emptyRelease)
    os << "empty barriers, one arrival per "
       << (perWarpRelease ? "warp" : "CTA") << " (" << emptyArrivals
       << " per phase)";
  else if (groupTracked || !storeWaits.empty())
    os << (groupTracked ? "wait_group cp_async" : "")
       << (groupTracked && !storeWaits.empty() ? " and " : "")
       << (storeWaits.empty() ? "" : "wait_group bulk {read}");
  else
    os << "CTA barrier";
  os << "\n";
  os << "  multicast group: ";
  if (groupSize() > 1)
    os << groupSize() << " CTAs of a " << cluster[0] << "x" << cluster[1] << "x"
       << cluster[2] << " cluster\n";
  else
    os << "none\n";
  os << "  dynamic schedule: " << yesNo(dynamic);
  if (dynamic)
    os << ", " << counters.launches.size() << " launches in the module"
       << (counters.fromRuntime ? ", counters from the runtime" : "");
  os << "\n";
  os << "  async consumer: " << yesNo(consumerWait) << "\n";
  os << "  producer warpgroup: ";
  if (warpSpecialized())
    os << "after " << consumerThreads << " consumer threads"
       << (tileLoop ? ", walking the loop over tiles" : "");
  else
    os << "no";
  os << "\n";
  if (!streamRelease.empty())
    os << "  streams released on their own: " << streamRelease.size() << "\n";
  if (turnBegin)
    os << "  consumer warpgroups take turns: yes\n";
  for (const std::string &note : declined)
    os << "  declined: " << note << "\n";
}
