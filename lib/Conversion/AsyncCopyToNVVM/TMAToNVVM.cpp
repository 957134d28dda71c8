//===- TMAToNVVM.cpp - TMA loads, stores, reductions, prefetches ----------===//
//
// One elected thread issues every TMA instruction of a copy as its plan
// (#asynccopy.tma_plan) records them: the tensor-map coordinates, one
// instruction per issue, and for a multicast load this CTA's piece; a load
// arrives on its barrier stage once, expecting the bytes of all its issues.
//
//===----------------------------------------------------------------------===//

#include "PatternUtils.h"

#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <limits>

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

/// The tensor-map parameter of a TMA op: kernel argument `descriptor` of its
/// plan (with descriptor-mode=scratch, the map `descriptor_offset` bytes into
/// it).
FailureOr<Value> getDescriptor(Operation *op, TmaPlanAttr plan) {
  std::optional<int64_t> index = plan.getDescriptor();
  if (!index)
    return op->emitOpError("has no tensor map; run "
                           "asynccopy-materialize-tma-descriptors first");
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func || func.isExternal() ||
      *index >= static_cast<int64_t>(func.getNumArguments()))
    return op->emitOpError("names tensor-map parameter ")
           << *index << ", which its kernel does not have";
  Value param = func.getArgument(*index);
  if (int64_t offset = plan.getDescriptorOffset().value_or(0)) {
    OpBuilder b(op);
    param = LLVM::GEPOp::create(
        b, op->getLoc(), param.getType(), b.getI8Type(), param,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
  }
  return param;
}

/// PTX-ordered (innermost first) i32 coordinates of one issue.
SmallVector<Value> buildIssueCoordinates(OpBuilder &b, Location loc,
                                         const TmaPlan &plan,
                                         ArrayRef<Value> viewCoords,
                                         const TmaIssue &issue) {
  SmallVector<Value> result;
  for (const TmaDim &dim : llvm::reverse(plan.dims)) {
    Value sum;
    for (auto [viewDim, scale] : dim.terms) {
      Value c = viewCoords[viewDim];
      if (int64_t off = issue.viewOffset[viewDim])
        c = arith::AddIOp::create(b, loc, c,
                                  arith::ConstantIndexOp::create(b, loc, off));
      if (scale != 1)
        c = arith::MulIOp::create(
            b, loc, c, arith::ConstantIndexOp::create(b, loc, scale));
      sum = sum ? arith::AddIOp::create(b, loc, sum, c).getResult() : c;
    }
    // Saturated, not truncated: a window beyond 2^31 stays out of bounds
    // (tensor maps keep extents below tma::kMaxCoordinateExtent).
    sum = arith::MaxSIOp::create(
        b, loc,
        arith::MinSIOp::create(
            b, loc, sum,
            arith::ConstantIndexOp::create(
                b, loc, std::numeric_limits<int32_t>::max())),
        arith::ConstantIndexOp::create(b, loc,
                                       std::numeric_limits<int32_t>::min()));
    result.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(), sum));
  }
  return result;
}

Value offsetPtr(OpBuilder &b, Location loc, Value ptr, int64_t bytes) {
  if (bytes == 0)
    return ptr;
  return LLVM::GEPOp::create(
      b, loc, ptr.getType(), b.getI8Type(), ptr,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(bytes)});
}

/// Where one CTA's piece of a collective copy goes: its group index, the
/// multicast mask of its group (i16) and, per split dim, the piece index.
struct CollectiveIssue {
  Value groupIndex, mask;
  SmallVector<Value> pieceIndex;
};

/// Builds the group index and multicast mask of the CTA from %cluster_ctaid:
/// the group is the CTAs that differ from it only along `collective` dims;
/// the index linearises those coordinates in the order they are listed, the
/// mask has one bit per group member at its %cluster_ctarank.
CollectiveIssue buildCollectiveIssue(OpBuilder &b, Location loc,
                                     AsyncCopyLikeOpInterface op,
                                     const CollectiveSplit &split) {
  ArrayRef<int64_t> shape =
      AsyncCopyDialect::ClusterShapeAttrHelper(op->getContext())
          .getAttr(op)
          .asArrayRef();
  Type i32 = b.getI32Type();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  Value coords[] = {NVVM::BlockInClusterIdXOp::create(b, loc, i32),
                    NVVM::BlockInClusterIdYOp::create(b, loc, i32),
                    NVVM::BlockInClusterIdZOp::create(b, loc, i32)};
  int64_t rankStride[] = {1, shape[0], shape[0] * shape[1]};
  SmallVector<bool> inGroup(3, false);
  Value index = cst(0);
  int64_t indexStride = 1;
  // Ranks of the group relative to its member with zero group coordinates.
  SmallVector<int64_t> members = {0};
  ArrayAttr collective = *op.getCollective();
  for (Attribute attr : collective) {
    unsigned d =
        static_cast<unsigned>(cast<gpu::DimensionAttr>(attr).getValue());
    inGroup[d] = true;
    index = arith::AddIOp::create(
        b, loc, index,
        arith::MulIOp::create(b, loc, coords[d], cst(indexStride)));
    indexStride *= shape[d];
    SmallVector<int64_t> grown;
    for (int64_t member : members)
      for (int64_t k = 0; k < shape[d]; ++k)
        grown.push_back(member + k * rankStride[d]);
    members = std::move(grown);
  }
  int64_t pattern = 0;
  for (int64_t member : members)
    pattern |= int64_t(1) << member;
  Value base = cst(0);
  for (unsigned d = 0; d < 3; ++d)
    if (!inGroup[d])
      base = arith::AddIOp::create(
          b, loc, base,
          arith::MulIOp::create(b, loc, coords[d], cst(rankStride[d])));
  Value mask = arith::ShLIOp::create(b, loc, cst(pattern), base);

  CollectiveIssue issue;
  issue.groupIndex = index;
  issue.mask = arith::TruncIOp::create(b, loc, b.getI16Type(), mask);
  int64_t below = 1;
  for (const CollectiveSplit::Dim &dim : split.dims) {
    Value k = arith::DivUIOp::create(b, loc, index, cst(below));
    issue.pieceIndex.push_back(
        arith::RemUIOp::create(b, loc, k, cst(dim.count)));
    below *= dim.count;
  }
  return issue;
}

/// A multicast plan needs the cluster shape partitioning records, and a
/// split into one piece per CTA of the group.
LogicalResult verifyGroup(AsyncCopyLikeOpInterface op,
                          const CollectiveSplit &split) {
  FailureOr<int64_t> group = collectiveGroupSize(op);
  if (failed(group))
    return op->emitOpError("has a multicast plan but no cluster shape; run "
                           "asynccopy-partition-collective first");
  int64_t pieces = 1;
  for (const CollectiveSplit::Dim &dim : split.dims)
    pieces *= dim.count;
  if (!split.leaderOnly && pieces != *group)
    return op->emitOpError("splits its box into ")
           << pieces << " pieces for a group of " << *group << " CTAs";
  return success();
}

NVVM::TMAReduxKind toNVVM(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::add:
    return NVVM::TMAReduxKind::ADD;
  case ReductionKind::min:
    return NVVM::TMAReduxKind::MIN;
  case ReductionKind::max:
    return NVVM::TMAReduxKind::MAX;
  case ReductionKind::inc:
    return NVVM::TMAReduxKind::INC;
  case ReductionKind::dec:
    return NVVM::TMAReduxKind::DEC;
  case ReductionKind::AND:
    return NVVM::TMAReduxKind::AND;
  case ReductionKind::OR:
    return NVVM::TMAReduxKind::OR;
  case ReductionKind::XOR:
    return NVVM::TMAReduxKind::XOR;
  }
  llvm_unreachable("unknown reduction kind");
}

/// The NVVM TMA instruction of one issue of a load, store or reduction.
void buildTmaIssue(OpBuilder &b, Location loc, TmaLoadOp, Value smem, Value map,
                   ValueRange coords, Value bar, Value mask, Value policy) {
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      b, loc, buildCastToSpace(b, loc, smem, kSharedCluster), map, coords, bar,
      ValueRange{}, mask, policy, NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
      NVVM::CTAGroupKindAttr(), /*predicate=*/Value());
}
void buildTmaIssue(OpBuilder &b, Location loc, TmaStoreOp, Value smem,
                   Value map, ValueRange coords, Value, Value, Value policy) {
  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      b, loc, map, smem, coords, policy, NVVM::TMAStoreMode::TILE,
      /*predicate=*/Value());
}
void buildTmaIssue(OpBuilder &b, Location loc, TmaReduceOp op, Value smem,
                   Value map, ValueRange coords, Value, Value, Value policy) {
  NVVM::CpAsyncBulkTensorReduceOp::create(
      b, loc, map, smem, toNVVM(*op.getReduction()), NVVM::TMAStoreMode::TILE,
      coords, policy);
}

/// Lowers `tma.load`, `tma.store` or `tma.reduce` (one pattern each): one
/// elected thread issues every box of the plan; a load arrives on its
/// barrier stage once, expecting the plan's bytes.
template <typename OpT>
struct TmaCopyLowering : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TmaPlanAttr planAttr = op.getPlan();
    FailureOr<Value> desc = getDescriptor(op, planAttr);
    if (failed(desc))
      return failure();
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout))
      return op.emitOpError("has no analysable GMEM layout");
    FailureOr<TmaPlan> plan = getTmaPlan(op, planAttr, *layout);
    if (failed(plan))
      return failure();
    // Partitioning split a collective load's box over its group; a group of
    // one CTA (or a plan without a split) loads alone, without multicast.
    const CollectiveSplit *split =
        planAttr.isMulticast() ? &plan->multicast : nullptr;
    if (split && failed(verifyGroup(op, *split)))
      return failure();

    Location loc = op.getLoc();
    auto gmemType = cast<MemRefType>(op.getGmem().getType());
    MemRefType smemType = cast<MemRefType>(op.getSmem().getType());
    Value smemDesc = op.isLoad() ? adaptor.getDest() : adaptor.getSource();
    Value smem = buildBufferPtr(rewriter, loc, *this->getTypeConverter(),
                                smemType, smemDesc);
    SmallVector<Value> viewCoords = buildTensorViewOffsets(
        rewriter, loc, *layout, gmemType, op.getMixedOffsets());
    Value pred = buildIssuePredicate(rewriter, loc, adaptor.getPredicate());
    Value barrier = adaptor.getBarrier(), stage = adaptor.getStage();
    constexpr bool isLoad = std::is_same_v<OpT, TmaLoadOp>;
    bool commit = op.getCommit().value_or(true);

    buildIf(rewriter, loc, pred, [&](OpBuilder &b, Location loc) {
      Value policy = buildL2CachePolicy(b, loc, op.getCache());
      // A peer copy's parameter points at one map per PE; it uses PE pe's.
      Value map = *desc;
      if (Value pe = adaptor.getPeer())
        map = buildPeerTensorMap(b, loc, map, pe);
      Value bar;
      // Every CTA of a collective group receives the whole window.
      if (isLoad)
        bar = buildArriveExpectTx(b, loc, barrier, stage, planAttr.getBytes());
      Value mask;
      if (split) {
        // This CTA's piece: its coordinates and SMEM offset move by its
        // piece index along each split dim.
        CollectiveIssue group = buildCollectiveIssue(b, loc, op, *split);
        mask = group.mask;
        for (auto [dim, k] : llvm::zip(split->dims, group.pieceIndex)) {
          Value kIndex =
              arith::IndexCastUIOp::create(b, loc, b.getIndexType(), k);
          viewCoords[dim.planDim] = arith::AddIOp::create(
              b, loc, viewCoords[dim.planDim],
              arith::MulIOp::create(
                  b, loc, kIndex,
                  arith::ConstantIndexOp::create(b, loc, dim.piece)));
          Value bytes = arith::MulIOp::create(
              b, loc, k,
              arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                           dim.smemStrideBytes));
          smem = LLVM::GEPOp::create(b, loc, smem.getType(), b.getI8Type(),
                                     smem, ArrayRef<LLVM::GEPArg>{bytes});
        }
        // replicated: the group leader loads the whole window for all.
        if (split->leaderOnly) {
          Value leader = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, group.groupIndex,
              arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0));
          auto ifLeader = scf::IfOp::create(b, loc, leader);
          b.setInsertionPointToStart(&ifLeader.getThenRegion().front());
        }
      }
      for (const TmaIssue &issue : plan->issues) {
        SmallVector<Value> coords =
            buildIssueCoordinates(b, loc, *plan, viewCoords, issue);
        Value smemIssue = offsetPtr(b, loc, smem, issue.smemByteOffset);
        buildTmaIssue(b, loc, op, smemIssue, map, coords, bar, mask, policy);
      }
      if (!isLoad && commit)
        NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    });

    replaceLoweredCopy(rewriter, op);
    return success();
  }
};

struct TmaPrefetchLowering : public ConvertOpToLLVMPattern<TmaPrefetchOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TmaPrefetchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> desc = getDescriptor(op, op.getPlan());
    if (failed(desc))
      return failure();
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout))
      return op.emitOpError("has no analysable GMEM layout");
    FailureOr<TmaPlan> plan = getTmaPlan(op, op.getPlan(), *layout);
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> viewCoords = buildTensorViewOffsets(
        rewriter, loc, *layout, op.getSource().getType(), op.getMixedOffsets());
    Value pred = buildIssuePredicate(rewriter, loc, adaptor.getPredicate());
    buildIf(rewriter, loc, pred, [&](OpBuilder &b, Location loc) {
      Value policy = buildL2CachePolicy(b, loc, op.getCache());
      for (const TmaIssue &issue : plan->issues)
        NVVM::CpAsyncBulkTensorPrefetchOp::create(
            b, loc, *desc,
            buildIssueCoordinates(b, loc, *plan, viewCoords, issue),
            ValueRange{}, NVVM::TMALoadMode::TILE, policy);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<TmaCopyLowering<TmaLoadOp>, TmaCopyLowering<TmaStoreOp>,
               TmaCopyLowering<TmaReduceOp>, TmaPrefetchLowering>(converter);
}
