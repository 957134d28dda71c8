//===- Passes.td - conversion and post-lowering passes -----*- tablegen -*-===//

#ifndef ASYNCCOPY_CONVERSION_PASSES
#define ASYNCCOPY_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertAsyncCopyToNVVM : Pass<"convert-asynccopy-to-nvvm"> {
  let summary = "Lowers asynccopy ops to NVVM ops (and upstream GPU-level ops)";
  let description = [{
    TMA, bulk, DSMEM and barrier ops become NVVM ops; cp.async copies become
    `nvgpu.device_async_copy` and the synchronous fallback vector loads and
    stores, which the upstream NVGPU/vector lowerings finish. The input must
    have been through asynccopy-select-implementation,
    asynccopy-partition-collective and asynccopy-materialize-tma-descriptors
    (the asynccopy-to-nvvm pipeline runs them): a copy without an
    implementation, a collective copy without a cluster shape, a TMA copy
    without a tensor map or an unplanned prefetch is an error naming the
    pass it needs.
    Inline PTX is used only where NVVM has no op (L2 cache policies), through
    one helper.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::gpu::GPUDialect", "::mlir::nvgpu::NVGPUDialect",
    "::mlir::vector::VectorDialect", "::mlir::memref::MemRefDialect",
  ];
}

def AsyncCopyLowerUnraisedUpstream
    : Pass<"asynccopy-lower-unraised-upstream", "::mlir::ModuleOp"> {
  let summary = "Lowers the upstream copies and nvgpu ops raising left, as "
                "upstream's pipeline means them";
  let description = [{
    asynccopy-raise-upstream leaves what it cannot raise as it was; this
    pass gives those ops the lowering their upstream meaning asks for, so a
    kernel compiles wherever `gpu-lower-to-nvvm-pipeline` compiles it:

    - `memref.copy` and `linalg.copy` (buffer semantics) in device code
      (gpu.module functions, gpu.launch bodies) copy the whole view in every
      thread that runs them: they become a loop nest of loads and stores in
      those threads (upstream lowers strided ones to a `memrefCopy` call
      that GPU modules do not have), with a remark;
    - an all_reduce or subgroup_reduce in a gpu.launch body is folded,
      which marks it `uniform` where every thread runs it, as upstream's
      pipeline does before outlining (the GPU -> NVVM lowering needs it);
    - nvgpu ops go through upstream's `convert-nvgpu-to-nvvm`, in each
      function that holds one (tensor maps created on the host included), as
      upstream's pipeline does before outlining; functions without nvgpu ops
      are left alone (that pass rejects host loops over `!gpu.async.token`s,
      which it has no conversion for).

    The pipelines run it right after asynccopy-raise-upstream.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ConvertAsyncCopyHostToLLVM : Pass<"convert-asynccopy-host-to-llvm"> {
  let summary = "Lowers the tensor-map encode ops before launches to runtime "
                "calls";
  let description = [{
    `asynccopy.encode_tensor_map` becomes a call of the runtime's
    `acTensorMapEncodeTiledOrExit`, `asynccopy.encode_peer_tensor_maps` one
    of `acSymmPeerTensorMapsOrExit` (declared with LLVM::lookupOrCreateFn).
    The memref operand is read through memref metadata ops, which the host's
    memref lowering finishes; the dims, byte strides and box the encoder
    takes are allocas at the function's entry. Both pipelines run it after
    the device pipeline, before the host lowering.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Post-lowering passes (lib/Conversion/AsyncCopyToNVVM/PostLowering/): they
// run on kernels and launches once convert-asynccopy-to-nvvm has lowered the
// asynccopy ops, in the pipelines' order.
//===----------------------------------------------------------------------===//

def AsyncCopyMergeIssueRegions : Pass<"asynccopy-merge-issue-regions"> {
  let summary = "Merges consecutive single-thread regions of the lowered code";
  let description = [{
    convert-asynccopy-to-nvvm lowers every single-thread instruction (TMA,
    bulk copies, barrier arrivals) into its own `scf.if %issuer { ... }` with
    its own `elect.sync`. A straight line of N copies then holds N regions:
    scf-to-cf splits the block once per region, moving the rest of the block
    each time (O(N^2)), and the NVPTX back end gets N + 1 basic blocks. This
    pass merges each run of such regions whose issuing threads are the same
    (the elected thread of warp 0, or one predicate value) and that only
    side-effect free ops separate into the first region of the run: any
    lane of warp 0 may issue, so the lane elected for the first region
    issues the rest. A region that other side effects keep apart from the
    next ends its block (`cf.br` to the rest), so that scf-to-cf stays
    linear for copies interleaved with waits too. The pipelines run it
    right after the conversion.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def AsyncCopyPackSharedMemory : Pass<"asynccopy-pack-shared-memory",
                                     "::mlir::ModuleOp"> {
  let summary = "Moves kernels' SMEM buffers into dynamic shared memory";
  let description = [{
    A CTA gets more than 48 KiB of shared memory only by opting in at
    launch, up to its chip's limit (227 KiB on sm_90, 163 KiB on sm_80), and
    portable chips (sm_80, sm_90, ...) cap static `.shared` variables at
    48 KiB. For each `gpu.func` kernel whose SMEM (counted as
    asynccopy-check-static-smem does) exceeds 48 KiB (`mode=auto`, the
    default), or for every kernel (`mode=always`), this pass packs its workgroup attributions and the
    shared LLVM globals only kernels use (the lowered barriers) into one
    `gpu.dynamic_shared_memory` buffer, each at its alignment (1024 B for
    swizzled TMA boxes: the buffer's start is aligned at run time), and
    records the bytes as `asynccopy.dynamic_smem_bytes` on the kernel. Every
    `gpu.launch_func` of the kernel in the module gets that size (added to
    one it already has); the runtime's launch sets the kernel's
    max-dynamic-SMEM attribute when it exceeds 48 KiB. A kernel that needs
    more than its chip allows is an error naming its buffers. Kernels that
    use `gpu.dynamic_shared_memory` themselves are left alone. Runs after
    convert-asynccopy-to-nvvm (which sets the buffers' alignments and lowers
    the barriers).
  }];
  let options = [
    Option<"mode", "mode", "::mlir::asynccopy::DynamicSmemMode",
           /*default=*/"::mlir::asynccopy::DynamicSmemMode::automatic",
           "Which kernels use dynamic shared memory: auto (those over "
           "48 KiB), always or never",
           [{::mlir::asynccopy::dynamicSmemModeValues()}]>,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect", "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
  ];
}

def AsyncCopyCheckStaticSharedMemory : Pass<"asynccopy-check-static-smem"> {
  let summary = "Checks each kernel's static shared memory against its chip's "
                "limit";
  let description = [{
    The SMEM buffers asynccopy-pack-shared-memory left static are `.shared`
    variables, and ptxas refuses kernels with more of them than the chip
    allows statically ("uses too much shared data"): 48 KiB on portable
    chips (sm_80, sm_90, sm_100f, ...), 227 KiB on sm_90a and sm_10xa, 99 KiB
    on sm_12xa. This pass adds up, per `gpu.func` kernel, its workgroup
    attributions, the workgroup `memref.global`s and shared LLVM globals (the
    lowered barriers) or `asynccopy.barrier.alloc`s of every function it
    runs, each at its alignment, and reports a kernel over the limit of its
    GPU module's chip (sm_90a without an NVVM target) with its buffers and
    their sizes. The pipelines run it after convert-asynccopy-to-nvvm (which
    raises the alignment of the buffers that copies use) and
    asynccopy-pack-shared-memory.
  }];
}

def AsyncCopyFinalizeDescriptorParams
    : Pass<"asynccopy-finalize-descriptor-params", "::mlir::ModuleOp"> {
  let summary = "Makes tensor-map kernel parameters 128-B __grid_constant__ values";
  let description = [{
    Runs after the GPU-to-NVVM lowering: the trailing kernel parameters that
    `asynccopy.grid_constants` counts become 128-B, 64-B aligned byval
    parameters with `nvvm.grid_constant`, so TMA instructions address them in
    param space; the launches of those kernels pass the 128 bytes the host
    encoded (a load of the host copy) instead of its address.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def AsyncCopyFinalizeHostLaunches
    : Pass<"asynccopy-finalize-host-launches", "::mlir::ModuleOp"> {
  let summary = "Makes the host code of kernel launches safe to run in loops";
  let description = [{
    Runs on host code after `gpu-to-llvm`, for what MLIR 22's lowering of
    launches gets wrong when they repeat (a chain of async launches
    through `scf.for` iter_args):

    - LLVM translation allocates each launch's argument arrays with
      `alloca`s at the launch. Outside the entry block those are dynamic
      allocas, freed only when the function returns, so every iteration
      grows the stack (a few hundred bytes per launch). Each launch outside
      its function's entry block is wrapped in `llvm.intr.stacksave` /
      `llvm.intr.stackrestore`.
    - `gpu-to-llvm` lowers a token that reaches a `gpu.wait` through a block
      argument as an event, although on every path it is the stream the
      loop launched on: `mgpuEventSynchronize`/`mgpuEventDestroy` on a
      stream, and `mgpuStreamWaitEvent` with a stream for the event. Where
      every incoming value of the block argument is a stream
      (`mgpuStreamCreate`), those calls become what the lowering emits for a
      stream token: synchronise the stream, wait for an event recorded on
      it, and destroy the stream where it is dead (kept alive, as upstream
      does for a stream, where later code still uses it).
    - A stream that a `gpu.wait async` waits for (through an event recorded
      on it) is never destroyed by `gpu-to-llvm`; where nothing uses it
      afterwards, it is destroyed once the event is recorded.

    Running the pass again changes nothing.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // ASYNCCOPY_CONVERSION_PASSES
