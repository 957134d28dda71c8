//===- DynamicSchedule.cpp - claiming a grid-stride loop's tiles ----------===//
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
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "../LaunchBuffers.h"

#include "asynccopy/Utils/LoopBounds.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

LogicalResult mlir::asynccopy::pipelining::planDynamicSchedule(
    PipelinePlan &plan, bool runtimeCounters, std::string &why) {
  scf::ForOp loop = plan.loop;
  if (plan.emptyRelease) {
    why = "its stages are released on empty barriers, not by the CTA barrier "
          "that publishes the claimed tiles";
    return failure();
  }
  gpu::GPUFuncOp kernel = launch_counter::kernelAtTopLevel(loop, why);
  if (!kernel)
    return failure();
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
  if (failed(launch_counter::findLaunches(kernel, {1, 1, 1}, "block",
                                          runtimeCounters, plan.counters, why)))
    return failure();
  plan.dynamic = true;
  return success();
}

gpu::GPUFuncOp launch_counter::kernelAtTopLevel(scf::ForOp loop,
                                                std::string &why) {
  auto kernel = dyn_cast<gpu::GPUFuncOp>(loop->getParentOp());
  if (kernel && kernel.isKernel() && kernel.getBody().hasOneBlock())
    return kernel;
  why = "it is not at the top level of a kernel's one-block body, so a CTA "
        "may run it more or less than once";
  return nullptr;
}

LogicalResult launch_counter::findLaunches(gpu::GPUFuncOp kernel,
                                           const LaunchDims &rows,
                                           StringRef unit, bool fromRuntime,
                                           CounterLaunches &counters,
                                           std::string &why) {
  counters.fromRuntime = fromRuntime;
  counters.rows = {rows[1], rows[2]};
  SmallVectorImpl<gpu::LaunchFuncOp> &launches = counters.launches;
  launches.assign(getLaunchesOf(kernel));
  // The runtime's launcher checks the rows of the launches it makes.
  if (launches.empty() && !fromRuntime) {
    why = "the kernel's launches are not in this module (each passes a "
          "zeroed counter)";
    return failure();
  }
  for (gpu::LaunchFuncOp launch : launches) {
    if (getConstantIntValue(launch.getGridSizeY()) != rows[1] ||
        getConstantIntValue(launch.getGridSizeZ()) != rows[2]) {
      why = ("a launch of the kernel may have more than one " + unit +
             " in y or z, whose rows would share one counter")
                .str();
      return failure();
    }
  }
  return success();
}

/// Two i64 (claimed tiles, finished CTAs) in a `memref<4xi32>`, as the
/// runtime's memset is 32-bit.
static void zeroOnLaunch(ArrayRef<gpu::LaunchFuncOp> launches) {
  for (gpu::LaunchFuncOp launch : launches) {
    auto type = MemRefType::get({4}, IntegerType::get(launch.getContext(), 32));
    addLaunchBuffer(
        launch, dyn_cast<scf::ForOp>(launch->getParentOp()), type,
        [](OpBuilder &b, Location loc, Value buffer, Value allocated) -> Value {
          Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
          return gpu::MemsetOp::create(b, loc, allocated.getType(),
                                       ValueRange{allocated}, buffer, zero)
              .getAsyncToken();
        });
  }
}

FailureOr<unsigned>
launch_counter::addParameter(gpu::GPUFuncOp kernel, Location loc,
                             const CounterLaunches &counters) {
  MLIRContext *ctx = kernel.getContext();
  unsigned param = kernel.getNumArguments();
  if (failed(kernel.insertArgument(param, LLVM::LLVMPointerType::get(ctx),
                                   DictionaryAttr(), loc)))
    return kernel.emitOpError("cannot add the tile counter parameter");
  zeroOnLaunch(counters.launches);
  if (!counters.fromRuntime)
    return param;
  // In parameter order: counters are appended, and tensor maps after them.
  auto listed = AsyncCopyDialect::LaunchCountersAttrHelper(ctx);
  SmallVector<Attribute> entries;
  if (ArrayAttr before = listed.getAttr(kernel))
    llvm::append_range(entries, before);
  entries.push_back(DenseI64ArrayAttr::get(ctx, counters.rows));
  listed.setAttr(kernel, ArrayAttr::get(ctx, entries));
  return param;
}

Value launch_counter::globalPointer(OpBuilder &b, Location loc, Value param) {
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), param);
}

Value launch_counter::claim(OpBuilder &b, Location loc, Value counter) {
  Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
  return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, counter, one,
                                   LLVM::AtomicOrdering::monotonic);
}

/// Its acquire-release count orders every CTA's claims before the reset.
void launch_counter::countFinished(OpBuilder &b, Location loc, Value counter,
                                   Value first, Value ctas) {
  auto i64 = b.getI64Type();
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  OpBuilder inner = ifFirst.getThenBodyBuilder();
  Value finished = LLVM::GEPOp::create(inner, loc, counter.getType(), i64,
                                       counter, ArrayRef<LLVM::GEPArg>{1});
  Value before =
      LLVM::AtomicRMWOp::create(inner, loc, LLVM::AtomicBinOp::add, finished,
                                arith::ConstantIntOp::create(inner, loc, 1, 64),
                                LLVM::AtomicOrdering::acq_rel);
  Value total = arith::IndexCastUIOp::create(inner, loc, i64, ctas);
  Value after = arith::AddIOp::create(
      inner, loc, before, arith::ConstantIntOp::create(inner, loc, 1, 64));
  Value last =
      arith::CmpIOp::create(inner, loc, arith::CmpIPredicate::eq, after, total);
  auto ifLast = scf::IfOp::create(inner, loc, last, /*withElseRegion=*/false);
  OpBuilder reset = ifLast.getThenBodyBuilder();
  Value zero = arith::ConstantIntOp::create(reset, loc, 0, 64);
  LLVM::StoreOp::create(reset, loc, zero, counter);
  LLVM::StoreOp::create(reset, loc, zero, finished);
}

scf::WhileOp launch_counter::whileOverClaims(OpBuilder &b, scf::ForOp loop,
                                             ValueRange leading) {
  Location loc = loop.getLoc();
  SmallVector<Value> inits(leading);
  llvm::append_range(inits, loop.getInitArgs());
  TypeRange types = ValueRange(inits).getTypes();
  auto whileOp = scf::WhileOp::create(b, loc, types, inits);
  SmallVector<Location> locs(types.size(), loc);
  OpBuilder::InsertionGuard guard(b);
  Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
  Value more = createBelowUpperBound(b, loc, loop, before->getArgument(0));
  scf::ConditionOp::create(b, loc, more, before->getArguments());
  Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  Block *body = loop.getBody();
  body->getArgument(0).replaceAllUsesWith(after->getArgument(0));
  for (auto [old, now] :
       llvm::zip(body->getArguments().drop_front(),
                 after->getArguments().drop_front(leading.size())))
    old.replaceAllUsesWith(now);
  after->getOperations().splice(after->end(), body->getOperations());
  return whileOp;
}

LogicalResult DynamicSchedule::addCounterParameter() {
  auto kernel = cast<gpu::GPUFuncOp>(cx.loop()->getParentOp());
  FailureOr<unsigned> param = launch_counter::addParameter(
      kernel, cx.loop().getLoc(), cx.plan.counters);
  if (failed(param))
    return failure();
  counterParam = *param;
  return success();
}

/// The kernel gets an SMEM ring of N tile ids, which thread 0 fills with
/// the first N claims before the prologue reads them.
void DynamicSchedule::claimFirstTiles() {
  scf::ForOp loop = cx.loop();
  MLIRContext *ctx = loop.getContext();
  Location loc = cx.loc();
  auto kernel = cast<gpu::GPUFuncOp>(loop->getParentOp());
  ring = kernel.addWorkgroupAttribution(
      MemRefType::get(
          {cx.n}, IntegerType::get(ctx, 64), MemRefLayoutAttrInterface(),
          gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)),
      loc);
  OpBuilder b(loop);
  counter =
      launch_counter::globalPointer(b, loc, kernel.getArgument(counterParam));
  first = cx.isFirstThread(b);
  auto claims = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  OpBuilder inner = claims.getThenBodyBuilder();
  for (int64_t j = 0; j < cx.n; ++j)
    memref::StoreOp::create(inner, loc,
                            launch_counter::claim(inner, loc, counter), ring,
                            cx.constant(inner, j));
  gpu::BarrierOp::create(b, loc);
}

Value DynamicSchedule::claimNextTile(OpBuilder &b) {
  Location loc = cx.loc();
  // The atomic's latency hides behind the wait for stage k.
  auto claim = scf::IfOp::create(b, loc, b.getI64Type(), first,
                                 /*withElseRegion=*/true);
  OpBuilder then = claim.getThenBodyBuilder();
  scf::YieldOp::create(then, loc, launch_counter::claim(then, loc, counter));
  OpBuilder other = claim.getElseBodyBuilder();
  scf::YieldOp::create(
      other, loc, ValueRange{arith::ConstantIntOp::create(other, loc, 0, 64)});
  return claim.getResult(0);
}

Value DynamicSchedule::claimedTile(OpBuilder &b, Value slot) {
  Location loc = cx.loc();
  Value id = memref::LoadOp::create(b, loc, ring, slot);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), id);
}

Value DynamicSchedule::publishClaim(OpBuilder &b, Value claim, Value stage,
                                    Value nextStage) {
  // Every thread is past its reads of this iteration's ring entry (the
  // release is a CTA barrier).
  auto publish = scf::IfOp::create(b, cx.loc(), first,
                                   /*withElseRegion=*/false);
  OpBuilder inner = publish.getThenBodyBuilder();
  memref::StoreOp::create(inner, cx.loc(), claim, ring, stage);
  return claimedTile(b, nextStage);
}

scf::WhileOp DynamicSchedule::convertToWhile(unsigned counterArg) {
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  OpBuilder b(loop);
  auto whileOp = launch_counter::whileOverClaims(
      b, loop, claimedTile(b, cx.constant(b, 0)));
  // The next iteration's tile: its ring entry, published at least one stage
  // release ago.
  auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
  b.setInsertionPoint(yield);
  Value nextStage = cx.stageOf(b, yield.getOperand(counterArg));
  yield->insertOperands(0, claimedTile(b, nextStage));
  b.setInsertionPointAfter(whileOp);
  // Every CTA has made its last claim: it counts itself finished.
  launch_counter::countFinished(b, loc, counter, first, loop.getStep());
  loop.erase();
  return whileOp;
}
