//===- CpAsyncToNVVM.cpp - per-thread cp.async loads ----------------------===//
//
// Every thread of the CTA copies its share of the window with
// `nvgpu.device_async_copy` (upstream NVGPU lowers it to
// `cp.async.{ca,cg}.shared.global` of 4, 8 or 16 B): 16-B transfers bypass L1
// (`.cg`), narrower ones cannot (`.ca`). Elements past the GMEM tensor are
// zero-filled through the transfer's source size (`srcElements`). The copy
// then closes a cp.async group (unless `{commit = false}`), which
// `asynccopy.wait` / `wait_group cp_async` wait for.
//
// Barrier completion. A copy with `barrier %b[%s]` makes every thread of the
// CTA arrive on that stage once its own cp.async have landed:
// `cp.async.mbarrier.arrive.noinc` after issuing (the thread's arrival is
// triggered asynchronously by the completion of all its earlier cp.async, and
// .noinc means it counts against the stage's expected arrivals). The stage
// must therefore be initialised with the number of threads in the CTA
// (`barrier.init %b, 128` for 128 threads), not with 1 as for a TMA load or
// the sync fallback, which arrive once per copy. When the phase completes,
// every thread's transfers are visible to the waiting threads.
// (The counting form without .noinc, followed by a CTA barrier and one
// arrival, would keep the count-1 contract, but compute-sanitizer's synccheck
// rejects it, so it is not used.)
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"
#include "ThreadCopy.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

struct CpAsyncCopyLowering : public ConvertOpToLLVMPattern<CpAsyncCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(CpAsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string reason;
    FailureOr<ThreadCopyPlan> plan = expandThreadCopyPlan(
        op, getSmemOffset(op, op.getSmem()),
        op.getPlan().getVectorBytes().value_or(hw::kMinCpAsyncBytes),
        hw::kMinCpAsyncBytes,
        /*checkBounds=*/op.getOobOrDefault() == OOBMode::zeros, &reason);
    if (failed(plan))
      return op.emitOpError("cannot be lowered to cp.async: ") << reason;

    Location loc = op.getLoc();
    Type tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
    IntegerAttr elements = rewriter.getIndexAttr(plan->vectorElements);
    UnitAttr bypassL1 = plan->vectorBytes() == hw::kCpAsyncBypassL1Bytes
                            ? rewriter.getUnitAttr()
                            : UnitAttr();
    auto issue = [&](OpBuilder &b, Location loc) {
      ThreadCopyState state = buildThreadCopyState(
          b, loc, op, *plan,
          buildThreadCopyGmem(b, loc, op, adaptor.getSource(),
                              adaptor.getPeer()));
      buildThreadLoop(b, loc, plan->numVectors,
                      [&](OpBuilder &b, Location loc, Value vector) {
                        VectorAccess access =
                            buildVectorAccess(b, loc, *plan, state, vector);
                        nvgpu::DeviceAsyncCopyOp::create(
                            b, loc, tokenType, state.smemFlat,
                            ValueRange{access.smemIndex}, state.gmemFlat,
                            ValueRange{access.gmemIndex}, elements,
                            access.validElements, bypassL1);
                      });
    };
    // A predicate is uniform over the CTA: it skips the whole transfer.
    if (Value pred = adaptor.getPredicate())
      buildIf(rewriter, loc, pred, issue);
    else
      issue(rewriter, loc);

    // Each thread's arrival fires when its own transfers are done.
    if (Value barrier = adaptor.getBarrier())
      NVVM::CpAsyncMBarrierArriveOp::create(
          rewriter, loc,
          buildBarrierStagePtr(rewriter, loc, barrier, adaptor.getStage()),
          /*noinc=*/true);
    // nvvm's commit, not nvgpu.device_async_create_group: the latter without
    // token operands prints a form that does not parse back.
    if (op.getCommit().value_or(true))
      NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);

    replaceLoweredCopy(rewriter, op);
    return success();
  }
};

} // namespace

void lowering::populateCpAsyncToNVVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<CpAsyncCopyLowering>(converter);
}
