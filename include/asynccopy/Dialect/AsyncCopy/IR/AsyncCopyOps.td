//===- AsyncCopyOps.td - asynccopy operations --------------*- tablegen -*-===//

#ifndef ASYNCCOPY_OPS
#define ASYNCCOPY_OPS

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyTypes.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.td"
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
  let results = (outs Res<AsyncCopy_BarrierType, "",
                          [MemAlloc<AsyncCopy_SharedMemory>]>:$barrier);
  let assemblyFormat = "attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def AsyncCopy_BarrierInitOp : AsyncCopy_Op<"barrier.init",
    [MemoryEffects<[MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "initialises every stage with an arrival count";
  let description = [{
    One elected thread initialises all stages, then `fence.mbarrier_init`
    makes the initialisation visible to the cluster.
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
    On a remote view the arrival is
    `mbarrier.arrive.release.cluster.shared::cluster` on the owner-local
    address and the CTA rank.
  }];
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage,
                       OptionalAttr<I64Attr>:$count);
  let assemblyFormat = [{
    $barrier `[` $stage `]` (`,` $count^)? attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierArriveExpectTxOp : AsyncCopy_Op<"barrier.arrive_expect_tx",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "arrives on one stage and expects `bytes` of transactions";
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage,
                       I64Attr:$bytes);
  let assemblyFormat = [{
    $barrier `[` $stage `]` `,` $bytes attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierWaitOp : AsyncCopy_Op<"barrier.wait",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>,
                    MemRead, MemWrite]>]> {
  let summary = "waits until a stage completes the phase with parity `phase`";
  let arguments = (ins AsyncCopy_BarrierType:$barrier, Index:$stage, I1:$phase);
  let assemblyFormat = [{
    $barrier `[` $stage `]` `,` $phase attr-dict `:` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def AsyncCopy_BarrierRemoteOp : AsyncCopy_Op<"barrier.remote", [Pure]> {
  let summary = "views the same barriers in CTA `rank` of the cluster";
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
    MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                   MemWrite<AsyncCopy_SharedMemory>]>]> {
  let summary = "asynchronous copy between GMEM and SMEM, or SMEM of two CTAs";
  let description = [{
    Copies the GMEM `window` (offsets, static sizes) of one operand to or from
    the SMEM buffer, after applying `transforms` to the GMEM view. Completion
    is tracked by the `barrier` stage (TMA/bulk/DSMEM loads) or by the
    returned token (cp.async, stores, reductions). With `remote %rank` both
    sides are SMEM and the bytes land in CTA `rank`'s `dest`, signalling CTA
    `rank`'s barrier.

    ```mlir
    asynccopy.copy %A to %S window [%i, 0] [64, 64] barrier %b[%s]
        {swizzle = 128 : i64}
        : memref<4096x4096xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
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
  let arguments = (ins AsyncCopy_TokenType:$token);
  let assemblyFormat = "$token attr-dict `:` qualified(type($token))";
}

def AsyncCopy_WaitGroupOp : AsyncCopy_Op<"wait_group",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>, MemRead, MemWrite]>]> {
  let summary = "waits until at most `pending` groups of `kind` are in flight";
  let description = [{
    `bulk` groups cover TMA stores, reductions and bulk stores; `{read}` waits
    only until their SMEM sources have been read (SMEM may be reused).
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
  let arguments = (ins AsyncCopy_GroupKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

def AsyncCopy_FenceAsyncSharedOp : AsyncCopy_Op<"fence_async_shared",
    [MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                    MemWrite<AsyncCopy_SharedMemory>, MemRead, MemWrite]>]> {
  let summary = "orders generic-proxy SMEM accesses before async-proxy ones";
  let assemblyFormat = "attr-dict";
}

#endif // ASYNCCOPY_OPS
