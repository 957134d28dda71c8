//===- SharedMemoryBudget.cpp - static SMEM of each kernel ----------------===//
//
// The SMEM buffers a kernel keeps as static .shared variables (those
// asynccopy-pack-shared-memory did not move into dynamic shared memory):
// workgroup attributions, workgroup memref.globals and one mbarrier array per
// asynccopy.barrier.alloc. ptxas refuses a kernel whose .shared data exceed
// the chip's static limit ("uses too much shared data": 48 KiB for sm_80,
// sm_90, ...; 227 KiB for sm_90a); checking before the GPU lowering names the
// kernel and the buffers.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryLayout.h"

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Utils/NVPTXTargets.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYCHECKSTATICSHAREDMEMORY
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace {

struct AsyncCopyCheckStaticSharedMemoryPass
    : public asynccopy::impl::AsyncCopyCheckStaticSharedMemoryBase<
          AsyncCopyCheckStaticSharedMemoryPass> {
  void runOnOperation() override {
    bool fits = true;
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      SmallVector<SharedBuffer> buffers;
      DenseSet<Operation *> seen;
      collectSharedBuffers(kernel, DataLayout::closest(kernel), buffers, seen);
      int64_t total = packSharedBuffers(buffers);
      StringRef chip = tightestChip(kernel, nvptx::maxStaticSmemBytes);
      int64_t limit = nvptx::maxStaticSmemBytes(chip);
      if (total <= limit)
        return;
      fits = false;
      InFlightDiagnostic diag = kernel.emitOpError("kernel @")
                                << kernel.getName() << " needs " << total
                                << " B of static shared memory, more than the "
                                << limit << " B a kernel for " << chip
                                << " can declare statically: ";
      describeSharedBuffers(diag, buffers);
      diag << "; use smaller tiles or fewer stages, or let "
              "asynccopy-pack-shared-memory move them into dynamic shared "
              "memory";
    });
    if (!fits)
      signalPassFailure();
  }
};

} // namespace
