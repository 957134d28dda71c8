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
        Inverts buildTransformIndex on the elements of a window: builds the
        coordinates, in the view the transform applies to, of the element at
        coordinates `index` of its result. `origin` holds the window's offsets
        in that view (drop_unit_dims takes the dims it removes from them);
        `strides` are the static element strides the transform sees
        (collapse_leading delinearises by them: they must decrease, each a
        multiple of the innermost merged one).
      }],
      "::llvm::SmallVector<::mlir::Value>", "buildInverseIndex",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$index, "::mlir::ValueRange":$origin,
           "::llvm::ArrayRef<int64_t>":$strides)>,
    InterfaceMethod<[{
        The step, in the coordinates of the view the transform applies to,
        that a step of `step` in its result's coordinates makes; failure
        when that depends on where the step starts (a step along the merged
        dim of collapse_leading may cross a row).
      }],
      "::mlir::FailureOr<::llvm::SmallVector<int64_t>>", "inverseStep",
      (ins "::llvm::ArrayRef<int64_t>":$step)>,
    InterfaceMethod<[{
        Returns the transform that leaves `leadingRank` extra leading dims
        untouched and applies to the suffix, or null if none exists.
      }],
      "::mlir::asynccopy::GmemTransformAttrInterface", "batch",
      (ins "int64_t":$leadingRank)>,
  ];
}

def AsyncCopyLikeOpInterface : OpInterface<"AsyncCopyLikeOpInterface"> {
  let cppNamespace = "::mlir::asynccopy";
  let description = [{
    What `asynccopy.copy` and the mechanism ops that selection rewrites it
    into share: the two memrefs, the GMEM window and its transforms, the
    completion operands and the hints. Helpers that only need these facts
    (the copy syntax, SMEM offsets, the lowering's pointer arithmetic) take
    the interface instead of one op.
  }];
  let methods = [
    InterfaceMethod<"The memref the copy reads.", "::mlir::Value", "getSource">,
    InterfaceMethod<"The memref the copy writes.", "::mlir::Value", "getDest">,
    InterfaceMethod<[{
        The GMEM operand (source of a load, dest of a store), or null for
        SMEM -> SMEM copies.
      }], "::mlir::Value", "getGmem">,
    InterfaceMethod<"The SMEM operand of a GMEM <-> SMEM copy.",
                    "::mlir::Value", "getSmem">,
    InterfaceMethod<"Whether the copy reads GMEM.", "bool", "isLoad">,
    InterfaceMethod<"Whether the copy writes GMEM.", "bool", "isStore">,
    InterfaceMethod<"Dynamic window offsets.", "::mlir::OperandRange",
                    "getOffsets">,
    InterfaceMethod<"Window offsets (kDynamic where `getOffsets` has one).",
                    "::mlir::DenseI64ArrayAttr", "getStaticOffsetsAttr">,
    InterfaceMethod<"Window sizes as written, or null.",
                    "::mlir::DenseI64ArrayAttr", "getStaticSizesAttr">,
    InterfaceMethod<"Window offsets with SSA values and constants merged.",
                    "::llvm::SmallVector<::mlir::OpFoldResult>",
                    "getMixedOffsets">,
    InterfaceMethod<"Window sizes; the whole GMEM shape without a window.",
                    "::llvm::SmallVector<int64_t>", "getWindowSizes">,
    InterfaceMethod<"The GMEM transforms, in order.",
                    "::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>",
                    "getTransformList">,
    InterfaceMethod<"The completion barrier, or null.", "::mlir::Value",
                    "getBarrier">,
    InterfaceMethod<"The barrier stage, or null.", "::mlir::Value", "getStage">,
    InterfaceMethod<"The issue predicate, or null.", "::mlir::Value",
                    "getPredicate">,
    InterfaceMethod<"The destination CTA of a remote copy, or null.",
                    "::mlir::Value", "getRank">,
    InterfaceMethod<"The PE of a `peer` copy, or null.", "::mlir::Value",
                    "getPeer">,
    InterfaceMethod<"The completion token, or null.", "::mlir::Value",
                    "getToken">,
    InterfaceMethod<"The swizzle in bytes (0: none).", "int64_t",
                    "getSwizzleOrZero">,
    InterfaceMethod<"What a load reads outside the tensor.",
                    "::mlir::asynccopy::OOBMode", "getOobOrDefault">,
    InterfaceMethod<"The reduction of a store, if any.",
                    "std::optional<::mlir::asynccopy::ReductionKind>",
                    "getReduction">,
    InterfaceMethod<"The L2 eviction hint, if any.",
                    "std::optional<::mlir::asynccopy::CacheHint>", "getCache">,
    InterfaceMethod<"The cluster dims of a collective copy, if any.",
                    "std::optional<::mlir::ArrayAttr>", "getCollective">,
    InterfaceMethod<"How a collective copy shares its window, if said.",
                    "std::optional<::mlir::Attribute>", "getPartition">,
    InterfaceMethod<"`oob` as written (the verifier tells it from the default).",
                    "std::optional<::mlir::asynccopy::OOBMode>", "getOob">,
    InterfaceMethod<"`transforms` as written, before the verifier checked them.",
                    "std::optional<::mlir::ArrayAttr>", "getTransforms">,
  ];
}

#endif // ASYNCCOPY_INTERFACES
