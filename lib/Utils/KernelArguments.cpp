//===- KernelArguments.cpp - GMEM operands that are kernel arguments ------===//

#include "asynccopy/Utils/KernelArguments.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

std::optional<unsigned>
mlir::asynccopy::getKernelArgumentIndex(Value gmem, Operation *user) {
  while (auto cast = gmem.getDefiningOp<memref::CastOp>())
    gmem = cast.getSource();
  auto arg = dyn_cast<BlockArgument>(gmem);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return std::nullopt;
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  // Workgroup/private attributions are entry-block arguments too.
  if (!func || !func.isKernel() ||
      arg.getArgNumber() >= func.getNumArguments() ||
      !func->isProperAncestor(user))
    return std::nullopt;
  return arg.getArgNumber();
}
