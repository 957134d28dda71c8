//===- DsmemToNVVM.cpp - SMEM -> SMEM copies between CTAs of a cluster ----===//
//
// A `remote %rank` copy with impl = dsmem is one cp.async.bulk from this
// CTA's SMEM into CTA %rank's, issued by the elected thread: both the
// destination buffer and the barrier are named by their local addresses and
// mapped into %rank's window with mapa, so the bytes land in %rank's buffer
// and complete on %rank's barrier, where the same thread first arrives
// (remotely, cluster scope) expecting them.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

struct DsmemCopyLowering : public ConvertOpToLLVMPattern<DsmemCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DsmemCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType srcType = op.getSource().getType();
    int64_t bytes = op.getPlan().getTotalBytes();

    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Value src = buildBufferPtr(rewriter, loc, *getTypeConverter(), srcType,
                               adaptor.getSource());
    Value dst = buildBufferPtr(rewriter, loc, *getTypeConverter(),
                               op.getDest().getType(), adaptor.getDest());
    Value stage = buildBarrierStagePtr(rewriter, loc, adaptor.getBarrier(),
                                       adaptor.getStage());
    Value rank = adaptor.getRank();
    Value pred = buildIssuePredicate(rewriter, loc, adaptor.getPredicate());
    buildIf(rewriter, loc, pred, [&](OpBuilder &b, Location loc) {
      Type clusterPtr = LLVM::LLVMPointerType::get(ctx, kSharedCluster);
      Value remoteDst = NVVM::MapaOp::create(b, loc, clusterPtr, dst, rank);
      Value remoteBar = NVVM::MapaOp::create(b, loc, clusterPtr, stage, rank);
      NVVM::MBarrierArriveExpectTxOp::create(
          b, loc, Type(), remoteBar, buildI32(b, loc, bytes),
          NVVM::MemScopeKind::CLUSTER, /*relaxed=*/false,
          /*predicate=*/Value());
      // The NVVM op types the barrier as shared::cta although the
      // instruction reads it as a shared::cluster address (PTX names it
      // rdsmem_bar); an addrspacecast would turn %rank's address into a
      // wrong local one, so the mapa value is passed through unchanged.
      Value barBits =
          LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), remoteBar);
      Value bar = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(ctx, kShared), barBits);
      NVVM::CpAsyncBulkSharedCTAToSharedClusterOp::create(
          b, loc, remoteDst, src, bar, buildI32(b, loc, bytes));
    });
    replaceLoweredCopy(rewriter, op);
    return success();
  }
};

} // namespace

void lowering::populateDsmemToNVVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<DsmemCopyLowering>(converter);
}
