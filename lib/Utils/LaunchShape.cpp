//===- LaunchShape.cpp - static block and cluster sizes of kernels --------===//

#include "asynccopy/Utils/LaunchShape.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::asynccopy;

static std::optional<LaunchDims> constantDims(ArrayRef<Value> sizes) {
  LaunchDims dims;
  for (auto [i, size] : llvm::enumerate(sizes)) {
    std::optional<int64_t> value = getConstantIntValue(size);
    if (!value)
      return std::nullopt;
    dims[i] = *value;
  }
  return dims;
}

std::optional<LaunchDims>
mlir::asynccopy::getConstantClusterSize(gpu::LaunchFuncOp launch) {
  if (!launch.hasClusterSize())
    return LaunchDims{1, 1, 1};
  return constantDims({launch.getClusterSizeX(), launch.getClusterSizeY(),
                       launch.getClusterSizeZ()});
}

std::optional<LaunchDims>
mlir::asynccopy::getConstantBlockSize(gpu::LaunchFuncOp launch) {
  return constantDims(
      {launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()});
}

SmallVector<gpu::LaunchFuncOp>
mlir::asynccopy::getLaunchesOf(gpu::GPUFuncOp kernel) {
  // The launches name the kernel from the module around its gpu.module.
  // Walking only that module also keeps a pass that runs on several
  // container modules in parallel from reading another thread's module.
  Operation *top = kernel->getParentOp();
  if (top && top->getParentOp())
    top = top->getParentOp();
  if (!top)
    return {};
  SymbolTableCollection symbols;
  SmallVector<gpu::LaunchFuncOp> launches;
  top->walk([&](gpu::LaunchFuncOp launch) {
    if (symbols.lookupNearestSymbolFrom(launch, launch.getKernelAttr()) ==
        kernel)
      launches.push_back(launch);
  });
  return launches;
}

/// A launch dimension of `kernel`: its `known` attribute, else the constant
/// sizes all its launches agree on.
static std::optional<LaunchDims> getKernelDims(
    gpu::GPUFuncOp kernel, DenseI32ArrayAttr known,
    function_ref<std::optional<LaunchDims>(gpu::LaunchFuncOp)> ofLaunch) {
  if (known)
    return LaunchDims{known[0], known[1], known[2]};
  std::optional<LaunchDims> dims;
  for (gpu::LaunchFuncOp launch : getLaunchesOf(kernel)) {
    std::optional<LaunchDims> mine = ofLaunch(launch);
    if (!mine || (dims && *dims != *mine))
      return std::nullopt;
    dims = mine;
  }
  return dims;
}

std::optional<LaunchDims>
mlir::asynccopy::getKernelBlockSize(gpu::GPUFuncOp kernel) {
  return getKernelDims(kernel, kernel.getKnownBlockSizeAttr(),
                       getConstantBlockSize);
}

std::optional<LaunchDims>
mlir::asynccopy::getKernelClusterSize(gpu::GPUFuncOp kernel) {
  return getKernelDims(kernel, kernel.getKnownClusterSizeAttr(),
                       getConstantClusterSize);
}

std::optional<LaunchDims> mlir::asynccopy::getBlockDims(Operation *kernel) {
  if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel))
    return getKernelBlockSize(func);
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel))
    return constantDims({launch.getBlockSizeX(), launch.getBlockSizeY(),
                         launch.getBlockSizeZ()});
  return std::nullopt;
}

std::optional<int64_t> mlir::asynccopy::getBlockThreads(Operation *kernel) {
  std::optional<LaunchDims> dims = getBlockDims(kernel);
  if (!dims)
    return std::nullopt;
  return (*dims)[0] * (*dims)[1] * (*dims)[2];
}
