//===- SyncCopyToNVVM.cpp - the synchronous fallback ----------------------===//
//
// `impl = sync` copies with ordinary loads and stores, so that no legal copy
// is ever rejected. Every thread of the CTA moves its share of the window in
// vectors (`vector.load`/`vector.store`, `memref.load`/`store` for
// one-element vectors; see ThreadCopy.h for the split) and a CTA barrier then
// makes the result visible to every thread (and the SMEM reusable):
//   - loads put each element where a TMA load would: the dense transformed
//     box, TMA-swizzled when `swizzle` is set; elements outside the GMEM
//     tensor read as zero (oob = zeros) or NaN (oob = nan) through masked
//     loads, unguarded for promise_in_bounds / undefined. A load with a
//     barrier arrives on it once (thread 0, after the CTA barrier), so
//     barrier-based consumers work as with a TMA load.
//   - stores write only the elements inside the tensor (masked stores), and
//     reductions combine element by element with `memref.atomic_rmw`, or with
//     `memref.generic_atomic_rmw` for PTX's wrap-around inc/dec.
//   - remote copies (SMEM -> SMEM of CTA %rank in the cluster) store through
//     the `mapa` address of the destination in shared::cluster space, then
//     thread 0 arrives (release, cluster scope) on the `mapa`
//     address of the destination CTA's barrier stage: one arrival per copy,
//     after all of its bytes were written.
// The returned token is a constant: the CTA barrier already completed it.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"
#include "ThreadCopy.h"

#include "asynccopy/Utils/NVPTXTargets.h"
#include "asynccopy/Utils/TMAUtils.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The NaN that `oob = nan` fills with: TMA writes 0x7FF7 into every 16-bit
/// half of an element (measured on the H200 for f16, bf16, f32 and f64), so
/// the per-thread paths write the same bits; narrower floats, which TMA does
/// not fill with NaN, get their quiet NaN.
APFloat oobNaN(FloatType type) {
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  unsigned width = type.getWidth();
  if (width % 16 != 0)
    return APFloat::getQNaN(semantics);
  return APFloat(semantics, APInt::getSplat(width, APInt(16, 0x7FF7)));
}

/// What a load yields outside the tensor.
Value buildFill(OpBuilder &b, Location loc, Type type, OOBMode oob) {
  auto vectorType = dyn_cast<VectorType>(type);
  Type element = vectorType ? vectorType.getElementType() : type;
  TypedAttr scalar;
  if (auto floatType = dyn_cast<FloatType>(element))
    scalar = b.getFloatAttr(
        floatType, oob == OOBMode::nan
                       ? oobNaN(floatType)
                       : APFloat::getZero(floatType.getFloatSemantics()));
  else
    scalar = b.getIntegerAttr(element, 0);
  TypedAttr attr = vectorType ? TypedAttr(SplatElementsAttr::get(
                                    vectorType, ArrayRef<Attribute>{scalar}))
                              : scalar;
  return arith::ConstantOp::create(b, loc, attr);
}

/// `i < valid` for each lane i of a vector of `lanes` elements.
Value buildPrefixMask(OpBuilder &b, Location loc, int64_t lanes, Value valid) {
  auto indexVector = VectorType::get({lanes}, b.getIndexType());
  Value iota = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(indexVector, llvm::to_vector(llvm::map_range(
                                              llvm::seq<int64_t>(0, lanes),
                                              [&](int64_t i) -> Attribute {
                                                return b.getIndexAttr(i);
                                              }))));
  Value bound = vector::BroadcastOp::create(b, loc, indexVector, valid);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, iota, bound);
}

/// `memref.atomic_rmw` kind of a reduction on `type`, or nothing when only a
/// generic read-modify-write expresses it.
std::optional<arith::AtomicRMWKind> atomicKind(ReductionKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  bool isUnsigned = type.isUnsignedInteger();
  switch (kind) {
  case ReductionKind::add:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case ReductionKind::min:
    return isFloat      ? arith::AtomicRMWKind::minimumf
           : isUnsigned ? arith::AtomicRMWKind::minu
                        : arith::AtomicRMWKind::mins;
  case ReductionKind::max:
    return isFloat      ? arith::AtomicRMWKind::maximumf
           : isUnsigned ? arith::AtomicRMWKind::maxu
                        : arith::AtomicRMWKind::maxs;
  case ReductionKind::AND:
    return arith::AtomicRMWKind::andi;
  case ReductionKind::OR:
    return arith::AtomicRMWKind::ori;
  case ReductionKind::XOR:
    return arith::AtomicRMWKind::xori;
  case ReductionKind::inc:
  case ReductionKind::dec:
    return std::nullopt;
  }
  llvm_unreachable("unknown reduction kind");
}

/// Combines `value` into `memref[index]` atomically. memref's atomics take
/// signless integers: si/ui values and memrefs are cast to the signless type
/// of their width (the LLVM type converter makes both the same type, so the
/// casts fold away), and the signedness only picks the min/max flavour.
void buildAtomicReduce(OpBuilder &b, Location loc, ReductionKind kind,
                       Value value, Value memref, Value index) {
  Type type = value.getType();
  std::optional<arith::AtomicRMWKind> rmwKind = atomicKind(kind, type);
  if (auto intType = dyn_cast<IntegerType>(type);
      intType && !intType.isSignless()) {
    auto signless = b.getIntegerType(intType.getWidth());
    auto memrefType = cast<MemRefType>(memref.getType());
    value = UnrealizedConversionCastOp::create(b, loc, signless, value)
                .getResult(0);
    memref = UnrealizedConversionCastOp::create(
                 b, loc, memrefType.clone(signless), memref)
                 .getResult(0);
    type = signless;
  }
  if (rmwKind) {
    memref::AtomicRMWOp::create(b, loc, *rmwKind, value, memref,
                                ValueRange{index});
    return;
  }
  // PTX red.inc / red.dec (unsigned, wrap-around counters):
  //   inc: old >= v ? 0 : old + 1
  //   dec: (old == 0 || old > v) ? v : old - 1
  auto rmw =
      memref::GenericAtomicRMWOp::create(b, loc, memref, ValueRange{index});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(rmw.getBody());
  Value old = rmw.getCurrentValue();
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value result;
  if (kind == ReductionKind::inc) {
    Value wrap =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, old, value);
    result = arith::SelectOp::create(b, loc, wrap, zero,
                                     arith::AddIOp::create(b, loc, old, one));
  } else {
    Value isZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old, zero);
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, old, value);
    Value wrap = arith::OrIOp::create(b, loc, isZero, above);
    result = arith::SelectOp::create(b, loc, wrap, value,
                                     arith::SubIOp::create(b, loc, old, one));
  }
  memref::AtomicYieldOp::create(b, loc, result);
}

/// Checks that a reduction has an atomic form for the element type.
LogicalResult verifyReduction(SyncCopyOp op, ReductionKind kind, Type type) {
  if (isa<FloatType>(type)) {
    if (kind == ReductionKind::add || kind == ReductionKind::min ||
        kind == ReductionKind::max)
      return success();
    return op.emitOpError("the sync fallback has no '")
           << stringifyReductionKind(kind) << "' reduction on " << type
           << " elements";
  }
  if (!isa<IntegerType>(type))
    return op.emitOpError("the sync fallback reduces integers or floats "
                          "atomically, got ")
           << type;
  return success();
}

/// Loads one vector (or element) of `type` from `memref[index]`, reading only
/// the first `valid` elements (null: all) and filling the rest.
Value buildGuardedLoad(OpBuilder &b, Location loc, Type type, Value memref,
                       Value index, Value valid, OOBMode oob,
                       int64_t alignment) {
  auto vectorType = dyn_cast<VectorType>(type);
  auto load = [&](OpBuilder &b, Location loc) -> Value {
    if (vectorType)
      return vector::LoadOp::create(b, loc, vectorType, memref,
                                    ValueRange{index}, /*nontemporal=*/false,
                                    llvm::MaybeAlign(alignment));
    return memref::LoadOp::create(b, loc, memref, ValueRange{index});
  };
  if (!valid)
    return load(b, loc);
  int64_t lanes = vectorType ? vectorType.getNumElements() : 1;
  Value full = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, valid,
                                     cst(b, loc, lanes));
  auto ifOp = scf::IfOp::create(
      b, loc, full,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(b, loc, load(b, loc));
      },
      [&](OpBuilder &b, Location loc) {
        Value fill = buildFill(b, loc, type, oob);
        if (vectorType)
          fill = vector::MaskedLoadOp::create(
              b, loc, vectorType, memref, ValueRange{index},
              buildPrefixMask(b, loc, lanes, valid), fill,
              llvm::MaybeAlign(alignment));
        scf::YieldOp::create(b, loc, fill);
      });
  return ifOp.getResult(0);
}

/// Stores `value` (a vector or an element) to `memref[index]`, writing only
/// the first `valid` elements (null: all).
void buildGuardedStore(OpBuilder &b, Location loc, Value value, Value memref,
                       Value index, Value valid, int64_t alignment) {
  auto vectorType = dyn_cast<VectorType>(value.getType());
  auto store = [&](OpBuilder &b, Location loc) {
    if (vectorType)
      vector::StoreOp::create(b, loc, value, memref, ValueRange{index},
                              /*nontemporal=*/false,
                              llvm::MaybeAlign(alignment));
    else
      memref::StoreOp::create(b, loc, value, memref, ValueRange{index});
  };
  if (!valid) {
    store(b, loc);
    return;
  }
  int64_t lanes = vectorType ? vectorType.getNumElements() : 1;
  Value full = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, valid,
                                     cst(b, loc, lanes));
  if (!vectorType) {
    buildIf(b, loc, full, store);
    return;
  }
  scf::IfOp::create(
      b, loc, full,
      [&](OpBuilder &b, Location loc) {
        store(b, loc);
        scf::YieldOp::create(b, loc);
      },
      [&](OpBuilder &b, Location loc) {
        vector::MaskedStoreOp::create(b, loc, memref, ValueRange{index},
                                      buildPrefixMask(b, loc, lanes, valid),
                                      value, llvm::MaybeAlign(alignment));
        scf::YieldOp::create(b, loc);
      });
}

/// Thread 0 arrives on `stagePtr` (scope CTA, or cluster for a
/// shared::cluster address).
void buildFirstThreadArrive(OpBuilder &b, Location loc, Value stagePtr,
                            bool cluster) {
  buildIf(b, loc, buildIsFirstThread(b, loc), [&](OpBuilder &b, Location loc) {
    NVVM::MBarrierArriveOp::create(
        b, loc, cluster ? Type() : b.getI64Type(), stagePtr,
        /*count=*/Value(),
        cluster ? NVVM::MemScopeKind::CLUSTER : NVVM::MemScopeKind::CTA,
        /*relaxed=*/false);
  });
}

bool isDynamic(int64_t v) { return ShapedType::isDynamic(v); }

/// Row-major coordinates of `element` over the merged dims of a remote copy,
/// then each side's element offset (source, destination).
std::pair<Value, Value> buildRemoteIndices(OpBuilder &b, Location loc,
                                           const RemoteCopyPlan &layout,
                                           Value element,
                                           ArrayRef<Value> srcDimStrides,
                                           ArrayRef<Value> dstDimStrides) {
  Value srcIndex, dstIndex;
  auto accumulate = [&](Value sum, Value term) -> Value {
    return sum ? arith::AddIOp::create(b, loc, sum, term).getResult() : term;
  };
  int64_t inner = 1;
  for (int64_t k = layout.dims.size() - 1; k >= 0; --k) {
    int64_t size = layout.dims[k].size;
    Value c = inner == 1
                  ? element
                  : arith::DivUIOp::create(b, loc, element, cst(b, loc, inner))
                        .getResult();
    if (k != 0)
      c = arith::RemUIOp::create(b, loc, c, cst(b, loc, size));
    srcIndex = accumulate(srcIndex,
                          arith::MulIOp::create(b, loc, c, srcDimStrides[k]));
    dstIndex = accumulate(dstIndex,
                          arith::MulIOp::create(b, loc, c, dstDimStrides[k]));
    inner *= size;
  }
  return {srcIndex, dstIndex};
}

/// Completes a remote copy of `bytes` on the destination's barrier stage
/// `remoteStage`: st.async pieces complete their bytes there and thread 0's
/// one arrival expects them all (none when predicate `pred` skipped the
/// copy); plain stores happen before thread 0's release at cluster scope,
/// which the destination CTA's wait acquires.
void buildRemoteCompletion(ConversionPatternRewriter &rewriter, Location loc,
                           bool stAsync, Value pred, Value remoteStage,
                           int64_t bytes) {
  if (!stAsync) {
    gpu::BarrierOp::create(rewriter, loc);
    buildFirstThreadArrive(rewriter, loc, remoteStage, /*cluster=*/true);
    return;
  }
  Value expected = buildI32(rewriter, loc, bytes);
  if (pred)
    expected = LLVM::SelectOp::create(rewriter, loc, pred, expected,
                                      buildI32(rewriter, loc, 0));
  buildIf(rewriter, loc, buildIsFirstThread(rewriter, loc),
          [&](OpBuilder &b, Location loc) {
            NVVM::MBarrierArriveExpectTxOp::create(
                b, loc, Type(), remoteStage, expected,
                NVVM::MemScopeKind::CLUSTER, /*relaxed=*/false,
                /*predicate=*/Value());
          });
  // Every thread has read the source: it may be reused.
  gpu::BarrierOp::create(rewriter, loc);
}

struct SyncCopyLowering : public ConvertOpToLLVMPattern<SyncCopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getRank())
      return lowerRemote(op, adaptor, rewriter);

    std::string reason;
    OOBMode oob = op.getOobOrDefault();
    FailureOr<ThreadCopyPlan> plan = expandThreadCopyPlan(
        op, getSmemOffset(op, op.getSmem()),
        op.getPlan().getVectorBytes().value_or(1), /*minVectorBytes=*/1,
        /*checkBounds=*/oob == OOBMode::zeros || oob == OOBMode::nan, &reason);
    if (failed(plan))
      return op.emitOpError("cannot be lowered to the sync fallback: ")
             << reason;
    std::optional<ReductionKind> reduction = op.getReduction();
    Type elementType = plan->layout.elementType;
    if (reduction && failed(verifyReduction(op, *reduction, elementType)))
      return failure();

    Location loc = op.getLoc();
    bool isLoad = op.isLoad();
    int64_t lanes = plan->vectorElements, alignment = plan->vectorBytes();
    Type type =
        lanes == 1 ? elementType : Type(VectorType::get({lanes}, elementType));
    auto body = [&](OpBuilder &b, Location loc, const ThreadCopyState &state,
                    Value vector) {
      VectorAccess access = buildVectorAccess(b, loc, *plan, state, vector);
      if (isLoad) {
        Value value =
            buildGuardedLoad(b, loc, type, state.gmemFlat, access.gmemIndex,
                             access.validElements, oob, alignment);
        buildGuardedStore(b, loc, value, state.smemFlat, access.smemIndex,
                          /*valid=*/Value(), alignment);
        return;
      }
      Value value =
          buildGuardedLoad(b, loc, type, state.smemFlat, access.smemIndex,
                           /*valid=*/Value(), oob, alignment);
      if (!reduction) {
        buildGuardedStore(b, loc, value, state.gmemFlat, access.gmemIndex,
                          access.validElements, alignment);
        return;
      }
      auto reduce = [&](OpBuilder &b, Location loc) {
        buildAtomicReduce(b, loc, *reduction, value, state.gmemFlat,
                          access.gmemIndex);
      };
      if (access.validElements)
        buildIf(b, loc,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      access.validElements, cst(b, loc, 0)),
                reduce);
      else
        reduce(b, loc);
    };
    auto copy = [&](OpBuilder &b, Location loc) {
      ThreadCopyState state = buildThreadCopyState(
          b, loc, op, *plan,
          buildThreadCopyGmem(b, loc, op,
                              isLoad ? adaptor.getSource() : adaptor.getDest(),
                              adaptor.getPeer()));
      buildThreadLoop(b, loc, plan->numVectors,
                      [&](OpBuilder &b, Location loc, Value vector) {
                        body(b, loc, state, vector);
                      });
    };
    // A predicate is uniform over the CTA: it skips the whole transfer.
    if (Value pred = adaptor.getPredicate())
      buildIf(rewriter, loc, pred, copy);
    else
      copy(rewriter, loc);
    // The stores to SMEM are generic-proxy writes; a TMA or bulk store may
    // read them after the CTA barrier: every writer fences first.
    if (isLoad)
      buildAsyncProxyFence(rewriter, loc);
    gpu::BarrierOp::create(rewriter, loc);
    if (Value barrier = adaptor.getBarrier())
      buildFirstThreadArrive(
          rewriter, loc,
          buildBarrierStagePtr(rewriter, loc, barrier, adaptor.getStage()),
          /*cluster=*/false);

    replaceLoweredCopy(rewriter, op);
    return success();
  }

  /// SMEM -> SMEM of CTA `rank`: stores through the shared::cluster address
  /// of the destination; both sides are addressed through their strides
  /// (views of larger buffers), so only the viewed elements are written.
  LogicalResult lowerRemote(SyncCopyOp op, OpAdaptor adaptor,
                            ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    MemRefType srcType = op.getSource().getType();
    MemRefType dstType = op.getDest().getType();
    Type elementType = srcType.getElementType();
    int64_t bits = elementType.getIntOrFloatBitWidth();
    if (bits % 8 != 0)
      return op.emitOpError("the sync fallback moves whole bytes; got ")
             << elementType;
    int64_t eb = bits / 8;
    RemoteCopyPlan layout =
        planRemoteCopy(op, eb, getSmemOffset(op, op.getSource()),
                       getSmemOffset(op, op.getDest()));
    int64_t lanes = layout.lanes, alignment = lanes * eb;

    SmallVector<Value> srcStrides;
    Value srcFlat =
        buildFlatView(rewriter, loc, op.getSource(), nullptr, &srcStrides);
    Value dstLocal = buildBufferPtr(rewriter, loc, *getTypeConverter(), dstType,
                                    adaptor.getDest());
    Type clusterPtr = LLVM::LLVMPointerType::get(ctx, kSharedCluster);
    Value rank = adaptor.getRank();
    Value dstRemote =
        NVVM::MapaOp::create(rewriter, loc, clusterPtr, dstLocal, rank);
    Type llvmElement = getTypeConverter()->convertType(elementType);
    Type type =
        lanes == 1 ? elementType : Type(VectorType::get({lanes}, elementType));
    Type llvmType = getTypeConverter()->convertType(type);
    Value stage = buildBarrierStagePtr(rewriter, loc, adaptor.getBarrier(),
                                       adaptor.getStage());
    Value remoteStage =
        NVVM::MapaOp::create(rewriter, loc, clusterPtr, stage, rank);
    // Pieces of 4, 8 or 16 B are stored with st.async (PTX ISA 8.1), which
    // completes their bytes on the destination's barrier; narrower ones (or
    // older PTX) with plain stores, then one release arrival after a CTA
    // barrier.
    bool stAsync = llvm::is_contained(hw::kStAsyncBytes, alignment) &&
                   tma::targetPtxVersion(op) >= nvptx::kStAsyncPtx;
    // Element strides of the merged dims on both sides (index values).
    MemRefDescriptor dstDesc(adaptor.getDest());
    SmallVector<Value> srcDimStrides, dstDimStrides;
    for (const RemoteCopyPlan::Dim &dim : layout.dims) {
      srcDimStrides.push_back(isDynamic(dim.srcStride)
                                  ? srcStrides[dim.typeDim]
                                  : cst(rewriter, loc, dim.srcStride));
      dstDimStrides.push_back(
          isDynamic(dim.dstStride)
              ? arith::IndexCastOp::create(
                    rewriter, loc, rewriter.getIndexType(),
                    dstDesc.stride(rewriter, loc, dim.typeDim))
                    .getResult()
              : cst(rewriter, loc, dim.dstStride));
    }

    auto copy = [&](OpBuilder &b, Location loc) {
      buildThreadLoop(
          b, loc, layout.numElements / lanes,
          [&](OpBuilder &b, Location loc, Value v) {
            Value element =
                lanes == 1
                    ? v
                    : arith::MulIOp::create(b, loc, v, cst(b, loc, lanes))
                          .getResult();
            auto [srcIndex, dstIndex] = buildRemoteIndices(
                b, loc, layout, element, srcDimStrides, dstDimStrides);
            Value value =
                buildGuardedLoad(b, loc, type, srcFlat, srcIndex, Value(),
                                 OOBMode::undefined, alignment);
            // The LLVM form of the loaded value (fp8 elements are integers
            // there) for the LLVM store; the upstream lowering of the load
            // resolves the cast.
            if (llvmType != type)
              value =
                  UnrealizedConversionCastOp::create(b, loc, llvmType, value)
                      .getResult(0);
            Value offset =
                arith::IndexCastOp::create(b, loc, b.getI64Type(), dstIndex);
            Value ptr = LLVM::GEPOp::create(b, loc, clusterPtr, llvmElement,
                                            dstRemote, ValueRange{offset});
            if (stAsync)
              buildStAsync(b, loc, ptr, value, remoteStage);
            else
              LLVM::StoreOp::create(b, loc, value, ptr, alignment);
          });
    };
    Value pred = adaptor.getPredicate();
    if (pred)
      buildIf(rewriter, loc, pred, copy);
    else
      copy(rewriter, loc);
    buildRemoteCompletion(rewriter, loc, stAsync, pred, remoteStage,
                          layout.numElements * eb);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateSyncCopyToNVVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<SyncCopyLowering>(converter);
}
