//===- AsyncCopyHostOps.cpp - host ops of the tensor maps -----------------===//
//
// The verifiers of the ops that encode tensor maps before a launch: what the
// runtime's encoder needs of the memref and the map, so that their lowering
// (convert-asynccopy-host-to-llvm) cannot fail.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::asynccopy;

/// The rules both encode ops share; `peer` says which op `op` is.
static LogicalResult verifyEncode(Operation *op, Value tensor,
                                  TensorMapAttr map, bool peer) {
  if (op->getParentOfType<gpu::GPUModuleOp>() ||
      !op->getParentOfType<FunctionOpInterface>())
    return op->emitOpError("runs on the host before a launch: it must be in "
                           "a host function, outside gpu.modules");
  auto type = cast<MemRefType>(tensor.getType());
  if (!isGlobalMemory(type))
    return op->emitOpError("encodes a map of GMEM, but the memref is in ")
           << type.getMemorySpace();
  if (type.getElementType() != map.getElementType())
    return op->emitOpError("has a memref of ")
           << type.getElementType() << " but a tensor map of "
           << map.getElementType();
  if (map.getPeer() != peer)
    return op->emitOpError(peer ? "takes a `peer` tensor map"
                                : "takes a tensor map without `peer` "
                                  "(asynccopy.encode_peer_tensor_maps "
                                  "takes those)");
  if (map.getIdentityView() && map.hasDynamicExtents() &&
      type.getRank() != map.getRank())
    return op->emitOpError("reads the map's dynamic extents and strides from "
                           "the memref, which needs one memref dim per map "
                           "dim: the map has ")
           << map.getRank() << ", the memref " << type.getRank();
  for (int64_t d = 0; d < map.getRank(); ++d)
    if (map.getExtentSource(d) >= type.getRank())
      return op->emitOpError("reads dim ")
             << d << "'s extent from memref dim " << map.getExtentSource(d)
             << ", which the rank-" << type.getRank() << " memref lacks";
  return success();
}

LogicalResult EncodeTensorMapOp::verify() {
  return verifyEncode(*this, getTensor(), getMap(), /*peer=*/false);
}

LogicalResult EncodePeerTensorMapsOp::verify() {
  return verifyEncode(*this, getTensor(), getMap(), /*peer=*/true);
}
