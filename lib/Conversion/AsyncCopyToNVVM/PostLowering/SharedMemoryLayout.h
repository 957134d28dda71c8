//===- SharedMemoryLayout.h - the SMEM buffers of a kernel ------*- C++ -*-===//
//
// What a kernel keeps in shared memory once asynccopy ops are lowered:
// workgroup attributions, workgroup memref.globals and shared LLVM globals
// (the lowered barriers), each with its size and alignment. The static-SMEM
// check and the packing into dynamic shared memory count them the same way.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_CONVERSION_ASYNCCOPYTONVVM_SHAREDMEMORYLAYOUT_H
#define ASYNCCOPY_LIB_CONVERSION_ASYNCCOPYTONVVM_SHAREDMEMORYLAYOUT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <string>

namespace mlir::asynccopy::lowering {

/// Chip of code without an NVVM target (the pipelines' default).
constexpr StringLiteral kDefaultChip = "sm_90a";

/// One SMEM buffer of a kernel and what declares it.
struct SharedBuffer {
  std::string name;
  int64_t bytes = 0, align = 1;
  /// The kernel's workgroup attribution it is, if any.
  std::optional<unsigned> attribution;
  /// The global (llvm.mlir.global or memref.global) it is, if any.
  Operation *global = nullptr;
};

/// Collects the SMEM buffers `func` and every function it calls declare;
/// `seen` holds the functions and globals already counted.
void collectSharedBuffers(FunctionOpInterface func, const DataLayout &layout,
                          SmallVectorImpl<SharedBuffer> &buffers,
                          DenseSet<Operation *> &seen);

/// The bytes `buffers` take packed in order, each at its alignment, with
/// each one's offset in `offsets`; INT64_MAX when that overflows.
int64_t packSharedBuffers(ArrayRef<SharedBuffer> buffers,
                          SmallVectorImpl<int64_t> *offsets = nullptr);

/// The chip with the smallest `limit` among the NVVM targets of the GPU
/// module around `kernel` (kDefaultChip without one).
StringRef tightestChip(gpu::GPUFuncOp kernel,
                       function_ref<int64_t(StringRef)> limit);

/// Appends "name (N B, aligned to A B)" for each buffer to `diag`.
void describeSharedBuffers(InFlightDiagnostic &diag,
                           ArrayRef<SharedBuffer> buffers);

} // namespace mlir::asynccopy::lowering

#endif // ASYNCCOPY_LIB_CONVERSION_ASYNCCOPYTONVVM_SHAREDMEMORYLAYOUT_H
