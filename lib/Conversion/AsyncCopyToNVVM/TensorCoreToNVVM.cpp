//===- TensorCoreToNVVM.cpp - wgmma operand descriptors to NVVM -----------===//
//
// `asynccopy.wgmma_descriptor` becomes the 64-bit matrix descriptor: the
// view's shared address (bits 4-17) in the low field, the layout's offsets
// and swizzle mode, which do not depend on the address, as one constant.
// Before the conversion, each descriptor takes its swizzle from the copies
// that fill its buffer and is checked against them: a descriptor whose
// swizzle differs from the layout the copy wrote would make wgmma read a
// permuted tile without any error. Each `nvvm.wgmma.mma_async` is then
// checked against the descriptors it reads: their majorness against its
// layout flags, their element type against its operand types, their rows
// against its shape; so is B of `asynccopy.wgmma_register_a`, wgmma with A
// in registers, which becomes inline PTX (NVVM has no op for that form).
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Dialect/AsyncCopy/IR/WgmmaOperands.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
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
  if (!swizzle)
    return success();
  // Where the view starts within an atom is known whenever its offset is
  // known modulo the atom, also behind a dynamic stage index of a pipelined
  // buffer (stages are whole atoms apart).
  KnownOffset offset = traceSmemBuffer(op.getOperand()).byteOffset;
  int64_t atom = hw::swizzleAtomBytes(swizzle);
  std::optional<int64_t> inAtom = offset.getResidue(atom);
  int64_t allowed = op.getMajor() == OperandMajor::k ? swizzle : 1;
  if (!inAtom || *inAtom < allowed)
    return success();
  InFlightDiagnostic diag = op.emitOpError("views its buffer from byte ");
  if (std::optional<int64_t> exact = offset.getExact())
    diag << *exact;
  else
    diag << *inAtom << " plus a multiple of " << atom;
  return diag << ", " << *inAtom << " bytes into a " << atom
              << "-B swizzle atom: an operand starts at an atom"
              << (op.getMajor() == OperandMajor::k
                      ? " (plus a K offset inside its first row)"
                      : "");
}

/// The `asynccopy.wgmma_descriptor` a wgmma's descriptor operand comes from:
/// directly, or advanced by constants (an add or or of a constant, as K
/// steps within a swizzle row are written); null when it is not visible.
WgmmaDescriptorOp traceDescriptor(Value value) {
  constexpr unsigned kMaxDepth = 8;
  for (unsigned depth = 0; depth < kMaxDepth; ++depth) {
    if (auto descriptor = value.getDefiningOp<WgmmaDescriptorOp>())
      return descriptor;
    Operation *def = value.getDefiningOp();
    if (!isa_and_present<arith::AddIOp, arith::OrIOp, LLVM::AddOp, LLVM::OrOp>(
            def))
      return {};
    if (matchPattern(def->getOperand(1), m_Constant()))
      value = def->getOperand(0);
    else if (matchPattern(def->getOperand(0), m_Constant()))
      value = def->getOperand(1);
    else
      return {};
  }
  return {};
}

/// Whether wgmma's operand type `kind` reads elements of `type` from SMEM.
bool readsElementType(NVVM::WGMMATypes kind, Type type) {
  switch (kind) {
  case NVVM::WGMMATypes::f16:
    return type.isF16();
  case NVVM::WGMMATypes::bf16:
    return type.isBF16();
  case NVVM::WGMMATypes::tf32:
    return type.isF32();
  case NVVM::WGMMATypes::e4m3:
    return isa<Float8E4M3FNType>(type);
  case NVVM::WGMMATypes::e5m2:
    return isa<Float8E5M2Type>(type);
  case NVVM::WGMMATypes::s8:
  case NVVM::WGMMATypes::u8:
    return type.isInteger(8);
  default:
    return false;
  }
}

/// Checks the descriptor through which `wgmma` reads `operand` against how
/// it reads it: a descriptor of the other majorness, another element type or
/// fewer rows would make the tensor cores read another tile.
LogicalResult checkWgmmaOperand(Operation *wgmma,
                                const WgmmaSmemOperand &operand) {
  WgmmaDescriptorOp descriptor = traceDescriptor(operand.descriptor);
  if (!descriptor)
    return success();
  StringRef role = operand.isA ? "A" : "B";
  auto fail = [&]() {
    InFlightDiagnostic diag = wgmma->emitOpError("reads its ")
                              << role << " operand ";
    diag.attachNote(descriptor.getLoc()) << "its descriptor";
    return diag;
  };
  // A row-major A and a column-major B are K-major (not transposed).
  NVVM::MMALayout layout = operand.layout;
  NVVM::MMALayout kMajor =
      operand.isA ? NVVM::MMALayout::row : NVVM::MMALayout::col;
  OperandMajor reads = layout == kMajor ? OperandMajor::k : OperandMajor::mn;
  if (reads != descriptor.getMajor()) {
    OperandMajor other = descriptor.getMajor();
    NVVM::MMALayout otherLayout = layout == NVVM::MMALayout::row
                                      ? NVVM::MMALayout::col
                                      : NVVM::MMALayout::row;
    return fail() << stringifyOperandMajor(reads) << "-major (layout <"
                  << NVVM::stringifyMMALayout(layout)
                  << ">), but its `asynccopy.wgmma_descriptor` describes a "
                  << stringifyOperandMajor(other)
                  << "-major tile: the tensor cores would read it transposed; "
                     "give the wgmma "
                  << role << " <" << NVVM::stringifyMMALayout(otherLayout)
                  << "> or the descriptor `major "
                  << stringifyOperandMajor(reads) << "`";
  }
  auto view = cast<MemRefType>(descriptor.getOperand().getType());
  if (!readsElementType(operand.type, view.getElementType()))
    return fail() << "as " << NVVM::stringifyWGMMATypes(operand.type)
                  << ", but its descriptor's view holds "
                  << view.getElementType() << " elements";
  std::string why;
  FailureOr<WgmmaOperandLayout> layoutInSmem = getWgmmaOperandLayout(
      view, descriptor.getMajor(), *descriptor.getSwizzle(), why);
  if (succeeded(layoutInSmem) && layoutInSmem->mnRows < operand.rows)
    return fail() << "with " << operand.rows << " " << (operand.isA ? "M" : "N")
                  << " rows, but its descriptor's view holds only "
                  << layoutInSmem->mnRows
                  << ": the tensor cores would read past it";
  return success();
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

/// `wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, {a0, a1, a2,
/// a3}, b-desc, scale-d` with the immediates its form takes: the scales of
/// A and B but for s32 D, B's transpose for f16 and bf16 only.
struct WgmmaRegisterALowering
    : public ConvertOpToLLVMPattern<WgmmaRegisterAOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaRegisterAOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::MMAShapeAttr shape = op.getShape();
    NVVM::WGMMATypes typeA = op.getTypeA(), typeD = op.getTypeD();
    unsigned registers =
        cast<LLVM::LLVMStructType>(op.getType()).getBody().size();
    std::string ptx;
    llvm::raw_string_ostream os(ptx);
    auto operand = [&](unsigned i) { os << "$" << i; };
    os << "wgmma.mma_async.sync.aligned.m64n" << shape.getN() << "k"
       << shape.getK() << "." << NVVM::stringifyWGMMATypes(typeD) << "."
       << NVVM::stringifyWGMMATypes(typeA) << "."
       << NVVM::stringifyWGMMATypes(op.getTypeB()) << " {";
    llvm::interleaveComma(llvm::seq(0u, registers), os, operand);
    // The accumulator's registers are read as $n to $2n-1 (tied to $0 to
    // $n-1); A, B's descriptor and scale-d follow.
    unsigned a = 2 * registers;
    os << "}, {";
    llvm::interleaveComma(llvm::seq(a, a + 4), os, operand);
    os << "}, $" << a + 4 << ", $" << a + 5;
    auto scale = [](NVVM::WGMMAScaleIn in) {
      return in == NVVM::WGMMAScaleIn::neg ? -1 : 1;
    };
    if (typeD != NVVM::WGMMATypes::s32)
      os << ", " << scale(op.getScaleA()) << ", " << scale(op.getScaleB());
    if (typeA == NVVM::WGMMATypes::f16 || typeA == NVVM::WGMMATypes::bf16)
      os << ", " << (op.getLayoutB() == NVVM::MMALayout::row ? 1 : 0);
    os << ";";
    SmallVector<Value> inputs(adaptor.getA());
    inputs.append({adaptor.getDescriptorB(), adaptor.getScaleD()});
    rewriter.replaceOp(op,
                       buildInlinePtxUpdate(rewriter, op.getLoc(), ptx,
                                            adaptor.getAccumulator(), inputs));
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
  if (walk.wasInterrupted())
    return failure();
  walk = root->walk([](Operation *wgmma) {
    for (const WgmmaSmemOperand &operand : getWgmmaSmemOperands(wgmma))
      if (failed(checkWgmmaOperand(wgmma, operand)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void lowering::populateTensorCoreToNVVMPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<WgmmaDescriptorLowering, WgmmaRegisterALowering>(converter);
}
