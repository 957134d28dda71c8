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
// Barrier completion. A copy with `barrier %b[%s]` completes that stage with
// exactly one arrival, like a TMA load (its arrive.expect_tx) and the sync
// fallback (one arrive from thread 0), so the same `barrier.init %b, 1` serves
// every implementation:
//   1. every thread issues `cp.async.mbarrier.arrive` (the form *without*
//      .noinc): it raises the stage's pending count by one now and lowers it
//      again once all of the thread's earlier cp.async have landed, so each
//      thread's transfers are tracked without counting as an arrival;
//   2. a CTA barrier orders all those increments before
//   3. thread 0's `mbarrier.arrive` (the copy's single arrival).
// The phase completes when thread 0 has arrived and every thread's transfers
// are done; waiting threads then see the data. (The .noinc form
// would make each of the CTA's threads an arrival, so the barrier would have
// to be initialised with the CTA size, which no other implementation needs.)
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"
#include "ThreadCopy.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// Bytes of one cp.async transfer that bypasses L1 (`cp.async.cg`).
constexpr int64_t kBypassL1Bytes = 16;
/// The narrowest cp.async transfer.
constexpr int64_t kMinCpAsyncBytes = 4;

struct CpAsyncCopyLowering : public ConvertOpToLLVMPattern<CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getImplOrDefault() != CopyImpl::cp_async)
      return rewriter.notifyMatchFailure(op, "not a cp.async copy");
    if (!op.getGmem() || !op.isLoad())
      return op.emitOpError("impl = cp_async copies GMEM -> SMEM only; use "
                            "impl = tma, bulk or sync for this copy");
    if (op.getPeer())
      return op.emitOpError("cp.async cannot read another GPU's memory "
                            "(`peer`)");
    OOBMode oob = op.getOobOrDefault();
    if (oob == OOBMode::nan)
      return op.emitOpError("cp.async zero-fills elements outside the tensor; "
                            "oob = nan needs impl = tma or sync");
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout))
      return op.emitOpError("cannot be lowered to cp.async: the GMEM operand "
                            "has no analysable strided layout");
    std::string reason;
    FailureOr<int64_t> vectorBytes = cpAsyncVectorBytes(*layout, &reason);
    if (failed(vectorBytes))
      return op.emitOpError("cannot be lowered to cp.async: ") << reason;
    int64_t swizzle = op.getSwizzleOrZero();
    if (swizzle != 0 && layout->elementBytes() > 16)
      return op.emitOpError("cannot swizzle elements wider than 16 B");
    FailureOr<ThreadCopyPlan> plan =
        planThreadCopy(op, "cp.async", *vectorBytes, kMinCpAsyncBytes,
                       /*checkBounds=*/oob == OOBMode::zeros);
    if (failed(plan))
      return failure();

    Location loc = op.getLoc();
    ThreadCopyState state = buildThreadCopyState(rewriter, loc, op, *plan);
    Type tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
    IntegerAttr elements = rewriter.getIndexAttr(plan->vectorElements);
    UnitAttr bypassL1 = plan->vectorBytes() == kBypassL1Bytes
                            ? rewriter.getUnitAttr()
                            : UnitAttr();
    auto issue = [&](OpBuilder &b, Location loc) {
      buildThreadLoop(b, loc, plan->numVectors,
                      [&](OpBuilder &b, Location loc, Value vector) {
                        VectorAccess access = buildVectorAccess(
                            b, loc, *plan, state, vector, swizzle);
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

    if (Value barrier = adaptor.getBarrier()) {
      Value stage = buildBarrierStagePtr(rewriter, loc, barrier,
                                         adaptor.getStage());
      NVVM::CpAsyncMBarrierArriveOp::create(rewriter, loc, stage,
                                            /*noinc=*/false);
      gpu::BarrierOp::create(rewriter, loc);
      buildIf(rewriter, loc, buildIsFirstThread(rewriter, loc),
              [&](OpBuilder &b, Location loc) {
                NVVM::MBarrierArriveOp::create(
                    b, loc, b.getI64Type(), stage, /*count=*/Value(),
                    NVVM::MemScopeKind::CTA, /*relaxed=*/false);
              });
    }
    if (op.getCommit().value_or(true))
      nvgpu::DeviceAsyncCreateGroupOp::create(rewriter, loc, tokenType,
                                              ValueRange{});

    if (op.getToken())
      rewriter.replaceOp(op, buildI32(rewriter, loc, 0));
    else
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateCpAsyncToNVVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<CpAsyncCopyLowering>(converter);
}
