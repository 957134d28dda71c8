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

#include "asynccopy/Analysis/Contiguity.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPARTITIONCOLLECTIVE
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

using ClusterShape = std::array<int64_t, 3>;

/// Hopper clusters hold at most 16 CTAs (8 portably); a multicast mask has
/// one bit per CTA of the cluster.
constexpr int64_t kMaxClusterCtas = 16;

std::string formatShape(const ClusterShape &shape) {
  return std::to_string(shape[0]) + "x" + std::to_string(shape[1]) + "x" +
         std::to_string(shape[2]);
}

/// The cluster shape of one launch: 1x1x1 without `clusters in`, failure
/// (with an error) when its sizes are not constants.
FailureOr<ClusterShape> launchClusterShape(gpu::LaunchFuncOp launch) {
  if (!launch.hasClusterSize())
    return ClusterShape{1, 1, 1};
  ClusterShape shape;
  Value sizes[] = {launch.getClusterSizeX(), launch.getClusterSizeY(),
                   launch.getClusterSizeZ()};
  for (auto [i, size] : llvm::enumerate(sizes)) {
    std::optional<int64_t> value = getConstantIntValue(size);
    if (!value)
      return launch.emitOpError("launches kernel @")
             << launch.getKernelName().getValue()
             << ", which has collective copies, with a cluster size that is "
                "not a constant; the copies' multicast needs it at compile "
                "time (or set `known_cluster_size` on the kernel)";
    shape[i] = *value;
  }
  return shape;
}

struct PartitionCollectivePass
    : public asynccopy::impl::AsyncCopyPartitionCollectiveBase<
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
      SmallVector<CopyOp> copies;
      kernel.walk([&](CopyOp copy) {
        if (copy.getCollective())
          copies.push_back(copy);
      });
      if (copies.empty())
        return WalkResult::advance();
      FailureOr<ClusterShape> shape =
          clusterShape(kernel, copies.front(), launches.lookup(kernel));
      if (failed(shape))
        return WalkResult::interrupt();
      Builder b(kernel.getContext());
      bool ok = true;
      for (CopyOp copy : copies) {
        copy->setAttr(kClusterShapeAttrName, b.getDenseI64ArrayAttr(*shape));
        ok &= succeeded(checkSplit(copy, *shape));
      }
      return ok ? WalkResult::advance() : WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// The kernel's `known_cluster_size`, else the one shape all its launches
  /// use; reports at `copy` when neither says.
  FailureOr<ClusterShape> clusterShape(gpu::GPUFuncOp kernel, CopyOp copy,
                                       ArrayRef<gpu::LaunchFuncOp> calls) {
    std::optional<ClusterShape> shape;
    if (DenseI32ArrayAttr known = kernel.getKnownClusterSizeAttr()) {
      if (known.size() == 3)
        shape = ClusterShape{known[0], known[1], known[2]};
    } else {
      gpu::LaunchFuncOp first;
      for (gpu::LaunchFuncOp launch : calls) {
        FailureOr<ClusterShape> launchShape = launchClusterShape(launch);
        if (failed(launchShape))
          return failure();
        if (shape && *shape != *launchShape) {
          InFlightDiagnostic diag =
              launch.emitOpError("launches kernel @")
              << launch.getKernelName().getValue() << " with cluster shape "
              << formatShape(*launchShape) << ", another launch uses "
              << formatShape(*shape)
              << "; its collective copies are compiled for one shape";
          diag.attachNote(first.getLoc()) << "the other launch";
          return diag;
        }
        if (!shape)
          first = launch;
        shape = *launchShape;
      }
    }
    if (!shape)
      return copy.emitOpError("is collective over ")
             << copy.getCollectiveAttr()
             << ", but the cluster shape of kernel @" << kernel.getName()
             << " is unknown: launch it with constant `clusters in (...)` in "
                "this module or set `known_cluster_size` on the kernel";
    int64_t ctas = (*shape)[0] * (*shape)[1] * (*shape)[2];
    if (llvm::any_of(*shape, [](int64_t e) { return e < 1; }) ||
        ctas > kMaxClusterCtas)
      return copy.emitOpError("is collective in a cluster of ")
             << formatShape(*shape) << " CTAs; clusters hold 1 to "
             << kMaxClusterCtas << " CTAs";
    return *shape;
  }

  /// Checks that the copy's TMA box splits over its group. Copies TMA cannot
  /// do at all are left to selection and materialisation to report.
  LogicalResult checkSplit(CopyOp copy, const ClusterShape &shape) {
    FailureOr<CopyLayout> layout = computeCopyLayout(copy);
    if (failed(layout))
      return success();
    FailureOr<TmaPlan> plan = planTma(*layout, copy.getSwizzleOrZero(),
                                      /*allowRuntimeChecks=*/true, nullptr);
    if (failed(plan))
      return success();
    std::string reason;
    if (succeeded(splitForCollective(copy, *plan, &reason)))
      return success();
    return copy.emitOpError("cannot be shared by the ")
           << *collectiveGroupSize(copy) << " CTAs along "
           << copy.getCollectiveAttr() << " of its " << formatShape(shape)
           << " cluster: " << reason;
  }
};

} // namespace
