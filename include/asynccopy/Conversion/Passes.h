//===- Passes.h - asynccopy conversion passes -------------------*- C++ -*-===//

#ifndef ASYNCCOPY_CONVERSION_PASSES_H
#define ASYNCCOPY_CONVERSION_PASSES_H

#include "asynccopy/Conversion/AsyncCopyToNVVM/AsyncCopyToNVVM.h"

#include "mlir/Pass/Pass.h"

namespace mlir::asynccopy {

#define GEN_PASS_DECL
#include "asynccopy/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "asynccopy/Conversion/Passes.h.inc"

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_CONVERSION_PASSES_H
