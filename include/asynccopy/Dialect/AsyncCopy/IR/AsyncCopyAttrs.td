//===- AsyncCopyAttrs.td - asynccopy attributes and enums --*- tablegen -*-===//

#ifndef ASYNCCOPY_ATTRS
#define ASYNCCOPY_ATTRS

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def AsyncCopy_OOBMode : I32EnumAttr<"OOBMode",
    "what a load writes for elements outside the GMEM tensor", [
      I32EnumAttrCase<"undefined", 0>,
      I32EnumAttrCase<"promise_in_bounds", 1>,
      I32EnumAttrCase<"zeros", 2>,
      I32EnumAttrCase<"nan", 3>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}
def AsyncCopy_OOBModeAttr : EnumAttr<AsyncCopy_Dialect, AsyncCopy_OOBMode, "oob"> {
  let assemblyFormat = "$value";
}

def AsyncCopy_ReductionKind : I32EnumAttr<"ReductionKind",
    "reduction a TMA store applies to the GMEM destination", [
      I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"inc", 3>,
      I32EnumAttrCase<"dec", 4>, I32EnumAttrCase<"AND", 5, "and">,
      I32EnumAttrCase<"OR", 6, "or">, I32EnumAttrCase<"XOR", 7, "xor">]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}
def AsyncCopy_ReductionKindAttr
    : EnumAttr<AsyncCopy_Dialect, AsyncCopy_ReductionKind, "reduction"> {
  let assemblyFormat = "$value";
}

def AsyncCopy_Impl : I32EnumAttr<"CopyImpl", "hardware path of a copy", [
      I32EnumAttrCase<"automatic", 0, "auto">, I32EnumAttrCase<"tma", 1>,
      I32EnumAttrCase<"cp_async", 2>, I32EnumAttrCase<"bulk", 3>,
      I32EnumAttrCase<"dsmem", 4>, I32EnumAttrCase<"sync", 5>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}
def AsyncCopy_ImplAttr : EnumAttr<AsyncCopy_Dialect, AsyncCopy_Impl, "impl"> {
  let assemblyFormat = "$value";
}

def AsyncCopy_CacheHint : I32EnumAttr<"CacheHint", "L2 eviction priority", [
      I32EnumAttrCase<"normal", 0>, I32EnumAttrCase<"evict_first", 1>,
      I32EnumAttrCase<"evict_last", 2>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}
def AsyncCopy_CacheHintAttr
    : EnumAttr<AsyncCopy_Dialect, AsyncCopy_CacheHint, "cache"> {
  let assemblyFormat = "$value";
}

def AsyncCopy_GroupKind : I32EnumAttr<"GroupKind",
    "which completion groups a commit/wait applies to", [
      I32EnumAttrCase<"cp_async", 0>, I32EnumAttrCase<"bulk", 1>]> {
  let cppNamespace = "::mlir::asynccopy";
}

def AsyncCopy_Rounding : I32EnumAttr<"Rounding",
    "how a tile transform treats a window that its tile does not divide", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"down", 1>,
      I32EnumAttrCase<"up", 2>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// GMEM transforms
//===----------------------------------------------------------------------===//

class AsyncCopy_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<AsyncCopy_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class AsyncCopy_TransformAttr<string name, string attrMnemonic>
    : AsyncCopy_Attr<name, attrMnemonic, [
        DeclareAttrInterfaceMethods<GmemTransformAttrInterface>]> {
  let genVerifyDecl = 1;
}

def AsyncCopy_TileAttr : AsyncCopy_TransformAttr<"Tile", "tile"> {
  let summary = "tiles the trailing dims of the GMEM view";
  let description = [{
    `#asynccopy.tile<[8, 64]>` turns a window `(..., d0, d1)` into
    `(..., d0/8, d1/64, 8, 64)`. Tile sizes must divide the window unless
    `rounding = down` (drop the ragged remainder) or `rounding = up` (cover it;
    elements past the tensor edge follow the copy's `oob` mode).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$tiling,
    DefaultValuedParameter<"::mlir::asynccopy::Rounding",
                           "::mlir::asynccopy::Rounding::none">:$rounding);
  let assemblyFormat = "`<` `[` $tiling `]` (`,` `rounding` `=` $rounding^)? `>`";
}

def AsyncCopy_TransposeAttr
    : AsyncCopy_TransformAttr<"Transpose", "transpose"> {
  let summary = "permutes the dims of the GMEM view";
  let description = [{
    `#asynccopy.transpose<[1, 0]>`: result dim `i` is input dim
    `permutation[i]`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$permutation);
  let assemblyFormat = "`<` `[` $permutation `]` `>`";
}

def AsyncCopy_CollapseLeadingAttr
    : AsyncCopy_TransformAttr<"CollapseLeading", "collapse_leading"> {
  let summary = "merges the first N dims of the GMEM view into one";
  let description = [{
    `#asynccopy.collapse_leading<2>`: the first `N` dims become one dim whose
    stride is the gcd of their strides; indices are linearised with the
    strides divided by that gcd. Used to bring a rank > 5 view under the TMA
    rank limit.
  }];
  let parameters = (ins "int64_t":$count);
  let assemblyFormat = "`<` $count `>`";
}

def AsyncCopy_DropUnitDimsAttr
    : AsyncCopy_TransformAttr<"DropUnitDims", "drop_unit_dims"> {
  let summary = "drops dims of extent 1 from the GMEM view";
  let parameters = (ins ArrayRefParameter<"int64_t">:$dims);
  let assemblyFormat = "`<` `[` $dims `]` `>`";
}

//===----------------------------------------------------------------------===//
// Collective partitioning
//===----------------------------------------------------------------------===//

def AsyncCopy_PartitionedAttr : AsyncCopy_Attr<"Partitioned", "partitioned"> {
  let summary = "each CTA of the collective loads 1/n of the window";
  let description = [{
    `#asynccopy.partitioned<axis>`: the transformed window is split evenly
    along `axis` over the CTAs of the collective; each CTA loads its slice and
    multicasts it. On sm_90 every CTA's barrier expects the whole window
    (multicast completes on each destination's barrier; leader-only tracking
    needs sm_100's cta_group::2).
  }];
  let parameters = (ins "int64_t":$axis);
  let assemblyFormat = "`<` $axis `>`";
}

def AsyncCopy_ReplicatedAttr : AsyncCopy_Attr<"Replicated", "replicated"> {
  let summary = "every CTA receives the whole window; the leader tracks it";
}

def AsyncCopy_PartitionAttr : AnyAttrOf<[AsyncCopy_PartitionedAttr,
                                         AsyncCopy_ReplicatedAttr]>;

#endif // ASYNCCOPY_ATTRS
