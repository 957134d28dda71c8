//===- BarrierToNVVM.cpp - mbarrier ops to NVVM ---------------------------===//
//
// Barrier arrays live in static shared memory (one LLVM global per
// `barrier.alloc`). Remote views are `mapa` addresses in shared::cluster
// space: arrivals on them use the shared::cluster form with cluster scope on
// the address `mapa` returns for the owner-local barrier and the CTA rank,
// never the CTA-local form.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// Suspend-time hint of the try_wait loop (ns), as upstream NVGPU uses.
constexpr int64_t kTryWaitTicks = 0x989680;

struct BarrierAllocLowering : public ConvertOpToLLVMPattern<BarrierAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *symbolTableOp = SymbolTable::getNearestSymbolTable(op);
    if (!symbolTableOp || symbolTableOp->getNumRegions() != 1)
      return rewriter.notifyMatchFailure(op, "no enclosing symbol table");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto arrayType = LLVM::LLVMArrayType::get(
        rewriter.getI64Type(), op.getBarrier().getType().getNumStages());

    // One global per allocation, named uniquely in the module.
    std::string name = "__asynccopy_barrier";
    for (unsigned n = 0; SymbolTable::lookupSymbolIn(symbolTableOp, name); ++n)
      name = "__asynccopy_barrier_" + std::to_string(n);
    LLVM::GlobalOp global;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&symbolTableOp->getRegion(0).front());
      global =
          LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/false,
                                 LLVM::Linkage::Internal, name, Attribute(),
                                 /*alignment=*/hw::kMbarrierBytes, kShared);
    }
    Value addr = LLVM::AddressOfOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(ctx, kShared),
        global.getSymName());
    rewriter.replaceOp(op, addr);
    return success();
  }
};

struct BarrierInitLowering : public ConvertOpToLLVMPattern<BarrierInitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = adaptor.getBarrier();
    int64_t stages = op.getBarrier().getType().getNumStages();
    int64_t count = op.getCountAttr().getInt();
    buildIf(rewriter, loc, buildIsElectedThread(rewriter, loc),
            [&](OpBuilder &b, Location loc) {
              Value countValue = buildI32(b, loc, count);
              for (int64_t s = 0; s < stages; ++s) {
                Value stage = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                                       b.getI64IntegerAttr(s));
                NVVM::MBarrierInitOp::create(
                    b, loc, buildBarrierStagePtr(b, loc, base, stage),
                    countValue, /*predicate=*/Value());
              }
              // Makes the initialisation visible to the cluster (and to the
              // async proxy) before any CTA uses the barriers; clusters and
              // this fence exist from sm_90 on.
              if (targetsHopper(b))
                NVVM::FenceMbarrierInitOp::create(b, loc);
            });
    // No thread of the CTA may touch a barrier before it is initialised.
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierArriveLowering : public ConvertOpToLLVMPattern<BarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool remote = op.getBarrier().getType().getRemote();
    Value ptr = buildBarrierStagePtr(rewriter, loc, adaptor.getBarrier(),
                                     adaptor.getStage());
    Value count;
    if (IntegerAttr countAttr = op.getCountAttr())
      count = buildI32(rewriter, loc, countAttr.getInt());
    // A consumer release only orders this CTA's reads: CTA scope.
    bool clusterRelease =
        remote && !AsyncCopyDialect::CtaReleaseAttrHelper(op.getContext())
                       .isAttrPresent(op);
    auto scope =
        clusterRelease ? NVVM::MemScopeKind::CLUSTER : NVVM::MemScopeKind::CTA;
    // Shared::cluster arrivals return no state; CTA-local ones return the
    // (unused) phase token.
    Type resultType = remote ? Type() : rewriter.getI64Type();
    NVVM::MBarrierArriveOp::create(rewriter, loc, resultType, ptr, count, scope,
                                   /*relaxed=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierArriveExpectTxLowering
    : public ConvertOpToLLVMPattern<BarrierArriveExpectTxOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierArriveExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool remote = op.getBarrier().getType().getRemote();
    Value base = adaptor.getBarrier(), stage = adaptor.getStage();
    int64_t bytes = op.getBytesAttr().getInt();
    // Transaction accounting is per CTA: one elected thread arrives.
    buildIf(rewriter, loc, buildIsElectedThread(rewriter, loc),
            [&](OpBuilder &b, Location loc) {
              buildArriveExpectTx(b, loc, base, stage, bytes, remote);
            });
    rewriter.eraseOp(op);
    return success();
  }
};

/// `while (!test()) {}`: the loop around a one-shot mbarrier wait test.
void buildSpinWait(OpBuilder &b, Location loc,
                   function_ref<Value(OpBuilder &, Location)> test) {
  scf::WhileOp::create(
      b, loc, TypeRange{}, ValueRange{},
      [&](OpBuilder &b, Location loc, ValueRange) {
        Value pending = arith::XOrIOp::create(
            b, loc, test(b, loc),
            arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
        scf::ConditionOp::create(b, loc, pending, ValueRange{});
      },
      [](OpBuilder &b, Location loc, ValueRange) {
        scf::YieldOp::create(b, loc);
      });
}

/// `barrier.wait`: mbarrier.try_wait.parity in a loop until the phase
/// completes (acquire at CTA scope, or at cluster scope where other CTAs'
/// stores are released to this barrier); test_wait.parity before sm_90.
struct BarrierWaitLowering : public ConvertOpToLLVMPattern<BarrierWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ptr = buildBarrierStagePtr(rewriter, loc, adaptor.getBarrier(),
                                     adaptor.getStage());
    Value phase = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(),
                                       adaptor.getPhase());
    Value ticks = buildI32(rewriter, loc, kTryWaitTicks);
    Type i1 = rewriter.getI1Type();
    if (!targetsHopper(rewriter)) {
      // Before sm_90 there is no try_wait: spin on test_wait.parity.
      buildSpinWait(rewriter, loc, [&](OpBuilder &b, Location loc) -> Value {
        return NVVM::MBarrierTestWaitOp::create(b, loc, i1, ptr, phase);
      });
    } else if (AsyncCopyDialect::ClusterAcquireAttrHelper(op.getContext())
                   .isAttrPresent(op)) {
      buildSpinWait(rewriter, loc, [&](OpBuilder &b, Location loc) -> Value {
        return NVVM::MBarrierTryWaitOp::create(b, loc, i1, ptr, phase, ticks,
                                               NVVM::MemScopeKind::CLUSTER);
      });
    } else {
      NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, ptr, phase, ticks);
    }
    if (AsyncCopyDialect::ProxyFenceAttrHelper(op.getContext())
            .isAttrPresent(op))
      buildAsyncProxyFence(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierRemoteLowering : public ConvertOpToLLVMPattern<BarrierRemoteOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierRemoteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // mapa turns the owner-local address into the shared::cluster address of
    // the same barrier in CTA `rank`.
    Value mapped = NVVM::MapaOp::create(
        rewriter, op.getLoc(),
        LLVM::LLVMPointerType::get(rewriter.getContext(), kSharedCluster),
        adaptor.getBarrier(), adaptor.getRank());
    rewriter.replaceOp(op, mapped);
    return success();
  }
};

} // namespace

void lowering::populateBarrierToNVVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<BarrierAllocLowering, BarrierArriveExpectTxLowering,
               BarrierArriveLowering, BarrierInitLowering,
               BarrierRemoteLowering, BarrierWaitLowering>(converter);
}
