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
  let description = [{
    What a load reads for window elements outside the GMEM tensor (stores
    never write outside it). `zeros` (the default) fills with zeros; `nan`
    fills with TMA's NaN bits, 0x7FF7 in every 16-bit half of an element, and
    needs a floating-point element type; `promise_in_bounds` asserts that the
    window lies inside the tensor (checked where both are static);
    `undefined` leaves those elements unspecified.

    Example:

    ```mlir
    asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%s]
        {oob = #asynccopy<oob nan>}
        : memref<100x100xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
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
  let description = [{
    A store with a reduction combines the SMEM tile into the GMEM window
    instead of overwriting it. `add`, `min` and `max` apply to integers and
    f16/bf16/f32/f64; `inc`, `dec` (PTX's unsigned wrap-around counters),
    `and`, `or` and `xor` to integers. Integer `min`/`max` compare signed for
    signless and `si*` types, unsigned for `ui*`.

    Example:

    ```mlir
    %t = asynccopy.copy %S to %B window [%i, %j] [64, 64]
        {reduction = #asynccopy<reduction max>}
        : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
    ```
  }];
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
  let description = [{
    `auto` (the default) lets `asynccopy-select-implementation` take the
    first of `tma`, `bulk`, `dsmem`, `cp_async` and `sync` that can perform
    the copy; `sync` (the CTA's threads with ordinary loads and stores) can
    perform every legal copy. Naming another forces it: a copy that it cannot
    perform is an error that says why and which implementations can.

    Example:

    ```mlir
    %t = asynccopy.copy %A to %S window [%i, 0] [32, 64]
        {impl = #asynccopy<impl cp_async>}
        : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    ```
  }];
}
def AsyncCopy_ImplAttr : EnumAttr<AsyncCopy_Dialect, AsyncCopy_Impl, "impl"> {
  let assemblyFormat = "$value";
}

def AsyncCopy_CacheHint : I32EnumAttr<"CacheHint", "L2 eviction priority", [
      I32EnumAttrCase<"normal", 0>, I32EnumAttrCase<"evict_first", 1>,
      I32EnumAttrCase<"evict_last", 2>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
  let description = [{
    The L2 eviction priority of a copy's or prefetch's GMEM accesses
    (`normal` by default): `evict_first` for data read once, `evict_last`
    for data that later CTAs read again.

    Example:

    ```mlir
    asynccopy.copy %A to %S window [%i, %j] [64, 64] barrier %b[%s]
        {cache = #asynccopy<cache evict_last>}
        : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
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

def AsyncCopy_OperandMajor : I32EnumAttr<"OperandMajor",
    "which dim of a tensor-core operand is contiguous in SMEM", [
      I32EnumAttrCase<"k", 0>, I32EnumAttrCase<"mn", 1>]> {
  let cppNamespace = "::mlir::asynccopy";
  let description = [{
    `k`: the reduction dim K is contiguous (A stored M x K, B stored N x K,
    what wgmma calls not transposed); `mn`: the M or N dim is contiguous
    (A stored K x M, B stored K x N; wgmma's transposed operands, 16-bit
    element types only).
  }];
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

    Example:

    ```mlir
    // The 64x128 window becomes 1x2x64x64; the leading unit dim may be
    // omitted from the SMEM shape.
    asynccopy.copy %A to %S window [%i, %j] [64, 128] barrier %b[%s]
        {transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128 : i64}
        : memref<4096x4096xf16> to memref<2x64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "tile sizes of the trailing dims">:$tiling,
    DefaultValuedParameter<"::mlir::asynccopy::Rounding",
                           "::mlir::asynccopy::Rounding::none",
                           "treatment of a window the tile does not divide">:$rounding);
  let assemblyFormat = "`<` `[` $tiling `]` (`,` `rounding` `=` $rounding^)? `>`";
}

def AsyncCopy_TransposeAttr
    : AsyncCopy_TransformAttr<"Transpose", "transpose"> {
  let summary = "permutes the dims of the GMEM view";
  let description = [{
    `#asynccopy.transpose<[1, 0]>`: result dim `i` is input dim
    `permutation[i]`.

    Example:

    ```mlir
    // A 64x32 window lands in SMEM as 32x64.
    asynccopy.copy %A to %S window [%i, %j] [64, 32] barrier %b[%s]
        {transforms = [#asynccopy.transpose<[1, 0]>]}
        : memref<1024x1024xf32> to memref<32x64xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t",
                                         "input dim of each result dim">:$permutation);
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

    Example:

    ```mlir
    // A 2x4x64 window of a contiguous tensor becomes 8x64.
    asynccopy.copy %A to %S window [%i, 0, 0] [2, 4, 64] barrier %b[%s]
        {transforms = [#asynccopy.collapse_leading<2>]}
        : memref<16x4x64xf16> to memref<8x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins AttrParameter<"int64_t", "number of leading dims to merge">:$count);
  let assemblyFormat = "`<` $count `>`";
}

def AsyncCopy_DropUnitDimsAttr
    : AsyncCopy_TransformAttr<"DropUnitDims", "drop_unit_dims"> {
  let summary = "drops dims of extent 1 from the GMEM view";
  let description = [{
    `#asynccopy.drop_unit_dims<[0, 2]>` removes the listed window dims, each
    of which must have extent 1.

    Example:

    ```mlir
    asynccopy.copy %A to %S window [%n, %i, 0] [1, 64, 64] barrier %b[%s]
        {transforms = [#asynccopy.drop_unit_dims<[0]>]}
        : memref<8x1024x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "window dims to drop">:$dims);
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

    Example:

    ```mlir
    // Two CTAs along cluster x each load 32 of the 64 rows and multicast
    // them: both receive the whole 64x64 tile.
    asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
        {collective = [#gpu<dim x>], partition = #asynccopy.partitioned<0>}
        : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let parameters = (ins AttrParameter<"int64_t",
                                     "dim of the transformed window that is split">:$axis);
  let assemblyFormat = "`<` $axis `>`";
}

def AsyncCopy_ReplicatedAttr : AsyncCopy_Attr<"Replicated", "replicated"> {
  let summary = "every CTA receives the whole window; the leader tracks it";
  let description = [{
    With `collective`, one leader CTA loads the whole window and multicasts
    it to the CTAs of the collective instead of splitting the load.

    Example:

    ```mlir
    asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
        {collective = [#gpu<dim x>], partition = #asynccopy.replicated}
        : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
}

def AsyncCopy_PartitionAttr : AnyAttrOf<[AsyncCopy_PartitionedAttr,
                                         AsyncCopy_ReplicatedAttr]>;

//===----------------------------------------------------------------------===//
// Mechanism plans (written by asynccopy-select-implementation)
//===----------------------------------------------------------------------===//

def AsyncCopy_TmaDimAttr : AsyncCopy_Attr<"TmaDim", "tma_dim"> {
  let summary = "one tensor-map dim of a TMA plan that is not a window dim";
  let description = [{
    A dim of the tensor map when the map does not describe the window's
    tensor view dim for dim (merged dims of a rank above 5, partial tiles):
    its extent (`?`: one memref dim's size at launch) and element stride in
    the GMEM tensor, and its coordinate as the sum of `view[i]` (a
    tensor-view dim) times `scale[i]`.

    Example:

    ```mlir
    #asynccopy.tma_dim<extent = 1024, stride = 64, view = [3, 4], scale = [16, 1]>
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "global extent">:$extent,
    AttrParameter<"int64_t", "global element stride">:$stride,
    ArrayRefParameter<"int64_t", "tensor-view dims of the coordinate">:$view,
    ArrayRefParameter<"int64_t", "their scales">:$scale);
  let assemblyFormat = [{
    `<` `extent` `=` custom<Extent>($extent) `,` `stride` `=` $stride `,`
    `view` `=` `[` $view `]` `,` `scale` `=` `[` $scale `]` `>`
  }];
  let genVerifyDecl = 1;
}

def AsyncCopy_TmaIssueAttr : AsyncCopy_Attr<"TmaIssue", "tma_issue"> {
  let summary = "where one of several TMA instructions of a plan goes";
  let description = [{
    One instruction of a TMA plan that needs several: the offset added to
    the window's tensor-view coordinates (one per tensor-view dim) and the
    byte offset of its box in the SMEM buffer.

    Example:

    ```mlir
    #asynccopy.tma_issue<view = [0, 256], smem = 32768>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "tensor-view coordinate offsets">:$view,
    AttrParameter<"int64_t", "SMEM byte offset of the box">:$smem);
  let assemblyFormat = [{
    `<` `view` `=` `[` $view `]` `,` `smem` `=` $smem `>`
  }];
  let genVerifyDecl = 1;
}

def AsyncCopy_TmaMulticastAttr
    : AsyncCopy_Attr<"TmaMulticast", "tma_multicast"> {
  let summary = "one box dim a collective TMA load splits over its group";
  let description = [{
    Box dim `dim` of a collective load is issued in `count` pieces, one per
    CTA of the group (the plan's `box` is one piece); consecutive pieces lie
    `smem_stride` bytes apart in SMEM.

    Example:

    ```mlir
    #asynccopy.tma_multicast<dim = 0, count = 2, smem_stride = 4096>
    ```
  }];
  let parameters = (ins AttrParameter<"int64_t", "split box dim">:$dim,
                        AttrParameter<"int64_t", "pieces">:$count,
                        AttrParameter<"int64_t", "SMEM bytes between pieces">
                            :$smemStride);
  let assemblyFormat = [{
    `<` `dim` `=` $dim `,` `count` `=` $count `,` `smem_stride` `=`
    $smemStride `>`
  }];
  let genVerifyDecl = 1;
}

def AsyncCopy_TmaPlanAttr : AsyncCopy_Attr<"TmaPlan", "tma_plan"> {
  let summary = "how a TMA op moves its window";
  let description = [{
    The plan selection made for a TMA load, store, reduction or prefetch:
    the box of one instruction (descriptor dims, outermost first), the
    number of instructions (`issues`) and the bytes they move together,
    which a load's barrier expects. The lowering and the tensor map read it;
    neither plans again. The parts below are printed only when they differ
    from the plain case:

    - `dims`: the tensor map's dims when they are not the window's
      tensor-view dims one for one (dims merged to fit rank 5);
    - `issue_offsets`: with several issues, each one's tensor-view
      coordinate offset and SMEM byte offset (absent: one issue at the
      window's origin);
    - `multicast`: written by `asynccopy-partition-collective` for a
      collective load, the box dims split over the CTAs of the group (`box`
      is then one CTA's piece, `bytes` still the whole window every CTA's
      barrier receives); `leader_only`: the group's first CTA issues every
      box for the group (a `replicated` partition).

    `descriptor` is the kernel parameter holding the op's tensor map once
    `asynccopy-materialize-tma-descriptors` has encoded it; with
    `descriptor-mode=scratch` that parameter points at all maps of the
    launch and the op's map is `descriptor_offset` bytes into it.

    Example:

    ```mlir
    #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>
    #asynccopy.tma_plan<box = [1, 64], issues = 2, bytes = 256,
        issue_offsets = [<view = [0, 0], smem = 0>, <view = [1, 0], smem = 128>]>
    #asynccopy.tma_plan<box = [32, 64], issues = 1, bytes = 8192,
        multicast = [<dim = 0, count = 2, smem_stride = 4096>], descriptor = 3>
    #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, leader_only>
    #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192, descriptor = 2, descriptor_offset = 128>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "box extents, outermost first">:$box,
    AttrParameter<"int64_t", "instructions the op issues">:$issues,
    AttrParameter<"int64_t", "bytes all issues move">:$bytes,
    OptionalArrayRefParameter<"TmaDimAttr",
                              "tensor-map dims, outermost first">:$dims,
    OptionalArrayRefParameter<"TmaIssueAttr",
                              "per-issue offsets">:$issueOffsets,
    OptionalArrayRefParameter<"TmaMulticastAttr",
                              "box dims split over a collective group">
        :$multicast,
    DefaultValuedParameter<"bool", "false",
                           "the group's first CTA issues for all">
        :$leaderOnly,
    OptionalParameter<"std::optional<int64_t>",
                      "kernel parameter of the tensor map">:$descriptor,
    OptionalParameter<"std::optional<int64_t>",
                      "byte offset of the map in a scratch parameter">
        :$descriptorOffset);
  // Hand-written: ODS cannot tell its optional `, key = ...` clauses apart
  // after the comma.
  let hasCustomAssemblyFormat = 1;  let builders = [
    AttrBuilder<(ins "ArrayRef<int64_t>":$box, "int64_t":$issues,
                     "int64_t":$bytes), [{
      return $_get($_ctxt, box, issues, bytes, ArrayRef<TmaDimAttr>(),
                   ArrayRef<TmaIssueAttr>(), ArrayRef<TmaMulticastAttr>(),
                   false, std::nullopt, std::nullopt);
    }]>
  ];
  let extraClassDeclaration = [{
    /// This plan with its tensor map at kernel parameter `param` (and
    /// `offset` bytes into it).
    TmaPlanAttr withDescriptor(int64_t param,
                               std::optional<int64_t> offset) const {
      return get(getContext(), getBox(), getIssues(), getBytes(), getDims(),
                 getIssueOffsets(), getMulticast(), getLeaderOnly(), param,
                 offset);
    }
    /// Whether a collective group shares the plan's boxes by multicast.
    bool isMulticast() const {
      return !getMulticast().empty() || getLeaderOnly();
    }
  }];
  let genVerifyDecl = 1;
}

def AsyncCopy_ChunkPlanAttr : AsyncCopy_Attr<"ChunkPlan", "chunk_plan"> {
  let summary = "how a bulk, DSMEM, cp.async or sync copy splits its window";
  let description = [{
    The window as `chunks` contiguous runs of `chunk_bytes` each (one run for
    a DSMEM copy), and for the per-thread mechanisms (cp.async, sync) the
    width of one thread's transfer, `vector_bytes`, a power of two up to
    16 B.

    Example:

    ```mlir
    #asynccopy.chunk_plan<chunks = 64, chunk_bytes = 128>
    #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "contiguous runs">:$chunks,
    AttrParameter<"int64_t", "bytes of one run">:$chunkBytes,
    OptionalParameter<"std::optional<int64_t>",
                      "bytes one thread moves at a time">:$vectorBytes);
  let assemblyFormat = [{
    `<` `chunks` `=` $chunks `,` `chunk_bytes` `=` $chunkBytes
    (`,` `vector_bytes` `=` $vectorBytes^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes the whole copy moves.
    int64_t getTotalBytes() const { return getChunks() * getChunkBytes(); }
  }];
}

// The `descriptor-mode` option of asynccopy-materialize-tma-descriptors and
// the pipelines. The values are the runtime's AC_DESCRIPTORS_* of
// asynccopy/ABI/ABI.h (static_assert in AsyncCopyAttrs.cpp), which the
// launch plans of hosts and the Python package pass on.
def AsyncCopy_DescriptorMode : I32EnumAttr<"DescriptorMode",
    "where TMA tensor maps live", [
      I32EnumAttrCase<"param", 1>,
      I32EnumAttrCase<"scratch", 2>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
  let description = [{
    Where a kernel's TMA tensor maps live: `param` passes each as a 128-B
    `__grid_constant__` kernel parameter, `scratch` all maps of a launch in
    one GMEM buffer behind one pointer parameter.
    asynccopy-materialize-tma-descriptors records the mode on each kernel
    it gives tensor maps.

    Example:

    ```mlir
    gpu.func @copy(%A: memref<4096x4096xf16>) kernel
        attributes {asynccopy.descriptor_mode = #asynccopy<descriptor_mode scratch>} {
      gpu.return
    }
    ```
  }];
}
// What a kernel records as `asynccopy.descriptor_mode`.
def AsyncCopy_DescriptorModeAttr
    : EnumAttr<AsyncCopy_Dialect, AsyncCopy_DescriptorMode, "descriptor_mode"> {
  let assemblyFormat = "$value";
}

// The `mode` option of asynccopy-pack-shared-memory and the pipelines'
// `dynamic-smem`: which kernels keep their SMEM in dynamic shared memory.
def AsyncCopy_DynamicSmemMode : I32EnumAttr<"DynamicSmemMode",
    "which kernels use dynamic shared memory", [
      I32EnumAttrCase<"never", 0>,
      I32EnumAttrCase<"automatic", 1, "auto">,
      I32EnumAttrCase<"always", 2>]> {
  let cppNamespace = "::mlir::asynccopy";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Tensor maps (written by asynccopy-materialize-tma-descriptors)
//===----------------------------------------------------------------------===//

def AsyncCopy_TensorMapAttr : AsyncCopy_Attr<"TensorMap", "tensor_map"> {
  let summary = "one TMA tensor map that the host encodes for a kernel";
  let description = [{
    Everything that makes two tensor maps different: the kernel argument
    whose memref it describes (`arg`), the element type of that memref and
    the encoder's element type for it (`map_type`, an `AC_ELEMENT_*` code of
    the runtime; reductions pick it per operation), the global extents and
    element strides and the box, all outermost first (`?`: read from the
    memref at launch), the swizzle span in bytes, the out-of-bounds mode and
    the cache hint (`evict_last` promotes 256 B into L2, otherwise 128 B).
    `identity_view`: descriptor dim i is memref dim i (no transforms, no
    merged dims), so dynamic extents and strides can be read from the memref.
    `extent_dims` (a transformed view): per descriptor dim, the memref dim
    whose size at launch is its dynamic extent (-1 for a static one), where
    the transforms keep that dim whole (a packed batch's token count).
    `peer`: the map of a `peer` copy, encoded once per PE of the symmetric
    heap. `fallback`: a launch whose tensor breaks the map's rules that
    depend on it (address, extents, strides) gets a zeroed map instead of an
    error; the kernel checks the same rules and takes a fallback copy then. Element strides are always 1 and the layout is never interleaved.
    Attributes are uniqued, so equal maps are the same attribute: a kernel's
    `asynccopy.tma_descriptors` lists each once.

    Example:

    ```mlir
    #asynccopy.tensor_map<arg = 0, element_type = f16, map_type = 6,
        dims = [?, 4096], strides = [4096, 1], box = [64, 64], swizzle = 128,
        oob = zeros, cache = normal, identity_view>
    ```
  }];
  let parameters = (ins
    AttrParameter<"int64_t", "kernel argument the map describes">:$arg,
    AttrParameter<"::mlir::Type", "element type of the memref">:$element_type,
    AttrParameter<"int32_t", "the encoder's element type">:$map_type,
    ArrayRefParameter<"int64_t", "global extents, outermost first">:$dims,
    ArrayRefParameter<"int64_t",
                      "global element strides, outermost first">:$strides,
    ArrayRefParameter<"int64_t", "box extents, outermost first">:$box,
    AttrParameter<"int64_t", "swizzle span in bytes">:$swizzle,
    EnumParameter<AsyncCopy_OOBMode>:$oob,
    EnumParameter<AsyncCopy_CacheHint>:$cache,
    DefaultValuedParameter<"bool", "false",
                           "descriptor dims are the memref's">:$identity_view,
    DefaultValuedParameter<"bool", "false", "a peer copy's map">:$peer,
    DefaultValuedParameter<"bool", "false",
                           "zeroed, not refused, when the tensor breaks the "
                           "rules at launch">:$fallback,
    OptionalArrayRefParameter<"int64_t",
                              "memref dim of each dynamic extent (transformed "
                              "views), outermost first">:$extent_dims);
  let assemblyFormat = [{
    `<` `arg` `=` $arg `,` `element_type` `=` $element_type `,`
    `map_type` `=` $map_type `,` `dims` `=` custom<Extents>($dims) `,`
    `strides` `=` custom<Extents>($strides) `,` `box` `=` `[` $box `]` `,`
    `swizzle` `=` $swizzle `,` `oob` `=` $oob `,` `cache` `=` $cache
    `` custom<TensorMapFlags>($identity_view, $peer, $fallback, $extent_dims)
    `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDims().size(); }
    /// True if an extent or a stride is only known at launch.
    bool hasDynamicExtents() const;
    /// The memref dim whose size at launch is descriptor dim `d`'s dynamic
    /// extent (-1 for a static one).
    int64_t getExtentSource(int64_t d) const;
    /// The encoder's out-of-bounds fill (AC_OOB_FILL_*).
    int32_t getOobFill() const;
    /// Bytes the encoder promotes into L2 per access.
    int32_t getL2PromotionBytes() const;
  }];
}

#endif // ASYNCCOPY_ATTRS
