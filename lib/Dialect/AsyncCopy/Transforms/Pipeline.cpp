//===- Pipeline.cpp - multi-stage pipelining of copies in scf.for ---------===//
//
// The user writes a loop with single-buffer semantics: every iteration loads
// a tile into an SMEM buffer defined outside the loop, waits for it and uses
// it. This pass gives the buffer N stages and keeps N-1 loads in flight:
//
//   prologue:  load j into stage j, for j < N-1 (each under j < trip count)
//   iteration k (stage s = k mod N):
//     release stage (k-1) mod N: every thread is done with iteration k-1
//     load k+N-1 into stage (k-1) mod N, if k+N-1 < trip count
//     wait for stage s (phase (k / N) mod 2), use it
//
// There is no separate epilogue loop: the last N-1 iterations issue nothing
// (the loads are predicated off, as in Triton and nvFuser), so the body is
// not duplicated and dynamic trip counts need no peeling. Loads that
// complete on a barrier get a `barrier<N>`, one stage per buffer stage;
// loads that complete through cp.async groups are issued `{commit = false}`
// and every thread commits one group per load step, empty or not, so that
// `wait_group N-2` before the release always completes load k.
//
// A stage is released with a CTA barrier. Collective loads (multicast over
// the CTAs of a group) are released cluster-wide instead, as in CUTLASS's
// producer/consumer pipelines: each stage also gets an "empty" barrier that
// counts one arrival per CTA of the group; after using stage s a CTA's
// first thread arrives on stage s of every group member's empty barrier (a
// remote consumer release at CTA scope), and the refill, issued at the end
// of the iteration, waits on its own empty stage, so no cluster barrier per
// tile is needed. Arrivals are only sent for stages that will be refilled:
// every one is awaited before its target exits. A loop marked
// `asynccopy.pipeline_empty_barrier` gets the same scheme within its CTA,
// with one arrival per warp where the block size is known.
//
// Stores that read a stage (TMA stores of the tile) are not waited in their
// iteration any more: the refill of their stage waits until they have read
// it (`wait_group bulk 0 {read}` before the release), and the loop is
// followed by one `wait_group bulk 0`.
//
// A grid-stride loop (`scf.for %t = %bid to %n step %grid`) also marked
// `asynccopy.pipeline_dynamic_schedule` hands its iterations out from a
// per-launch counter instead of giving CTA b every grid-th one: SMs stream
// at different rates (on the H200 the fastest take ~9 % more tiles than the
// slowest), and a static split ends with the slowest. Thread 0 claims the
// tile of iteration k+N during iteration k and publishes it in an SMEM ring
// of N tile ids with the stage release's CTA barrier; the loop becomes an
// scf.while that ends at the first id past the end (a thread's claims only
// grow). Every launch of the kernel gets a zeroed counter on its stream;
// launches chained through a loop share one, which the last CTA of each
// launch zeroes again.
//
// MLIR's scf::pipelineForLoop and memref::multiBuffer do not fit here: the
// first peels an epilogue that repeats the whole consumer code N-1 times and
// needs every consumer op predicated for dynamic trip counts; the second
// rewrites memref.alloc only (buffers are often workgroup attributions) and
// indexes the stage of the iteration that uses the buffer, while the
// prefetched load writes the stage of iteration k+N-1.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "LaunchBuffers.h"

#include "asynccopy/Utils/LaunchShape.h"
#include "asynccopy/Utils/LoopBounds.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPIPELINELOOPS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// What pipelining a loop needs, found by `analyzeLoop`.
struct LoopPlan {
  scf::ForOp loop;
  int64_t stages = 0;
  /// The loads to pipeline, in body order, all at the body's top level.
  SmallVector<CopyOp> loads;
  /// Whether the loads complete through cp.async groups (tokens), not
  /// barriers.
  bool groupTracked = false;
  /// The SMEM buffers the loads fill: workgroup attributions or
  /// memref.allocs outside the loop, used only inside it.
  llvm::SetVector<Value> buffers;
  /// The `barrier<1>` allocations the loads complete on, with their inits.
  llvm::SetVector<Value> barriers;
  SmallVector<BarrierInitOp> inits;
  SmallVector<BarrierWaitOp> barrierWaits;
  /// Waits on the loads' tokens, and on stores that read a stage.
  SmallVector<WaitOp> loadWaits, storeWaits;
  /// The pure ops of the body the loads' operands are computed with.
  llvm::SetVector<Operation *> slice;
  /// For collective loads: the cluster shape, the dims of the group that
  /// shares each load, and its size (1: no empty barriers).
  LaunchDims cluster = {1, 1, 1};
  SmallVector<unsigned> groupDims;
  int64_t groupSize = 1;
  /// Whether stages are released on "empty" barriers (collective loads, or
  /// loops marked `asynccopy.pipeline_empty_barrier`), with how many
  /// arrivals per phase, and whether each warp arrives on its own.
  bool emptyRelease = false;
  int64_t emptyArrivals = 1;
  bool perWarpRelease = false;
  /// Whether iterations are claimed from a counter, and the launches of the
  /// kernel, which then pass one.
  bool dynamic = false;
  SmallVector<gpu::LaunchFuncOp> launches;
};

/// A launch dimension of the kernel around `op`: its `known_*_size`
/// attribute, else the constant sizes all its launches agree on.
std::optional<LaunchDims> findLaunchDims(
    Operation *op, function_ref<DenseI32ArrayAttr(gpu::GPUFuncOp)> known,
    function_ref<std::optional<LaunchDims>(gpu::LaunchFuncOp)> ofLaunch) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel)
    return std::nullopt;
  if (DenseI32ArrayAttr attr = known(kernel))
    return LaunchDims{attr[0], attr[1], attr[2]};
  std::optional<LaunchDims> dims;
  for (gpu::LaunchFuncOp launch : getLaunchesOf(kernel)) {
    std::optional<LaunchDims> mine = ofLaunch(launch);
    if (!mine || (dims && *dims != *mine))
      return std::nullopt;
    dims = mine;
  }
  return dims;
}

std::optional<LaunchDims> findClusterShape(Operation *op) {
  return findLaunchDims(
      op, [](gpu::GPUFuncOp k) { return k.getKnownClusterSizeAttr(); },
      getConstantClusterSize);
}

/// The warps of the CTAs that run `op`'s kernel, when its block size is
/// known.
std::optional<int64_t> findWarps(Operation *op) {
  std::optional<LaunchDims> block = findLaunchDims(
      op, [](gpu::GPUFuncOp k) { return k.getKnownBlockSizeAttr(); },
      getConstantBlockSize);
  if (!block)
    return std::nullopt;
  return llvm::divideCeil((*block)[0] * (*block)[1] * (*block)[2], 32);
}

/// Records the group collective loads share (all the loop's must agree).
LogicalResult collectGroup(CopyOp load, LoopPlan &plan, std::string &why) {
  SmallVector<unsigned> dims;
  if (std::optional<ArrayAttr> collective = load.getCollective())
    for (Attribute dim : *collective)
      dims.push_back(
          static_cast<unsigned>(cast<gpu::DimensionAttr>(dim).getValue()));
  if (load != plan.loads.front() && dims != plan.groupDims) {
    why = "its loads are shared over different cluster dims";
    return failure();
  }
  plan.groupDims = dims;
  if (dims.empty())
    return success();
  std::optional<LaunchDims> shape = findClusterShape(load);
  if (!shape) {
    why = "the cluster shape of its kernel is unknown (set "
          "`known_cluster_size` or launch it with one constant `clusters in`)";
    return failure();
  }
  plan.cluster = *shape;
  plan.groupSize = 1;
  for (unsigned dim : dims)
    plan.groupSize *= (*shape)[dim];
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
    Operation *user = use.getOwner();
    if (!loop->isProperAncestor(user)) {
      why = "its SMEM buffer is also used outside the loop";
      return failure();
    }
    // A stage is a strided view: users must take any layout.
    if (!isa<AsyncCopyDialect>(user->getDialect()) &&
        !isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp,
             vector::TransferReadOp, vector::TransferWriteOp>(user)) {
      why = "its SMEM buffer is used by '" +
            user->getName().getStringRef().str() +
            "', whose types would change with a stage view";
      return failure();
    }
  }
  return dest;
}

/// Adds the pure ops of the loop body that `value` is computed with to
/// `slice`; fails when one has effects or reads a value the loop carries.
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
  if (!isPure(def) || def->getNumRegions() != 0) {
    why = "a copy operand is computed by '" +
          def->getName().getStringRef().str() + "', which is not pure";
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
LogicalResult collectCompletion(CopyOp load, LoopPlan &plan,
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
      why = "its barrier is used by '" +
            user->getName().getStringRef().str() +
            "' outside the loop's loads and waits";
      return failure();
    }
  }
  plan.barriers.insert(barrier);
  return success();
}

/// How stages are released. Collective loads: one arrival per CTA of the
/// group. A loop marked `asynccopy.pipeline_empty_barrier` (barrier-tracked
/// loads): one arrival per warp when the block size is known and no store
/// reads a stage (a store's `{read}` wait is a CTA barrier anyway), else
/// one per CTA. cp.async loops keep the CTA barrier of their wait_group,
/// which also makes every thread's transfers visible.
void decideRelease(LoopPlan &plan) {
  if (plan.groupSize > 1) {
    plan.emptyRelease = true;
    plan.emptyArrivals = plan.groupSize;
    return;
  }
  if (plan.groupTracked ||
      !AsyncCopyDialect::PipelineEmptyBarrierAttrHelper(
           plan.loop->getContext())
           .isAttrPresent(plan.loop))
    return;
  plan.emptyRelease = true;
  std::optional<int64_t> warps = findWarps(plan.loop);
  if (warps && plan.storeWaits.empty()) {
    plan.perWarpRelease = true;
    plan.emptyArrivals = *warps;
  }
}

/// Whether `plan`'s loop may claim its iterations from a counter: a
/// grid-stride loop that every CTA runs once, whose body does not depend on
/// which CTA runs an iteration, in a kernel whose launches (1-D grids) are
/// all in this module.
LogicalResult checkDynamicSchedule(LoopPlan &plan, std::string &why) {
  scf::ForOp loop = plan.loop;
  if (plan.emptyRelease) {
    why = "its stages are released on empty barriers, not by the CTA barrier "
          "that publishes the claimed tiles";
    return failure();
  }
  auto kernel = dyn_cast<gpu::GPUFuncOp>(loop->getParentOp());
  if (!kernel || !kernel.isKernel() || !kernel.getBody().hasOneBlock()) {
    why = "it is not at the top level of a kernel's one-block body, so a CTA "
          "may run it more or less than once";
    return failure();
  }
  auto lb = loop.getLowerBound().getDefiningOp<gpu::BlockIdOp>();
  auto step = loop.getStep().getDefiningOp<gpu::GridDimOp>();
  if (!lb || !step || lb.getDimension() != gpu::Dimension::x ||
      step.getDimension() != gpu::Dimension::x) {
    why = "it is not a grid-stride loop from `gpu.block_id x` in steps of "
          "`gpu.grid_dim x`";
    return failure();
  }
  if (!loop->use_empty()) {
    why = "its results are used, and they would depend on the tiles the CTA "
          "claimed";
    return failure();
  }
  WalkResult identity = loop.getBody()->walk([](Operation *op) {
    return isa<gpu::BlockIdOp, gpu::ClusterIdOp, gpu::ClusterBlockIdOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (identity.wasInterrupted()) {
    why = "its body reads the CTA's id, so an iteration depends on the CTA "
          "that runs it";
    return failure();
  }
  plan.launches = getLaunchesOf(kernel);
  if (plan.launches.empty()) {
    why = "the kernel's launches are not in this module (each passes a "
          "zeroed counter)";
    return failure();
  }
  for (gpu::LaunchFuncOp launch : plan.launches) {
    if (getConstantIntValue(launch.getGridSizeY()) != 1 ||
        getConstantIntValue(launch.getGridSizeZ()) != 1) {
      why = "a launch of the kernel may have more than one block in y or z, "
            "whose rows would share one counter";
      return failure();
    }
  }
  plan.dynamic = true;
  return success();
}

/// Finds the loads of `loop` to pipeline and checks that the pass can: the
/// reason it cannot goes to `why`.
FailureOr<LoopPlan> analyzeLoop(scf::ForOp loop, int64_t stages,
                                std::string &why) {
  LoopPlan plan;
  plan.loop = loop;
  plan.stages = stages;
  if (!loop.getInductionVar().getType().isIndex()) {
    why = "its induction variable is not an index";
    return failure();
  }
  for (Operation &op : *loop.getBody())
    if (auto copy = dyn_cast<CopyOp>(op); copy && copy.isLoad() &&
                                          !copy.getRank())
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
  if (plan.groupSize > 1 && plan.groupTracked) {
    why = "collective loads complete on barriers, not through tokens";
    return failure();
  }
  // Stores that read a stage: their waits move to the refill.
  for (Operation &op : *loop.getBody()) {
    auto wait = dyn_cast<WaitOp>(op);
    auto store =
        wait ? wait.getToken().getDefiningOp<CopyOp>() : CopyOp();
    if (store && store.isStore() && store->getBlock() == loop.getBody() &&
        plan.buffers.contains(store.getSource()))
      plan.storeWaits.push_back(wait);
  }
  decideRelease(plan);
  return plan;
}

/// Rewrites `plan.loop` into the pipelined loop described at the top.
class LoopPipeliner {
public:
  explicit LoopPipeliner(LoopPlan &plan)
      : plan(plan), loop(plan.loop), n(plan.stages) {}

  LogicalResult run() {
    if (plan.dynamic) {
      // The launch's counter, before anything else changes.
      auto kernel = cast<gpu::GPUFuncOp>(loop->getParentOp());
      counterParam_ = kernel.getNumArguments();
      if (failed(kernel.insertArgument(
              counterParam_, LLVM::LLVMPointerType::get(loop.getContext()),
              DictionaryAttr(), loop.getLoc())))
        return kernel.emitOpError("cannot add the tile counter parameter");
      carryIterationCount();
    }
    giveBuffersStages();
    giveBarriersStages();
    if (plan.dynamic)
      claimFirstTiles();
    emitPrologue();
    rewriteBody();
    for (StringRef name :
         {AsyncCopyDialect::PipelineStagesAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineEmptyBarrierAttrHelper::getNameStr(),
          AsyncCopyDialect::PipelineDynamicScheduleAttrHelper::getNameStr()})
      loop->removeAttr(name);
    if (plan.dynamic)
      convertToWhile();
    return success();
  }

private:
  Value constant(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loop.getLoc(), value);
  }

  /// Whether this is thread (0, 0, 0) of the CTA.
  Value isFirstThread(OpBuilder &b) {
    Location loc = loop.getLoc();
    Value first;
    for (auto dim : {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
      Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         gpu::ThreadIdOp::create(b, loc, dim),
                                         constant(b, 0));
      first = first ? arith::AndIOp::create(b, loc, first, zero) : zero;
    }
    return first;
  }

  /// Stage `stage` of `buffer` (now with a leading stage dim).
  Value stageView(OpBuilder &b, Value buffer, OpFoldResult stage) {
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
    return memref::SubViewOp::create(b, loop.getLoc(),
                                     cast<MemRefType>(resultType), buffer,
                                     offsets, sizes, strides);
  }

  /// Every buffer gets a leading stage dim; its uses (all in the body) are
  /// redirected to the stage of the iteration in `rewriteBody`.
  void giveBuffersStages() {
    DenseMap<Value, Value> stagedOf;
    for (Value buffer : plan.buffers) {
      auto type = cast<MemRefType>(buffer.getType());
      SmallVector<int64_t> shape{n};
      llvm::append_range(shape, type.getShape());
      auto staged = MemRefType::get(shape, type.getElementType(),
                                    MemRefLayoutAttrInterface(),
                                    type.getMemorySpace());
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
          b, loop.getLoc(), BarrierType::get(b.getContext(), n, false));
      barriers_.map(barrier, staged);
    }
    for (BarrierInitOp init : plan.inits)
      init.getBarrierMutable().assign(barriers_.lookup(init.getBarrier()));
    if (!plan.emptyRelease)
      return;
    OpBuilder b(loop);
    empty_ = BarrierAllocOp::create(
        b, loop.getLoc(), BarrierType::get(b.getContext(), n, false));
    BarrierInitOp::create(b, loop.getLoc(), empty_, plan.emptyArrivals);
    if (plan.groupSize == 1)
      return;
    // Every CTA's barriers are initialised before any peer multicasts into
    // it or arrives on them.
    NVVM::ClusterArriveOp::create(b, loop.getLoc(), UnitAttr());
    NVVM::ClusterWaitOp::create(b, loop.getLoc(), UnitAttr());
  }

  /// The cluster ranks of the CTAs of this CTA's group, as i32.
  SmallVector<Value> groupRanks(OpBuilder &b) {
    Location loc = loop.getLoc();
    std::array<int64_t, 3> strides = {1, plan.cluster[0],
                                      plan.cluster[0] * plan.cluster[1]};
    // This CTA's rank with the coordinates along the group's dims zeroed.
    Value base = constant(b, 0);
    for (unsigned dim = 0; dim < 3; ++dim) {
      if (llvm::is_contained(plan.groupDims, dim))
        continue;
      Value id = gpu::ClusterBlockIdOp::create(
          b, loc, static_cast<gpu::Dimension>(dim));
      base = arith::AddIOp::create(
          b, loc, base,
          arith::MulIOp::create(b, loc, id, constant(b, strides[dim])));
    }
    SmallVector<int64_t> offsets = {0};
    for (unsigned dim : plan.groupDims) {
      SmallVector<int64_t> more;
      for (int64_t i = 0; i < plan.cluster[dim]; ++i)
        for (int64_t offset : offsets)
          more.push_back(offset + i * strides[dim]);
      offsets = std::move(more);
    }
    SmallVector<Value> ranks;
    for (int64_t offset : offsets)
      ranks.push_back(arith::IndexCastOp::create(
          b, loc, b.getI32Type(),
          arith::AddIOp::create(b, loc, base, constant(b, offset))));
    return ranks;
  }

  /// After the body used stage `stage`: once every thread is done with it
  /// (and stores have read it), the first thread frees it in every CTA of
  /// the group, or each warp's first lane in this CTA, if load `ahead`
  /// (k+N) will refill it.
  void emitRelease(OpBuilder &b, Value ahead, Value stage) {
    Location loc = loop.getLoc();
    Value refilled = createBelowUpperBound(b, loc, loop, ahead);
    if (plan.perWarpRelease) {
      // Each warp frees the stage once its lanes are done with it.
      NVVM::SyncWarpOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, -1, 32));
      Value lane0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          gpu::LaneIdOp::create(b, loc, IntegerAttr()),
                                          constant(b, 0));
      refilled = arith::AndIOp::create(b, loc, refilled, lane0);
    } else {
      if (!plan.storeWaits.empty())
        WaitGroupOp::create(b, loc, GroupKind::bulk, 0, /*read=*/true);
      else
        gpu::BarrierOp::create(b, loc);
      refilled = arith::AndIOp::create(b, loc, refilled, isFirstThread(b));
    }
    auto guard = scf::IfOp::create(b, loc, refilled, /*withElseRegion=*/false);
    OpBuilder inner = guard.getThenBodyBuilder();
    if (plan.groupSize == 1) {
      BarrierArriveOp::create(inner, loc, empty_, stage, IntegerAttr());
      return;
    }
    for (Value rank : groupRanks(inner)) {
      Value remote = BarrierRemoteOp::create(
          inner, loc, BarrierType::get(b.getContext(), n, true), empty_,
          rank);
      auto arrive =
          BarrierArriveOp::create(inner, loc, remote, stage, IntegerAttr());
      // It only releases this CTA's reads of the stage.
      AsyncCopyDialect::CtaReleaseAttrHelper(b.getContext())
          .setAttr(arrive, inner.getUnitAttr());
    }
  }

  /// Issues the loads of iteration `iv` (with stage `stage`) under
  /// `iv < ub`; for cp.async, every thread then commits one group.
  /// With empty barriers, a `refill` of a stage first waits until the
  /// group has freed it (`emptyPhase`).
  void emitLoads(OpBuilder &b, Value iv, Value stage, Value refill = {},
                 Value emptyPhase = {}) {
    Location loc = loop.getLoc();
    Value inRange = createBelowUpperBound(b, loc, loop, iv);
    auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
    OpBuilder inner = guard.getThenBodyBuilder();
    if (refill) {
      auto wait = scf::IfOp::create(inner, loc, refill,
                                    /*withElseRegion=*/false);
      OpBuilder waitBuilder = wait.getThenBodyBuilder();
      BarrierWaitOp::create(waitBuilder, loc, empty_, stage, emptyPhase);
    }
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    for (Operation *op : plan.slice)
      inner.clone(*op, map);
    for (CopyOp load : plan.loads) {
      Value view = stageView(inner, bufferOf(load), stage);
      auto copy = cast<CopyOp>(inner.clone(*load, map));
      copy.getDestMutable().assign(view);
      if (Value barrier = load.getBarrier()) {
        copy.getBarrierMutable().assign(barriers_.lookup(barrier));
        copy.getStageMutable().assign(stage);
      }
      if (plan.groupTracked)
        copy.setCommitAttr(inner.getBoolAttr(false));
    }
    if (plan.groupTracked)
      CommitGroupOp::create(b, loc, GroupKind::cp_async);
  }

  /// Dynamic schedule: the loop also counts its iterations (k), since the
  /// induction variable becomes the claimed tile.
  void carryIterationCount() {
    IRRewriter rewriter(loop);
    Location loc = loop.getLoc();
    Value zero = constant(rewriter, 0);
    auto counted = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, zero, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>{
              arith::AddIOp::create(b, loc, args.back(), constant(b, 1))};
        }));
    loop = plan.loop = counted;
  }

  /// Dynamic schedule: every launch passes a counter: two i64 (claimed
  /// tiles, finished CTAs) in a `memref<4xi32>`, as the runtime's memset is
  /// 32-bit, zeroed on the launch's stream (before the loop for launches
  /// chained through one). The kernel gets an SMEM ring of N tile ids, which
  /// thread 0 fills with the first N claims before the prologue reads them.
  void claimFirstTiles() {
    MLIRContext *ctx = loop.getContext();
    Location loc = loop.getLoc();
    auto kernel = cast<gpu::GPUFuncOp>(loop->getParentOp());
    auto counterType = MemRefType::get({4}, IntegerType::get(ctx, 32));
    auto zero = [&](OpBuilder &b, Location loc, Value buffer,
                    Value allocated) -> Value {
      Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
      return gpu::MemsetOp::create(b, loc, allocated.getType(),
                                   ValueRange{allocated}, buffer, zero)
          .getAsyncToken();
    };
    // Launches chained through a loop share one counter, which each
    // launch leaves zeroed.
    for (gpu::LaunchFuncOp launch : plan.launches)
      addLaunchBuffer(launch, dyn_cast<scf::ForOp>(launch->getParentOp()),
                      counterType, zero);
    ring_ = kernel.addWorkgroupAttribution(
        MemRefType::get(
            {n}, IntegerType::get(ctx, 64), MemRefLayoutAttrInterface(),
            gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)),
        loc);
    OpBuilder b(loop);
    counter_ = LLVM::AddrSpaceCastOp::create(b, loc,
                                             LLVM::LLVMPointerType::get(ctx, 1),
                                             kernel.getArgument(counterParam_));
    first_ = isFirstThread(b);
    auto claims = scf::IfOp::create(b, loc, first_, /*withElseRegion=*/false);
    OpBuilder inner = claims.getThenBodyBuilder();
    for (int64_t j = 0; j < n; ++j)
      memref::StoreOp::create(inner, loc, atomicClaim(inner), ring_,
                              constant(inner, j));
    gpu::BarrierOp::create(b, loc);
  }

  /// One fetch-and-add on the launch's counter: the next unclaimed tile.
  Value atomicClaim(OpBuilder &b) {
    Location loc = loop.getLoc();
    Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
    return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, counter_,
                                     one, LLVM::AtomicOrdering::monotonic);
  }

  /// Thread 0 claims the tile of iteration k+N at the top of iteration k;
  /// the atomic's latency hides behind the wait for stage k.
  Value claimNextTile(OpBuilder &b) {
    Location loc = loop.getLoc();
    auto claim = scf::IfOp::create(b, loc, b.getI64Type(), first_,
                                   /*withElseRegion=*/true);
    OpBuilder then = claim.getThenBodyBuilder();
    scf::YieldOp::create(then, loc, atomicClaim(then));
    OpBuilder other = claim.getElseBodyBuilder();
    scf::YieldOp::create(
        other, loc,
        ValueRange{arith::ConstantIntOp::create(other, loc, 0, 64)});
    return claim.getResult(0);
  }

  /// The tile of the iteration whose ring entry is `slot`.
  Value claimedTile(OpBuilder &b, Value slot) {
    Location loc = loop.getLoc();
    Value id = memref::LoadOp::create(b, loc, ring_, slot);
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), id);
  }

  /// Dynamic schedule: the counted scf.for becomes an scf.while over the
  /// claimed tile that runs while it is below the upper bound.
  void convertToWhile() {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    SmallVector<Value> inits{claimedTile(b, constant(b, 0))};
    llvm::append_range(inits, loop.getInitArgs());
    TypeRange types = ValueRange(inits).getTypes();
    auto whileOp = scf::WhileOp::create(b, loc, types, inits);
    SmallVector<Location> locs(types.size(), loc);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
    Value more = createBelowUpperBound(b, loc, loop, before->getArgument(0));
    scf::ConditionOp::create(b, loc, more, before->getArguments());
    Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
    Block *body = loop.getBody();
    for (auto [old, now] :
         llvm::zip(body->getArguments(), after->getArguments()))
      old.replaceAllUsesWith(now);
    after->getOperations().splice(after->end(), body->getOperations());
    // The next iteration's tile: its ring entry, published at least one
    // stage release ago.
    auto yield = cast<scf::YieldOp>(after->getTerminator());
    b.setInsertionPoint(yield);
    Value nextStage = arith::RemUIOp::create(b, loc, yield.getOperands().back(),
                                             constant(b, n));
    yield->insertOperands(0, claimedTile(b, nextStage));
    b.setInsertionPointAfter(whileOp);
    resetCounter(b, loop.getStep());
    loop.erase();
  }

  /// Thread 0 of each CTA counts it finished once it claims no more tiles;
  /// the last CTA zeroes the counter, so the next launch on the stream can
  /// reuse it. Its acquire-release count orders every CTA's claims before
  /// the reset.
  void resetCounter(OpBuilder &b, Value grid) {
    Location loc = loop.getLoc();
    auto i64 = b.getI64Type();
    auto ifFirst = scf::IfOp::create(b, loc, first_, /*withElseRegion=*/false);
    OpBuilder inner = ifFirst.getThenBodyBuilder();
    Value finished = LLVM::GEPOp::create(inner, loc, counter_.getType(), i64,
                                         counter_, ArrayRef<LLVM::GEPArg>{1});
    Value before = LLVM::AtomicRMWOp::create(
        inner, loc, LLVM::AtomicBinOp::add, finished,
        arith::ConstantIntOp::create(inner, loc, 1, 64),
        LLVM::AtomicOrdering::acq_rel);
    Value ctas = arith::IndexCastUIOp::create(inner, loc, i64, grid);
    Value last = arith::CmpIOp::create(
        inner, loc, arith::CmpIPredicate::eq,
        arith::AddIOp::create(inner, loc, before,
                              arith::ConstantIntOp::create(inner, loc, 1, 64)),
        ctas);
    auto ifLast = scf::IfOp::create(inner, loc, last, /*withElseRegion=*/false);
    OpBuilder reset = ifLast.getThenBodyBuilder();
    Value zero = arith::ConstantIntOp::create(reset, loc, 0, 64);
    LLVM::StoreOp::create(reset, loc, zero, counter_);
    LLVM::StoreOp::create(reset, loc, zero, finished);
  }

  /// The staged buffer `load` fills (its destination before the body's
  /// uses were redirected to stage views).
  Value bufferOf(CopyOp load) { return loadBuffers_.lookup(load.getOperation()); }

  /// Loads 0 .. N-2 into stages 0 .. N-2, in a loop before the loop.
  void emitPrologue() {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto prologue = scf::ForOp::create(b, loc, constant(b, 0),
                                       constant(b, n - 1), constant(b, 1));
    b.setInsertionPoint(prologue.getBody()->getTerminator());
    Value j = prologue.getInductionVar();
    Value iv = plan.dynamic
                   ? claimedTile(b, j)
                   : arith::AddIOp::create(
                         b, loc, loop.getLowerBound(),
                         arith::MulIOp::create(b, loc, loop.getStep(), j));
    emitLoads(b, iv, j);
  }

  void rewriteBody() {
    Location loc = loop.getLoc();
    OpBuilder b = OpBuilder::atBlockBegin(loop.getBody());
    // k = (iv - lb) / step (dynamic: counted); stage k mod N, phase
    // (k / N) mod 2.
    Value iv = loop.getInductionVar();
    Value k, claim;
    if (plan.dynamic) {
      k = loop.getRegionIterArgs().back();
      claim = claimNextTile(b);
    } else {
      k = arith::DivUIOp::create(
          b, loc, arith::SubIOp::create(b, loc, iv, loop.getLowerBound()),
          loop.getStep());
    }
    Value cN = constant(b, n);
    Value stage = arith::RemUIOp::create(b, loc, k, cN);
    Value round = arith::DivUIOp::create(b, loc, k, cN);
    Value parity = arith::RemUIOp::create(b, loc, round, constant(b, 2));
    Value phase =
        arith::IndexCastOp::create(b, loc, b.getI1Type(), parity);

    // Uses of the buffers in the body see this iteration's stage.
    for (auto [old, staged] : staged_) {
      Value view = stageView(b, staged, stage);
      old.replaceUsesWithIf(view, [&](OpOperand &use) {
        return use.getOwner() != view.getDefiningOp() &&
               loop->isProperAncestor(use.getOwner());
      });
      if (old != staged)
        old.getDefiningOp()->erase();
    }
    for (BarrierWaitOp wait : plan.barrierWaits) {
      wait.getBarrierMutable().assign(barriers_.lookup(wait.getBarrier()));
      wait.getStageMutable().assign(stage);
      wait.getPhaseMutable().assign(phase);
    }

    // At the first load: wait for load k (cp.async), release stage
    // (k-1) mod N, refill it with load k+N-1.
    // (A wait_group ends with a CTA barrier: it is the release then.)
    // With empty barriers the group released the stage after using it.
    b.setInsertionPoint(plan.loads.front());
    bool groupRelease = plan.emptyRelease;
    if (plan.groupTracked)
      WaitGroupOp::create(b, loc, GroupKind::cp_async, n - 2, /*read=*/false);
    if (!plan.storeWaits.empty() && !groupRelease)
      WaitGroupOp::create(b, loc, GroupKind::bulk, 0, /*read=*/true);
    if (!plan.groupTracked && plan.storeWaits.empty() && !groupRelease)
      gpu::BarrierOp::create(b, loc);
    auto [ahead, nextStage] = refillTarget(b, iv, k, cN, stage, claim);
    if (groupRelease) {
      // Load k+N-1 is the ((k-1)/N + 1)-th refill of its stage for k >= 1:
      // it waits for phase (k-1)/N of the stage's empty barrier.
      Value refill = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                           k, constant(b, 0));
      Value before = arith::SubIOp::create(b, loc, k, constant(b, 1));
      Value emptyParity = arith::RemUIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, before, cN), constant(b, 2));
      Value emptyPhase =
          arith::IndexCastOp::create(b, loc, b.getI1Type(), emptyParity);
      // Release stage k mod N, then refill stage (k-1) mod N: its peers
      // freed it an iteration ago, so the wait rarely stalls (refilling
      // first would wait on the group's arrivals in every iteration).
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value afterNext = arith::AddIOp::create(
          b, loc, iv,
          arith::MulIOp::create(b, loc, loop.getStep(), constant(b, n)));
      emitRelease(b, afterNext, stage);
      emitLoads(b, ahead, nextStage, refill, emptyPhase);
    } else {
      emitLoads(b, ahead, nextStage);
    }

    eraseSingleBufferOps();
  }

  /// The tile load k+N-1 fetches and the stage it fills (`cN`: the
  /// constant N). Dynamic schedule:
  /// every thread is past its reads of this iteration's ring entry (the
  /// release is a CTA barrier), so thread 0 first publishes `claim`, the
  /// tile of iteration k+N, there.
  std::pair<Value, Value> refillTarget(OpBuilder &b, Value iv, Value k,
                                       Value cN, Value stage, Value claim) {
    Location loc = loop.getLoc();
    Value ahead;
    if (!plan.dynamic)
      ahead = arith::AddIOp::create(
          b, loc, iv,
          arith::MulIOp::create(b, loc, loop.getStep(), constant(b, n - 1)));
    Value nextStage = arith::RemUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, k, constant(b, n - 1)), cN);
    if (plan.dynamic) {
      auto publish =
          scf::IfOp::create(b, loc, first_, /*withElseRegion=*/false);
      OpBuilder inner = publish.getThenBodyBuilder();
      memref::StoreOp::create(inner, loc, claim, ring_, stage);
      ahead = claimedTile(b, nextStage);
    }
    return {ahead, nextStage};
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
      OpBuilder after(loop->getContext());
      after.setInsertionPointAfter(loop);
      WaitGroupOp::create(after, loop.getLoc(), GroupKind::bulk, 0,
                          /*read=*/false);
    }
  }

  LoopPlan &plan;
  scf::ForOp loop;
  int64_t n;
  /// Each buffer and the value that has its stages (the same block
  /// argument, retyped, or a new allocation).
  SmallVector<std::pair<Value, Value>> staged_;
  DenseMap<Operation *, Value> loadBuffers_;
  IRMapping barriers_;
  /// With collective loads: the `barrier<N>` the group frees stages on.
  Value empty_;
  /// Dynamic schedule: the SMEM ring of claimed tile ids, the launch's
  /// counter (global pointer) and whether this is thread 0 of the CTA.
  Value ring_, counter_, first_;
  unsigned counterParam_ = 0;
};

struct AsyncCopyPipelineLoopsPass
    : public mlir::asynccopy::impl::AsyncCopyPipelineLoopsBase<
          AsyncCopyPipelineLoopsPass> {
  using AsyncCopyPipelineLoopsBase::AsyncCopyPipelineLoopsBase;

  void runOnOperation() override {
    auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(&getContext());
    auto dynamic =
        AsyncCopyDialect::PipelineDynamicScheduleAttrHelper(&getContext());
    // Innermost loops first; the verifier checked the markers.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      IntegerAttr attr = marker.getAttr(loop);
      int64_t n = attr ? attr.getInt() : stages.getValue();
      std::string why;
      FailureOr<LoopPlan> plan =
          n > 1 ? analyzeLoop(loop, n, why) : FailureOr<LoopPlan>(failure());
      if (succeeded(plan)) {
        if (dynamic.isAttrPresent(loop) &&
            failed(checkDynamicSchedule(*plan, why)))
          loop.emitRemark("scheduled statically: ") << why;
        if (failed(LoopPipeliner(*plan).run()))
          return signalPassFailure();
        continue;
      }
      if (attr && n > 1)
        loop.emitRemark("not pipelined: ") << why;
      else if (dynamic.isAttrPresent(loop))
        loop.emitRemark("not scheduled dynamically: only a pipelined loop "
                        "is (mark it `asynccopy.pipeline_stages = N`, N >= 2, "
                        "or pass `stages=N`)");
      loop->removeAttr(marker.getName());
      loop->removeAttr(dynamic.getName());
    }
  }
};

} // namespace
