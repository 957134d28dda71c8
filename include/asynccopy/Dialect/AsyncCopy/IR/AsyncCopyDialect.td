//===- AsyncCopyDialect.td - asynccopy dialect definition --*- tablegen -*-===//
//
// The asynccopy dialect: every asynchronous GPU data movement of Hopper and
// Ampere (TMA, bulk copies, cp.async, DSMEM, multicast, prefetch, mbarriers)
// behind one set of ops that say *what* to copy; passes decide *how*.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT
#define ASYNCCOPY_DIALECT

include "mlir/IR/OpBase.td"

def AsyncCopy_Dialect : Dialect {
  let name = "asynccopy";
  let cppNamespace = "::mlir::asynccopy";
  let summary = "Asynchronous GPU data movement (TMA, bulk, cp.async, DSMEM)";
  let description = [{
    One dialect for every asynchronous tile movement of NVIDIA Hopper (sm_90a)
    and Ampere (sm_80). Users state the GMEM window, the SMEM buffer, layout
    transforms, swizzle, the completion mechanism (mbarrier or token) and the
    cluster collectives; contiguity analysis and implementation selection
    pick TMA, bulk, DSMEM, cp.async or the synchronous fallback.
  }];
  // NVVM: `asynccopy.wgmma_register_a` takes NVVM's wgmma attributes.
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Every `asynccopy.*` discardable attribute is one of the protocol's, with
  // its type (verifyOperationAttribute).
  let hasOperationAttrVerify = 1;
  // The protocol between the passes: what one records on an op for a later
  // one. Each gets a typed accessor, `AsyncCopyDialect::<Name>AttrHelper`.
  let discardableAttrs = (ins
    // On a kernel, by asynccopy-materialize-tma-descriptors: the tensor maps
    // the host encodes for it, in parameter order; where they live (`param`
    // or `scratch`); with `param`, how many trailing parameters are tensor
    // maps (asynccopy-finalize-descriptor-params makes them grid constants).
    "::mlir::ArrayAttr":$tma_descriptors, // of #asynccopy.tensor_map
    "::mlir::asynccopy::DescriptorModeAttr":$descriptor_mode,
    "::mlir::IntegerAttr":$grid_constants,
    // On the `scf.if` selection builds around a TMA store that may reach the
    // partial 16-B piece at the end of the innermost tensor dim: `then` holds
    // the TMA store, `else` the sync copy of the windows that reach the piece.
    "::mlir::UnitAttr":$store_edge_guard,
    // On the `scf.if` selection builds around a window of a subview clipped
    // at a run-time bound: `then` holds the argument's window (TMA), taken
    // where the window ends inside the subview, `else` the sync copy of the
    // subview's window, which clips.
    "::mlir::UnitAttr":$subview_guard,
    // On an `asynccopy.copy`, by asynccopy-raise-upstream or the user: a TMA
    // path for it is checked at launch against the tensor map's rules that
    // depend on the tensor (its address, extents, strides), with a
    // per-thread fallback where they fail, as for a tensor whose strides or
    // offset only the launch knows (upstream copies promise no alignment).
    "::mlir::UnitAttr":$launch_checked,
    // On the `scf.if` selection builds around such a TMA copy: `then` holds
    // the TMA copy (marked `tma_fallback`), taken where the tensor meets the
    // tensor map's rules, `else` its sync copy.
    "::mlir::UnitAttr":$tma_runtime_guard,
    // On a TMA op in such a guard: its tensor map is zeroed, not refused, at
    // a launch whose tensor breaks the rules (the guard then skips the op).
    "::mlir::UnitAttr":$tma_fallback,
    // On `asynccopy.wait`, by the conversion: the completion groups its token
    // may stand for (lowering::kCpAsyncGroups | kBulkGroups; 0 for
    // synchronous copies, whose wait is a CTA barrier).
    "::mlir::IntegerAttr":$wait_groups,
    // On a `barrier.wait`, by the conversion, when other CTAs store into its
    // kernel's SMEM and release at cluster scope (remote arrivals, sync-path
    // remote copies): it acquires at cluster scope.
    "::mlir::UnitAttr":$cluster_acquire,
    // On a `barrier.wait`, by the conversion, when its kernel completes
    // barriers with generic-proxy writes to SMEM (cp.async copies with a
    // barrier, sync-path remote copies) on sm_90+: the waiting thread fences
    // them for the async proxy.
    "::mlir::UnitAttr":$proxy_fence,
    // On a collective `tma.load`, by asynccopy-partition-collective: the
    // cluster shape (x, y, z) its kernel launches with.
    "::mlir::DenseI64ArrayAttr":$cluster_shape,
    // On a `cp_async.copy` or `sync.copy`, by the conversion's up-front walk:
    // per SMEM operand, its byte offset from the allocation: (0, offset) when
    // exact, else (modulus, residue), the offset modulo a power of two.
    "::mlir::DenseI64ArrayAttr":$smem_offsets,
    // On a kernel, by asynccopy-pipeline-loops{runtime-counters}: per launch
    // counter parameter (they are the kernel's last before its tensor maps),
    // the rows (y, z) of CTAs its launches must have; a runtime's launcher
    // passes each a zeroed 16-byte counter.
    "::mlir::ArrayAttr":$launch_counters, // of array<i64: y, z>
    // On a kernel, by asynccopy-pack-shared-memory: the bytes of dynamic
    // shared memory its buffers take (each launch passes at least that).
    "::mlir::IntegerAttr":$dynamic_smem_bytes,
    // On an scf.for, by the user: asynccopy-pipeline-loops keeps this many stages
    // of the loop's loads in flight.
    "::mlir::IntegerAttr":$pipeline_stages,
    // On a pipelined scf.for, by the user: release stages on per-stage
    // "empty" mbarriers (one arrival per warp where the block size is
    // known) instead of a CTA barrier.
    "::mlir::UnitAttr":$pipeline_empty_barrier,
    // On a pipelined grid-stride scf.for, by the user: its iterations may
    // run on any CTA, so asynccopy-pipeline-loops hands them out from a counter
    // (a CTA that streams faster takes more) instead of every grid-th.
    "::mlir::UnitAttr":$pipeline_dynamic_schedule,
    // On a pipelined scf.for whose tiles wgmma consumes, by the user: the
    // wgmma of an iteration stays in flight while the next one waits for
    // its tiles (its `wgmma.wait.group 0` becomes `wait.group 1`), and its
    // stage is released once it completes.
    "::mlir::UnitAttr":$pipeline_async_consumer,
    // On a pipelined scf.for at the top level of a kernel, by the user: a
    // producer warpgroup, appended to the block, issues its loads while the
    // warpgroups of the kernel as written consume them.
    "::mlir::UnitAttr":$pipeline_warp_specialize,
    // On such a warp-specialised scf.for, by the user: its consumer
    // warpgroups take turns at the body's first wgmma group (named
    // barriers), so one's softmax overlaps the next one's wgmma.
    "::mlir::UnitAttr":$pipeline_pingpong,
    // On the `scf.if` with which asynccopy-pipeline-loops splits a kernel
    // into its producer warpgroup (`then`) and consumers (`else`): the
    // threads of the block as written, which run `else`. CTA barriers there
    // synchronise those threads alone, and copies lowered there share their
    // work among them.
    "::mlir::IntegerAttr":$consumer_threads,
    // On a remote `barrier.arrive`, by asynccopy-pipeline-loops: the arrival only
    // tells the barrier's CTA that this CTA is done reading a buffer the
    // owner will overwrite through the async proxy (a consumer release, as
    // in CUTLASS's pipelines), so it releases at CTA scope, and the owner's
    // waits on that barrier acquire at CTA scope.
    "::mlir::UnitAttr":$cta_release
  );
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

// Every asynccopy op is executed by GPU threads: it must sit in a kernel or
// device function or in a gpu.launch body (verifyDevicePlacement).
def AsyncCopy_DeviceCode : NativeOpTrait<"DeviceCode"> {
  let cppNamespace = "::mlir::asynccopy";
}

// An attribute without a dialect prefix that the op does not define is an
// error naming the closest one it does (verifyKnownAttributes).
def AsyncCopy_KnownAttributes : NativeOpTrait<"KnownAttributes"> {
  let cppNamespace = "::mlir::asynccopy";
}

class AsyncCopy_Op<string mnemonic, list<Trait> traits = []>
    : Op<AsyncCopy_Dialect, mnemonic,
         !listconcat([AsyncCopy_DeviceCode, AsyncCopy_KnownAttributes],
                     traits)>;

#endif // ASYNCCOPY_DIALECT
