//===- RaiseUpstream.cpp - upstream copies in kernels as asynccopy ops ----===//
//
// Runs before gpu-kernel-outlining, on gpu.launch bodies and on the kernels
// of gpu.modules: workgroup allocations first (so copies see attributions,
// which every thread shares), then memref.copy / linalg.copy, nvgpu cp.async
// and nvgpu TMA loads, kernel by kernel.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "RaiseUpstream.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYRAISEUPSTREAM
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::raising;

namespace {
struct AsyncCopyRaiseUpstream
    : public mlir::asynccopy::impl::AsyncCopyRaiseUpstreamBase<
          AsyncCopyRaiseUpstream> {
  using AsyncCopyRaiseUpstreamBase::AsyncCopyRaiseUpstreamBase;

  void runOnOperation() override {
    std::optional<unsigned> optionSm =
        tma::parseSmVersion(chip.empty() ? StringRef("sm_90a") : chip);
    if (!optionSm) {
      getOperation().emitError() << "asynccopy-raise-upstream: chip '" << chip
                                 << "' is not an sm_<N> chip";
      return signalPassFailure();
    }
    raiseWorkgroupAllocations(getOperation());
    SmallVector<Kernel> kernels;
    getOperation().walk([&](Operation *op) {
      auto func = dyn_cast<gpu::GPUFuncOp>(op);
      if (!isa<gpu::LaunchOp>(op) && !(func && func.isKernel()))
        return;
      // The gpu.module's NVVM target decides, where it has one.
      bool hopper =
          tma::targetSmVersion(op) ? tma::targetsHopper(op) : *optionSm >= 90;
      kernels.push_back({op, hopper});
    });
    for (Kernel kernel : kernels) {
      raiseCopies(kernel);
      raiseDeviceAsyncCopies(kernel);
      raiseTmaLoads(kernel);
    }
  }
};
} // namespace
