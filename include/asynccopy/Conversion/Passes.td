//===- Passes.td - asynccopy conversion passes -------------*- tablegen -*-===//

#ifndef ASYNCCOPY_CONVERSION_PASSES
#define ASYNCCOPY_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertAsyncCopyToNVVM : Pass<"convert-asynccopy-to-nvvm"> {
  let summary = "Lowers asynccopy ops to NVVM ops (and upstream GPU-level ops)";
  let description = [{
    TMA, bulk, DSMEM and barrier ops become NVVM ops; cp.async copies become
    `nvgpu.device_async_copy` and the synchronous fallback vector loads and
    stores, which the upstream NVGPU/vector lowerings finish. IR that has not
    been through asynccopy-select-implementation and
    asynccopy-materialize-tma-descriptors (copies at `impl = auto`, TMA ops
    without a tensor map) goes through them first, with default options.
    Inline PTX is used only where NVVM has no op (L2 cache policies), through
    one helper.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::gpu::GPUDialect", "::mlir::nvgpu::NVGPUDialect",
    "::mlir::vector::VectorDialect", "::mlir::memref::MemRefDialect",
  ];
}

#endif // ASYNCCOPY_CONVERSION_PASSES
