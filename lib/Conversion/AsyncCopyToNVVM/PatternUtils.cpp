//===- PatternUtils.cpp - shared pieces of the NVVM lowering --------------===//

#include "PatternUtils.h"

#include "asynccopy/Dialect/AsyncCopy/Transforms/PipelineLoops.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

/// The SMEM operands of `copy`, source first.
static SmallVector<Value, 2> getSmemOperands(AsyncCopyLikeOpInterface copy) {
  SmallVector<Value, 2> operands;
  for (Value operand : {copy.getSource(), copy.getDest()})
    if (isSharedMemory(cast<MemRefType>(operand.getType())))
      operands.push_back(operand);
  return operands;
}

void lowering::recordSmemOffsets(AsyncCopyLikeOpInterface copy) {
  SmallVector<int64_t> entries;
  for (Value smem : getSmemOperands(copy)) {
    KnownOffset offset = traceSmemBuffer(smem).byteOffset;
    // (0, value) when exact, else (modulus, residue).
    std::optional<int64_t> exact = offset.getExact();
    int64_t modulus = offset.getModulus();
    entries.push_back(exact ? 0 : modulus);
    entries.push_back(exact ? *exact : *offset.getResidue(modulus));
  }
  AsyncCopyDialect::SmemOffsetsAttrHelper(copy->getContext())
      .setAttr(copy, DenseI64ArrayAttr::get(copy->getContext(), entries));
}

KnownOffset lowering::getSmemOffset(AsyncCopyLikeOpInterface copy, Value smem) {
  SmallVector<Value, 2> operands = getSmemOperands(copy);
  DenseI64ArrayAttr recorded =
      AsyncCopyDialect::SmemOffsetsAttrHelper(copy->getContext()).getAttr(copy);
  auto it = llvm::find(operands, smem);
  if (!recorded || it == operands.end() ||
      recorded.size() != static_cast<int64_t>(2 * operands.size()))
    return traceSmemBuffer(smem).byteOffset;
  int64_t index = 2 * (it - operands.begin());
  return recorded[index] == 0
             ? KnownOffset::exact(recorded[index + 1])
             : KnownOffset::residue(recorded[index + 1], recorded[index]);
}

Value lowering::buildI32(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

bool lowering::targetsHopper(OpBuilder &b) {
  Block *block = b.getInsertionBlock();
  return tma::targetsHopper(block ? block->getParentOp() : nullptr);
}

/// The consumers' thread count where `block` lies in the consumers' side of
/// a kernel that asynccopy-pipeline-loops gave a producer warpgroup.
static std::optional<int64_t> consumerThreads(Block *block) {
  for (Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentRegion()) {
    auto split = dyn_cast<scf::IfOp>(region->getParentOp());
    if (!split || region != &split.getElseRegion())
      continue;
    if (IntegerAttr threads =
            AsyncCopyDialect::ConsumerThreadsAttrHelper(split.getContext())
                .getAttr(split))
      return threads.getInt();
  }
  return std::nullopt;
}

std::pair<Value, Value> lowering::buildLinearThreadId(OpBuilder &b,
                                                      Location loc) {
  Value tx = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  // The consumers of a warp-specialised kernel are threads 0 .. T-1 of a
  // T x 1 x 1 block as written.
  if (std::optional<int64_t> consumers = consumerThreads(b.getInsertionBlock()))
    return {tx, arith::ConstantIndexOp::create(b, loc, *consumers)};
  Value ty = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value bz = gpu::BlockDimOp::create(b, loc, gpu::Dimension::z);
  Value zy =
      arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, tz, by), ty);
  Value linear =
      arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, zy, bx), tx);
  Value threads =
      arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, bx, by), bz);
  return {linear, threads};
}

void lowering::restrictBarriersToConsumers(Operation *root) {
  auto helper = AsyncCopyDialect::ConsumerThreadsAttrHelper(root->getContext());
  root->walk([&](scf::IfOp split) {
    IntegerAttr threads = helper.getAttr(split);
    if (!threads)
      return;
    split.getElseRegion().walk([&](Operation *op) {
      if (!isa<gpu::BarrierOp, NVVM::Barrier0Op>(op))
        return;
      OpBuilder at(op);
      Value id = buildI32(at, op->getLoc(), kConsumerBarrierId);
      Value count = buildI32(at, op->getLoc(), threads.getInt());
      NVVM::BarrierOp::create(at, op->getLoc(), TypeRange{}, id, count,
                              NVVM::BarrierReductionAttr(), Value());
      op->erase();
    });
  });
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
      arith::ConstantIndexOp::create(b, loc, hw::kWarpThreads));
  Value elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  return arith::AndIOp::create(b, loc, inWarp0, elected);
}

void lowering::replaceLoweredCopy(ConversionPatternRewriter &rewriter,
                                  AsyncCopyLikeOpInterface op) {
  if (op.getToken())
    rewriter.replaceOp(op, buildI32(rewriter, op->getLoc(), 0));
  else
    rewriter.eraseOp(op);
}

Value lowering::buildIssuePredicate(OpBuilder &b, Location loc,
                                    Value predicate) {
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

Value lowering::buildBufferPtr(ConversionPatternRewriter &rewriter,
                               Location loc, const LLVMTypeConverter &converter,
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
  // NVVM has no createpolicy op.
  auto policy = NVVM::InlinePtxOp::create(b, loc, b.getI64Type(),
                                          /*readOnlyArgs=*/ValueRange{},
                                          /*readWriteArgs=*/ValueRange{}, ptx,
                                          /*predicate=*/Value());
  return policy.getWriteOnlyArgs().front();
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
  // NVVM has no st.async op; convert-nvvm-to-llvm derives the register
  // constraints (l for the i64 addresses, r for the words).
  NVVM::InlinePtxOp::create(b, loc, /*writeOnlyArgs=*/TypeRange{}, operands,
                            /*readWriteArgs=*/ValueRange{}, ptx,
                            /*predicate=*/Value());
}

/// The inline-asm constraint of a register of `type`, as convert-nvvm-to-llvm
/// derives it.
static char getRegisterConstraint(Type type) {
  if (type.isInteger(1))
    return 'b';
  if (type.isInteger(64))
    return 'l';
  if (type.isF32())
    return 'f';
  assert(type.isInteger(32) && "i1, i32, i64 or f32 register");
  return 'r';
}

Value lowering::buildInlinePtxUpdate(OpBuilder &b, Location loc, StringRef ptx,
                                     Value accumulator, ValueRange inputs) {
  auto type = cast<LLVM::LLVMStructType>(accumulator.getType());
  std::string written, read;
  SmallVector<Value> operands;
  for (auto [i, element] : llvm::enumerate(type.getBody())) {
    written += std::string("=") + getRegisterConstraint(element) + ",";
    read += std::to_string(i) + ",";
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, accumulator, i));
  }
  for (Value input : inputs) {
    read += std::string(1, getRegisterConstraint(input.getType())) + ",";
    operands.push_back(input);
  }
  read.pop_back();
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, type, operands, ptx, written + read, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

//===----------------------------------------------------------------------===//
// Peer copies: the symmetric-heap table
//===----------------------------------------------------------------------===//

/// { i64 localBase, i64 size, i32 numPes, i32 myPe, i64 peerBase[128] }.
static LLVM::LLVMStructType getSymmetricTableType(MLIRContext *ctx) {
  Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  return LLVM::LLVMStructType::getLiteral(
      ctx,
      {i64, i64, i32, i32, LLVM::LLVMArrayType::get(i64, kSymmetricMaxPes)});
}

void lowering::declareSymmetricTable(Operation *op) {
  Operation *symbols = SymbolTable::getNearestSymbolTable(op);
  if (!symbols || SymbolTable::lookupSymbolIn(symbols, kSymmetricTableName))
    return;
  MLIRContext *ctx = op->getContext();
  LLVM::LLVMStructType type = getSymmetricTableType(ctx);
  OpBuilder b = OpBuilder::atBlockBegin(&symbols->getRegion(0).front());
  Location loc = op->getLoc();
  // Not `constant`: the runtime writes it after loading the module, so LLVM
  // must not fold its loads to the zero initialiser. External, so that
  // cuModuleGetGlobal finds it.
  auto global = LLVM::GlobalOp::create(
      b, loc, type, /*isConstant=*/false, LLVM::Linkage::External,
      kSymmetricTableName, Attribute(), /*alignment=*/8, kConst);
  Block *init = b.createBlock(&global.getInitializerRegion());
  b.setInsertionPointToStart(init);
  LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, type));
}

/// Loads field `path` (indices into the table struct) of the table.
static Value loadSymmetricField(OpBuilder &b, Location loc,
                                ArrayRef<LLVM::GEPArg> path, Type type) {
  MLIRContext *ctx = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx, kConst);
  Value table = LLVM::AddressOfOp::create(b, loc, ptrType, kSymmetricTableName);
  SmallVector<LLVM::GEPArg> indices = {0};
  indices.append(path.begin(), path.end());
  Value field = LLVM::GEPOp::create(b, loc, ptrType, getSymmetricTableType(ctx),
                                    table, indices);
  return LLVM::LoadOp::create(b, loc, type, field);
}

/// `llvm.intr.trap` unless `ok`.
static void buildTrapUnless(OpBuilder &b, Location loc, Value ok) {
  Value bad = LLVM::XOrOp::create(
      b, loc, ok,
      LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true)));
  buildIf(b, loc, bad,
          [](OpBuilder &b, Location loc) { LLVM::Trap::create(b, loc); });
}

/// peerBase[pe] (i64), after trapping unless `ok` (may be null) holds,
/// pe < numPes and peerBase[pe] != 0 (an unwritten table has numPes = 0).
static Value buildPeerBase(OpBuilder &b, Location loc, Value pe, Value ok) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value numPes = loadSymmetricField(b, loc, {2}, i32);
  Value peOk =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, pe, numPes);
  buildTrapUnless(
      b, loc, ok ? LLVM::AndOp::create(b, loc, ok, peOk).getResult() : peOk);
  Value index = LLVM::ZExtOp::create(b, loc, i64, pe);
  Value base = loadSymmetricField(b, loc, {4, index}, i64);
  buildTrapUnless(
      b, loc,
      LLVM::ICmpOp::create(
          b, loc, LLVM::ICmpPredicate::ne, base,
          LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0))));
  return base;
}

Value lowering::buildPeerAddress(OpBuilder &b, Location loc, Value ptr,
                                 Value bytes, Value pe) {
  Type i64 = b.getI64Type();
  Value localBase = loadSymmetricField(b, loc, {0}, i64);
  Value size = loadSymmetricField(b, loc, {1}, i64);
  Value offset = LLVM::SubOp::create(
      b, loc, LLVM::PtrToIntOp::create(b, loc, i64, ptr), localBase);
  // offset + bytes <= size, compared so that nothing wraps around. (Ops
  // are created one statement each: the order in which a compiler evaluates
  // arguments is unspecified, and gcc and clang built different IR.)
  Value offsetOk =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ule, offset, size);
  Value room = LLVM::SubOp::create(b, loc, size, offset);
  Value bytesOk =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ule, bytes, room);
  Value inHeap = LLVM::AndOp::create(b, loc, offsetOk, bytesOk);
  Value base = buildPeerBase(b, loc, pe, inHeap);
  return LLVM::IntToPtrOp::create(
      b, loc, ptr.getType(),
      LLVM::AddOp::create(b, loc, base, offset).getResult());
}

Value lowering::buildPeerDescriptor(OpBuilder &b, Location loc, MemRefType type,
                                    Value descriptor, Value pe) {
  Type i64 = b.getI64Type();
  auto cst = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  MemRefDescriptor desc(descriptor);
  // The elements the view spans: [offset, offset + 1 + sum (size-1)*stride).
  // Each op is created in a statement of its own (see buildPeerAddress).
  Value first = desc.offset(b, loc);
  Value end = LLVM::AddOp::create(b, loc, first, cst(1));
  for (int64_t k = 0; k < type.getRank(); ++k) {
    Value size = desc.size(b, loc, k);
    Value last = LLVM::SubOp::create(b, loc, size, cst(1));
    Value stride = desc.stride(b, loc, k);
    Value span = LLVM::MulOp::create(b, loc, last, stride);
    end = LLVM::AddOp::create(b, loc, end, span);
  }
  Value bits = cst(tma::storageBits(type.getElementType()));
  Value firstBits = LLVM::MulOp::create(b, loc, first, bits);
  Value startByte = LLVM::UDivOp::create(b, loc, firstBits, cst(8));
  Value endBits = LLVM::MulOp::create(b, loc, end, bits);
  Value endBitsUp = LLVM::AddOp::create(b, loc, endBits, cst(7));
  Value endByte = LLVM::UDivOp::create(b, loc, endBitsUp, cst(8));
  // An empty view (a zero size) spans nothing.
  Value span = LLVM::SubOp::create(b, loc, endByte, startByte);
  Value bytes = LLVM::SMaxOp::create(b, loc, span, cst(0));
  Value aligned = desc.alignedPtr(b, loc);
  Type i8 = b.getI8Type();
  Value start = LLVM::GEPOp::create(b, loc, aligned.getType(), i8, aligned,
                                    ValueRange{startByte});
  Value peerStart = buildPeerAddress(b, loc, start, bytes, pe);
  Value back = LLVM::SubOp::create(b, loc, cst(0), startByte);
  Value peerAligned = LLVM::GEPOp::create(b, loc, aligned.getType(), i8,
                                          peerStart, ValueRange{back});
  desc.setAllocatedPtr(b, loc, peerAligned);
  desc.setAlignedPtr(b, loc, peerAligned);
  return desc;
}

Value lowering::buildPeerTensorMap(OpBuilder &b, Location loc, Value maps,
                                   Value pe) {
  (void)buildPeerBase(b, loc, pe, /*ok=*/Value());
  Type i64 = b.getI64Type();
  Value offset = LLVM::MulOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, i64, pe),
      LLVM::ConstantOp::create(b, loc, i64,
                               b.getI64IntegerAttr(tma::kDescriptorBytes)));
  Value map = LLVM::GEPOp::create(b, loc, maps.getType(), b.getI8Type(), maps,
                                  ValueRange{offset});
  // The host wrote the maps through the generic proxy; TMA reads them
  // through the tensor-map proxy.
  NVVM::FenceProxyAcquireOp::create(b, loc, NVVM::MemScopeKind::SYS,
                                    buildCastToSpace(b, loc, map, kGeneric),
                                    buildI32(b, loc, tma::kDescriptorBytes));
  return map;
}
