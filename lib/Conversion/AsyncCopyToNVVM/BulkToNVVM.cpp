//===- BulkToNVVM.cpp - non-tensor bulk copies ----------------------------===//
//
// A bulk copy moves each contiguous chunk of the window with one
// cp.async.bulk instruction issued by the elected thread; loads arrive on
// their barrier stage once, expecting all chunks' bytes, stores commit one
// bulk group.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Analysis/Contiguity.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

struct BulkCopyLowering : public ConvertOpToLLVMPattern<CopyOp> {
  BulkCopyLowering(const LLVMTypeConverter &converter,
                   const KnownDivisors *divisors)
      : ConvertOpToLLVMPattern(converter), divisors(divisors) {}

  LogicalResult
  matchAndRewrite(CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getImplOrDefault() != CopyImpl::bulk)
      return rewriter.notifyMatchFailure(op, "not a bulk copy");
    FailureOr<CopyLayout> layout = computeCopyLayout(op, divisors);
    std::string reason;
    if (failed(layout) || !op.getTransformList().empty() ||
        failed(bulkChunks(*layout, &reason)))
      return op.emitOpError("cannot be lowered to bulk copies: ")
             << (reason.empty() ? "it has transforms" : reason);
    if (layout->totalBytes > tma::kMaxMbarrierCount)
      return op.emitOpError("moves ")
             << layout->totalBytes << " B, more than an mbarrier transaction "
             << "count holds; split the copy";

    Location loc = op.getLoc();
    bool isLoad = op.isLoad();
    auto gmemType = cast<MemRefType>(op.getGmem().getType());
    auto smemType = cast<MemRefType>(op.getSmem().getType());
    Value gmemDesc = isLoad ? adaptor.getSource() : adaptor.getDest();
    Value smemDesc = isLoad ? adaptor.getDest() : adaptor.getSource();
    Value smem = buildBufferPtr(rewriter, loc, *getTypeConverter(), smemType,
                                smemDesc);

    // Window offsets as i64 values (static ones as constants).
    SmallVector<Value> offsets;
    {
      ValueRange dynamic = adaptor.getOffsets();
      std::optional<ArrayRef<int64_t>> statics = op.getStaticOffsets();
      for (int64_t i = 0; i < gmemType.getRank(); ++i) {
        int64_t s = statics ? (*statics)[i] : 0;
        if (ShapedType::isDynamic(s)) {
          offsets.push_back(dynamic.front());
          dynamic = dynamic.drop_front();
        } else {
          offsets.push_back(LLVM::ConstantOp::create(
              rewriter, loc, rewriter.getI64Type(),
              rewriter.getI64IntegerAttr(s)));
        }
      }
    }

    Value pred = buildIssuePredicate(rewriter, loc, adaptor.getPredicate());
    Value barrier = adaptor.getBarrier(), stage = adaptor.getStage();
    bool commit = op.getCommit().value_or(true);
    const CopyLayout &l = *layout;
    int64_t outerRank = l.outerExtents.size();

    buildIf(rewriter, loc, pred, [&](OpBuilder &b, Location loc) {
      Value policy = buildL2CachePolicy(b, loc, op.getCache());
      // A peer copy addresses the same view in PE `pe`'s copy of the heap.
      if (Value pe = adaptor.getPeer())
        gmemDesc = buildPeerDescriptor(b, loc, gmemType,
                                       gmemDesc, pe);
      Value bar;
      if (isLoad)
        bar = buildArriveExpectTx(b, loc, barrier, stage, l.totalBytes);
      Value size = buildI32(b, loc, l.chunkBytes);
      SmallVector<int64_t> outerIndex(outerRank, 0);
      for (int64_t chunk = 0; chunk < l.numChunks; ++chunk) {
        // Element indices of the chunk's first element.
        SmallVector<Value> indices(offsets);
        for (int64_t d = 0; d < outerRank; ++d)
          if (outerIndex[d] != 0)
            indices[d] = LLVM::AddOp::create(
                b, loc, indices[d],
                LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(outerIndex[d])));
        Value gmem = buildCastToSpace(
            b, loc,
            getStridedElementPtr(static_cast<ConversionPatternRewriter &>(b),
                                 loc, gmemType, gmemDesc, indices),
            kGlobal);
        Value smemChunk = smem;
        if (chunk != 0)
          smemChunk = LLVM::GEPOp::create(
              b, loc, smem.getType(), b.getI8Type(), smem,
              ArrayRef<LLVM::GEPArg>{
                  static_cast<int32_t>(chunk * l.chunkBytes)});
        if (isLoad)
          NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(
              b, loc, buildCastToSpace(b, loc, smemChunk, kSharedCluster),
              gmem, bar, size, /*multicastMask=*/Value(),
              policy);
        else
          NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(
              b, loc, gmem, smemChunk, size, policy, /*byteMask=*/Value());
        // Next outer index in row-major order.
        for (int64_t d = outerRank - 1; d >= 0; --d) {
          if (++outerIndex[d] < l.outerExtents[d])
            break;
          outerIndex[d] = 0;
        }
      }
      if (!isLoad && commit)
        NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    });

    replaceLoweredCopy(rewriter, op);
    return success();
  }

  /// What the offsets are proven multiples of (see computeCopyLayout).
  const KnownDivisors *divisors;
};

} // namespace

void lowering::populateBulkToNVVMPatterns(LLVMTypeConverter &converter,
                                          const KnownDivisors *divisors,
                                          RewritePatternSet &patterns) {
  patterns.add<BulkCopyLowering>(converter, divisors);
}
