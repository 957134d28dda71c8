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
  return constantDims({launch.getBlockSizeX(), launch.getBlockSizeY(),
                       launch.getBlockSizeZ()});
}

SmallVector<gpu::LaunchFuncOp>
mlir::asynccopy::getLaunchesOf(gpu::GPUFuncOp kernel) {
  Operation *top = kernel;
  while (top->getParentOp())
    top = top->getParentOp();
  SymbolTableCollection symbols;
  SmallVector<gpu::LaunchFuncOp> launches;
  top->walk([&](gpu::LaunchFuncOp launch) {
    if (symbols.lookupNearestSymbolFrom(launch, launch.getKernelAttr()) ==
        kernel)
      launches.push_back(launch);
  });
  return launches;
}
