//===- AsyncCopyToNVVM.cpp - the convert-asynccopy-to-nvvm pass -----------===//
//
// Type conversions, the conversion target, and the pass that composes the
// per-family patterns. Runs before the upstream GPU-to-NVVM lowering; memref
// and index values cross the boundary through unrealized casts that the
// upstream lowerings resolve.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/AsyncCopyToNVVM/AsyncCopyToNVVM.h"
#include "asynccopy/Conversion/Passes.h"

#include "PatternUtils.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/NVPTXTargets.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_CONVERTASYNCCOPYTONVVM
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

void mlir::asynccopy::populateAsyncCopyToNVVMTypeConversions(
    LLVMTypeConverter &converter) {
  MLIRContext *ctx = &converter.getContext();
  converter.addConversion([ctx](BarrierType type) -> Type {
    return LLVM::LLVMPointerType::get(
        ctx, type.getRemote() ? lowering::kSharedCluster : lowering::kShared);
  });
  converter.addConversion(
      [ctx](TokenType) -> Type { return IntegerType::get(ctx, 32); });
  populateAsyncCopyElementTypeConversions(converter);
  populateGpuMemorySpaceAttributeConversions(
      converter, [](gpu::AddressSpace space) -> unsigned {
        switch (space) {
        case gpu::AddressSpace::Global:
          return lowering::kGlobal;
        case gpu::AddressSpace::Workgroup:
          return lowering::kShared;
        case gpu::AddressSpace::Private:
          return 0;
        }
        llvm_unreachable("unknown GPU address space");
      });
}

void mlir::asynccopy::populateAsyncCopyToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  lowering::populateBarrierToNVVMPatterns(converter, patterns);
  lowering::populateTMAToNVVMPatterns(converter, patterns);
  lowering::populateBulkToNVVMPatterns(converter, patterns);
  lowering::populateCpAsyncToNVVMPatterns(converter, patterns);
  lowering::populateDsmemToNVVMPatterns(converter, patterns);
  lowering::populateSyncCopyToNVVMPatterns(converter, patterns);
  lowering::populateGroupsToNVVMPatterns(converter, patterns);
  lowering::populateTensorCoreToNVVMPatterns(converter, patterns);
}

/// What `op` lowers to that not every chip has, and the oldest SM that has
/// it, where that depends on the op's operands. (Ops that always need a chip
/// say so with NVVMRequiresSM, which the gpu.module's NVVM target verifies.)
/// The NVPTX back end aborts with "Cannot select" instead of reporting these
/// on an older chip.
static std::optional<std::pair<StringRef, unsigned>>
requiredFeature(Operation *op) {
  using Feature = std::pair<StringRef, unsigned>;
  if (auto copy = dyn_cast<SyncCopyOp>(op)) {
    if (copy.getRank())
      return Feature("a copy to another CTA of the cluster (mapa)", 90);
    if (copy.getBarrier())
      return Feature("an mbarrier arrival", 80);
    return std::nullopt;
  }
  if (auto arrive = dyn_cast<BarrierArriveOp>(op))
    return arrive.getBarrier().getType().getRemote()
               ? Feature("a remote arrive (mbarrier.arrive.shared::cluster)",
                         90)
               : Feature("mbarriers", 80);
  if (auto wait = dyn_cast<WaitGroupOp>(op))
    return wait.getKind() == GroupKind::bulk
               ? Feature("bulk groups (cp.async.bulk.wait_group)", 90)
               : Feature("cp.async groups (cp.async.wait_group)", 80);
  if (auto commit = dyn_cast<CommitGroupOp>(op))
    return commit.getKind() == GroupKind::bulk
               ? Feature("bulk groups (cp.async.bulk.commit_group)", 90)
               : Feature("cp.async groups (cp.async.commit_group)", 80);
  return std::nullopt;
}

/// Reports an op that an earlier pass must prepare for the conversion
/// (which composes no passes itself: the pipelines do), naming that pass.
static LogicalResult checkPrepared(Operation *op) {
  auto missing = [&](StringRef what, StringRef pass) {
    return op->emitOpError() << what << "; run " << pass
                             << " first (the asynccopy-to-nvvm pipeline does)";
  };
  if (auto copy = dyn_cast<CopyOp>(op))
    return missing(copy.getImplOrDefault() == CopyImpl::automatic
                       ? "has no implementation"
                       : "has not been rewritten into its mechanism op",
                   "asynccopy-select-implementation");
  if (isa<PrefetchOp>(op))
    return missing("has not been planned", "asynccopy-select-implementation");
  auto tma = dyn_cast<AsyncCopyLikeOpInterface>(op);
  if (tma && tma.getCollective() &&
      !AsyncCopyDialect::ClusterShapeAttrHelper(op->getContext())
           .isAttrPresent(op))
    return missing("is collective but has no cluster shape",
                   "asynccopy-partition-collective");
  TmaPlanAttr plan;
  if (auto prefetch = dyn_cast<TmaPrefetchOp>(op))
    plan = prefetch.getPlan();
  else if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp>(op))
    plan = op->getAttrOfType<TmaPlanAttr>("plan");
  if (plan && !plan.getDescriptor())
    return missing("has no tensor map",
                   "asynccopy-materialize-tma-descriptors");
  return success();
}

/// The PTX ISA version (x10) `barrier.wait` needs before sm_90, where it
/// lowers to mbarrier.test_wait.parity.
static constexpr unsigned kTestWaitParityPtx = 71;

/// The barriers of `func` that other CTAs' threads may release stores to
/// (remote arrivals on a view of them, but for consumer releases marked
/// `asynccopy.cta_release`), whose waits must acquire at cluster
/// scope to see those stores; nullopt when that may be any barrier (a remote
/// arrival on a view the walk cannot trace, remote copies through the sync
/// path). Async-proxy writes (TMA, DSMEM bulk copies) are made visible by
/// complete_tx and need no more than CTA scope.
static std::optional<llvm::SmallPtrSet<Value, 4>>
remotelyReleasedBarriers(FunctionOpInterface func) {
  llvm::SmallPtrSet<Value, 4> barriers;
  WalkResult walk = func->walk([&](Operation *op) {
    if (auto copy = dyn_cast<SyncCopyOp>(op); copy && copy.getRank())
      return WalkResult::interrupt();
    auto arrive = dyn_cast<BarrierArriveOp>(op);
    if (!arrive || !arrive.getBarrier().getType().getRemote() ||
        AsyncCopyDialect::CtaReleaseAttrHelper(op->getContext())
            .isAttrPresent(arrive))
      return WalkResult::advance();
    auto view = arrive.getBarrier().getDefiningOp<BarrierRemoteOp>();
    if (!view || !view.getBarrier().getDefiningOp<BarrierAllocOp>())
      return WalkResult::interrupt();
    barriers.insert(view.getBarrier());
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return barriers;
}

/// Whether barriers of `func` complete on generic-proxy writes to SMEM that
/// no fence of the writer orders for the async proxy: cp.async copies with a
/// barrier (the arrival fires when the copies land) and sync-path remote
/// copies (peers' stores). Their waits fence instead.
static bool completesOnGenericWrites(FunctionOpInterface func) {
  WalkResult found = func->walk([](Operation *op) {
    if (auto copy = dyn_cast<CpAsyncCopyOp>(op); copy && copy.getBarrier())
      return WalkResult::interrupt();
    if (auto copy = dyn_cast<SyncCopyOp>(op); copy && copy.getRank())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

namespace {

/// The completion groups of the chip's that `op` is in: cp.async groups from
/// sm_80, bulk groups from sm_90.
int64_t availableGroups(Operation *op) {
  return (tma::targetsAtLeast(op, 80) ? lowering::kCpAsyncGroups : 0) |
         (tma::targetsHopper(op) ? lowering::kBulkGroups : 0);
}

/// The completion groups `token` may stand for: bulk groups for TMA and bulk
/// stores, cp.async groups for cp.async loads, none for sync copies. The
/// token is traced to its producers through loop-carried values, branches
/// and calls; a producer that is not visible stands for every group the
/// chip has.
int64_t waitGroupsOf(Value token, Operation *wait) {
  SmallVector<Value> worklist = {token};
  DenseSet<Value> seen;
  int64_t groups = 0;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (Operation *producer = value.getDefiningOp();
        isa_and_nonnull<AsyncCopyLikeOpInterface>(producer)) {
      if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp, BulkLoadOp, BulkStoreOp>(
              producer))
        groups |= lowering::kBulkGroups;
      else if (isa<CpAsyncCopyOp>(producer))
        groups |= lowering::kCpAsyncGroups;
      else if (!isa<SyncCopyOp>(producer))
        groups |= availableGroups(wait);
      continue;
    }
    FailureOr<SmallVector<Value>> incoming = getIncomingValues(value);
    if (failed(incoming)) {
      groups |= availableGroups(wait);
      continue;
    }
    worklist.append(incoming->begin(), incoming->end());
  }
  return groups;
}

/// SMEM alignment a copy needs: TMA boxes start on 128 B, and swizzled ones
/// on the 1024-B swizzle atom; bulk copies, cp.async and the sync fallback
/// need their (up to) 16-B transfers aligned.
int64_t requiredSmemAlignment(AsyncCopyLikeOpInterface copy) {
  bool swizzled = copy.getSwizzleOrZero() != 0;
  if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp>(copy))
    return swizzled ? hw::kMaxSwizzleAtomBytes : hw::smemBoxAlignBytes(0);
  // Per-thread vectors of up to 16 B; their swizzled layout matches TMA's,
  // which swizzles address bits, on the 1024-B swizzle atom.
  if (isa<CpAsyncCopyOp, SyncCopyOp>(copy))
    return swizzled ? hw::kMaxSwizzleAtomBytes : hw::kMaxVectorBytes;
  if (isa<BulkLoadOp, BulkStoreOp, DsmemCopyOp>(copy))
    return hw::kBulkAlignBytes;
  return 0;
}

/// Raises the alignment of `allocation` to `align` bytes (an opaque value's
/// alignment is its producer's business).
void raiseAlignment(const SmemAllocation &allocation, int64_t align) {
  Builder b(allocation.value.getContext());
  IntegerAttr alignAttr = b.getI64IntegerAttr(align);
  switch (allocation.kind) {
  case SmemAllocation::Kind::WorkgroupAttribution: {
    auto arg = cast<BlockArgument>(allocation.value);
    auto func = cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
    unsigned index = arg.getArgNumber() - func.getNumArguments();
    StringRef name = LLVM::LLVMDialect::getAlignAttrName();
    auto current = dyn_cast_or_null<IntegerAttr>(
        func.getWorkgroupAttributionAttr(index, name));
    if (!current || current.getInt() < align)
      func.setWorkgroupAttributionAttr(index, name, alignAttr);
    return;
  }
  case SmemAllocation::Kind::Global: {
    auto getGlobal = allocation.value.getDefiningOp<memref::GetGlobalOp>();
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        getGlobal, getGlobal.getNameAttr());
    if (global &&
        global.getAlignment().value_or(0) < static_cast<uint64_t>(align))
      global.setAlignmentAttr(alignAttr);
    return;
  }
  case SmemAllocation::Kind::Alloc: {
    Operation *alloc = allocation.value.getDefiningOp();
    auto current = alloc->getAttrOfType<IntegerAttr>("alignment");
    if (!current || current.getInt() < align)
      alloc->setAttr("alignment", alignAttr);
    return;
  }
  case SmemAllocation::Kind::Opaque:
    return;
  }
  llvm_unreachable("unknown SMEM allocation kind");
}

/// Raises the alignment of every allocation the SMEM view `smem` may come
/// from (through views, loop-carried values, branches and calls) to `align`
/// bytes. Selection declined views whose offset from them breaks it.
void raiseSmemAlignment(Value smem, int64_t align) {
  for (const SmemAllocation &allocation : traceSmemBuffer(smem).allocations)
    raiseAlignment(allocation, align);
}

/// The barrier and token arguments of a gpu.func's blocks (branch targets)
/// take their converted types; its entry block (the kernel's parameters and
/// attributions) keeps its own.
struct GPUFuncBlockTypes : public OpConversionPattern<gpu::GPUFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::GPUFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(rewriter.convertRegionTypes(&op.getBody(), *getTypeConverter())))
      return failure();
    rewriter.modifyOpInPlace(op, [] {});
    return success();
  }
};

/// Reports, before any rewrite, what no pattern can lower on this target:
/// the chip decides which instructions exist, and LLVM aborts on an unknown
/// one instead of reporting it.
LogicalResult checkLowerable(Operation *op) {
  if (auto module = dyn_cast<gpu::GPUModuleOp>(op);
      module && module.getTargetsAttr()) {
    for (Attribute target : module.getTargetsAttr()) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
      if (!nvvm)
        continue;
      if (std::optional<std::string> problem =
              nvptx::checkChip(nvvm.getChip())) {
        module.emitOpError("targets chip '")
            << nvvm.getChip() << "', which " << *problem;
        return failure();
      }
    }
  }
  if (failed(checkPrepared(op)))
    return failure();
  if (auto feature = requiredFeature(op);
      feature && !tma::targetsAtLeast(op, feature->second)) {
    op->emitOpError() << "uses " << feature->first << ", which needs sm_"
                      << feature->second
                      << " or newer; this GPU module targets sm_"
                      << *tma::targetSmVersion(op);
    return failure();
  }
  // Selection keeps these from TMA; IR selected elsewhere may not.
  if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp>(op) &&
      cast<AsyncCopyLikeOpInterface>(op).getPeer()) {
    if (unsigned ptx = tma::targetPtxVersion(op);
        ptx < tma::kTensorMapFencePtx) {
      op->emitOpError("is a `peer` TMA copy, whose tensor-map fence "
                      "(fence.proxy.tensormap) needs PTX ISA 8.3 or "
                      "newer; this GPU module targets PTX ")
          << ptx / 10 << "." << ptx % 10
          << " (add features = \"+ptx83\" to its #nvvm.target, or "
             "use impl = bulk or sync)";
      return failure();
    }
  }
  if (unsigned ptx = tma::targetPtxVersion(op); isa<BarrierWaitOp>(op) &&
                                                !tma::targetsHopper(op) &&
                                                ptx < kTestWaitParityPtx) {
    op->emitOpError("uses mbarrier.test_wait.parity, which needs PTX "
                    "ISA 7.1 or newer; this GPU module targets PTX ")
        << ptx / 10 << "." << ptx % 10
        << " (add features = \"+ptx71\" or newer to its "
           "#nvvm.target)";
    return failure();
  }
  return success();
}

/// Records what the patterns need to know about other ops: what each wait
/// waits for (tokens disappear in the conversion), which barrier waits
/// acquire at cluster scope or fence the proxies, the SMEM alignment and
/// view offsets the copies need, and the peer table.
void annotateForPatterns(Operation *root) {
  Builder b(root->getContext());
  AsyncCopyDialect::ClusterAcquireAttrHelper clusterAcquire(b.getContext());
  AsyncCopyDialect::ProxyFenceAttrHelper proxyFence(b.getContext());
  AsyncCopyDialect::WaitGroupsAttrHelper waitGroups(b.getContext());
  root->walk([&](FunctionOpInterface func) {
    std::optional<llvm::SmallPtrSet<Value, 4>> released =
        remotelyReleasedBarriers(func);
    func->walk([&](BarrierWaitOp wait) {
      // A wait on a barrier carried through block arguments may wait on
      // any of them.
      Value barrier = wait.getBarrier();
      if (!released || released->contains(barrier) ||
          (!released->empty() && !barrier.getDefiningOp<BarrierAllocOp>()))
        clusterAcquire.setAttr(wait, b.getUnitAttr());
    });
  });
  root->walk([&](FunctionOpInterface func) {
    if (!completesOnGenericWrites(func))
      return;
    func->walk(
        [&](BarrierWaitOp wait) { proxyFence.setAttr(wait, b.getUnitAttr()); });
  });
  root->walk([&](Operation *op) {
    if (auto wait = dyn_cast<WaitOp>(op))
      waitGroups.setAttr(
          wait, b.getI64IntegerAttr(waitGroupsOf(wait.getToken(), wait)));
    if (auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op)) {
      if (int64_t align = requiredSmemAlignment(copy))
        for (Value buffer : {copy.getSource(), copy.getDest()})
          if (isSharedMemory(cast<MemRefType>(buffer.getType())))
            raiseSmemAlignment(buffer, align);
      // Per-thread lowerings place their vectors by the views' offsets.
      if (isa<CpAsyncCopyOp, SyncCopyOp>(op))
        lowering::recordSmemOffsets(copy);
      // Peer copies translate their addresses through the runtime's
      // table, one per GPU module.
      if (copy.getPeer())
        lowering::declareSymmetricTable(copy);
    }
  });
}

/// Barriers and tokens carried by values other ops define (scf.for
/// iter_args, scf.if/while results, branch block arguments, device
/// functions' arguments and results) take the same types as in `converter`;
/// nothing else changes type before the upstream lowering. `carried` must
/// outlive the conversion.
void populateCarriedTypeConversions(LLVMTypeConverter &converter,
                                    TypeConverter &carried,
                                    RewritePatternSet &patterns,
                                    ConversionTarget &target) {
  carried.addConversion([](Type type) { return type; });
  carried.addConversion(
      [&](BarrierType type) { return converter.convertType(type); });
  carried.addConversion(
      [&](TokenType type) { return converter.convertType(type); });
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  carried.addSourceMaterialization(cast);
  carried.addTargetMaterialization(cast);
  scf::populateSCFStructuralTypeConversionsAndLegality(carried, patterns,
                                                       target);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 carried);
  populateCallOpTypeConversionPattern(patterns, carried);
  populateReturnOpTypeConversionPattern(patterns, carried);
  populateBranchOpInterfaceTypeConversionPattern(patterns, carried);
  patterns.add<GPUFuncBlockTypes>(carried, patterns.getContext());
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return carried.isSignatureLegal(op.getFunctionType()) &&
           carried.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<gpu::GPUFuncOp>(
      [&](gpu::GPUFuncOp op) { return carried.isLegal(&op.getBody()); });
  target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
      [&](Operation *op) { return carried.isLegal(op); });
  target.markUnknownOpDynamicallyLegal([&](Operation *op) {
    return !isa<BranchOpInterface>(op) ||
           isLegalForBranchOpInterfaceTypeConversionPattern(op, carried);
  });
}

struct ConvertAsyncCopyToNVVMPass
    : public mlir::asynccopy::impl::ConvertAsyncCopyToNVVMBase<
          ConvertAsyncCopyToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    WalkResult unsupported =
        getOperation()->walk<WalkOrder::PreOrder>([](Operation *op) {
          return failed(checkLowerable(op)) ? WalkResult::interrupt()
                                            : WalkResult::advance();
        });
    if (unsupported.wasInterrupted() ||
        failed(lowering::resolveWgmmaDescriptors(getOperation())))
      return signalPassFailure();
    annotateForPatterns(getOperation());

    LLVMTypeConverter converter(ctx);
    populateAsyncCopyToNVVMTypeConversions(converter);

    RewritePatternSet patterns(ctx);
    populateAsyncCopyToNVVMConversionPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addIllegalDialect<AsyncCopyDialect>();
    target.addLegalDialect<arith::ArithDialect, gpu::GPUDialect,
                           LLVM::LLVMDialect, memref::MemRefDialect,
                           NVVM::NVVMDialect, nvgpu::NVGPUDialect,
                           scf::SCFDialect, vector::VectorDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();

    TypeConverter carried;
    populateCarriedTypeConversions(converter, carried, patterns, target);

    // asynccopy ops are converted but not declared illegal: a pattern that
    // cannot lower its op reports why, and the driver collects the op instead
    // of repeating that with an error of its own.
    target.addDynamicallyLegalDialect<AsyncCopyDialect>(
        [](Operation *) -> std::optional<bool> { return std::nullopt; });
    // The tensor-map encode ops are host code (convert-asynccopy-host-to-llvm).
    target.addLegalOp<EncodeTensorMapOp, EncodePeerTensorMapsOp>();
    DenseSet<Operation *> unlowered;
    ConversionConfig config;
    config.unlegalizedOps = &unlowered;
    bool reported = false;
    ScopedDiagnosticHandler noteErrors(ctx, [&](Diagnostic &diag) {
      reported |= diag.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      return signalPassFailure();
    if (unlowered.empty())
      return lowering::restrictBarriersToConsumers(getOperation());
    if (!reported)
      (*unlowered.begin())->emitOpError("has no lowering to NVVM");
    signalPassFailure();
  }
};
} // namespace
