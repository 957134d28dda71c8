//===- GroupsToNVVM.cpp - commit/wait groups and fences to NVVM -----------===//
//
// Bulk groups (TMA stores, reductions, bulk stores) are per-thread state of
// the issuing thread, so their commits and waits run in the elected thread
// and a CTA barrier then publishes completion. cp.async groups are per
// thread too, but every thread issues its own part, so every thread waits.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// Emits the wait for `kind` groups with at most `pending` in flight (a CTA
/// barrier must follow to publish their completion).
void buildGroupWait(OpBuilder &b, Location loc, GroupKind kind, int64_t pending,
                    bool read) {
  if (kind == GroupKind::cp_async) {
    NVVM::CpAsyncWaitGroupOp::create(b, loc, pending);
    // cp.async writes SMEM in the generic proxy: each thread fences its
    // completed copies before the CTA barrier, after which a TMA or bulk
    // store may read them (CUTLASS's tma_store_fence).
    buildAsyncProxyFence(b, loc);
    return;
  }
  buildIf(b, loc, buildIsElectedThread(b, loc),
          [&](OpBuilder &b, Location loc) {
            NVVM::CpAsyncBulkWaitGroupOp::create(
                b, loc, b.getI32IntegerAttr(pending),
                read ? b.getUnitAttr() : UnitAttr());
          });
}

struct WaitGroupLowering : public ConvertOpToLLVMPattern<WaitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WaitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    buildGroupWait(rewriter, op.getLoc(), op.getKind(),
                   op.getPendingAttr().getInt(), op.getRead());
    NVVM::Barrier0Op::create(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `wait %t` without wait-group assignment: wait for everything of the
/// groups the token may stand for (wait_group 0), the conservative reading
/// of the token, then a CTA barrier (all a sync copy's token needs).
struct WaitLowering : public ConvertOpToLLVMPattern<WaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto groupsAttr =
        AsyncCopyDialect::WaitGroupsAttrHelper(op->getContext()).getAttr(op);
    if (!groupsAttr)
      return rewriter.notifyMatchFailure(op, "token producers not resolved");
    Location loc = op.getLoc();
    int64_t groups = groupsAttr.getInt();
    if (groups & kCpAsyncGroups)
      buildGroupWait(rewriter, loc, GroupKind::cp_async, 0, /*read=*/false);
    if (groups & kBulkGroups)
      buildGroupWait(rewriter, loc, GroupKind::bulk, 0, /*read=*/false);
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct CommitGroupLowering : public ConvertOpToLLVMPattern<CommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(CommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getKind() == GroupKind::cp_async)
      NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    else
      buildIf(rewriter, loc, buildIsElectedThread(rewriter, loc),
              [](OpBuilder &b, Location loc) {
                NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
              });
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceAsyncSharedLowering
    : public ConvertOpToLLVMPattern<FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    buildAsyncProxyFence(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateGroupsToNVVMPatterns(LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<CommitGroupLowering, FenceAsyncSharedLowering, WaitGroupLowering,
               WaitLowering>(converter);
}
