//===- PartitionCollective.cpp - share TMA loads over a cluster -----------===//
//
// A collective copy is loaded once per group of CTAs (those along its
// `collective` cluster dims) and multicast to all of them. How the window is
// shared depends on the cluster shape, which only the kernel's
// `known_cluster_size` or its launches know: this pass finds it, records it
// on the copy and checks that the window splits over the group, so that
// materialisation (per-CTA tensor-map box) and the TMA lowering (piece
// offsets and multicast mask from %cluster_ctaid) need nothing else.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"
#include "asynccopy/Utils/LaunchShape.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPARTITIONCOLLECTIVE
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

using ClusterShape = LaunchDims;

std::string formatShape(const ClusterShape &shape) {
  return std::to_string(shape[0]) + "x" + std::to_string(shape[1]) + "x" +
         std::to_string(shape[2]);
}

/// The cluster shape of one launch: 1x1x1 without `clusters in`, nullopt
/// (and why in `reason`) when its sizes are not constants.
std::optional<ClusterShape> launchClusterShape(gpu::LaunchFuncOp launch,
                                               std::string &reason) {
  std::optional<ClusterShape> shape = getConstantClusterSize(launch);
  if (!shape)
    reason = "a launch of its kernel has a cluster size that is not a "
             "constant (set `known_cluster_size` on the kernel to "
             "multicast)";
  return shape;
}

struct PartitionCollectivePass
    : public mlir::asynccopy::impl::AsyncCopyPartitionCollectiveBase<
          PartitionCollectivePass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    // Launches per kernel, in program order.
    llvm::DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launches;
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      if (Operation *kernel =
              symbols.lookupNearestSymbolFrom(launch, launch.getKernelAttr()))
        launches[kernel].push_back(launch);
    });

    WalkResult result = getOperation().walk([&](gpu::GPUFuncOp kernel) {
      // Only TMA multicasts; a collective copy another implementation
      // performs is one load per CTA, which is what each CTA receives.
      SmallVector<AsyncCopyLikeOpInterface> copies;
      kernel.walk([&](AsyncCopyLikeOpInterface copy) {
        if (!copy.getCollective() || isPartitioned(copy))
          return;
        if (mayMulticast(copy))
          copies.push_back(copy);
        else
          loadPerCta(copy);
      });
      if (copies.empty())
        return WalkResult::advance();
      std::string reason;
      FailureOr<std::optional<ClusterShape>> shape =
          clusterShape(kernel, copies.front(), launches.lookup(kernel), reason);
      if (failed(shape))
        return WalkResult::interrupt();
      Builder b(kernel.getContext());
      for (AsyncCopyLikeOpInterface copy : copies) {
        if (!*shape) {
          loadPerCta(copy, reason);
          continue;
        }
        AsyncCopyDialect::ClusterShapeAttrHelper(b.getContext())
            .setAttr(copy, b.getDenseI64ArrayAttr(**shape));
        FailureOr<bool> split = splits(copy, reason);
        if (failed(split))
          return WalkResult::interrupt();
        if (!*split)
          loadPerCta(copy, reason);
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// Whether `copy` is a TMA load, or an unselected copy TMA may take.
  static bool mayMulticast(AsyncCopyLikeOpInterface copy) {
    if (auto unselected = dyn_cast<CopyOp>(copy.getOperation())) {
      CopyImpl impl = unselected.getImplOrDefault();
      return impl == CopyImpl::tma || impl == CopyImpl::automatic;
    }
    return isa<TmaLoadOp>(copy);
  }

  /// Whether `copy` is a load whose plan is split already (partitioned
  /// before, or selected after the shape was recorded).
  static bool isPartitioned(AsyncCopyLikeOpInterface copy) {
    auto load = dyn_cast<TmaLoadOp>(copy.getOperation());
    return load && load.getPlan().isMulticast();
  }

  /// Turns collective `copy` into a load every CTA of the group does on its
  /// own: each receives the whole window, as with the multicast. With a
  /// `reason`, a remark says why the multicast was given up.
  static void loadPerCta(AsyncCopyLikeOpInterface copy, StringRef reason = "") {
    if (!reason.empty())
      copy->emitRemark("is loaded by every CTA of its group on its own, "
                       "without multicast: ")
          << reason;
    copy->removeAttr("collective");
    copy->removeAttr("partition");
    AsyncCopyDialect::ClusterShapeAttrHelper(copy->getContext())
        .removeAttr(copy);
  }

  /// The kernel's `known_cluster_size`, else the one shape all its launches
  /// use; nullopt with a `reason` when neither says, failure (reported at
  /// `copy`) for a cluster no GPU can launch.
  FailureOr<std::optional<ClusterShape>>
  clusterShape(gpu::GPUFuncOp kernel, AsyncCopyLikeOpInterface copy,
               ArrayRef<gpu::LaunchFuncOp> calls, std::string &reason) {
    std::optional<ClusterShape> shape;
    if (DenseI32ArrayAttr known = kernel.getKnownClusterSizeAttr()) {
      if (known.size() == 3)
        shape = ClusterShape{known[0], known[1], known[2]};
    } else {
      for (gpu::LaunchFuncOp launch : calls) {
        std::optional<ClusterShape> launchShape =
            launchClusterShape(launch, reason);
        if (!launchShape)
          return std::optional<ClusterShape>();
        if (shape && *shape != *launchShape) {
          reason = "its kernel is launched with cluster shapes " +
                   formatShape(*shape) + " and " + formatShape(*launchShape) +
                   " (a multicast is compiled for one)";
          return std::optional<ClusterShape>();
        }
        shape = *launchShape;
      }
    }
    if (!shape) {
      reason = "the cluster shape of kernel @" + kernel.getName().str() +
               " is unknown (launch it with constant `clusters in (...)` in "
               "this module or set `known_cluster_size` on the kernel to "
               "multicast)";
      return std::optional<ClusterShape>();
    }
    int64_t ctas = (*shape)[0] * (*shape)[1] * (*shape)[2];
    if (llvm::any_of(*shape, [](int64_t e) { return e < 1; }) ||
        ctas > hw::kMaxClusterCtas)
      return copy->emitOpError("is collective in a cluster of ")
             << formatShape(*shape) << " CTAs; clusters hold 1 to "
             << hw::kMaxClusterCtas << " CTAs";
    return shape;
  }

  /// Whether the copy's TMA box splits over its group (else why not in
  /// `reason`); a selected load records the split in its plan, selection
  /// splits an unselected copy. Copies TMA cannot do at all are left to
  /// selection and materialisation to report.
  static FailureOr<bool> splits(AsyncCopyLikeOpInterface copy,
                                std::string &reason) {
    FailureOr<CopyLayout> layout = computeCopyLayout(copy);
    if (failed(layout))
      return true;
    auto load = dyn_cast<TmaLoadOp>(copy.getOperation());
    if (!load) {
      FailureOr<TmaPlan> plan = planTma(*layout, copy.getSwizzleOrZero(),
                                        /*allowRuntimeChecks=*/true, nullptr);
      return failed(plan) ||
             succeeded(splitForCollective(copy, *plan, &reason));
    }
    FailureOr<TmaPlan> plan = getTmaPlan(load, load.getPlan(), *layout);
    if (failed(plan))
      return failure();
    if (failed(splitForCollective(copy, *plan, &reason)))
      return false;
    TmaPlanAttr split = getTmaPlanAttr(load.getContext(), *plan, *layout);
    if (std::optional<int64_t> param = load.getPlan().getDescriptor())
      split =
          split.withDescriptor(*param, load.getPlan().getDescriptorOffset());
    load.setPlanAttr(split);
    return true;
  }
};

} // namespace
