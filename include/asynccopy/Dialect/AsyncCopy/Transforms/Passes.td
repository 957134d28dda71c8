//===- Passes.td - asynccopy transformation passes ---------*- tablegen -*-===//

#ifndef ASYNCCOPY_TRANSFORMS_PASSES
#define ASYNCCOPY_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def AsyncCopyRaiseUpstream
    : Pass<"asynccopy-raise-upstream", "::mlir::ModuleOp"> {
  let summary = "Turns upstream copies in GPU kernels into asynccopy copies";
  let description = [{
    Compilers that embed the passes emit upstream ops. Inside GPU kernels
    (`gpu.func ... kernel` and `gpu.launch` bodies) this pass raises what
    keeps its meaning as an asynccopy op, so that selection picks TMA, bulk,
    cp.async or sync copies for it:

    - `memref.copy` and `linalg.copy` between global memory (any chain of
      unit-step subviews, which becomes the copy's window) and workgroup
      memory become `asynccopy.copy` plus its wait, where the copy was:
      loads complete on a barrier of their own (sm_90 and newer, so TMA and
      bulk copies can be selected) or through a token (older chips, for
      cp.async), stores through a token;
    - `nvgpu.device_async_copy`, `device_async_create_group` and
      `device_async_wait` become cp.async `asynccopy.copy {commit = false}`,
      `commit_group cp_async` and `wait_group cp_async N`, when every thread
      copies the same elements;
    - `nvgpu.tma.async.load` on a descriptor made by
      `nvgpu.tma.create.descriptor` outside a `gpu.launch`, with its
      one-shot `nvgpu.mbarrier` protocol, becomes a TMA `asynccopy.copy`
      on an asynccopy barrier.

    Workgroup `memref.alloc`s (as `transform.structured.promote` makes them)
    become workgroup attributions of their kernel or launch first.
    A raised copy is CTA-cooperative, so the upstream op must run in every
    thread with the same operands (uniform control flow and operands); the
    rules are in docs/embedding.md. Every candidate left as it was gets a
    remark saying why. Runs before gpu-kernel-outlining (the pipelines run
    it first), so that a TMA load and the host's descriptor are in one
    function.
  }];
  let dependentDialects = ["::mlir::asynccopy::AsyncCopyDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip of kernels whose gpu.module has no NVVM target (empty: "
           "sm_90a): from sm_90 on, raised loads complete on a barrier (TMA, "
           "bulk), before it through a token (cp.async)">,
  ];
}

def AsyncCopySelectImplementation
    : Pass<"asynccopy-select-implementation"> {
  let summary = "Chooses the hardware path (and chunk plan) of every copy";
  let description = [{
    For `impl = auto`, tries tma > bulk > dsmem > cp_async > sync in order;
    each candidate accepts or declines with a reason, and the copy is
    rewritten into the mechanism op of the first that accepts
    (`asynccopy.tma.load`, `bulk.store`, `sync.copy`, ...) with its typed
    `plan`. A prefetch TMA can describe becomes `asynccopy.tma.prefetch`;
    the others are hints and are erased.
    The sync fallback takes whatever no asynchronous path can, so no legal
    copy is rejected. An explicit `impl` that declines is an error naming the
    reason. With `explain`, every candidate's verdict is emitted as a remark.

    TMA stores and reductions write whole 16-B pieces of the innermost tensor
    dim; where a window may reach the partial piece at the end of that dim,
    the copy becomes `scf.if (window ends before it) { TMA } else { sync }`.

    A copy with `impl = auto` that asks for what TMA does in hardware (a
    swizzle, a tile or transpose transform, a multicast, a reduction) and
    gets a per-thread path (cp_async or sync) instead is a slow path the
    user should know of: `fallbacks` says what it gets, a warning with
    TMA's reason (`warn`, the default), an error (`error`) or nothing
    (`silent`).
  }];
  let dependentDialects = ["::mlir::asynccopy::AsyncCopyDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit one remark per candidate implementation">,
    Option<"fallbacks", "fallbacks", "std::string", /*default=*/"\"warn\"",
           "What a copy that asks for TMA's features and falls back to a "
           "per-thread path gets: warn, error or silent">,
  ];
}

def AsyncCopyPartitionCollective
    : Pass<"asynccopy-partition-collective", "::mlir::ModuleOp"> {
  let summary = "Shares collective TMA loads over the CTAs of a cluster";
  let description = [{
    Finds the cluster shape of every kernel with collective copies (its
    `known_cluster_size`, else the constant `clusters in (...)` of all its
    `gpu.launch_func`s, which must agree), records it on each collective copy
    as `asynccopy.cluster_shape`, and checks that the window splits over the
    copy's group (the CTAs along its `collective` dims): by default along the
    leading box dims that divide evenly, along `axis` for
    `#asynccopy.partitioned<axis>`, not at all for `#asynccopy.replicated`
    (the group leader loads the whole window). The TMA lowering then issues
    each CTA's piece with a multicast mask of the group from
    `%cluster_ctaid`, and every CTA's barrier expects the whole window.
    Where no multicast can be planned (unknown, non-constant or disagreeing
    cluster shapes, windows that do not split) and for collective copies
    another implementation performs, every CTA of the group loads the window
    on its own (what the multicast would have delivered): the pass drops
    `collective` and `partition`, with a remark saying why. Clusters of more
    than 16 CTAs are errors.
  }];
  let dependentDialects = ["::mlir::asynccopy::AsyncCopyDialect"];
}

def AsyncCopyMaterializeTMADescriptors
    : Pass<"asynccopy-materialize-tma-descriptors", "::mlir::ModuleOp"> {
  let summary = "Gives every TMA copy a tensor map, encoded at each launch";
  let description = [{
    Device side: collects the TMA copies and prefetches of each kernel and
    describes their tensor maps as `#asynccopy.tensor_map` attributes, one
    per distinct attribute. `descriptor-mode=param` adds one 128-B `__grid_constant__`
    kernel parameter per map; `descriptor-mode=scratch`
    adds one pointer to a GMEM
    buffer holding all maps, which the kernel prefetches. Each TMA op's plan
    names its map's parameter (`descriptor`) and, for scratch, its byte
    offset (`descriptor_offset`); the kernel lists its maps in
    `asynccopy.tma_descriptors`.

    Host side: before every `gpu.launch_func` of such a kernel an
    `asynccopy.encode_tensor_map` per map encodes it from the launch's memref
    operand into a host buffer (`asynccopy.encode_peer_tensor_maps` for the
    maps of peer copies); the maps are passed as parameters (param) or
    copied into a scratch buffer allocated for the launch (scratch).
    convert-asynccopy-host-to-llvm lowers the encode ops to calls of the
    runtime's encoder, which validates every field and reports errors
    clearly.

    Kernels of every gpu.module are handled, also of modules nested in other
    modules; launches resolve their kernel in the symbol table that holds
    them. A kernel materialised before is left alone (its launches pass its
    maps already) when the mode is the same; another mode is an error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"descriptorMode", "descriptor-mode",
           "::mlir::asynccopy::DescriptorMode",
           /*default=*/"::mlir::asynccopy::DescriptorMode::param",
           "Where tensor maps live: param (kernel parameters) or scratch",
           [{::mlir::asynccopy::descriptorModeValues()}]>,
  ];
}

def AsyncCopyAssignWaitGroups : Pass<"asynccopy-assign-wait-groups"> {
  let summary = "Turns waits on copy tokens into wait_group N from program "
                "order";
  let description = [{
    `asynccopy.wait %t` on the token of a cp.async copy, a TMA store or
    reduction or a bulk store becomes `asynccopy.wait_group <kind> N`: N is
    the number of groups of the same kind that close after the copy on every
    path to the wait (a lower bound: an `scf.if` counts its poorer branch, an
    `scf.for` its iterations when its bounds are constant, other regions and
    predicated TMA or bulk stores nothing), so the copy completes while up
    to N younger ones stay in flight. A wait the pass cannot place (a token
    from another block, a loop's previous iteration, a branch's result)
    keeps its wait_group 0.

    Before that, the first access to the SMEM of such a copy that may run
    while the copy is in flight and conflicts with it (a write after a
    store, which reads its buffer; any access after a cp.async load) gets a
    `wait_group <kind> N` in front, unless a wait that completes the copy
    comes first on every path: in the rest of the copy's block and the
    blocks around it and, in a loop, the next iteration up to the copy.
    Buffers are told apart by the SMEM-buffer analysis (allocations and
    static byte ranges, so the stages of a multi-buffer do not conflict).
    SMEM written with ordinary stores before a TMA, bulk or DSMEM copy
    accesses it gets `asynccopy.fence_async_shared` before the CTA barrier
    in between, or a fence and a `gpu.barrier` before the copy; a sync copy
    that reads such SMEM (the fallback of such a copy) gets the
    `gpu.barrier` unless one is in between.
    Runs after selection, on the mechanism ops.
  }];
}

def AsyncCopyPipelineLoops : Pass<"asynccopy-pipeline-loops"> {
  let summary = "Keeps N-1 loads of an scf.for in flight through N-stage "
                "SMEM buffers";
  let description = [{
    Rewrites `scf.for` loops marked `{asynccopy.pipeline_stages = N : i64}`
    (or, with `stages=N`, every loop that qualifies) whose body loads GMEM
    tiles (`asynccopy.copy`, at the body's top level) into SMEM buffers
    defined outside the loop and waits for them before using them: the
    single-buffer semantics the user writes (phase = iteration parity).
    Each buffer (a workgroup attribution or a workgroup memref.alloc) gets a
    leading stage dim of N and the body uses stage `k mod N` of iteration k;
    each `barrier<1>` the loads complete on becomes a `barrier<N>`, waited
    on stage `k mod N` with phase `(k / N) mod 2`. A prologue issues loads
    0 .. N-2; iteration k releases stage `(k-1) mod N` with a CTA barrier
    and refills it with load k+N-1 when that is below the trip count, then
    waits for its own stage. Loads completing through tokens (cp.async) are
    issued `{commit = false}` with one `commit_group cp_async` per load step
    (empty ones too) and waited with `wait_group cp_async N-2` before the
    release. Waits on stores that read a stage move: the refill first waits
    until they have read it (`wait_group bulk 0 {read}`), and one
    `wait_group bulk 0` follows the loop.
    Collective loads, and loops also marked
    `asynccopy.pipeline_empty_barrier`, release stages on per-stage "empty"
    barriers instead (one arrival per CTA of the multicast group, with
    remote arrivals, or per warp when the block size is known), and refill
    at the end of the iteration after waiting on them.
    A grid-stride loop (from `gpu.block_id x` in steps of `gpu.grid_dim x`)
    also marked `asynccopy.pipeline_dynamic_schedule` claims its iterations
    from a per-launch counter instead (faster SMs take more): the kernel
    gets a counter parameter and a ring of N claimed tile ids in SMEM, the
    loop becomes an scf.while over the claimed tile, and every launch of
    the kernel allocates and zeroes a counter on its stream (once before a
    loop whose token chains the launches; the last CTA of each launch zeroes
    it again); with `runtime-counters`, the kernel also lists its counters
    in `asynccopy.launch_counters` for a runtime's launcher to pass, and its
    launches need not be in the module. Where that
    does not fit, the loop is pipelined statically with a remark.
    A loop whose tiles wgmma consumes, also marked
    `asynccopy.pipeline_async_consumer`, keeps one wgmma group in flight:
    its top-level `nvvm.wgmma.wait.group.sync.aligned 0` becomes
    `wait.group 1`, the stage of the iteration before is released and
    refilled right after it, and `wait.group 0` follows the loop (else a
    remark, and synchronous groups).
    A loop at the top level of a kernel also marked
    `asynccopy.pipeline_warp_specialize` gets a producer warpgroup: the
    kernel launches with 128 threads more, the first warp of them issues
    every load after waiting on the stage's empty barrier, and the threads
    the kernel was written for run the loop without loads and the code
    after it (`setmaxnreg` gives them the producer's registers; their CTA
    barriers become `bar.sync 1, T`). Else a remark, and the loop is
    pipelined as above.
    The loop bounds must be uniform over the CTA (the release is a CTA
    barrier). A marked loop the pass cannot pipeline keeps its single
    buffer and gets a remark saying why. Runs before selection.
  }];
  let dependentDialects = ["::mlir::asynccopy::AsyncCopyDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"stages", "stages", "int64_t", /*default=*/"0",
           "Pipeline every qualifying loop with this many stages (0 or 1: "
           "only loops marked `asynccopy.pipeline_stages`)">,
    Option<"runtimeCounters", "runtime-counters", "bool", /*default=*/"false",
           "A runtime launches the kernels too: a dynamic schedule's counter "
           "parameter is listed in the kernel's `asynccopy.launch_counters` "
           "for its launcher to pass, and the kernel's launches need not be "
           "in the module">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Say in a remark on each pipelined loop what it became (stages, "
           "asynchronous consumer, producer warpgroup, ping-pong turns, "
           "streams, dynamic schedule); loops left alone always get one">,
  ];
}

def AsyncCopyCheckSynchronization
    : Pass<"asynccopy-check-synchronization"> {
  let summary = "Reports barrier and copy misuse that would hang or race";
  let description = [{
    A static check of every kernel (gpu.func, gpu.launch body) over its
    barriers, copy tokens and SMEM buffers, so that kernels that would hang
    or race do not compile silently. It walks the structured control flow
    (scf.if, scf.for, scf.while and other regions conservatively) and
    reports, as errors that name the op, the barrier's stage and phase where
    they are known, and the fix:

    - a barrier used (arrive, arrive_expect_tx, wait, remote, a copy
      completing on it) before `barrier.init` on some path;
    - `barrier.init` on a barrier already initialised on some path (twice,
      or in a loop body);
    - a wait for a phase whose arrivals cannot balance the init count (too
      few: it never completes; too many: it completes early), or whose
      arrivals expect transaction bytes the copies landing on the stage do
      not deliver (each copy expects its own: a collective load the whole
      window, whichever CTA issues which piece; a DSMEM copy on the
      destination CTA's barrier);
    - SMEM read while a load into it (TMA, bulk, cp.async, DSMEM) may be in
      flight, or a load never waited for before the kernel returns;
    - SMEM written (stores, another copy into it) while a load into it or a
      store out of it may be in flight;
    - a kernel that may return while its cluster's peers still multicast a
      collective load into it.

    What depends on data (branch conditions, dynamic trip counts) is a
    remark. Dynamic stage indices, phases and buffer offsets, as in a
    software-pipelined ring (`k mod N` stages, a loop-carried parity,
    guarded loads), make the checker forget what it cannot follow instead of
    guessing: only what holds certainly is reported. Runs after selection,
    partitioning and `asynccopy-assign-wait-groups`, on the mechanism ops
    (the waits that pass resolves and inserts count); changes nothing.
  }];
}

def AsyncCopyReport : Pass<"asynccopy-report", "::mlir::ModuleOp"> {
  let summary = "Reports how every copy and prefetch will be lowered";
  let description = [{
    Runs after selection, collective partitioning and tensor-map
    materialisation, before the conversion, and changes nothing. For every
    copy and prefetch it prints one line (format in docs/report.md): the
    chosen implementation, the instructions it issues and the bytes of each,
    the tensor map's kernel argument, the collective group and each CTA's
    piece, why the copy is split into several instructions, and why every
    faster implementation declined. The numbers come from the plans the
    conversion lowers (the ops' TMA and chunk plans, the per-thread plans). Lines are remarks on the ops, or with `output` are
    written to a file (`-`: stdout).
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Write the report to this file (`-`: stdout) instead of emitting "
           "remarks">,
  ];
}

#endif // ASYNCCOPY_TRANSFORMS_PASSES
