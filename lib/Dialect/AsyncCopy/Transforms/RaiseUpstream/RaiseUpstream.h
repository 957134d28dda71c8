//===- RaiseUpstream.h - the raising pass's parts ---------------*- C++ -*-===//
//
// asynccopy-raise-upstream turns upstream copies inside GPU kernels into
// asynccopy ops. Its parts, one file each:
//
//   Uniformity.cpp      which values and ops are the same in every thread of
//                       the CTA (an asynccopy copy is CTA-cooperative)
//   Copies.cpp          workgroup allocations, memref.copy and linalg.copy
//   NVGPU.cpp           nvgpu cp.async copies and groups, nvgpu TMA loads
//   ThreadTiles.cpp     per-thread cp.async copies that together copy a
//                       window
//   RaiseUpstream.cpp   the pass
//
// An upstream copy runs in each thread on its own; the asynccopy op it
// becomes is one copy that the threads of the CTA share. The two compute the
// same result only when every thread runs the upstream op with the same
// operands, which the rules check with `Uniformity`.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_TRANSFORMS_RAISEUPSTREAM_RAISEUPSTREAM_H
#define ASYNCCOPY_LIB_TRANSFORMS_RAISEUPSTREAM_RAISEUPSTREAM_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace mlir::asynccopy::raising {

/// A kernel body: a `gpu.func ... kernel` or a `gpu.launch`.
struct Kernel {
  Operation *op;
  /// Whether its loads may be TMA or bulk copies (sm_90 and newer).
  bool hopper;

  Region &body() const { return op->getRegion(0); }
  Block &entry() const { return body().front(); }
};

/// Which values are the same in every thread of a kernel's CTA, and which
/// ops every thread runs.
class Uniformity {
public:
  explicit Uniformity(Kernel kernel) : kernel(kernel) {}

  /// Whether `value` is the same in every thread: built from kernel
  /// arguments, block and grid ids and sizes, workgroup buffers and
  /// constants by ops without memory effects, or read from one address by
  /// `memref.load` (the same in every thread of a kernel without data
  /// races). Thread and lane ids and anything else that may differ are not.
  bool isUniform(Value value);

  /// Why not every thread of the CTA may run `op` (nullopt when all do):
  /// an enclosing branch or loop on a value that is not uniform, an op with
  /// regions other than scf.if / scf.for / scf.execute_region, a region of
  /// several blocks.
  std::optional<std::string> whyNotRunByAll(Operation *op);

private:
  bool isUniform(Value value, llvm::DenseSet<Value> &visiting);

  Kernel kernel;
};

/// Builds ops with `build` (a builder before `at`), which returns why it
/// gave up, if it did. Then, or when an asynccopy op among them does not
/// verify, erases all of them and returns why (the verifier's message).
std::optional<std::string>
buildVerified(Operation *at,
              function_ref<std::optional<std::string>(OpBuilder &)> build);

/// Emits "not raised: <why>" on `op`.
void remarkNotRaised(Operation *op, const Twine &why);

/// Makes workgroup `memref.alloc`s attributions of their kernel or launch:
/// those in a kernel body that every thread runs, and those in host code
/// used only inside one `gpu.launch` (where `transform.structured.promote`
/// puts them).
void raiseWorkgroupAllocations(Operation *root);

/// Raises the memref.copy and linalg.copy ops of `kernel`.
void raiseCopies(Kernel kernel);

/// Raises the nvgpu cp.async copies, groups and waits of `kernel`: all of
/// them, or none.
void raiseDeviceAsyncCopies(Kernel kernel);

/// A per-thread nvgpu cp.async copy whose threads together copy one window
/// (ThreadTiles.cpp): the window's sizes, and where it starts relative to
/// the indices' shared parts, in the source and the destination.
struct ThreadTiledCopy {
  ThreadTiledCopy();
  ~ThreadTiledCopy();
  ThreadTiledCopy(ThreadTiledCopy &&);
  ThreadTiledCopy &operator=(ThreadTiledCopy &&);

  /// The copy's indices split into shared and per-thread parts.
  struct Indices;
  std::unique_ptr<Indices> indices;
  SmallVector<int64_t> srcMin, dstMin, sizes;
};

/// Whether the runs the threads of `kernel`'s block copy with `copy` tile a
/// window in its source that its destination holds in the same layout
/// (indices: a part every thread shares plus one of thread ids and
/// constants; a static block size), or why not.
FailureOr<ThreadTiledCopy> analyseThreadTiledCopy(nvgpu::DeviceAsyncCopyOp copy,
                                                  Kernel kernel,
                                                  Uniformity &uniformity,
                                                  std::string &why);

/// The asynccopy copy of that window (`{commit = false}`, joining the open
/// cp.async group as the per-thread copies did), at `b`.
Value buildThreadTiledCopy(OpBuilder &b, nvgpu::DeviceAsyncCopyOp copy,
                           const ThreadTiledCopy &tiles);

/// Raises the nvgpu TMA loads of `kernel` with their mbarrier protocol.
void raiseTmaLoads(Kernel kernel);

} // namespace mlir::asynccopy::raising

#endif // ASYNCCOPY_LIB_TRANSFORMS_RAISEUPSTREAM_RAISEUPSTREAM_H
