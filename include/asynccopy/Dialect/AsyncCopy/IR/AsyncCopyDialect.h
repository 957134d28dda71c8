//===- AsyncCopyDialect.h - asynccopy dialect -------------------*- C++ -*-===//
//
// Everything a user of the asynccopy dialect needs: enums, the GMEM transform
// interface, attributes, types, the dialect and its ops.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ASYNCCOPYDIALECT_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ASYNCCOPYDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMRequiresSMTraits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asynccopy {

/// SMEM as seen by copies, barriers, waits and fences (see AsyncCopyOps.td).
struct SharedMemoryResource
    : public SideEffects::Resource::Base<SharedMemoryResource> {
  StringRef getName() final { return "<AsyncCopySharedMemory>"; }
};

/// The L2 cache, written by prefetches.
struct L2CacheResource : public SideEffects::Resource::Base<L2CacheResource> {
  StringRef getName() final { return "<AsyncCopyL2Cache>"; }
};

/// True for memrefs in `#gpu.address_space<workgroup>` (or numeric space 3).
bool isSharedMemory(MemRefType type);
/// True for memrefs in the default, global or numeric-1 memory space.
bool isGlobalMemory(MemRefType type);

class GmemTransformAttrInterface;

/// Checks that GPU threads execute `op`: it must be in a gpu.launch body or in
/// a function that is device code (nested in a gpu.module; outside a module
/// marked `gpu.container_module`, whose other functions are host code).
LogicalResult verifyDevicePlacement(Operation *op);

/// The trait of every asynccopy op (AsyncCopy_DeviceCode in ODS).
template <typename ConcreteType>
class DeviceCode : public OpTrait::TraitBase<ConcreteType, DeviceCode> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyDevicePlacement(op);
  }
};

/// Checks that every attribute of `op` without a dialect prefix is one the
/// op defines: a misspelt `swizzle` would otherwise be dropped silently.
LogicalResult verifyKnownAttributes(Operation *op);

/// The trait of every asynccopy op (AsyncCopy_KnownAttributes in ODS).
template <typename ConcreteType>
class KnownAttributes
    : public OpTrait::TraitBase<ConcreteType, KnownAttributes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyKnownAttributes(op);
  }
};

} // namespace mlir::asynccopy

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyEnums.h.inc"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsTypes.h.inc"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsDialect.h.inc"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpInterfaces.h.inc"

namespace mlir::asynccopy::copy_like {
// What `asynccopy.copy`/`prefetch` share with the mechanism ops that
// selection rewrites them into (AsyncCopyOps.cpp).

/// The GMEM one of a copy's two memrefs, or null when both are in SMEM.
Value getCopyGmem(Value source, Value dest);
/// The written window sizes, or the whole shape of `gmem` (none: empty).
SmallVector<int64_t> getCopyWindowSizes(std::optional<ArrayRef<int64_t>> sizes,
                                        Value gmem);
SmallVector<OpFoldResult>
toMixedOffsets(MLIRContext *ctx, std::optional<ArrayRef<int64_t>> statics,
               ValueRange dynamics);
SmallVector<GmemTransformAttrInterface>
toTransformList(std::optional<ArrayAttr> transforms);
/// The syntax of a copy after its op name; `segments` receives the operand
/// segment sizes (source, dest, offsets, barrier, stage, predicate, rank,
/// peer).
ParseResult parseCopyClauses(OpAsmParser &parser, OperationState &result,
                             std::array<int32_t, 8> &segments);
void printCopyClauses(OpAsmPrinter &p, AsyncCopyLikeOpInterface op);
/// The syntax of a prefetch after its op name; `segments` as above (source,
/// offsets, predicate).
ParseResult parsePrefetchClauses(OpAsmParser &parser, OperationState &result,
                                 std::array<int32_t, 3> &segments);
void printPrefetchClauses(OpAsmPrinter &p, Operation *op, Value source,
                          OperandRange offsets, DenseI64ArrayAttr staticOffsets,
                          DenseI64ArrayAttr staticSizes, Value predicate);

} // namespace mlir::asynccopy::copy_like

#define GET_OP_CLASSES
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOps.h.inc"

namespace mlir::asynccopy {

/// Applies `transforms` in order to a window shape; reports the first failure
/// through `emitError` (when non-null).
FailureOr<SmallVector<int64_t>>
applyTransformsToShape(ArrayRef<GmemTransformAttrInterface> transforms,
                       ArrayRef<int64_t> shape,
                       function_ref<InFlightDiagnostic()> emitError = {});

/// Applies `transforms` in order to GMEM element strides.
SmallVector<int64_t>
applyTransformsToStrides(ArrayRef<GmemTransformAttrInterface> transforms,
                         ArrayRef<int64_t> strides);

/// The implementation `op` performs: a mechanism op's own, a copy's `impl`
/// (`auto` before selection); none for other ops.
std::optional<CopyImpl> getCopyImplementation(Operation *op);

/// Applies `transforms` in order to constant window offsets. `strides` are the
/// untransformed GMEM element strides.
SmallVector<int64_t>
applyTransformsToIndex(ArrayRef<GmemTransformAttrInterface> transforms,
                       ArrayRef<int64_t> index, ArrayRef<int64_t> strides);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ASYNCCOPYDIALECT_H
