//===- PatternUtils.cpp - shared pieces of the NVVM lowering --------------===//

#include "PatternUtils.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

/// The SMEM operands of `copy`, source first.
static SmallVector<Value, 2> getSmemOperands(CopyOp copy) {
  SmallVector<Value, 2> operands;
  for (Value operand : {copy.getSource(), copy.getDest()})
    if (isSharedMemory(cast<MemRefType>(operand.getType())))
      operands.push_back(operand);
  return operands;
}

void lowering::recordSmemOffsets(CopyOp copy) {
  SmallVector<int64_t> entries;
  for (Value smem : getSmemOperands(copy)) {
    KnownOffset offset = traceSmemBuffer(smem).byteOffset;
    std::optional<int64_t> exact = offset.getExact();
    entries.push_back(exact ? 1 : 0);
    entries.push_back(exact ? *exact : offset.getAlignment());
  }
  copy->setAttr(kSmemOffsetsAttrName,
                DenseI64ArrayAttr::get(copy.getContext(), entries));
}

KnownOffset lowering::getSmemOffset(CopyOp copy, Value smem) {
  SmallVector<Value, 2> operands = getSmemOperands(copy);
  auto recorded = copy->getAttrOfType<DenseI64ArrayAttr>(kSmemOffsetsAttrName);
  auto it = llvm::find(operands, smem);
  if (!recorded || it == operands.end() ||
      recorded.size() != static_cast<int64_t>(2 * operands.size()))
    return traceSmemBuffer(smem).byteOffset;
  int64_t index = 2 * (it - operands.begin());
  return recorded[index] ? KnownOffset::exact(recorded[index + 1])
                         : KnownOffset::multipleOf(recorded[index + 1]);
}

Value lowering::buildI32(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

bool lowering::targetsHopper(OpBuilder &b) {
  Block *block = b.getInsertionBlock();
  return tma::targetsHopper(block ? block->getParentOp() : nullptr);
}

unsigned lowering::targetPtxVersion(Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return kDefaultPtxVersion;
  unsigned oldest = ~0u;
  for (Attribute target : module.getTargetsAttr()) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (!nvvm)
      continue;
    unsigned ptx = 0;
    StringRef features = nvvm.getFeatures();
    size_t at = features.find("+ptx");
    if (at == StringRef::npos || features.drop_front(at + 4)
                                     .take_while(llvm::isDigit)
                                     .getAsInteger(10, ptx)) {
      unsigned sm = tma::parseSmVersion(nvvm.getChip()).value_or(0);
      ptx = sm < 86 ? 70 : sm < 90 ? 71 : 78;
    }
    oldest = std::min(oldest, ptx);
  }
  return oldest == ~0u ? kDefaultPtxVersion : oldest;
}

std::pair<Value, Value> lowering::buildLinearThreadId(OpBuilder &b,
                                                     Location loc) {
  Value tx = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value bz = gpu::BlockDimOp::create(b, loc, gpu::Dimension::z);
  Value zy = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tz, by), ty);
  Value linear = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, zy, bx), tx);
  Value threads = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, bx, by), bz);
  return {linear, threads};
}

Value lowering::buildIsFirstThread(OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               buildLinearThreadId(b, loc).first,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

Value lowering::buildIsElectedThread(OpBuilder &b, Location loc) {
  // Warp 0 (linear thread id < 32); on sm_90+ elect.sync picks one of its
  // lanes, before Hopper (no elect.sync) thread 0 issues.
  if (!targetsHopper(b))
    return buildIsFirstThread(b, loc);
  Value linear = buildLinearThreadId(b, loc).first;
  Value inWarp0 = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult, linear,
      arith::ConstantIndexOp::create(b, loc, 32));
  Value elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  return arith::AndIOp::create(b, loc, inWarp0, elected);
}

void lowering::replaceLoweredCopy(ConversionPatternRewriter &rewriter,
                                  CopyOp op) {
  if (op.getToken())
    rewriter.replaceOp(op, buildI32(rewriter, op.getLoc(), 0));
  else
    rewriter.eraseOp(op);
}

Value lowering::buildIssuePredicate(OpBuilder &b, Location loc, Value predicate) {
  return predicate ? predicate : buildIsElectedThread(b, loc);
}

void lowering::buildIf(OpBuilder &b, Location loc, Value cond,
                     function_ref<void(OpBuilder &, Location)> body) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  body(b, loc);
}

Value lowering::buildBarrierStagePtr(OpBuilder &b, Location loc, Value base,
                                   Value stage) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI64Type(), base,
                             ValueRange{stage});
}

Value lowering::buildArriveExpectTx(OpBuilder &b, Location loc, Value base,
                                   Value stage, int64_t bytes, bool remote) {
  Value ptr = buildBarrierStagePtr(b, loc, base, stage);
  NVVM::MBarrierArriveExpectTxOp::create(
      b, loc, Type(), ptr, buildI32(b, loc, bytes),
      remote ? NVVM::MemScopeKind::CLUSTER : NVVM::MemScopeKind::CTA,
      /*relaxed=*/false, /*predicate=*/Value());
  return ptr;
}

void lowering::buildAsyncProxyFence(OpBuilder &b, Location loc) {
  if (!targetsHopper(b))
    return;
  MLIRContext *ctx = b.getContext();
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
}

Value lowering::buildBufferPtr(ConversionPatternRewriter &rewriter, Location loc,
                             const LLVMTypeConverter &converter,
                             MemRefType type, Value descriptor) {
  MemRefDescriptor desc(descriptor);
  return desc.bufferPtr(rewriter, loc, converter, type);
}

Value lowering::buildCastToSpace(OpBuilder &b, Location loc, Value ptr,
                               unsigned space) {
  auto type = cast<LLVM::LLVMPointerType>(ptr.getType());
  if (type.getAddressSpace() == space)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), space), ptr);
}

Value lowering::buildL2CachePolicy(OpBuilder &b, Location loc,
                                 std::optional<CacheHint> hint) {
  if (!hint || *hint == CacheHint::normal)
    return {};
  StringRef ptx = *hint == CacheHint::evict_first
                      ? "createpolicy.fractional.L2::evict_first.b64 $0, 1.0;"
                      : "createpolicy.fractional.L2::evict_last.b64 $0, 1.0;";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI64Type(), ValueRange{}, ptx, "=l",
      /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, /*asm_dialect=*/LLVM::AsmDialectAttr(),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

void lowering::buildStAsync(OpBuilder &b, Location loc, Value address,
                            Value value, Value barrier) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  unsigned pieces = LLVM::getPrimitiveTypeSizeInBits(value.getType()) / 32;
  assert(llvm::is_contained({1u, 2u, 4u}, pieces) && "4, 8 or 16 B");
  SmallVector<Value> operands = {
      LLVM::PtrToIntOp::create(b, loc, i64, address)};
  if (pieces == 1) {
    operands.push_back(LLVM::BitcastOp::create(b, loc, i32, value));
  } else {
    Value words = LLVM::BitcastOp::create(
        b, loc, VectorType::get({static_cast<int64_t>(pieces)}, i32), value);
    for (unsigned k = 0; k < pieces; ++k)
      operands.push_back(LLVM::ExtractElementOp::create(
          b, loc, words, LLVM::ConstantOp::create(b, loc, i32, k)));
  }
  operands.push_back(LLVM::PtrToIntOp::create(b, loc, i64, barrier));
  std::string data;
  for (unsigned k = 1; k <= pieces; ++k)
    data += (k == 1 ? "$" : ", $") + std::to_string(k);
  std::string ptx =
      "st.async.shared::cluster.mbarrier::complete_tx::bytes" +
      (pieces > 1 ? ".v" + std::to_string(pieces) : std::string()) +
      ".b32 [$0], " + (pieces > 1 ? "{" + data + "}" : data) + ", [$" +
      std::to_string(pieces + 1) + "];";
  std::string constraints = "l";
  for (unsigned k = 0; k < pieces; ++k)
    constraints += ",r";
  constraints += ",l";
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, ptx, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            /*asm_dialect=*/LLVM::AsmDialectAttr(),
                            /*operand_attrs=*/ArrayAttr());
}
