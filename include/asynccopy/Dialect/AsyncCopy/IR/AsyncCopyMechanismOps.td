//===- AsyncCopyMechanismOps.td - ops after selection ------*- tablegen -*-===//
//
// asynccopy-select-implementation rewrites every `asynccopy.copy` and
// `asynccopy.prefetch` into one of these ops: one per hardware mechanism,
// each with the typed plan selection made for it and a verifier of the
// mechanism's rules. Later passes and the lowering read the op and its plan;
// nothing re-derives them. Users write `asynccopy.copy`; these ops are the
// compiler's (docs/ir.md, "Internal ops").
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_MECHANISM_OPS
#define ASYNCCOPY_MECHANISM_OPS

include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyTypes.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.td"
include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyInterfaces.td"
include "mlir/Dialect/LLVMIR/NVVMRequiresSMTraits.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// A copy after selection: the operands and attributes of `asynccopy.copy`
/// (without `impl`) and the `plan` of its mechanism, in the same syntax.
/// `traits` name the oldest chip with the mechanism (NVVMRequiresSM, which
/// the NVVM target of the enclosing gpu.module verifies).
class AsyncCopy_MechanismCopyOp<string mnemonic, Attr planAttr,
                                string what, list<Trait> traits = []>
    : AsyncCopy_Op<mnemonic, !listconcat(traits, [AttrSizedOperandSegments,
        AsyncCopyLikeOpInterface,
        MemoryEffects<[MemRead<AsyncCopy_SharedMemory>,
                       MemWrite<AsyncCopy_SharedMemory>]>])> {
  let summary = what;
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
    OptionalAttr<AsyncCopy_CacheHintAttr>:$cache,
    OptionalAttr<BoolAttr>:$commit,
    planAttr:$plan);
  let results = (outs Optional<AsyncCopy_TokenType>:$token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Value getGmem();
    ::mlir::Value getSmem();
    bool isLoad();
    bool isStore();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<int64_t> getWindowSizes();
    ::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>
    getTransformList();
    ::mlir::asynccopy::OOBMode getOobOrDefault() {
      return getOob().value_or(::mlir::asynccopy::OOBMode::zeros);
    }
    int64_t getSwizzleOrZero() { return getSwizzle().value_or(0); }
  }];
  let extraClassDefinition = [{
    ::mlir::Value $cppClass::getGmem() {
      return ::mlir::asynccopy::copy_like::getCopyGmem(getSource(), getDest());
    }
    ::mlir::Value $cppClass::getSmem() {
      return isLoad() ? getDest() : getSource();
    }
    bool $cppClass::isLoad() {
      return ::mlir::asynccopy::isGlobalMemory(getSource().getType());
    }
    bool $cppClass::isStore() {
      return ::mlir::asynccopy::isGlobalMemory(getDest().getType());
    }
    ::llvm::SmallVector<::mlir::OpFoldResult> $cppClass::getMixedOffsets() {
      return ::mlir::asynccopy::copy_like::toMixedOffsets(
          getContext(), getStaticOffsets(), getOffsets());
    }
    ::llvm::SmallVector<int64_t> $cppClass::getWindowSizes() {
      return ::mlir::asynccopy::copy_like::getCopyWindowSizes(getStaticSizes(),
                                                           getGmem());
    }
    ::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>
    $cppClass::getTransformList() {
      return ::mlir::asynccopy::copy_like::toTransformList(getTransforms());
    }
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::asynccopy::copy_like::parseCopyClauses(
          parser, result,
          result.getOrAddProperties<Properties>().operandSegmentSizes);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::mlir::asynccopy::copy_like::printCopyClauses(p, *this);
    }
  }];
}

def AsyncCopy_TmaLoadOp : AsyncCopy_MechanismCopyOp<"tma.load",
    AsyncCopy_TmaPlanAttr, "TMA load of a GMEM window into SMEM",
    [NVVMRequiresSM<90>]> {
  let description = [{
    `cp.async.bulk.tensor` GMEM -> SMEM, issued by one elected thread per
    box of the plan; completes on the barrier stage, which expects the
    plan's bytes. With `collective`, the CTAs of the cluster share the box
    through multicast.

    Example:

    ```mlir
    asynccopy.tma.load %A to %S window [%i, 0] [64, 64] barrier %b[%s]
        {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
        : memref<4096x64xf16> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
}

def AsyncCopy_TmaStoreOp : AsyncCopy_MechanismCopyOp<"tma.store",
    AsyncCopy_TmaPlanAttr, "TMA store of an SMEM tile into a GMEM window",
    [NVVMRequiresSM<90>]> {
  let description = [{
    `cp.async.bulk.tensor` SMEM -> GMEM in one bulk group; the token (or
    `wait_group bulk`) waits for it.

    Example:

    ```mlir
    %t = asynccopy.tma.store %S to %B window [%i, %j] [64, 64]
        {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<1024x1024xf16> -> !asynccopy.token
    ```
  }];
}

def AsyncCopy_TmaReduceOp : AsyncCopy_MechanismCopyOp<"tma.reduce",
    AsyncCopy_TmaPlanAttr, "TMA reduction of an SMEM tile into a GMEM window",
    [NVVMRequiresSM<90>]> {
  let description = [{
    `cp.reduce.async.bulk.tensor`: a TMA store that combines the tile into
    GMEM with its `reduction`.

    Example:

    ```mlir
    %t = asynccopy.tma.reduce %S to %B window [%i, %j] [64, 64]
        {reduction = #asynccopy<reduction add>,
         plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 16384>}
        : memref<64x64xf32, #gpu.address_space<workgroup>> to memref<1024x1024xf32> -> !asynccopy.token
    ```
  }];
}

def AsyncCopy_BulkLoadOp : AsyncCopy_MechanismCopyOp<"bulk.load",
    AsyncCopy_ChunkPlanAttr, "bulk copies of contiguous GMEM runs into SMEM",
    [NVVMRequiresSM<90>]> {
  let description = [{
    One `cp.async.bulk` GMEM -> SMEM per chunk of the plan (16-B multiples),
    completing on the barrier stage.

    Example:

    ```mlir
    asynccopy.bulk.load %A to %S window [%i] [1024] barrier %b[%s]
        {oob = #asynccopy<oob promise_in_bounds>,
         plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
        : memref<65536xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
    ```
  }];
}

def AsyncCopy_BulkStoreOp : AsyncCopy_MechanismCopyOp<"bulk.store",
    AsyncCopy_ChunkPlanAttr, "bulk copies of SMEM into contiguous GMEM runs",
    [NVVMRequiresSM<90>]> {
  let description = [{
    One `cp.async.bulk` SMEM -> GMEM per chunk of the plan, in one bulk
    group.

    Example:

    ```mlir
    %t = asynccopy.bulk.store %S to %B window [%i] [1024]
        {oob = #asynccopy<oob promise_in_bounds>,
         plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 4096>}
        : memref<1024xf32, #gpu.address_space<workgroup>> to memref<65536xf32> -> !asynccopy.token
    ```
  }];
}

def AsyncCopy_DsmemCopyOp : AsyncCopy_MechanismCopyOp<"dsmem.copy",
    AsyncCopy_ChunkPlanAttr, "bulk copy of an SMEM buffer into another CTA",
    [NVVMRequiresSM<90>]> {
  let description = [{
    One `cp.async.bulk.shared::cluster` of the whole buffer (one chunk, a
    16-B multiple) into CTA `rank`'s `dest`, completing on its barrier.

    Example:

    ```mlir
    asynccopy.dsmem.copy %S to %D remote %rank barrier %b[%s]
        {plan = #asynccopy.chunk_plan<chunks = 1, chunk_bytes = 8192>}
        : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
}

def AsyncCopy_CpAsyncCopyOp : AsyncCopy_MechanismCopyOp<"cp_async.copy",
    AsyncCopy_ChunkPlanAttr, "per-thread cp.async of a GMEM window into SMEM",
    [NVVMRequiresSM<80>]> {
  let description = [{
    Every thread of the CTA issues `cp.async` transfers of the plan's
    `vector_bytes` (4, 8 or 16) in one cp.async group; the token waits for
    it.

    Example:

    ```mlir
    %t = asynccopy.cp_async.copy %A to %S window [%i, 0] [32, 64]
        {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>}
        : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    ```
  }];
}

def AsyncCopy_SyncCopyOp : AsyncCopy_MechanismCopyOp<"sync.copy",
    AsyncCopy_ChunkPlanAttr, "per-thread loads and stores (the fallback)"> {
  let description = [{
    Every thread of the CTA moves `vector_bytes` at a time with ordinary
    loads and stores (atomics for a reduction, `mapa` addresses for a remote
    copy); it can perform every legal copy.

    Example:

    ```mlir
    %t = asynccopy.sync.copy %A to %S window [%i, 0] [32, 64]
        {plan = #asynccopy.chunk_plan<chunks = 32, chunk_bytes = 256, vector_bytes = 16>}
        : memref<128x64xf32> to memref<32x64xf32, #gpu.address_space<workgroup>> -> !asynccopy.token
    ```
  }];
}

def AsyncCopy_TmaPrefetchOp : AsyncCopy_Op<"tma.prefetch",
    [NVVMRequiresSM<90>, AttrSizedOperandSegments, MemoryEffects<[MemWrite<AsyncCopy_L2Cache>]>]> {
  let summary = "TMA prefetch of a GMEM window into L2";
  let description = [{
    `cp.async.bulk.prefetch.tensor` per box of the plan, issued by one
    elected thread: what a prefetch that TMA can describe becomes (selection
    erases the others, which are hints).

    Example:

    ```mlir
    asynccopy.tma.prefetch %A window [%i, %j] [64, 64]
        {plan = #asynccopy.tma_plan<box = [64, 64], issues = 1, bytes = 8192>}
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
    OptionalAttr<AsyncCopy_CacheHintAttr>:$cache,
    AsyncCopy_TmaPlanAttr:$plan);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets() {
      return ::mlir::asynccopy::copy_like::toMixedOffsets(
          getContext(), getStaticOffsets(), getOffsets());
    }
    ::llvm::SmallVector<int64_t> getWindowSizes() {
      return ::mlir::asynccopy::copy_like::getCopyWindowSizes(getStaticSizes(),
                                                           getSource());
    }
    ::llvm::SmallVector<::mlir::asynccopy::GmemTransformAttrInterface>
    getTransformList() {
      return ::mlir::asynccopy::copy_like::toTransformList(getTransforms());
    }
  }];
}

#endif // ASYNCCOPY_MECHANISM_OPS
