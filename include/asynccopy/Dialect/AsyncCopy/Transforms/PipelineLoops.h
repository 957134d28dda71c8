//===- PipelineLoops.h - pipelining one loop from C++ -----------*- C++ -*-===//
//
// The entry point of asynccopy-pipeline-loops for one scf.for: what its
// pipeline would be (a PipelinePlan, which changes nothing) and the rewrite.
// The pass walks a module with them; a tool that picks its own loops calls
// them directly (docs/pipelining.md, "From C++").
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PIPELINELOOPS_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PIPELINELOOPS_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/LaunchShape.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

#include <array>
#include <string>

namespace mlir::asynccopy {

/// How to pipeline a loop; the features beyond the stages (dynamic
/// schedule, asynchronous consumer, producer warpgroup, empty barriers) are
/// asked for by the loop's `asynccopy.pipeline_*` markers.
/// The named barriers the pass reserves: the consumers' CTA barrier after a
/// producer warpgroup's split (`bar.sync 1, T`), and the first of the
/// barriers consumer warpgroups take turns on (one per warpgroup).
constexpr int64_t kConsumerBarrierId = 1;
constexpr int64_t kPingPongBarrierBase = 2;

struct PipelineLoopOptions {
  /// The number of stages (at least 2); 0 takes the loop's
  /// `asynccopy.pipeline_stages`.
  int64_t stages = 0;
  /// Whether a runtime's launcher passes the counters of a dynamic schedule
  /// (the pass's `runtime-counters`), so the kernel's launches need not be
  /// in the module.
  bool runtimeCounters = false;
  /// Whether a loop whose kernel fails asynccopy-check-synchronization as
  /// written is left alone: the pipelined loop would hide some of those
  /// hazards from the check. The pass checks each kernel once, before any
  /// of its loops changes, and plans with this off.
  bool checkSynchronization = true;
};

/// How the launches of a dynamically scheduled kernel get its counter: each
/// of `launches` (in the module) allocates and zeroes one; where a runtime
/// launches the kernels too (`runtime-counters`), the kernel also lists it
/// in `asynccopy.launch_counters` with the `rows` (y, z) of CTAs that share
/// it, for the runtime's launcher to pass.
struct CounterLaunches {
  SmallVector<gpu::LaunchFuncOp> launches;
  bool fromRuntime = false;
  std::array<int64_t, 2> rows = {1, 1};
};

/// What pipelining a loop needs, found by `planPipelineLoop`.
struct PipelinePlan {
  scf::ForOp loop;
  int64_t stages = 0;
  /// The loads to pipeline, in body order, all at the body's top level.
  SmallVector<CopyOp> loads;
  /// Whether the loads complete through cp.async groups (tokens), not
  /// barriers.
  bool groupTracked = false;
  /// The SMEM buffers the loads fill: workgroup attributions or
  /// memref.allocs outside the loop, used only inside it.
  llvm::SetVector<Value> buffers;
  /// Whether the body uses a buffer before the first load (the tile of the
  /// iteration before, in single-buffer semantics).
  bool usesBeforeLoad = false;
  /// The `barrier<1>` allocations the loads complete on, with their inits.
  llvm::SetVector<Value> barriers;
  SmallVector<BarrierInitOp> inits;
  SmallVector<BarrierWaitOp> barrierWaits;
  /// Waits on the loads' tokens, and on stores that read a stage.
  SmallVector<WaitOp> loadWaits, storeWaits;
  /// The ops of the body, free of memory effects, that the loads' operands
  /// are computed with.
  llvm::SetVector<Operation *> slice;
  /// Whether the loop may run more than once per init of its barriers (per
  /// entry of its function, for cp.async loops), so that the pipeline
  /// counter is carried from one run to the next; and the op after which it
  /// restarts at 0 (the last init; null: the function's entry).
  bool carried = false;
  Operation *restartAfter = nullptr;
  /// For collective loads: the cluster shape and the group of CTAs that
  /// write into this CTA's stages, or whose stages this CTA writes (the
  /// relation is symmetric): the CTAs that differ from this one only along
  /// the cluster dims of one of the loads, as offsets per cluster dim
  /// (cyclic, {0, 0, 0} first). Its size is the number of arrivals that
  /// free a stage (1: no remote release). With A shared along y and B
  /// along x on 2x2 clusters, that is the CTA, its row and its column (3).
  LaunchDims cluster = {1, 1, 1};
  SmallVector<std::array<int64_t, 3>> groupOffsets = {{0, 0, 0}};
  int64_t groupSize() const { return groupOffsets.size(); }
  /// Whether stages are released on "empty" barriers (collective loads, or
  /// loops marked `asynccopy.pipeline_empty_barrier`), with how many
  /// arrivals per phase, and whether each warp arrives on its own.
  bool emptyRelease = false;
  int64_t emptyArrivals = 1;
  bool perWarpRelease = false;
  /// Whether iterations are claimed from a counter, and how the kernel's
  /// launches pass it.
  bool dynamic = false;
  CounterLaunches counters;
  /// For an asynchronous consumer (`asynccopy.pipeline_async_consumer`):
  /// the body's `nvvm.wgmma.wait.group.sync.aligned 0`, which becomes
  /// `wait.group 1`; stage (g-1) mod N is released and refilled after it.
  NVVM::WgmmaWaitGroupSyncOp consumerWait;
  /// For a warp-specialised loop (`asynccopy.pipeline_warp_specialize`):
  /// the threads the kernel was written for, its consumers (0: none). A
  /// producer warpgroup follows them.
  int64_t consumerThreads = 0;
  bool warpSpecialized() const { return consumerThreads > 0; }
  /// For a warp-specialised loop with synchronous consumers whose loads
  /// complete on different barriers (streams: attention's K and V), read
  /// until different points of the body: per stream, the loads (indices
  /// into `loads`) and the top-level op after which the body no longer reads
  /// their buffers (the `wait.group 0` that completes the wgmma reading them,
  /// or the last op reading them; null: the end of the body). Each stream's
  /// stage is released there, on an empty barrier of its own, and the
  /// producer waits for each stream's release before refilling it. Empty: one
  /// release for all loads.
  SmallVector<SmallVector<unsigned>> streamLoads;
  SmallVector<Operation *> streamRelease;
  /// For consumer warpgroups that take turns (`asynccopy.pipeline_pingpong`):
  /// the body's first wgmma group, from its fence to its wait.
  NVVM::WgmmaFenceAlignedOp turnBegin;
  NVVM::WgmmaWaitGroupSyncOp turnEnd;
  /// A warp-specialised loop in a loop over tiles (at the top level of its
  /// kernel): that loop, which the producer runs too, and the ops of its
  /// body (pure, in order) that the loads' operands and the loop's bounds
  /// are computed with, which the producer clones. Null: the loop itself
  /// is at the kernel's top level.
  scf::ForOp tileLoop;
  SmallVector<Operation *> tileSlice;
  /// The features the loop's markers asked for that the plan leaves out,
  /// each as the pass's remark ("scheduled statically: <why>", ...).
  SmallVector<std::string> declined;

  /// Prints the plan, one `key: value` line per decision, in a fixed order.
  void print(raw_ostream &os) const;
};

/// Plans the pipeline of `loop`, and the features its markers ask for
/// (each in the plan, or in `declined`); changes nothing. Fails, with the
/// reason in `why`, where the loop cannot be pipelined.
FailureOr<PipelinePlan> planPipelineLoop(scf::ForOp loop,
                                         const PipelineLoopOptions &options,
                                         std::string &why);

/// Rewrites `plan.loop` into its pipeline and drops its markers. Returns the
/// pipelined loop: an scf.for, or the scf.while of a dynamic schedule (the
/// kernel also gets its counter parameter). Fails only on an error it
/// emitted, before changing anything.
FailureOr<LoopLikeOpInterface> pipelineLoop(PipelinePlan &plan);

/// Plans and pipelines `loop`. Fails, with the reason in `why` (empty after
/// an emitted error), where it may not; the IR is then unchanged.
FailureOr<LoopLikeOpInterface> pipelineLoop(scf::ForOp loop,
                                            const PipelineLoopOptions &options,
                                            std::string &why);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_PIPELINELOOPS_H
