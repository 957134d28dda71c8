//===- LaunchBuffers.h - buffers that live for one launch --*- C++ -*-===//
//
// Passes that give a kernel a new pointer parameter (the tensor-map scratch
// buffer, the dynamic schedule's tile counter) also give every launch of it a
// device buffer on the launch's stream: allocated after the launch's
// dependencies, prepared, passed, and freed once the launch is done.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_TRANSFORMS_LAUNCHBUFFERS_H
#define ASYNCCOPY_TRANSFORMS_LAUNCHBUFFERS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::asynccopy {

/// The address of a memref's first element as `!llvm.ptr`.
Value pointerTo(OpBuilder &b, Value memref);

/// Allocates a device buffer of `type` on the stream of `launch`, prepares
/// it with `prepare(b, loc, buffer, allocated)` (which returns the token the
/// launch then waits for), appends its address to the launch's operands and
/// frees it after the launch. A synchronous launch waits for the
/// preparation on the host first and frees the buffer when it returns.
/// When `loop` (may be null) chains the launch's stream through an iter_arg
/// (the launch waits on it alone and its token is yielded in its place),
/// all its launches share one buffer instead, allocated and prepared on the
/// chain before the loop and freed on it after the loop.
void addLaunchBuffer(
    gpu::LaunchFuncOp launch, scf::ForOp loop, MemRefType type,
    function_ref<Value(OpBuilder &, Location, Value, Value)> prepare);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_TRANSFORMS_LAUNCHBUFFERS_H
