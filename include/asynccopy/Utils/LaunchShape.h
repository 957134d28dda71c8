//===- LaunchShape.h - static block and cluster sizes of kernels -*- C++
//-*-===//
//
// Passes that compile a kernel for its launch shape (multicast masks need
// the cluster shape, per-warp arrival counts the block size) read it from
// the kernel's `known_*_size` attribute or from the constant sizes of the
// `gpu.launch_func`s that launch it, here.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_UTILS_LAUNCHSHAPE_H
#define ASYNCCOPY_UTILS_LAUNCHSHAPE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <array>
#include <optional>

namespace mlir::asynccopy {

using LaunchDims = std::array<int64_t, 3>;

/// The cluster size of `launch` (1x1x1 without `clusters in`); nullopt when
/// a size is not a constant.
std::optional<LaunchDims> getConstantClusterSize(gpu::LaunchFuncOp launch);

/// The block size of `launch`; nullopt when a size is not a constant.
std::optional<LaunchDims> getConstantBlockSize(gpu::LaunchFuncOp launch);

/// The `gpu.launch_func`s, anywhere in the outermost op around `kernel`,
/// that launch it.
SmallVector<gpu::LaunchFuncOp> getLaunchesOf(gpu::GPUFuncOp kernel);

/// The block size `kernel` runs with: its `known_block_size`, else the
/// constant block size all its launches agree on; nullopt when there is
/// none or they differ.
std::optional<LaunchDims> getKernelBlockSize(gpu::GPUFuncOp kernel);

/// The same for the cluster size (`known_cluster_size`, `clusters in`).
std::optional<LaunchDims> getKernelClusterSize(gpu::GPUFuncOp kernel);

/// The block size of `kernel`, a gpu.func (getKernelBlockSize) or a
/// gpu.launch (its constant block size operands).
std::optional<LaunchDims> getBlockDims(Operation *kernel);

/// The threads per CTA of `kernel`, a gpu.func (getKernelBlockSize) or a
/// gpu.launch (its constant block sizes); nullopt when not static.
std::optional<int64_t> getBlockThreads(Operation *kernel);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_UTILS_LAUNCHSHAPE_H
