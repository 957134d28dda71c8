//===- Body.cpp - the prologue and the steady-state body ------------------===//
//
// The prologue issues the loads of a run's first N-1 iterations; iteration g
// then waits for its own stage, g mod N, in phase (g / N) mod 2, and
// refills the stage it no longer needs with load g+N-1 (Release.cpp says
// where). A producer warpgroup issues the loads instead: the consumers get
// no prologue.
//
//===----------------------------------------------------------------------===//

#include "PipelineLoops.h"

#include "mlir/IR/Matchers.h"

#define DEBUG_TYPE "asynccopy-pipeline-loops"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::pipelining;

void mlir::asynccopy::pipelining::emitPrologue(Expansion &x) {
  PipelineContext &cx = x.cx;
  scf::ForOp loop = cx.loop();
  OpBuilder b(loop);
  Location loc = cx.loc();
  auto prologue = scf::ForOp::create(
      b, loc, cx.constant(b, 0), cx.constant(b, cx.n - 1), cx.constant(b, 1));
  b.setInsertionPoint(prologue.getBody()->getTerminator());
  Value j = prologue.getInductionVar();
  Value g0 = x.counter.atEntry();
  // Load j of a run that starts at 0 goes to stage j < N.
  Value stage = matchPattern(g0, m_Zero())
                    ? j
                    : cx.stageOf(b, arith::AddIOp::create(b, loc, g0, j));
  Value iv = cx.plan.dynamic
                 ? x.dynamic.claimedTile(b, j)
                 : arith::AddIOp::create(
                       b, loc, loop.getLowerBound(),
                       arith::MulIOp::create(b, loc, loop.getStep(), j));
  x.stages.emitLoads(b, iv, stage);
  LLVM_DEBUG(llvm::dbgs() << "[pipeline-loops] prologue: " << cx.n - 1
                          << " load steps\n");
}

void mlir::asynccopy::pipelining::rewriteBody(Expansion &x) {
  PipelineContext &cx = x.cx;
  scf::ForOp loop = cx.loop();
  Location loc = cx.loc();
  OpBuilder b = OpBuilder::atBlockBegin(loop.getBody());
  Iteration it;
  it.g = x.counter.current();
  it.claim = cx.plan.dynamic ? x.dynamic.claimNextTile(b) : Value();
  it.stage = cx.stageOf(b, it.g);
  Value round = arith::DivUIOp::create(b, loc, it.g, cx.constant(b, cx.n));
  Value parity = arith::RemUIOp::create(b, loc, round, cx.constant(b, 2));
  Value phase = arith::IndexCastOp::create(b, loc, b.getI1Type(), parity);
  it.previous = cx.stageOf(b, it.g, cx.n - 1);
  x.stages.redirectUses(b, it.stage, it.previous, phase);

  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  b.setInsertionPoint(yield);
  yield->setOperand(x.counter.index(),
                    arith::AddIOp::create(b, loc, it.g, cx.constant(b, 1)));
  placeRelease(x, it);
}
