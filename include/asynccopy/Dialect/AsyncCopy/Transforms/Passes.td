//===- Passes.td - asynccopy transformation passes ---------*- tablegen -*-===//

#ifndef ASYNCCOPY_TRANSFORMS_PASSES
#define ASYNCCOPY_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def AsyncCopySelectImplementation
    : Pass<"asynccopy-select-implementation"> {
  let summary = "Chooses the hardware path (and chunk plan) of every copy";
  let description = [{
    For `impl = auto`, tries tma > bulk > dsmem > cp_async > sync in order;
    each candidate accepts or declines with a reason, and the first that
    accepts is recorded in `impl`, with the chunk plan in `asynccopy.plan`.
    The sync fallback takes whatever no asynchronous path can, so no legal
    copy is rejected. An explicit `impl` that declines is an error naming the
    reason. With `explain`, every candidate's verdict is emitted as a remark.
  }];
  let dependentDialects = ["::mlir::asynccopy::AsyncCopyDialect"];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit one remark per candidate implementation">,
  ];
}

def AsyncCopyMaterializeTMADescriptors
    : Pass<"asynccopy-materialize-tma-descriptors", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Gives every TMA copy a tensor map (device side)";
  let description = [{
    Collects the TMA copies and prefetches of each kernel, deduplicates their
    tensor maps by (kernel argument, element type, box, swizzle, oob, cache),
    and, with `mode=param`, adds one 128-B `__grid_constant__` kernel
    parameter per tensor map. Copies name their tensor map with the
    `asynccopy.descriptor` attribute (the parameter's index); the kernel lists
    the maps in `asynccopy.tma_descriptors` for the host side.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"mode", "mode", "std::string", /*default=*/"\"param\"",
           "Where tensor maps live: param (kernel parameters) or scratch">,
  ];
}

def AsyncCopyFinalizeDescriptorParams
    : Pass<"asynccopy-finalize-descriptor-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Marks tensor-map kernel parameters as __grid_constant__";
  let description = [{
    Runs after the GPU-to-NVVM lowering: the trailing kernel parameters that
    `asynccopy.grid_constants` counts become 128-B, 64-B aligned byval
    parameters with `nvvm.grid_constant`, so TMA instructions address them in
    param space.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // ASYNCCOPY_TRANSFORMS_PASSES
