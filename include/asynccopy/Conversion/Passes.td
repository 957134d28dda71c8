//===- Passes.td - asynccopy conversion passes -------------*- tablegen -*-===//

#ifndef ASYNCCOPY_CONVERSION_PASSES
#define ASYNCCOPY_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertAsyncCopyToNVVM : Pass<"convert-asynccopy-to-nvvm"> {
  let summary = "Lowers asynccopy ops to NVVM ops (and upstream GPU-level ops)";
  let description = [{
    TMA, bulk, DSMEM and barrier ops become NVVM ops; cp.async copies become
    `nvgpu.device_async_copy` and the synchronous fallback vector loads and
    stores, which the upstream NVGPU/vector lowerings finish. Copies must have
    a concrete `impl` (asynccopy-select-implementation) and TMA copies an
    `asynccopy.descriptor` (asynccopy-materialize-tma-descriptors); copies
    still at `impl = auto` are selected here first. Inline PTX is used only
    where NVVM has no op (L2 cache policies), through one helper.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::gpu::GPUDialect", "::mlir::nvgpu::NVGPUDialect",
    "::mlir::vector::VectorDialect", "::mlir::memref::MemRefDialect",
  ];
}

#endif // ASYNCCOPY_CONVERSION_PASSES
