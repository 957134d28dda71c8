//===- TMAPlanEncoding.cpp - TmaPlan <-> #asynccopy.tma_plan --------------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"

using namespace mlir;
using namespace mlir::asynccopy;

/// Whether tensor-map dim i of `plan` is tensor-view dim i of `layout`.
static bool hasViewDims(const TmaPlan &plan, const CopyLayout &layout) {
  if (plan.rank() != static_cast<int64_t>(layout.tensorShape.size()))
    return false;
  for (auto [i, dim] : llvm::enumerate(plan.dims))
    if (dim.terms.size() != 1 ||
        dim.terms.front() != std::pair<int64_t, int64_t>(i, 1))
      return false;
  return true;
}

TmaPlanAttr mlir::asynccopy::getTmaPlanAttr(MLIRContext *ctx,
                                            const TmaPlan &plan,
                                            const CopyLayout &layout) {
  SmallVector<int64_t> box;
  SmallVector<TmaDimAttr> dims;
  for (const TmaDim &dim : plan.dims)
    box.push_back(dim.box);
  if (!hasViewDims(plan, layout)) {
    for (const TmaDim &dim : plan.dims) {
      SmallVector<int64_t> view, scale;
      for (auto [viewDim, s] : dim.terms) {
        view.push_back(viewDim);
        scale.push_back(s);
      }
      dims.push_back(TmaDimAttr::get(ctx, dim.extent, dim.stride, view, scale));
    }
  }
  SmallVector<TmaIssueAttr> offsets;
  if (plan.issues.size() > 1)
    for (const TmaIssue &issue : plan.issues)
      offsets.push_back(
          TmaIssueAttr::get(ctx, issue.viewOffset, issue.smemByteOffset));
  SmallVector<TmaMulticastAttr> multicast;
  for (const CollectiveSplit::Dim &dim : plan.multicast.dims)
    multicast.push_back(TmaMulticastAttr::get(ctx, dim.planDim, dim.count,
                                              dim.smemStrideBytes));
  return TmaPlanAttr::get(ctx, box, plan.issues.size(), plan.totalBytes, dims,
                          offsets, multicast, plan.multicast.leaderOnly,
                          /*descriptor=*/std::nullopt,
                          /*descriptorOffset=*/std::nullopt);
}

/// Fails with `why` in `*reason`.
static LogicalResult decline(std::string *reason, const Twine &why) {
  if (reason)
    *reason = why.str();
  return failure();
}

/// The tensor-map dims `attr` records, or the view's dims one for one.
static LogicalResult readDims(TmaPlanAttr attr, const CopyLayout &layout,
                              TmaPlan &plan, std::string *reason) {
  int64_t viewRank = layout.tensorShape.size();
  ArrayRef<int64_t> box = attr.getBox();
  if (attr.getDims().empty()) {
    if (static_cast<int64_t>(box.size()) != viewRank)
      return decline(reason, "a rank-" + Twine(box.size()) +
                                 " box and no `dims` for a rank-" +
                                 Twine(viewRank) + " tensor view");
    for (int64_t i = 0; i < viewRank; ++i)
      plan.dims.push_back(
          {layout.tensorShape[i], layout.tensorStrides[i], box[i], {{i, 1}}});
    return success();
  }
  for (auto [dimAttr, extent] : llvm::zip(attr.getDims(), box)) {
    TmaDim dim{dimAttr.getExtent(), dimAttr.getStride(), extent, {}};
    for (auto [viewDim, scale] :
         llvm::zip(dimAttr.getView(), dimAttr.getScale())) {
      if (viewDim >= viewRank)
        return decline(reason, "a tensor-map dim reads view dim " +
                                   Twine(viewDim) + " of a rank-" +
                                   Twine(viewRank) + " tensor view");
      dim.terms.push_back({viewDim, scale});
    }
    plan.dims.push_back(std::move(dim));
  }
  return success();
}

FailureOr<TmaPlan> mlir::asynccopy::getTmaPlan(TmaPlanAttr attr,
                                               const CopyLayout &layout,
                                               std::string *reason) {
  if (!layout.hasTensorView) {
    (void)decline(reason, layout.tensorViewError);
    return failure();
  }
  TmaPlan plan;
  if (failed(readDims(attr, layout, plan, reason)))
    return failure();
  size_t viewRank = layout.tensorShape.size();
  if (attr.getIssueOffsets().empty())
    plan.issues.push_back({SmallVector<int64_t>(viewRank, 0), 0});
  for (TmaIssueAttr issue : attr.getIssueOffsets()) {
    if (issue.getView().size() != viewRank) {
      (void)decline(reason, "an issue offset of rank " +
                                Twine(issue.getView().size()) + " for a rank-" +
                                Twine(viewRank) + " tensor view");
      return failure();
    }
    plan.issues.push_back({llvm::to_vector(issue.getView()), issue.getSmem()});
  }
  for (TmaMulticastAttr piece : attr.getMulticast())
    plan.multicast.dims.push_back({piece.getDim(), piece.getCount(),
                                   attr.getBox()[piece.getDim()],
                                   piece.getSmemStride()});
  plan.multicast.leaderOnly = attr.getLeaderOnly();
  plan.bytesPerIssue = layout.elementBytes();
  for (int64_t extent : attr.getBox())
    plan.bytesPerIssue *= extent;
  plan.totalBytes = attr.getBytes();
  return plan;
}

FailureOr<TmaPlan> mlir::asynccopy::getTmaPlan(Operation *op, TmaPlanAttr attr,
                                               const CopyLayout &layout) {
  std::string reason;
  FailureOr<TmaPlan> plan = getTmaPlan(attr, layout, &reason);
  if (failed(plan))
    return op->emitOpError("has a TMA plan that does not fit its window: ")
           << reason;
  return plan;
}
