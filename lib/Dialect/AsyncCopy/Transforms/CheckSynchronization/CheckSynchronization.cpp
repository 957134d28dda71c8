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

/// The threads of `func`'s block when it is known to be T x 1 x 1 (where
/// the thread index x numbers the threads).
static std::optional<int64_t> xThreads(gpu::GPUFuncOp func) {
  std::optional<LaunchDims> block = getKernelBlockSize(func);
  if (!block || (*block)[1] != 1 || (*block)[2] != 1)
    return std::nullopt;
  return (*block)[0];
}

/// Checks the kernel `op` (a gpu.func with a body or a gpu.launch); see
/// SyncChecker::run.
static bool checkKernel(Operation *op, bool emit) {
  if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
    if (func.getBody().empty())
      return false;
    std::optional<int64_t> threads = getBlockThreads(func);
    bool failed =
        SyncChecker(func.getBody(), func.isKernel(), threads).run(emit);
    return checkNamedBarriers(func.getBody(), xThreads(func), emit) || failed;
  }
  auto launch = cast<gpu::LaunchOp>(op);
  bool failed =
      SyncChecker(launch.getBody(), /*isKernel=*/true, getBlockThreads(launch))
          .run(emit);
  return checkNamedBarriers(launch.getBody(), std::nullopt, emit) || failed;
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
