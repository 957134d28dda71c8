//===- AsyncCopyOps.td - asynccopy operations --------------*- tablegen -*-===//

#ifndef ASYNCCOPY_OPS
#define ASYNCCOPY_OPS

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyTypes.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Dialect/LLVMIR/NVVMRequiresSMTraits.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

// Copies, barrier operations, waits and fences touch SMEM through this
// resource, so that no generic transform (CSE, DCE, canonicalisation) drops,
// merges or reorders them relative to each other.
def AsyncCopy_SharedMemory : Resource<"::mlir::asynccopy::SharedMemoryResource">;
// A prefetch changes only what the L2 cache holds; the write effect on this
// resource keeps it alive without making it alias any memref.
def AsyncCopy_L2Cache : Resource<"::mlir::asynccopy::L2CacheResource">;

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def AsyncCopy_BarrierAllocOp : AsyncCopy_Op<"barrier.alloc"> {
  let summary = "allocates N mbarriers in SMEM";
  let description = [{
    Allocates `N` mbarriers (8 B each, one per pipeline stage) in the CTA's
    SMEM, `1 <= N <= 29056`; every thread of the CTA sees the same barriers.
    They are uninitialised until `asynccopy.barrier.init`. The result is a
    local barrier, never a remote view.

    Example:

    ```mlir
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    ```
  }];
  let results = (outs Res<AsyncCopy_BarrierType, "",
                          [MemAlloc<AsyncCopy_SharedMemory>]>:$barrier);
  let assemblyFormat = "attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def AsyncCopy_BarrierInitOp : AsyncCopy_Op<"barrier.init",
    [NVVMRequiresSM<80>, MemoryEffects<[MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "initialises every stage with an arrival count";
  let description = [{
    Every stage expects `count` arrivals per phase, `1 <= count < 2^20`. One
    elected thread initialises all stages, then `fence.mbarrier_init` makes
    the initialisation visible to the cluster (and the async proxy) and a CTA
    barrier follows. A remote view cannot be initialised.

    Example:

    ```mlir
    %bar = asynccopy.barrier.alloc : !asynccopy.barrier<2>
    // One arrival per phase: the arrive.expect_tx of one TMA load.
    asynccopy.barrier.init %bar, 1 : !asynccopy.barrier<2>
    ```
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, I64Attr:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def AsyncCopy_BarrierArriveOp : AsyncCopy_Op<"barrier.arrive",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "arrives on one stage (optionally with a count)";
  let description = [{
    Every thread of the CTA arrives on stage `stage`, once or `count` times.
    On a remote view the arrival is
    `mbarrier.arrive.release.cluster.shared::cluster` on the owner-local
    address and the CTA rank. A static stage must be below `N`.

    Example:

    ```mlir
    asynccopy.barrier.arrive %bar[%stage] : !asynccopy.barrier<2>
    asynccopy.barrier.arrive %bar[%stage], 2 : !asynccopy.barrier<2>
    // Tell CTA 0 of the cluster that this CTA is done with its buffer.
    %remote = asynccopy.barrier.remote %bar, %c0_i32
        : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
    asynccopy.barrier.arrive %remote[%stage] : !asynccopy.barrier<2, remote>
    ```
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage,
                       OptionalAttr<I64Attr>:$count);
  let assemblyFormat = [{
    $barrier `[` $stage `]` (`,` $count^)? attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierArriveExpectTxOp : AsyncCopy_Op<"barrier.arrive_expect_tx",
    [NVVMRequiresSM<90>, MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "arrives on one stage and expects `bytes` of transactions";
  let description = [{
    One elected thread of the CTA makes one arrival that also expects
    `bytes` of asynchronous transactions (`mbarrier.arrive.expect_tx`), for
    hand-written protocols: a copy that names a barrier makes its own.
    `0 <= bytes < 2^20`.

    Example:

    ```mlir
    asynccopy.barrier.arrive_expect_tx %bar[%stage], 16384 : !asynccopy.barrier<2>
    ```
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage,
                       I64Attr:$bytes);
  let assemblyFormat = [{
    $barrier `[` $stage `]` `,` $bytes attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierWaitOp : AsyncCopy_Op<"barrier.wait",
    [NVVMRequiresSM<80>, MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>,
                    MemRead, MemWrite]>]> {
  let summary = "waits until a stage completes the phase with parity `phase`";
  let description = [{
    Every thread blocks until stage `stage` has completed the phase whose
    parity is `phase` (`mbarrier.try_wait.parity` in a loop; a
    `test_wait.parity` loop on sm_80). A remote view cannot be waited on.

    Example:

    ```mlir
    // The first phase has parity 0.
    %phase = arith.constant false
    asynccopy.barrier.wait %bar[%stage], %phase : !asynccopy.barrier<2>
    ```
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage, I1:$phase);
  let assemblyFormat = [{
    $barrier `[` $stage `]` `,` $phase attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierRemoteOp : AsyncCopy_Op<"barrier.remote",
    [NVVMRequiresSM<90>, Pure]> {
  let summary = "views the same barriers in CTA `rank` of the cluster";
  let description = [{
    The barriers at the same SMEM offset in CTA `rank` (`i32`) of the
    cluster (`mapa`). Only arrivals are legal on the view: it cannot be
    initialised, waited on, named by a copy or viewed remotely again.

    Example:

    ```mlir
    %remote = asynccopy.barrier.remote %bar, %rank
        : !asynccopy.barrier<2> -> !asynccopy.barrier<2, remote>
    ```
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, I32:$rank);
  let results = (outs AsyncCopy_BarrierType:$result);
  let assemblyFormat = [{
    $barrier `,` $rank attr-dict `:` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

def AsyncCopy_CopyOp : AsyncCopy_Op<"copy", [AttrSizedOperandSegments,
    AsyncCopyLikeOpInterface,
    MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                   MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "asynchronous copy between GMEM and SMEM, or SMEM of two CTAs";
  let description = [{
    Copies the GMEM `window` (offsets, static sizes) of one operand to or from
    the SMEM buffer, after applying `transforms` to the GMEM view. Completion
    is tracked by the `barrier` stage (TMA/bulk/DSMEM loads) or by the
    returned token (cp.async, stores, reductions). With `remote %rank` both
    sides are SMEM and the bytes land in CTA `rank`'s `dest`, signalling CTA
    `rank`'s barrier. `impl` forces a hardware path; by default
    `asynccopy-select-implementation` picks the first of tma, bulk, dsmem,
    cp_async and sync that can perform the copy (sync can perform every
    legal copy). The verifier rules are listed in docs/ir.md.

    Example:

    ```mlir
    // TMA load of a 64x64 tile, 128-B swizzle, completion on a barrier.
    asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
        {swizzle = 128 : i64}
        : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    // TMA reduction into GMEM, completion through a token.
    %t = asynccopy.copy %R to %B window [%i, %j] [64, 64]
        {reduction = #asynccopy<reduction add>}
        : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    // DSMEM: the bytes land in CTA %rank's %D and complete on its barrier.
    asynccopy.copy %S to %D remote %rank barrier %b[%s]
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "copy source", [MemRead]>:$source,
    Arg<AnyMemRef, "copy destination", [MemRead, MemWrite]>:$dest,
    Variadic<Index>:$offsets,
    Optional<AsyncCopy_BarrierType>:$barrier,
    Optional<Index>:$stage,
    Optional<I1>:$predicate,
    Optional<I32>:$rank,
    Optional<I32>:$peer,
    OptionalAttr<DenseI64ArrayAttr>:$static_offsets,
    OptionalAttr<DenseI64ArrayAttr>:$static_sizes,
    OptionalAttr<ArrayAttr>:$transforms,
    OptionalAttr<I64Attr>:$swizzle,
    OptionalAttr<ArrayAttr>:$collective,
    OptionalAttr<AsyncCopy_PartitionAttr>:$partition,
    OptionalAttr<AsyncCopy_OOBModeAttr>:$oob,
    OptionalAttr<AsyncCopy_ReductionKindAttr>:$reduction,
    OptionalAttr<AsyncCopy_ImplAttr>:$impl,
    OptionalAttr<AsyncCopy_CacheHintAttr>:$cache,
    OptionalAttr<BoolAttr>:$commit);
  let results = (outs Optional<AsyncCopy_TokenType>:$token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The GMEM operand (source for loads, dest for stores), or null for
    /// SMEM -> SMEM copies.
    ::mlir::Value getGmem();
    /// The SMEM operand of a GMEM <-> SMEM copy (the other side).
    ::mlir::Value getSmem();
    bool isLoad();
    bool isStore();
    /// Window offsets with SSA values and constants merged.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    /// Window sizes; the whole GMEM shape when no window is written.
    ::llvm::SmallVector<int64_t> getWindowSizes();
    ::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>
    getTransformList();
    ::mlir::asynccopy::CopyImpl getImplOrDefault() {
      return getImpl().value_or(::mlir::asynccopy::CopyImpl::automatic);
    }
    ::mlir::asynccopy::OOBMode getOobOrDefault() {
      return getOob().value_or(::mlir::asynccopy::OOBMode::zeros);
    }
    int64_t getSwizzleOrZero() { return getSwizzle().value_or(0); }
  }];
}

def AsyncCopy_PrefetchOp : AsyncCopy_Op<"prefetch", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<AsyncCopy_L2Cache>]>]> {
  let summary = "prefetches a GMEM window (TMA tensor prefetch into L2)";
  let description = [{
    A hint: one elected thread brings the window (after its transforms) into
    L2 with `cp.async.bulk.prefetch.tensor`. Where TMA cannot describe the
    window the prefetch is dropped (with selection's `explain`, a remark
    says why); it never fails.

    Example:

    ```mlir
    asynccopy.prefetch %A window [%i, %j] [64, 64] {swizzle = 128 : i64}
        : memref<4096x4096xf16>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "prefetched tensor", [MemRead]>:$source,
    Variadic<Index>:$offsets,
    Optional<I1>:$predicate,
    OptionalAttr<DenseI64ArrayAttr>:$static_offsets,
    OptionalAttr<DenseI64ArrayAttr>:$static_sizes,
    OptionalAttr<ArrayAttr>:$transforms,
    OptionalAttr<I64Attr>:$swizzle,
    OptionalAttr<AsyncCopy_OOBModeAttr>:$oob,
    OptionalAttr<AsyncCopy_CacheHintAttr>:$cache);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<int64_t> getWindowSizes();
    ::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>
    getTransformList();
  }];
}

//===----------------------------------------------------------------------===//
// Groups, waits and fences
//===----------------------------------------------------------------------===//

def AsyncCopy_WaitOp : AsyncCopy_Op<"wait",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>, MemRead, MemWrite]>]> {
  let summary = "waits until the copy that produced the token completes";
  let description = [{
    Waits for every completion group the token may stand for (cp.async or
    bulk groups; nothing for synchronous copies) and ends with a CTA
    barrier, so the copy's effect is visible to every thread of the CTA.

    Example:

    ```mlir
    %t = asynccopy.copy %S to %B window [%i, %j] [64, 64]
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
    asynccopy.wait %t : !asynccopy.token
    ```
  }];
  let arguments = (ins AsyncCopy_TokenType:$token);
  let assemblyFormat = "$token attr-dict `:` qualified(type($token))";
}

def AsyncCopy_WaitGroupOp : AsyncCopy_Op<"wait_group",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>, MemRead, MemWrite]>]> {
  let summary = "waits until at most `pending` groups of `kind` are in flight";
  let description = [{
    `bulk` groups cover TMA stores, reductions and bulk stores; `{read}` waits
    only until their SMEM sources have been read (SMEM may be reused), and
    only applies to bulk groups.

    Example:

    ```mlir
    // The SMEM of every store but the last one may be overwritten.
    asynccopy.wait_group bulk 1 {read}
    asynccopy.wait_group cp_async 0
    ```
  }];
  let arguments = (ins AsyncCopy_GroupKind:$kind, I64Attr:$pending,
                       UnitAttr:$read);
  let assemblyFormat = "$kind $pending attr-dict";
  let hasVerifier = 1;
}

def AsyncCopy_CommitGroupOp : AsyncCopy_Op<"commit_group",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "closes the current group of `{commit = false}` copies";
  let description = [{
    Copies with `{commit = false}` join the open group of their kind instead
    of closing one of their own; this op closes it, so that one wait covers
    them all.

    Example:

    ```mlir
    %t0 = asynccopy.copy %S0 to %B window [0, 0] [64, 64] {commit = false}
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
    %t1 = asynccopy.copy %S1 to %B window [64, 0] [64, 64] {commit = false}
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
    asynccopy.commit_group bulk
    asynccopy.wait_group bulk 0
    ```
  }];
  let arguments = (ins AsyncCopy_GroupKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

//===----------------------------------------------------------------------===//
// Tensor-core operands
//===----------------------------------------------------------------------===//

def AsyncCopy_WgmmaDescriptorOp : AsyncCopy_Op<"wgmma_descriptor", [Pure]> {
  let summary = "the wgmma matrix descriptor of an SMEM operand";
  let description = [{
    The 64-bit matrix descriptor through which `wgmma.mma_async` (upstream
    `nvvm.wgmma.mma_async`) reads one operand of one instruction from SMEM:
    the operand's start address, its leading and stride byte offsets and
    the swizzle mode, derived from the view's layout as the copies that fill
    its buffer wrote it. The view covers one instruction's K (32 bytes: 16
    f16/bf16, 8 tf32 (f32), 32 fp8 or i8 elements) and the whole M (A: 64)
    or N (B) extent:

    | `major`, swizzle | view (dims, element strides) |
    |---|---|
    | `k`, 32/64/128 | `[MN, K]`, strides `[S/e, 1]`: rows of S bytes |
    | `k`, 0 | `[2, MN, 16/e]`, strides `[L/e, 16/e, 1]`: 16-B core-matrix columns |
    | `mn`, 32/64/128 | `[K, S/e]` or `[B, K, S/e]`, K stride `S/e`: MN in blocks of S bytes |
    | `mn`, 0 | `[B, K, 8]` (16-bit), strides `[L/e, 8, 1]` |

    (S: the swizzle in bytes, e: the element bytes, MN a multiple of 8.)
    These are the layouts a TMA load writes with the tile transform that
    cuts the window into S-byte (16-B without swizzle) columns, e.g. A
    (64 x K, K-major, 128-B swizzle) through
    `transforms = [#asynccopy.tile<[64, 64]>], swizzle = 128` and a subview
    per 16-element step of K.

    `swizzle` (0, 32, 64 or 128) is what the copies that fill the view's
    buffer use; without it, it is taken from them. Every load into the
    buffer in the kernel must use the descriptor's swizzle (an error names
    the one that does not), and a buffer no copy fills needs `swizzle`. The
    view must start at a swizzle atom (8 rows of S bytes) plus an offset
    along K inside its first row, as a K step does; the descriptor's base
    offset is 0. Element types: f16, bf16, f32 (read as tf32), f8E4M3FN,
    f8E5M2, i8/si8/ui8; `mn` only for f16 and bf16, as wgmma transposes only
    those.

    Example:

    ```mlir
    %a = memref.subview %tileA[0, 0, 16] [1, 64, 16] [1, 1, 1]
        : memref<1x64x64xf16, #gpu.address_space<workgroup>>
        to memref<64x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    %da = asynccopy.wgmma_descriptor %a major k
        : memref<64x16xf16, strided<[64, 1], offset: 16>, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins AnyMemRef:$operand, AsyncCopy_OperandMajor:$major,
                       OptionalAttr<I64Attr>:$swizzle);
  let results = (outs I64:$descriptor);
  let assemblyFormat = [{
    $operand `major` $major (`swizzle` $swizzle^)? attr-dict `:` type($operand)
  }];
  let hasVerifier = 1;
}

// NVVM's wgmma attributes, named by their C++ classes: including NVVMOps.td
// would generate NVVM's ops into this dialect.
class AsyncCopy_NVVMEnumAttr<string attr, string enum, string summary>
    : Attr<CPred<"::llvm::isa<::mlir::NVVM::" # attr # ">($_self)">, summary> {
  let storageType = "::mlir::NVVM::" # attr;
  let returnType = "::mlir::NVVM::" # enum;
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall = "::mlir::NVVM::" # attr # "::get($_builder.getContext(), $0)";
}
def AsyncCopy_WgmmaTypeAttr
    : AsyncCopy_NVVMEnumAttr<"WGMMATypesAttr", "WGMMATypes", "wgmma type">;
def AsyncCopy_WgmmaScaleInAttr
    : AsyncCopy_NVVMEnumAttr<"WGMMAScaleInAttr", "WGMMAScaleIn", "wgmma scale">;
def AsyncCopy_MMALayoutAttr
    : AsyncCopy_NVVMEnumAttr<"MMALayoutAttr", "MMALayout", "mma layout">;
def AsyncCopy_MMAShapeAttr
    : Attr<CPred<"::llvm::isa<::mlir::NVVM::MMAShapeAttr>($_self)">, "mma shape"> {
  let storageType = "::mlir::NVVM::MMAShapeAttr";
  let returnType = storageType;
  let convertFromStorage = "$_self";
}

def AsyncCopy_WgmmaRegisterAOp : AsyncCopy_Op<"wgmma_register_a",
    [NVVMRequiresSMa<[90]>, AllTypesMatch<["accumulator", "result"]>,
     MemoryEffects<[MemRead<AsyncCopy_SharedMemory>]>]> {
  let summary = "wgmma.mma_async with its A operand in registers";
  let description = [{
    The register-A form of `wgmma.mma_async`, which upstream's
    `nvvm.wgmma.mma_async` (A and B through SMEM descriptors) lacks:
    D = A * B + D (`scale_d` true) or D = A * B, where each thread of the
    warpgroup holds its fragment of A (M x K = 64 x K) in four 32-bit
    registers and B (K x N) is read from SMEM through the matrix descriptor
    of an `asynccopy.wgmma_descriptor`. Attention's second product
    O += P V takes P, the softmax of the first product's accumulator, from
    registers this way: the accumulator fragment of an m64nN wgmma is, 16
    columns at a time, the A fragment of an m64nNk16 one, so P is S's
    accumulator converted and packed, with no trip through SMEM.

    Like `nvvm.wgmma.mma_async` it is asynchronous and mirrors its operands
    and attributes: the accumulator and the result are the same LLVM struct
    type (N/2 `f32` or `i32` registers per thread for an f32 or s32 D, N/4
    `i32` holding f16 pairs for an f16 D), so both forms chain on one
    accumulator, and `nvvm.wgmma.fence.aligned` before,
    `nvvm.wgmma.commit.group.sync.aligned` and
    `nvvm.wgmma.wait.group.sync.aligned` after order it as they order
    upstream's. Until its group completes, neither the accumulator's
    registers nor A's may be accessed, nor B's SMEM written.

    | A, B | D | K | A per register |
    |---|---|---|---|
    | f16 | f16, f32 | 16 | two f16 |
    | bf16 | f32 | 16 | two bf16 |
    | tf32 | f32 | 8 | one tf32 |
    | e4m3, e5m2 (any mix) | f16, f32 | 32 | four fp8 |
    | s8, u8 (any mix) | s32 | 32 | four 8-bit integers |

    M is 64; N a multiple of 8 from 8 to 256 (for s8/u8: 8, 16, 24, or a
    multiple of 16 up to 256). A in registers is K-major; B is K-major
    (`<col>`, as `layout_b` of `nvvm.wgmma.mma_async`) or, for f16 and
    bf16 only, MN-major (`<row>`), and its descriptor must say the same
    (`major k` or `major mn`, checked before the lowering, as for
    upstream's op). `scale_a` and `scale_b` negate A or B (`<neg>`), except
    for s32 D. The lowering is inline PTX (NVVM has no op for this form).

    Example (f16 P times MN-major V, 64 x 64 x 16, f32 accumulator):

    ```mlir
    %o1 = asynccopy.wgmma_register_a [%p0, %p1, %p2, %p3], %dv, %o0,
        <m = 64, n = 64, k = 16>, D[<f32>, %true], A[<f16>, <one>],
        B[<f16>, <one>, <row>] : !acc
    ```
  }];
  let arguments = (ins LLVM_AnyStruct:$accumulator, Variadic<I32>:$a,
                       I64:$descriptorB, I1:$scaleD,
                       AsyncCopy_MMAShapeAttr:$shape,
                       AsyncCopy_WgmmaTypeAttr:$typeA,
                       AsyncCopy_WgmmaTypeAttr:$typeB,
                       AsyncCopy_WgmmaTypeAttr:$typeD,
                       AsyncCopy_WgmmaScaleInAttr:$scaleA,
                       AsyncCopy_WgmmaScaleInAttr:$scaleB,
                       AsyncCopy_MMALayoutAttr:$layoutB);
  let results = (outs LLVM_AnyStruct:$result);
  let assemblyFormat = [{
    ` ` `[` $a `]` `,` $descriptorB `,` $accumulator `,` $shape `,`
    `D` `[` $typeD `,` $scaleD `]` `,`
    `A` `[` $typeA `,` $scaleA `]` `,`
    `B` `[` $typeB `,` $scaleB `,` $layoutB `]`
    attr-dict `:` type($accumulator)
  }];
  let hasVerifier = 1;
}

def AsyncCopy_FenceAsyncSharedOp : AsyncCopy_Op<"fence_async_shared",
    [NVVMRequiresSM<90>, MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>, MemRead, MemWrite]>]> {
  let summary = "orders generic-proxy SMEM accesses before async-proxy ones";
  let description = [{
    `fence.proxy.async.shared::cta`: this thread's earlier SMEM accesses
    through ordinary loads and stores are ordered before later accesses of
    the async proxy (TMA, bulk copies). Needed after threads write SMEM that
    a TMA store then reads; copies that the passes emit fence themselves.

    Example:

    ```mlir
    memref.store %v, %S[%r, %c] : memref<64x64xf16, #gpu.address_space<workgroup>>
    asynccopy.fence_async_shared
    gpu.barrier
    %t = asynccopy.copy %S to %B window [%i, %j] [64, 64]
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
    ```
  }];
  let assemblyFormat = "attr-dict";
}

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyMechanismOps.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyHostOps.td"

#endif // ASYNCCOPY_OPS
