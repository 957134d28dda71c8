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

#include <optional>

namespace mlir::asynccopy {

/// The address of a memref's first element as `!llvm.ptr`.
Value pointerTo(OpBuilder &b, Value memref);

/// Allocates a device buffer of `type` on the stream of `launch`, prepares
/// it with `prepare(b, loc, buffer, allocated)` (which returns the token the
/// launch then waits for), appends its address to the launch's operands and
/// frees it after the launch. A synchronous launch waits for the
/// preparation on the host first and frees the buffer when it returns.
void addLaunchBuffer(
    gpu::LaunchFuncOp launch, MemRefType type,
    function_ref<Value(OpBuilder &, Location, Value, Value)> prepare);

/// The iter_arg of `loop` through which it chains `launch`'s stream: the
/// launch, in the loop's body, waits on that iter_arg alone and its token is
/// yielded in its place. Each launch then follows the previous one, and the
/// loop's result follows the last.
std::optional<unsigned> getChainedTokenArg(scf::ForOp loop,
                                           gpu::LaunchFuncOp launch);

/// `addLaunchBuffer` for a launch chained through iter_arg `arg` of `loop`:
/// one buffer for all its launches, allocated and prepared on the chain
/// before the loop and freed on it after the loop.
void addLoopBuffer(
    scf::ForOp loop, unsigned arg, gpu::LaunchFuncOp launch, MemRefType type,
    function_ref<Value(OpBuilder &, Location, Value, Value)> prepare);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_TRANSFORMS_LAUNCHBUFFERS_H
