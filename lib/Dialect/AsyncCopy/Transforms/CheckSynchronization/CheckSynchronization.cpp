//===- CheckSynchronization.cpp - static checks of barriers and copies ----===//
//
// Checks every kernel (gpu.func with a body, gpu.launch) of the module, so
// that every problem is reported at once, and fails where one has an error;
// asynccopy-pipeline-loops asks the same of one kernel without reporting.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "../SynchronizationCheck.h"
#include "CheckSynchronization.h"

#include "asynccopy/Utils/LaunchShape.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYCHECKSYNCHRONIZATION
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;

/// Checks the kernel `op` (a gpu.func with a body or a gpu.launch); see
/// SyncChecker::run.
static bool checkKernel(Operation *op, bool emit) {
  if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
    if (func.getBody().empty())
      return false;
    return SyncChecker(func.getBody(), func.isKernel(), getBlockThreads(func))
        .run(emit);
  }
  auto launch = cast<gpu::LaunchOp>(op);
  return SyncChecker(launch.getBody(), /*isKernel=*/true,
                     getBlockThreads(launch))
      .run(emit);
}

namespace {
struct AsyncCopyCheckSynchronizationPass
    : public mlir::asynccopy::impl::AsyncCopyCheckSynchronizationBase<
          AsyncCopyCheckSynchronizationPass> {
  void runOnOperation() override {
    bool failedCheck = false;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::GPUFuncOp, gpu::LaunchOp>(op))
        failedCheck |= checkKernel(op, /*emit=*/true);
    });
    if (failedCheck)
      signalPassFailure();
  }
};
} // namespace

bool mlir::asynccopy::hasSynchronizationErrors(Operation *kernel) {
  return checkKernel(kernel, /*emit=*/false);
}
