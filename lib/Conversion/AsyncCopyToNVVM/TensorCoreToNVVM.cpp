//===- TensorCoreToNVVM.cpp - wgmma operand descriptors to NVVM -----------===//
//
// `asynccopy.wgmma_descriptor` becomes the 64-bit matrix descriptor: the
// view's shared address (bits 4-17) in the low field, the layout's offsets
// and swizzle mode, which do not depend on the address, as one constant.
// Before the conversion, each descriptor takes its swizzle from the copies
// that fill its buffer and is checked against them: a descriptor whose
// swizzle differs from the layout the copy wrote would make wgmma read a
// permuted tile without any error.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Dialect/AsyncCopy/IR/WgmmaOperands.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// Whether two traced SMEM views may share an allocation.
bool shareAllocation(const SmemBuffer &a, const SmemBuffer &b) {
  return llvm::any_of(a.allocations, [&](const SmemAllocation &x) {
    return llvm::is_contained(b.allocations, x);
  });
}

/// Sets `op`'s swizzle to that of the loads that fill its buffer in its
/// kernel, or checks it against them.
LogicalResult resolveSwizzle(WgmmaDescriptorOp op) {
  Operation *kernel = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  SmemBuffer target = traceSmemBuffer(op.getOperand());
  std::optional<int64_t> found;
  Operation *filler = nullptr;
  WalkResult walk = kernel->walk([&](AsyncCopyLikeOpInterface copy) {
    // What writes this CTA's SMEM: loads, and copies from another CTA.
    if (!copy.isLoad() && !copy.getRank())
      return WalkResult::advance();
    Value smem = copy.getRank() ? copy.getDest() : copy.getSmem();
    if (!shareAllocation(traceSmemBuffer(smem), target))
      return WalkResult::advance();
    int64_t swizzle = copy.getSwizzleOrZero();
    std::optional<int64_t> wanted = op.getSwizzle();
    if ((wanted && swizzle != *wanted) || (found && swizzle != *found)) {
      InFlightDiagnostic diag = op.emitOpError();
      if (wanted)
        diag << "describes its operand with a " << *wanted
             << "-B swizzle, but a copy fills its buffer with " << swizzle
             << "-B swizzle: wgmma would read a permuted tile; give both the "
                "same swizzle";
      else
        diag << "reads a buffer that copies fill with different swizzles ("
             << *found << " and " << swizzle << " B)";
      diag.attachNote(copy->getLoc()) << "the copy";
      if (filler && !wanted)
        diag.attachNote(filler->getLoc()) << "the other copy";
      return WalkResult::interrupt();
    }
    found = swizzle;
    filler = copy;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!op.getSwizzle()) {
    if (!found)
      return op.emitOpError(
          "reads a buffer that no copy in this kernel fills, so its swizzle "
          "is unknown: give the descriptor `swizzle N`");
    op.setSwizzleAttr(
        IntegerAttr::get(IntegerType::get(op.getContext(), 64), *found));
  }
  return success();
}

/// Checks the layout against the swizzle now known, and that the view starts
/// where the swizzle's pattern does (at an atom of 8 rows, plus a K offset in
/// its first row for K-major operands), where its offset is known.
LogicalResult checkLayout(WgmmaDescriptorOp op) {
  auto type = cast<MemRefType>(op.getOperand().getType());
  int64_t swizzle = *op.getSwizzle();
  std::string why;
  if (failed(getWgmmaOperandLayout(type, op.getMajor(), swizzle, why)))
    return op.emitOpError("cannot describe this view as a ")
           << stringifyOperandMajor(op.getMajor()) << "-major wgmma operand "
           << "with the " << swizzle << "-B swizzle of its buffer: " << why;
  std::optional<int64_t> offset =
      traceSmemBuffer(op.getOperand()).byteOffset.getExact();
  if (!swizzle || !offset)
    return success();
  int64_t inAtom = *offset % (8 * swizzle);
  int64_t allowed = op.getMajor() == OperandMajor::k ? swizzle : 1;
  if (inAtom < allowed)
    return success();
  return op.emitOpError("views its buffer from byte ")
         << *offset << ", " << inAtom << " bytes into a " << 8 * swizzle
         << "-B swizzle atom: an operand starts at an atom"
         << (op.getMajor() == OperandMajor::k
                 ? " (plus a K offset inside its first row)"
                 : "");
}

struct WgmmaDescriptorLowering
    : public ConvertOpToLLVMPattern<WgmmaDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<MemRefType>(op.getOperand().getType());
    std::optional<int64_t> swizzle = op.getSwizzle();
    std::string why;
    if (!swizzle)
      return rewriter.notifyMatchFailure(op, "swizzle not resolved");
    FailureOr<WgmmaOperandLayout> layout =
        getWgmmaOperandLayout(type, op.getMajor(), *swizzle, why);
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, why);
    auto i64 = rewriter.getI64Type();
    auto constant = [&](uint64_t value) {
      return LLVM::ConstantOp::create(rewriter, loc, i64,
                                      rewriter.getI64IntegerAttr(value));
    };
    Value ptr = buildBufferPtr(rewriter, loc, *getTypeConverter(), type,
                               adaptor.getOperand());
    Value address = LLVM::PtrToIntOp::create(rewriter, loc, i64, ptr);
    Value start = LLVM::AndOp::create(
        rewriter, loc,
        LLVM::LShrOp::create(rewriter, loc, address, constant(4)),
        constant(0x3FFF));
    Value descriptor = LLVM::OrOp::create(
        rewriter, loc, start,
        constant(getWgmmaDescriptorConstantBits(*layout, *swizzle)));
    rewriter.replaceOp(op, descriptor);
    return success();
  }
};

} // namespace

LogicalResult lowering::resolveWgmmaDescriptors(Operation *root) {
  WalkResult walk = root->walk([](WgmmaDescriptorOp op) {
    return failed(resolveSwizzle(op)) || failed(checkLayout(op))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void lowering::populateTensorCoreToNVVMPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<WgmmaDescriptorLowering>(converter);
}
