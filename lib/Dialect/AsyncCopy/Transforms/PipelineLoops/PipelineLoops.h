//===- PipelineLoops.h - the loop pipeliner's parts -------------*- C++ -*-===//
//
// asynccopy-pipeline-loops turns a loop written with single-buffer semantics
// into an N-stage pipeline. Its parts, one file each:
//
//   Plan.cpp            which loops qualify and what they need (PipelinePlan)
//   Expand.cpp          the expansion, phase by phase:
//   Stages.cpp            buffers and barriers with N stages, the loads
//   Counter.cpp           the pipeline counter, carried across runs
//   Body.cpp              the prologue and the steady-state body
//   Release.cpp           where a stage is released and refilled
//   EmptyRelease.cpp    releasing stages on "empty" barriers (multicast
//                       groups, per-warp release)
//   DynamicSchedule.cpp handing a grid-stride loop's tiles out at run time
//   TileSchedule.cpp    the same for a persistent kernel's loop over tiles
//                       (per cluster with multicast), before the loops in
//                       it are pipelined
//   AsyncConsumer.cpp   releasing a stage when the wgmma that reads it
//                       completes
//   WarpSpecialize.cpp  a producer warpgroup that issues the loads
//   PingPong.cpp        consumer warpgroups that take turns at a wgmma group
//   PipelineLoops.cpp   the entry points (PipelineLoops.h) and the pass
//
// The pipeline counter g numbers the loads into a loop's buffers since its
// barriers were initialised: load g goes to stage g mod N and completes phase
// (g / N) mod 2 there. A loop that runs again (inside another loop, say)
// continues the count where the last run left it, so every wait names the
// phase its barrier stage is really in, and a run's prologue never refills
// the stage the run before read last.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_TRANSFORMS_PIPELINELOOPS_PIPELINELOOPS_H
#define ASYNCCOPY_LIB_TRANSFORMS_PIPELINELOOPS_PIPELINELOOPS_H

#include "asynccopy/Dialect/AsyncCopy/Transforms/PipelineLoops.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

#include <string>

namespace mlir::asynccopy::pipelining {

/// Finds the loads of `loop` to pipeline with `stages` stages and checks
/// that the pass can: the reason it cannot goes to `why`.
FailureOr<PipelinePlan> planLoop(scf::ForOp loop, int64_t stages,
                                 std::string &why);

/// Whether `plan`'s loop may claim its iterations from a counter (sets
/// `plan.dynamic`), which the runtime's launcher passes with
/// `runtimeCounters`; the reason it may not goes to `why`.
LogicalResult planDynamicSchedule(PipelinePlan &plan, bool runtimeCounters,
                                  std::string &why);

/// Whether `loop` is a loop over tiles to schedule dynamically: marked
/// `asynccopy.pipeline_dynamic_schedule` but not pipelined itself, with a
/// loop in its body that is (its own marker, or `optionStages` > 1).
bool isTileLoop(scf::ForOp loop, int64_t optionStages);

/// Rewrites the loop over tiles `loop` to claim its tiles from the launch's
/// counter (per cluster when it walks clusters; the runtime's launcher
/// passes it with `runtimeCounters`); fails, with the reason in `why`, where
/// it may not, and with `why` empty on an error it reported.
LogicalResult scheduleTiles(scf::ForOp loop, bool runtimeCounters,
                            std::string &why);

/// Whether `plan`'s loop may keep one wgmma group in flight across
/// iterations (sets `plan.consumerWait`); the reason it may not goes to
/// `why`.
LogicalResult planAsyncConsumer(PipelinePlan &plan, std::string &why);

/// Whether `plan`'s loop may get a producer warpgroup (sets
/// `plan.consumerThreads` and a per-warp release on empty barriers); the
/// reason it may not goes to `why`.
LogicalResult planWarpSpecialize(PipelinePlan &plan, std::string &why);

/// Whether `plan`'s consumer warpgroups may take turns at the body's first
/// wgmma group (sets `plan.turnBegin` and `plan.turnEnd`); the reason they
/// may not goes to `why`.
LogicalResult planPingPong(PipelinePlan &plan, std::string &why);

/// The turns, on the expanded loop: named barriers around the first wgmma
/// group, and the last warpgroup's arrival before the loop.
void emitPingPong(PipelinePlan &plan);

/// What the parts of the expansion share: the plan and builders of the
/// values each of them needs.
class PipelineContext {
public:
  explicit PipelineContext(PipelinePlan &plan) : plan(plan), n(plan.stages) {}

  scf::ForOp loop() const { return plan.loop; }
  Location loc() const { return plan.loop.getLoc(); }
  Value constant(OpBuilder &b, int64_t value) const;
  /// Whether this is thread (0, 0, 0) of the CTA.
  Value isFirstThread(OpBuilder &b) const;
  /// Stage `stage` of `buffer` (which has a leading stage dim).
  Value stageView(OpBuilder &b, Value buffer, OpFoldResult stage) const;
  /// `(g + offset) mod N`: the stage of load g + offset.
  Value stageOf(OpBuilder &b, Value g, int64_t offset = 0) const;

  PipelinePlan &plan;
  const int64_t n;
};

/// Stage release on "empty" barriers: a `barrier<N>` the consumers of a
/// stage arrive on once they are done with it (every CTA of a multicast
/// group, remotely; or each warp, or the CTA, of one CTA), and that the
/// refill of the stage waits on. A refill at iteration k >= 1 of a run waits
/// for the release of iteration k-1; the parity of each stage's empty phase
/// is a bit of a mask the loop carries (and the pipeline counter keeps
/// between runs), since loads before a run's first refill wait for nothing.
class EmptyRelease {
public:
  explicit EmptyRelease(PipelineContext &cx) : cx(cx) {}

  /// Allocates and initialises the empty barrier at `b`'s insertion point
  /// (where the pipeline counter restarts).
  void create(OpBuilder &b);
  /// Before the runs of the loop (`afterInits`: after the barriers' inits,
  /// `beforeRun`: before each run): the cluster barrier that publishes every
  /// CTA's barriers to its group, before each run, or once after the inits
  /// for a loop that runs more than once per init (the cluster barrier after
  /// each run already has every CTA of the group done with its stages before
  /// the next run refills them); for a carried loop of one CTA a CTA barrier
  /// before each run, so that the prologue does not refill stages that a
  /// slower consumer of the last run still reads.
  void beforeRuns(OpBuilder &afterInits, OpBuilder &beforeRun);
  /// After each run: for collective loads, a cluster barrier, so that no
  /// CTA of the group goes on (and exits) while a peer may still receive
  /// the multicasts it issued (CUTLASS's producer tail).
  void afterRun(OpBuilder &b);
  /// At the end of iteration `iv` on stage `stage`: once every thread is
  /// done with it, the stage (of the loads of `stream`, with streams) is
  /// freed in every CTA of the group if load k+N (of iteration `ahead`) will
  /// refill it, or where `when` holds.
  void emitRelease(OpBuilder &b, Value ahead, Value stage, Value when = {},
                   unsigned stream = 0);
  /// Before a refill of `stage` that runs where `refills` holds: waits for
  /// the release of its last use; returns the phase mask `bits` with the
  /// stage's bit flipped where it waited.
  Value waitBeforeRefill(OpBuilder &b, Value refills, Value stage, Value bits);
  /// Before load `k` (counted from the barriers' init) into `stage`: from
  /// the N-th load on, waits for the release of load k-N, the completion
  /// of empty phase k/N - 1 of the stage (a producer warpgroup's wait).
  void waitForReleaseBefore(OpBuilder &b, Value k, Value stage,
                            unsigned stream = 0);

private:
  SmallVector<Value> groupRanks(OpBuilder &b);
  void clusterBarrier(OpBuilder &b);

  PipelineContext &cx;
  /// One empty barrier, or one per stream of loads released on its own.
  SmallVector<Value> empties;
};

/// The launch counter of a dynamic schedule (DynamicSchedule.cpp): two i64
/// in global memory, claimed tiles and finished CTAs.
namespace launch_counter {
/// The kernel whose one-block body `loop` is at the top level of (so that
/// each CTA runs it once, and counts itself once); null, with the reason in
/// `why`, otherwise.
gpu::GPUFuncOp kernelAtTopLevel(scf::ForOp loop, std::string &why);
/// How the launches of `kernel` pass its counter, each with `rows` CTAs (or
/// clusters) in y and z: its launches in the module, which must be all of
/// them unless a runtime's launcher passes it too (`fromRuntime`); fails
/// with the reason in `why` (`unit`: what the kernel's loop hands tiles
/// to).
LogicalResult findLaunches(gpu::GPUFuncOp kernel, const LaunchDims &rows,
                           StringRef unit, bool fromRuntime,
                           CounterLaunches &counters, std::string &why);
/// Appends the counter parameter to `kernel` (before the tensor maps that
/// asynccopy-materialize-tma-descriptors appends later), has every launch
/// in the module pass it zeroed on its stream (launches chained through a
/// loop share one) and, for a runtime, lists it in the kernel's
/// `asynccopy.launch_counters`; returns its index.
FailureOr<unsigned> addParameter(gpu::GPUFuncOp kernel, Location loc,
                                 const CounterLaunches &counters);
/// The parameter as a global-memory pointer.
Value globalPointer(OpBuilder &b, Location loc, Value param);
/// One fetch-and-add on `counter`: the next unclaimed tile.
Value claim(OpBuilder &b, Location loc, Value counter);
/// Where `first` holds (thread 0 of each CTA, after its last claim), counts
/// the CTA finished; the last of `ctas` zeroes the counter for the next
/// launch on the stream.
void countFinished(OpBuilder &b, Location loc, Value counter, Value first,
                   Value ctas);
/// Builds, before `loop`, the scf.while over claimed
/// tiles that carries `leading` (the first claimed tile, then any counts)
/// and the loop's iter_args, runs while the tile is below the loop's bound,
/// and takes the loop's body (its induction variable is the tile). The
/// caller completes the body's yield and erases `loop`.
scf::WhileOp whileOverClaims(OpBuilder &b, scf::ForOp loop, ValueRange leading);
} // namespace launch_counter

/// The dynamic schedule of a grid-stride loop: thread 0 claims the tile of
/// iteration k+N from a per-launch counter during iteration k and publishes
/// it in an SMEM ring of N tile ids with the stage release's CTA barrier.
class DynamicSchedule {
public:
  explicit DynamicSchedule(PipelineContext &cx) : cx(cx) {}

  /// Gives the kernel its counter parameter (before anything else changes).
  LogicalResult addCounterParameter();
  /// Before the prologue: the counter of every launch, the ring, and the
  /// first N claims.
  void claimFirstTiles();
  /// The tile of the iteration whose ring entry is `slot`.
  Value claimedTile(OpBuilder &b, Value slot);
  /// At the top of iteration k: thread 0 claims the tile of iteration k+N.
  Value claimNextTile(OpBuilder &b);
  /// At the refill, after the release (a CTA barrier): thread 0 publishes
  /// `claim` in the ring entry of this iteration's `stage`; returns the tile
  /// load k+N-1 fetches (ring entry `nextStage`).
  Value publishClaim(OpBuilder &b, Value claim, Value stage, Value nextStage);
  /// Replaces the counted scf.for by an scf.while over the claimed tile;
  /// `counter` is the index of the loop's iter_arg that counts iterations.
  scf::WhileOp convertToWhile(unsigned counter);

private:
  PipelineContext &cx;
  Value ring, counter, first;
  unsigned counterParam = 0;
};

/// The warp-specialised form of a pipelined loop at the top level of its
/// kernel, or of its loop over tiles there: the kernel's body splits into
/// the producer warpgroup, which issues the loads (running the loop over
/// tiles too, with its load count carried across tiles), and the
/// consumers, which run the loop without them and everything after it.
class ProducerSplit {
public:
  /// Builds the loads of iteration `iv` into `stage`, issued where `issuer`
  /// holds, with the values of the tile body mapped by `tile` to the
  /// producer's.
  /// (`only`: the indices of the loads to issue, all when empty.)
  using LoadEmitter =
      function_ref<void(OpBuilder &, Value iv, Value stage, Value issuer,
                        const IRMapping &tile, ArrayRef<unsigned> only)>;

  ProducerSplit(PipelineContext &cx, EmptyRelease &empty)
      : cx(cx), empty(empty) {}

  /// Splits the kernel at the loop (or its loop over tiles), whose consumer
  /// side is already rewritten; the producer's loads come from `emitLoads`.
  void split(LoadEmitter emitLoads);

private:
  /// The producer's first warp: one lane issues the loads of every
  /// iteration (of every tile), each after the release of its stage.
  void emitProducer(OpBuilder &atProducer, Value tid, LoadEmitter emitLoads);

  PipelineContext &cx;
  EmptyRelease &empty;
};

/// The loop's buffers and barriers with N stages, and the loads into one
/// stage (Stages.cpp).
class PipelineStages {
public:
  explicit PipelineStages(PipelineContext &cx) : cx(cx) {}

  /// Gives every buffer a leading stage dim and every `barrier<1>` N
  /// stages; the body's uses move to a stage in `redirectUses`.
  void create();
  /// The body's uses of each buffer see this iteration's `stage`, or
  /// `previous` for uses before the first load; its barrier waits wait for
  /// `stage` in `phase`.
  void redirectUses(OpBuilder &b, Value stage, Value previous, Value phase);
  /// Issues the loads of iteration `iv` into `stage` under `iv < ub` (where
  /// `issuer` holds, when given; with the values of the loop over tiles
  /// mapped by `tile`, when given; only the loads `only` indexes, when
  /// given); for cp.async, every thread then commits one group.
  void emitLoads(OpBuilder &b, Value iv, Value stage, Value issuer = {},
                 const IRMapping *tile = nullptr, ArrayRef<unsigned> only = {});
  /// Erases the single-buffer loads, barriers and waits; the stores' waits
  /// become one after the loop.
  void eraseSingleBufferOps();

private:
  PipelineContext &cx;
  /// Each buffer and the value that has its stages (the same block
  /// argument, retyped, or a new allocation).
  SmallVector<std::pair<Value, Value>> staged;
  DenseMap<Operation *, Value> loadBuffers;
  IRMapping barriers;
};

/// The pipeline counter g, which the loop carries (Counter.cpp), followed
/// by the mask of empty phases where stages are released on empty barriers
/// by the consumers' own count.
class PipelineCounter {
public:
  PipelineCounter(PipelineContext &cx, EmptyRelease &empty)
      : cx(cx), empty(empty) {}

  /// Where the barriers are initialised: the empty barriers too, and the
  /// carried counter restarts. The loop counts g from there (and carries
  /// the mask of empty phases); a carried loop stores both after each run.
  /// Replaces `cx.plan.loop` by the loop that carries them.
  void start();
  /// g at the loop's entry.
  Value atEntry() const { return g0; }
  /// g, and the mask, in the body.
  Value current() const;
  Value mask() const;
  /// The index of g among the loop's iter_args (the mask follows it).
  unsigned index() const { return counterArg; }

private:
  /// Makes the carried counter (and mask) per-thread state that restarts
  /// after `atRestart`; returns their values at the loop's entry.
  std::pair<Value, Value> loadCarriedState(OpBuilder &atRestart, bool mask);

  PipelineContext &cx;
  EmptyRelease &empty;
  Value g0;
  unsigned counterArg = 0;
  /// A carried loop's stores of the counter and the mask after it.
  memref::StoreOp saveG, saveBits;
};

/// The parts of one loop's expansion (Expand.cpp runs them in order).
struct Expansion {
  explicit Expansion(PipelinePlan &plan)
      : cx(plan), empty(cx), dynamic(cx), stages(cx), counter(cx, empty) {}
  /// The parts refer to `cx` and to each other.
  Expansion(const Expansion &) = delete;

  PipelineContext cx;
  EmptyRelease empty;
  DynamicSchedule dynamic;
  PipelineStages stages;
  PipelineCounter counter;
};

/// Loads g0 .. g0+N-2, in a loop before the loop (Body.cpp).
void emitPrologue(Expansion &x);

/// The steady-state body (Body.cpp): iteration g waits for stage g mod N in
/// phase (g / N) mod 2, uses it, counts g+1, and releases and refills a
/// stage where `placeRelease` puts it.
void rewriteBody(Expansion &x);

/// What the body computes for the release and refill of iteration g.
struct Iteration {
  Value g;
  /// Stage g mod N, and (g-1) mod N: the tile before, which load g+N-1
  /// refills.
  Value stage, previous;
  /// A dynamic schedule's claim of the tile of iteration g+N.
  Value claim;
};

/// Where iteration g releases a stage and refills it (Release.cpp): at the
/// first load (a CTA barrier or wait_group), at the end of the body (empty
/// barriers), after the wgmma wait of an asynchronous consumer, or, with a
/// producer warpgroup, the consumers' releases alone; with what the loop
/// needs after it.
void placeRelease(Expansion &x, const Iteration &it);

} // namespace mlir::asynccopy::pipelining

#endif // ASYNCCOPY_LIB_TRANSFORMS_PIPELINELOOPS_PIPELINELOOPS_H
