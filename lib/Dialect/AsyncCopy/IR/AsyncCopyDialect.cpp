//===- AsyncCopyDialect.cpp - asynccopy dialect ---------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsDialect.cpp.inc"

void AsyncCopyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

bool mlir::asynccopy::isSharedMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  // Numeric memory spaces are NVVM's, as in upstream nvgpu code: 3 is shared.
  if (auto intSpace = dyn_cast_or_null<IntegerAttr>(space))
    return intSpace.getInt() ==
           static_cast<int64_t>(NVVM::NVVMMemorySpace::Shared);
  return false;
}

bool mlir::asynccopy::isGlobalMemory(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  return false;
}
