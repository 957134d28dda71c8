//===- Counter.cpp - the pipeline counter ---------------------------------===//
//
// The loop carries the pipeline counter g (PipelineLoops.h) as one more
// iter_arg, and the mask of empty phases after it where the consumers
// release stages on empty barriers by their own count. A loop that runs
// once per init of its barriers starts at 0; a carried one keeps both in a
// per-thread alloca, zeroed where its barriers are initialised, loaded
// before each run and stored after it.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

Value PipelineCounter::current() const {
  return cx.loop().getRegionIterArgs()[counterArg];
}

Value PipelineCounter::mask() const {
  return cx.loop().getRegionIterArgs()[counterArg + 1];
}

std::pair<Value, Value> PipelineCounter::loadCarriedState(OpBuilder &atRestart,
                                                          bool mask) {
  Location loc = cx.loc();
  scf::ForOp loop = cx.loop();
  // Per thread, in registers once LLVM promotes the allocas: every thread
  // runs the loop with the same bounds.
  Region *body = loop->getParentRegion();
  while (!isa<FunctionOpInterface, gpu::LaunchOp>(body->getParentOp()))
    body = body->getParentOp()->getParentRegion();
  OpBuilder entry = OpBuilder::atBlockBegin(&body->front());
  int64_t words = mask ? 2 : 1;
  auto type = MemRefType::get({words}, entry.getI64Type());
  Value state = memref::AllocaOp::create(entry, loc, type);
  if (!cx.plan.restartAfter)
    atRestart.setInsertionPointAfter(state.getDefiningOp());
  Value zero = arith::ConstantIntOp::create(atRestart, loc, 0, 64);
  for (int64_t i = 0; i < words; ++i)
    memref::StoreOp::create(atRestart, loc, zero, state,
                            cx.constant(atRestart, i));
  OpBuilder b(loop);
  Value first = cx.constant(b, 0);
  Value second = mask ? cx.constant(b, 1) : Value();
  Value g = arith::IndexCastUIOp::create(
      b, loc, b.getIndexType(), memref::LoadOp::create(b, loc, state, first));
  Value bits = mask ? memref::LoadOp::create(b, loc, state, second) : Value();
  OpBuilder after(loop->getContext());
  after.setInsertionPointAfter(loop);
  // Filled in once the loop carries both.
  saveG = memref::StoreOp::create(after, loc, zero, state, first);
  if (mask)
    saveBits = memref::StoreOp::create(after, loc, zero, state, second);
  return {g, bits};
}

void PipelineCounter::start() {
  PipelinePlan &plan = cx.plan;
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
  Value bits0;
  if (!plan.carried) {
    OpBuilder b(loop);
    g0 = cx.constant(b, 0);
    if (mask)
      bits0 = arith::ConstantIntOp::create(b, loc, 0, 64);
  } else {
    std::tie(g0, bits0) = loadCarriedState(atRestart, mask);
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
  if (saveG) {
    OpBuilder b(saveG);
    saveG.getValueMutable().assign(arith::IndexCastUIOp::create(
        b, loc, b.getI64Type(), counted.getResult(counterArg)));
    if (saveBits)
      saveBits.getValueMutable().assign(counted.getResult(counterArg + 1));
  }
}
