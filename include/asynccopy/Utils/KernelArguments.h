//===- KernelArguments.h - GMEM operands that are kernel args --*- C++ -*-===//
//
// The host encodes TMA tensor maps from a kernel's arguments, so selection
// (which declines TMA for other memrefs) and tensor-map materialisation
// (which adds the maps' parameters) ask the same question here.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_UTILS_KERNELARGUMENTS_H
#define ASYNCCOPY_UTILS_KERNELARGUMENTS_H

#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::asynccopy {

/// The index of the argument of the `gpu.func` kernel containing `user` that
/// `gmem` is (possibly through memref.cast); none for any other value,
/// including the kernel's workgroup and private attributions.
std::optional<unsigned> getKernelArgumentIndex(Value gmem, Operation *user);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_UTILS_KERNELARGUMENTS_H
