//===- Passes.h - asynccopy transformation passes ---------------*- C++ -*-===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PASSES_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PASSES_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::asynccopy {

/// The values of the `descriptor-mode` options (the pass's and the
/// pipelines'): the option parser rejects any other.
inline llvm::cl::ValuesClass descriptorModeValues() {
  return llvm::cl::values(
      clEnumValN(DescriptorMode::param, "param",
                 "one 128-B __grid_constant__ kernel parameter per tensor map"),
      clEnumValN(DescriptorMode::scratch, "scratch",
                 "all tensor maps of a launch in one GMEM buffer"));
}

#define GEN_PASS_DECL
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"

/// Registers `asynccopy-pipeline`, the former name of
/// asynccopy-pipeline-loops (the same pass and options), kept for one
/// release. registerAsyncCopyPasses() does not include it.
void registerAsyncCopyPipelineAlias();

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PASSES_H
