//===- Passes.h - asynccopy conversion passes -------------------*- C++ -*-===//

#ifndef ASYNCCOPY_CONVERSION_PASSES_H
#define ASYNCCOPY_CONVERSION_PASSES_H

#include "asynccopy/Conversion/AsyncCopyToNVVM/AsyncCopyToNVVM.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir::asynccopy {

/// The values of the `mode` option of asynccopy-pack-shared-memory and the
/// pipelines' `dynamic-smem`.
inline llvm::cl::ValuesClass dynamicSmemModeValues() {
  return llvm::cl::values(
      clEnumValN(DynamicSmemMode::never, "never",
                 "every SMEM buffer stays a static .shared variable"),
      clEnumValN(DynamicSmemMode::automatic, "auto",
                 "kernels with more than 48 KiB use dynamic SMEM"),
      clEnumValN(DynamicSmemMode::always, "always",
                 "every kernel keeps its buffers in dynamic SMEM"));
}

#define GEN_PASS_DECL
#include "asynccopy/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "asynccopy/Conversion/Passes.h.inc"

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_CONVERSION_PASSES_H
