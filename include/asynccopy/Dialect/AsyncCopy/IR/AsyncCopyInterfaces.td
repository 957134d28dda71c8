//===- AsyncCopyInterfaces.td - asynccopy interfaces ------*- tablegen -*-===//

#ifndef ASYNCCOPY_INTERFACES
#define ASYNCCOPY_INTERFACES

include "mlir/IR/OpBase.td"

def GmemTransformAttrInterface : AttrInterface<"GmemTransformAttrInterface"> {
  let cppNamespace = "::mlir::asynccopy";
  let description = [{
    A layout transform applied to the GMEM view of a copy (JAX Mosaic GPU
    semantics). The window is cut out of the GMEM memref first; the transforms
    then reshape/permute it, in order, into the shape the SMEM buffer has.
    Shapes, strides and indices move through the same algebra, so the TMA
    descriptor (global shape and strides), the box (transformed window) and the
    coordinates (transformed offsets) stay consistent.
  }];
  let methods = [
    InterfaceMethod<[{
        Transforms a window shape. Returns failure (and reports through
        `emitError` when it is non-null) if the transform cannot apply.
      }],
      "::mlir::FailureOr<::llvm::SmallVector<int64_t>>", "transformShape",
      (ins "::llvm::ArrayRef<int64_t>":$shape,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
    InterfaceMethod<[{
        Transforms the shape of the whole GMEM tensor (what a TMA descriptor
        describes); dynamic extents stay dynamic.
      }],
      "::mlir::FailureOr<::llvm::SmallVector<int64_t>>", "transformGmemShape",
      (ins "::llvm::ArrayRef<int64_t>":$shape,
           "::llvm::ArrayRef<int64_t>":$strides)>,
    InterfaceMethod<[{
        Transforms element strides of the GMEM view; `ShapedType::kDynamic`
        strides stay dynamic.
      }],
      "::llvm::SmallVector<int64_t>", "transformStrides",
      (ins "::llvm::ArrayRef<int64_t>":$strides)>,
    InterfaceMethod<[{
        Transforms constant window offsets (coordinates in the GMEM view).
        `strides` are the element strides the transform sees.
      }],
      "::llvm::SmallVector<int64_t>", "transformIndex",
      (ins "::llvm::ArrayRef<int64_t>":$index,
           "::llvm::ArrayRef<int64_t>":$strides)>,
    InterfaceMethod<[{
        Same as transformIndex, on SSA `index` values (builds arith ops).
      }],
      "::llvm::SmallVector<::mlir::Value>", "buildTransformIndex",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$index,
           "::llvm::ArrayRef<int64_t>":$strides)>,
    InterfaceMethod<[{
        Returns the transform that leaves `leadingRank` extra leading dims
        untouched and applies to the suffix, or null if none exists.
      }],
      "::mlir::asynccopy::GmemTransformAttrInterface", "batch",
      (ins "int64_t":$leadingRank)>,
  ];
}

#endif // ASYNCCOPY_INTERFACES
