//===- BulkToNVVM.cpp - non-tensor bulk copies ----------------------------===//
//
// A bulk copy moves each contiguous chunk of the window with one
// cp.async.bulk instruction issued by the elected thread; loads arrive on
// their barrier stage once, expecting all chunks' bytes, stores commit one
// bulk group.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// Lowers `bulk.load` or `bulk.store` (one pattern each): one elected thread
/// issues a `cp.async.bulk` per chunk of the plan, walking the window's outer
/// dims in row-major order.
template <typename OpT>
struct BulkCopyLowering : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ChunkPlanAttr plan = op.getPlan();
    // The outer dims the chunks walk; the plan says how many and how long.
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout) || layout->numChunks != plan.getChunks() ||
        layout->chunkBytes != plan.getChunkBytes())
      return op.emitOpError("has a plan of ")
             << plan.getChunks() << " chunks of " << plan.getChunkBytes()
             << " B, which is not how its window splits into contiguous runs";

    Location loc = op.getLoc();
    constexpr bool isLoad = std::is_same_v<OpT, BulkLoadOp>;
    auto gmemType = cast<MemRefType>(op.getGmem().getType());
    auto smemType = cast<MemRefType>(op.getSmem().getType());
    Value gmemDesc = isLoad ? adaptor.getSource() : adaptor.getDest();
    Value smemDesc = isLoad ? adaptor.getDest() : adaptor.getSource();
    Value smem = buildBufferPtr(rewriter, loc, *this->getTypeConverter(),
                                smemType, smemDesc);

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
          offsets.push_back(
              LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
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
        gmemDesc = buildPeerDescriptor(b, loc, gmemType, gmemDesc, pe);
      Value bar;
      if (isLoad)
        bar = buildArriveExpectTx(b, loc, barrier, stage, plan.getTotalBytes());
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
        Value gmem =
            buildCastToSpace(b, loc,
                             this->getStridedElementPtr(
                                 static_cast<ConversionPatternRewriter &>(b),
                                 loc, gmemType, gmemDesc, indices),
                             kGlobal);
        Value smemChunk = smem;
        if (chunk != 0)
          smemChunk =
              LLVM::GEPOp::create(b, loc, smem.getType(), b.getI8Type(), smem,
                                  ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(
                                      chunk * l.chunkBytes)});
        if (isLoad)
          NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(
              b, loc, buildCastToSpace(b, loc, smemChunk, kSharedCluster), gmem,
              bar, size, /*multicastMask=*/Value(), policy);
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
};

} // namespace

void lowering::populateBulkToNVVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<BulkCopyLowering<BulkLoadOp>, BulkCopyLowering<BulkStoreOp>>(
      converter);
}
