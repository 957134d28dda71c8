//===- LowerUnraisedUpstream.cpp - what raising left, lowered -------------===//
//
// An upstream copy in device code runs in each thread on its own:
// `memref.copy` of a view copies all of it in every thread that reaches it.
// Raising turns the copies that every thread runs alike into one
// CTA-cooperative asynccopy copy; the others keep that per-thread meaning,
// which a loop nest of loads and stores has in every thread (upstream's
// lowering calls `memrefCopy` for strided views, which GPU modules lack).
// Unraised nvgpu ops are lowered by upstream's own pass, run on the
// functions that hold them.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"

#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYLOWERUNRAISEDUPSTREAM
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// Whether threads of the GPU run `op`: it is in a gpu.module or a
/// gpu.launch body.
bool isDeviceCode(Operation *op) {
  return op->getParentOfType<gpu::GPUModuleOp>() ||
         op->getParentOfType<gpu::LaunchOp>();
}

/// Replaces the copy `op` of `source` into `target` (same shape) by a loop
/// nest over its elements, in the threads that run it.
void lowerToLoops(Operation *op, Value source, Value target) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto type = cast<MemRefType>(source.getType());
  SmallVector<Value> indices;
  std::function<void(int64_t)> nest = [&](int64_t dim) {
    if (dim == type.getRank()) {
      Value element = memref::LoadOp::create(b, loc, source, indices);
      memref::StoreOp::create(b, loc, element, target, indices);
      return;
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value extent = memref::DimOp::create(b, loc, source, dim);
    auto loop = scf::ForOp::create(b, loc, zero, extent, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    indices.push_back(loop.getInductionVar());
    nest(dim + 1);
    indices.pop_back();
  };
  nest(0);
  op->emitRemark("copied element by element in every thread that runs it (a "
                 "per-thread loop, the upstream meaning of this copy)");
  op->erase();
}

struct AsyncCopyLowerUnraisedUpstream
    : public mlir::asynccopy::impl::AsyncCopyLowerUnraisedUpstreamBase<
          AsyncCopyLowerUnraisedUpstream> {
  void runOnOperation() override {
    foldGroupOps();
    lowerCopies();
    if (failed(checkHostWorkgroupAllocations()) || failed(lowerNVGPU()))
      signalPassFailure();
  }

  /// A workgroup allocation in host code (what promotion to workgroup
  /// memory makes) would become a kernel parameter that no thread can
  /// address: raising makes it its launch's attribution where it can.
  LogicalResult checkHostWorkgroupAllocations() {
    WalkResult walk = getOperation()->walk([](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op) || isDeviceCode(op))
        return WalkResult::advance();
      auto type = dyn_cast<MemRefType>(op->getResult(0).getType());
      auto space =
          type ? dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace())
               : gpu::AddressSpaceAttr();
      if (!space || space.getValue() != gpu::AddressSpace::Workgroup)
        return WalkResult::advance();
      op->emitOpError("allocates workgroup memory in host code, which no "
                      "kernel can address: make it a workgroup attribution "
                      "of its gpu.launch (asynccopy-raise-upstream, the "
                      "pipelines' raise-upstream option, does so for a "
                      "static allocation that one launch uses)");
      return WalkResult::interrupt();
    });
    return failure(walk.wasInterrupted());
  }

  void lowerCopies() {
    SmallVector<Operation *> copies;
    getOperation()->walk([&](Operation *op) {
      if (!isDeviceCode(op))
        return;
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        copies.push_back(copy);
      else if (auto copy = dyn_cast<linalg::CopyOp>(op);
               copy && copy.hasPureBufferSemantics())
        copies.push_back(copy);
    });
    for (Operation *op : copies) {
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        lowerToLoops(op, copy.getSource(), copy.getTarget());
      else if (auto copy = dyn_cast<linalg::CopyOp>(op))
        lowerToLoops(op, copy.getInputs()[0], copy.getOutputs()[0]);
    }
  }

  /// Folds the group ops of gpu.launch bodies, which marks those that every
  /// thread runs `uniform`: the GPU -> NVVM lowering needs that of an
  /// all_reduce, and only recognises it before outlining (upstream's
  /// pipeline gets it from the conversion that runs there).
  void foldGroupOps() {
    getOperation()->walk([](Operation *op) {
      if (!isa<gpu::AllReduceOp, gpu::SubgroupReduceOp>(op) ||
          !op->getParentOfType<gpu::LaunchOp>())
        return;
      SmallVector<OpFoldResult> results;
      (void)op->fold(results);
    });
  }

  /// Runs convert-nvgpu-to-nvvm on each outermost function holding nvgpu
  /// ops.
  LogicalResult lowerNVGPU() {
    SmallVector<Operation *> functions;
    getOperation()->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
      WalkResult nvgpu = func->walk([](Operation *op) {
        return isa<nvgpu::NVGPUDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
      if (nvgpu.wasInterrupted())
        functions.push_back(func);
      return WalkResult::skip();
    });
    for (Operation *func : functions) {
      OpPassManager pm(func->getName());
      pm.addPass(createConvertNVGPUToNVVMPass());
      if (failed(runPipeline(pm, func)))
        return failure();
    }
    return success();
  }
};

} // namespace
