//===- SelectImplementation.cpp - choose the hardware path of copies ------===//
//
// For every copy with `impl = auto`, tries tma > bulk > dsmem > cp_async >
// sync and records the first that accepts, with its chunk plan; an explicit
// `impl` is checked the same way and is an error when it declines. Each
// candidate is a predicate that accepts with a plan or declines with a reason
// a user can act on (TVM TIRx `copy_async` dispatch). Prefetches are hints:
// TMA or nothing.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Selection.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h"
#include "asynccopy/Dialect/AsyncCopy/IR/ElementTypes.h"
#include "asynccopy/Hardware/Limits.h"
#include "asynccopy/Utils/KernelArguments.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "asynccopy-select-implementation"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYSELECTIMPLEMENTATION
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// The plan recorded in `asynccopy.plan`: how many contiguous runs the copy
/// moves and, per implementation, its vector width or its TMA boxes.
struct Plan {
  int64_t chunks = 0, chunkBytes = 0;
  std::optional<int64_t> vectorBytes;
  /// The TMA plan, when TMA moves the copy.
  TmaPlanAttr tma;
  /// A TMA store whose window may reach the last, partial 16-B piece of the
  /// innermost tensor dim: it runs only where it stays below that piece, the
  /// sync fallback writes the other windows (see guardStoreEdge).
  bool edgeGuard = false;
  /// The guarded tensor-view dim and its extent (kDynamic: the run-time size
  /// of memref dim `edgeSource`).
  int64_t edgeDim = 0, edgeExtent = 0, edgeSource = -1;
  /// A TMA copy whose legality depends on the tensor at launch (a dynamic
  /// stride or offset, or an address no one promised aligned): it runs only
  /// where the tensor meets the tensor map's rules, the sync fallback
  /// elsewhere (see guardTmaRules).
  bool runtimeGuard = false;

  /// A #asynccopy.tma_plan for TMA, a #asynccopy.chunk_plan otherwise.
  Attribute toAttr(MLIRContext *ctx) const {
    if (tma)
      return tma;
    return ChunkPlanAttr::get(ctx, chunks, chunkBytes, vectorBytes);
  }

  /// What `explain` says about an accepted plan.
  std::string summary() const {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (tma) {
      int64_t issues = tma.getIssues();
      os << issues << (issues == 1 ? " issue, " : " issues, ") << tma.getBytes()
         << " B";
      if (edgeGuard)
        os << "; windows reaching the partial 16-B piece at the end of the "
              "inner dim are written by sync";
      if (runtimeGuard)
        os << "; checked at launch against the tensor map's rules, sync "
              "where the tensor breaks them";
      return text;
    }
    os << chunks << (chunks == 1 ? " chunk" : " chunks") << " of " << chunkBytes
       << " B";
    if (vectorBytes)
      os << ", " << *vectorBytes << "-B vectors";
    return text;
  }
};

/// What the candidates of one copy share: the op, its GMEM layout and what
/// its offsets are multiples of.
struct CopyInfo {
  AsyncCopyLikeOpInterface op;
  /// The layout of the GMEM side; failure for SMEM -> SMEM copies (and GMEM
  /// types the analysis cannot describe, with `layoutError` saying why).
  FailureOr<CopyLayout> layout = failure();
  std::string layoutError = {};
  const KnownDivisors *divisors = nullptr;
};

} // namespace

/// What the candidates of `op` need to know about it.
static CopyInfo analyseCopy(AsyncCopyLikeOpInterface op,
                            const KnownDivisors &divisors) {
  CopyInfo info{op};
  info.divisors = &divisors;
  if (Value gmem = op.getGmem()) {
    info.layout = computeCopyLayout(op, &divisors);
    // The op overload reports no message; the type-level one does.
    if (failed(info.layout))
      (void)computeCopyLayout(cast<MemRefType>(gmem.getType()),
                              op.getWindowSizes(), op.getTransformList(),
                              &info.layoutError);
  }
  return info;
}

/// Why TMA copies and prefetches of other memrefs decline.
static constexpr StringLiteral kNotAKernelArgument =
    "the GMEM operand is not a kernel argument (of the enclosing `gpu.func "
    "... kernel`, possibly through memref.cast); tensor maps are encoded on "
    "the host from kernel arguments";

/// Whether the window provably lies inside the GMEM tensor: constant offsets
/// within a static shape.
static bool isWindowInBounds(AsyncCopyLikeOpInterface op) {
  auto type = cast<MemRefType>(op.getGmem().getType());
  SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
  if (offsets.empty())
    return type.hasStaticShape();
  for (auto [offset, size, dim] :
       llvm::zip_equal(offsets, op.getWindowSizes(), type.getShape())) {
    std::optional<int64_t> start = getConstantIntValue(offset);
    if (!start || ShapedType::isDynamic(dim) || *start < 0 || size > dim ||
        *start > dim - size)
      return false;
  }
  return true;
}

/// Bytes of a remote copy's SMEM buffer (sub-byte elements rounded down).
static int64_t remoteBytes(AsyncCopyLikeOpInterface op) {
  auto type = cast<MemRefType>(op.getSource().getType());
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

//===----------------------------------------------------------------------===//
// Candidates
//===----------------------------------------------------------------------===//

/// Why `what`, which exists from sm_<sm> on, is not available to `op`.
static std::string needsNewerChip(Operation *op, StringRef what, unsigned sm) {
  return (what + " needs sm_" + Twine(sm) +
          " or newer; this GPU module targets sm_" +
          Twine(*tma::targetSmVersion(op)))
      .str();
}

static Decision trySync(CopyInfo &info, Plan &plan);

/// TMA stores and reductions write whole 16-B pieces of the innermost tensor
/// dim (measured on the H200: a bf16 extent of 119 also gets column 119
/// written, 121 gets 7 columns past the edge; loads fill element by
/// element). Whether a store's window may reach the partial piece at the end
/// of that dim, so that TMA must not write it: false when the extent is a
/// 16-B multiple or the window provably ends before the piece; true when a
/// run-time guard is needed (it sends those windows to the sync fallback);
/// failure when TMA could never store there.
static FailureOr<bool> needsStoreEdgeGuard(CopyInfo &info, const TmaPlan &plan,
                                           std::string *reason) {
  const CopyLayout &layout = *info.layout;
  const TmaDim &inner = plan.dims.back();
  int64_t perPiece = tma::kBoxInnerAlignBytes / layout.elementBytes();
  if (!ShapedType::isDynamic(inner.extent) && inner.extent % perPiece == 0)
    return false;
  auto decline = [&](const Twine &why) -> FailureOr<bool> {
    *reason =
        ("TMA stores write whole 16-B pieces of the innermost dim, " + why)
            .str();
    return failure();
  };
  if (inner.extent != ShapedType::kDynamic && inner.extent < perPiece)
    return decline("which holds " +
                   Twine(inner.extent * layout.elementBytes()) +
                   " B, so a store would write past its end");
  if (inner.terms.size() != 1)
    return decline("and the window's innermost dim merges several dims (rank "
                   "> 5), whose end a guard cannot find");
  int64_t viewDim = inner.terms.front().first;
  int64_t boxEnd = layout.tensorBoxShape[viewDim];
  auto gmemType = cast<MemRefType>(info.op.getGmem().getType());
  std::optional<int64_t> start = staticTensorViewOffsets(
      layout, gmemType, info.op.getMixedOffsets())[viewDim];
  if (start && !ShapedType::isDynamic(inner.extent) &&
      *start + boxEnd <= inner.extent - inner.extent % perPiece)
    return false;
  // Windows that reach the partial piece are written by the sync fallback.
  Plan unused;
  Decision sync = trySync(info, unused);
  if (!sync)
    return decline("and the sync fallback cannot write the windows that reach "
                   "its partial end piece: " +
                   sync.reason);
  Operation *parent = info.op->getParentOp();
  return !isa_and_present<scf::IfOp>(parent) ||
         !AsyncCopyDialect::StoreEdgeGuardAttrHelper(parent->getContext())
              .isAttrPresent(parent);
}

/// Why `what`, whose SMEM addresses must be multiples of `align` bytes,
/// cannot use the SMEM view `smem` at `extraBytes` past its start (the pass
/// aligns the allocations behind it to `align`), or nothing when it can.
static std::optional<std::string> misalignedSmem(Value smem, int64_t align,
                                                 StringRef what,
                                                 int64_t extraBytes = 0) {
  KnownOffset offset = traceSmemBuffer(smem).byteOffset;
  if ((offset + KnownOffset::exact(extraBytes)).isMultipleOf(align))
    return std::nullopt;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (std::optional<int64_t> exact = offset.getExact())
    os << "the SMEM view starts " << *exact << " B into its allocation";
  else
    os << "the SMEM view's offset from its allocation is only known to be a "
          "multiple of "
       << offset.getAlignment() << " B";
  if (extraBytes != 0)
    os << " and a box lands " << extraBytes << " B past it";
  os << "; " << what << " at " << align << "-B aligned SMEM addresses";
  return text;
}

static Decision tryTma(CopyInfo &info, Plan &plan) {
  AsyncCopyLikeOpInterface op = info.op;
  if (!tma::targetsHopper(op))
    return Decision::decline(needsNewerChip(op, "TMA", 90));
  if (!op.getGmem())
    return Decision::decline("TMA copies between GMEM and SMEM; this is an "
                             "SMEM -> SMEM copy");
  if (op.isLoad() && !op.getBarrier())
    return Decision::decline("a TMA load completes on an mbarrier and this "
                             "copy has no `barrier`");
  if (!getKernelArgumentIndex(op.getGmem(), op))
    return Decision::decline(kNotAKernelArgument);
  if (unsigned ptx = tma::targetPtxVersion(op);
      op.getPeer() && ptx < tma::kTensorMapFencePtx)
    return Decision::decline(
        (Twine("a `peer` TMA copy acquires its PE's tensor map with "
               "fence.proxy.tensormap, which needs PTX ISA 8.3 or newer; "
               "this GPU module targets PTX ") +
         Twine(ptx / 10) + "." + Twine(ptx % 10) +
         " (add features = \"+ptx83\" to its #nvvm.target, or "
         "features=+ptx83 to the pipeline)")
            .str());
  if (op.getPeer() && op.getCollective())
    return Decision::decline(
        "a collective copy multicasts one tensor map's boxes over the "
        "cluster, and a `peer` copy's per-PE tensor maps are not multicast; "
        "each CTA loads the whole window instead");
  if (failed(info.layout))
    return Decision::decline(info.layoutError);
  // Dynamic strides or offsets: an explicit request takes on a check that
  // fails the launch; otherwise the copy is guarded by the same check, with
  // the sync fallback (guardTmaRules), as is a copy raised from upstream ops,
  // which promise no alignment of their tensor's address.
  bool explicitTma = getCopyImplementation(op) == CopyImpl::tma;
  // (A peer copy's per-PE maps have no fallback encoding.)
  bool allowRuntimeChecks = explicitTma || !op.getPeer();
  std::string reason;
  if (failed(tma::tensorMapElementType(
          info.layout->elementType, op.getReduction(),
          op.getOobOrDefault() == OOBMode::nan, &reason)))
    return Decision::decline(reason);
  FailureOr<TmaPlan> tma =
      planTma(*info.layout, op.getSwizzleOrZero(), allowRuntimeChecks, &reason);
  if (failed(tma))
    return Decision::decline(reason);
  if (!explicitTma && !op.getPeer() &&
      (tma->needsRuntimeCheck ||
       AsyncCopyDialect::LaunchCheckedAttrHelper(op->getContext())
           .isAttrPresent(op))) {
    Plan unused;
    Decision sync = trySync(info, unused);
    if (!sync)
      return Decision::decline("the tensor map's rules can only be checked at "
                               "launch, and the sync fallback for a tensor "
                               "that breaks them cannot perform the copy: " +
                               sync.reason);
    plan.runtimeGuard =
        !isa_and_present<scf::IfOp>(op->getParentOp()) ||
        !AsyncCopyDialect::TmaRuntimeGuardAttrHelper(op->getContext())
             .isAttrPresent(op->getParentOp());
  }
  // Every box starts at an aligned SMEM address, also in a view.
  int64_t boxAlign = tma::smemBoxAlignBytes(op.getSwizzleOrZero());
  for (const TmaIssue &issue : tma->issues)
    if (std::optional<std::string> why =
            misalignedSmem(op.getSmem(), boxAlign, "TMA writes and reads boxes",
                           issue.smemByteOffset))
      return Decision::decline(*why);
  if (op.isStore()) {
    FailureOr<bool> guard = needsStoreEdgeGuard(info, *tma, &reason);
    if (failed(guard))
      return Decision::decline(reason);
    plan.edgeGuard = *guard;
    plan.edgeDim = tma->dims.back().terms.front().first;
    plan.edgeExtent = tma->dims.back().extent;
    plan.edgeSource = tmaExtentSource(tma->dims.back(), *info.layout);
  }
  // A collective load whose cluster shape partitioning already recorded is
  // split over its group here (partitioning splits those selected after it).
  if (op.getCollective() && succeeded(collectiveGroupSize(op)) &&
      failed(splitForCollective(op, *tma, &reason)))
    return Decision::decline(reason);
  plan.tma = getTmaPlanAttr(op.getContext(), *tma, *info.layout);
  return Decision::accept();
}

static Decision tryBulk(CopyInfo &info, Plan &plan) {
  AsyncCopyLikeOpInterface op = info.op;
  if (!tma::targetsHopper(op))
    return Decision::decline(needsNewerChip(op, "a bulk copy", 90));
  if (!op.getGmem())
    return Decision::decline("bulk copies move between GMEM and SMEM; an "
                             "SMEM -> SMEM copy is dsmem");
  if (op.getReduction())
    return Decision::decline("reductions are done by TMA");
  if (!op.getTransformList().empty())
    return Decision::decline("bulk copies take no transforms");
  if (op.getSwizzleOrZero() != 0)
    return Decision::decline("bulk copies cannot swizzle");
  if (op.isLoad() && !op.getBarrier())
    return Decision::decline("a bulk load completes on an mbarrier and this "
                             "copy has no `barrier`");
  if (failed(info.layout))
    return Decision::decline(info.layoutError);
  // Unlike TMA, bulk copies neither fill nor clip what lies outside the
  // tensor: they would read or write past it.
  if (op.getOobOrDefault() != OOBMode::promise_in_bounds &&
      !isWindowInBounds(op))
    return Decision::decline(
        "the window is not provably inside the GMEM tensor and bulk copies "
        "cannot handle out-of-bounds elements (oob = promise_in_bounds "
        "asserts it)");
  std::string reason;
  FailureOr<int64_t> chunks = bulkChunks(*info.layout, &reason);
  if (failed(chunks))
    return Decision::decline(reason);
  // Chunks are 16-B multiples apart in SMEM: the view's start decides.
  if (std::optional<std::string> why = misalignedSmem(
          op.getSmem(), tma::kBulkAlignBytes, "bulk copies move chunks"))
    return Decision::decline(*why);
  plan.chunks = *chunks;
  plan.chunkBytes = info.layout->chunkBytes;
  return Decision::accept();
}

static Decision tryDsmem(CopyInfo &info, Plan &plan) {
  AsyncCopyLikeOpInterface op = info.op;
  if (!tma::targetsHopper(op))
    return Decision::decline(needsNewerChip(op, "a DSMEM copy", 90));
  if (op.getGmem())
    return Decision::decline("dsmem copies SMEM to another CTA of the "
                             "cluster; this copy has a GMEM side");
  auto type = cast<MemRefType>(op.getSource().getType());
  // One bulk copy moves one contiguous run of bytes.
  for (Value buffer : {op.getSource(), op.getDest()})
    if (!cast<MemRefType>(buffer.getType())
             .areTrailingDimsContiguous(type.getRank()))
      return Decision::decline(
          "DSMEM bulk copies move one contiguous run of bytes; the " +
          Twine(buffer == op.getSource() ? "source" : "destination") +
          " is a strided view (the sync path addresses it through its "
          "strides)");
  int64_t bits = type.getNumElements() * type.getElementTypeBitWidth();
  if (bits % 8 != 0 || bits / 8 < tma::kBulkAlignBytes ||
      (bits / 8) % tma::kBulkAlignBytes != 0)
    return Decision::decline("DSMEM bulk copies move a multiple of 16 B; "
                             "this copy moves " +
                             Twine(bits / 8) + " B");
  // Both buffers start 16-B aligned (the lowering aligns their allocations;
  // a view must keep it).
  for (Value buffer : {op.getSource(), op.getDest()})
    if (std::optional<std::string> why = misalignedSmem(
            buffer, tma::kBulkAlignBytes, "DSMEM bulk copies move buffers"))
      return Decision::decline(*why);
  plan.chunks = 1;
  plan.chunkBytes = bits / 8;
  return Decision::accept();
}

/// The narrowest cp.async transfer.
static constexpr int64_t kMinCpAsyncBytes = 4;

static Decision tryCpAsync(CopyInfo &info, Plan &plan) {
  AsyncCopyLikeOpInterface op = info.op;
  if (!tma::targetsAtLeast(op, 80))
    return Decision::decline(needsNewerChip(op, "cp.async", 80));
  if (!op.getGmem())
    return Decision::decline("cp.async loads GMEM into SMEM; this is an "
                             "SMEM -> SMEM copy");
  if (!op.isLoad())
    return Decision::decline("cp.async only loads (GMEM -> SMEM); this is a "
                             "store");
  // Every thread arrives on the barrier when its own transfers land: only
  // a copy that asks for cp.async gets that arrival count.
  bool arrivesPerThread =
      getCopyImplementation(op) == CopyImpl::cp_async && op.getBarrier();
  if (!op.getToken() && !arrivesPerThread)
    return Decision::decline("cp.async completes through commit/wait groups "
                             "and this copy returns no token");
  if (op.getOobOrDefault() == OOBMode::nan)
    return Decision::decline("cp.async fills out-of-bounds elements with "
                             "zeros; oob = nan needs TMA or sync");
  if (failed(info.layout))
    return Decision::decline(info.layoutError);
  std::string reason;
  FailureOr<int64_t> vector = cpAsyncVectorBytes(*info.layout, &reason);
  if (failed(vector))
    return Decision::decline(reason);
  // The SMEM view's start bounds the transfer width too.
  KnownOffset smemOffset = traceSmemBuffer(op.getSmem()).byteOffset;
  while (*vector > kMinCpAsyncBytes && !smemOffset.isMultipleOf(*vector))
    *vector /= 2;
  if (std::optional<std::string> why =
          misalignedSmem(op.getSmem(), *vector, "cp.async writes"))
    return Decision::decline(*why);
  // The transfers the lowering will issue (bound checks may narrow them).
  FailureOr<ThreadCopyPlan> threads =
      planCpAsyncCopy(op, smemOffset, info.divisors, &reason);
  if (failed(threads))
    return Decision::decline(reason);
  plan.chunks = info.layout->numChunks;
  plan.chunkBytes = info.layout->chunkBytes;
  plan.vectorBytes = threads->vectorBytes();
  return Decision::accept();
}

/// The fallback: every thread of the CTA loads and stores (reductions become
/// atomics, remote copies go through mapa), so no legal copy is rejected.
static Decision trySync(CopyInfo &info, Plan &plan) {
  AsyncCopyLikeOpInterface op = info.op;
  if (!op.getGmem()) {
    if (!tma::targetsHopper(op))
      return Decision::decline(
          needsNewerChip(op, "a copy to another CTA of the cluster", 90));
    plan.chunks = 1;
    plan.chunkBytes = remoteBytes(op);
    plan.vectorBytes = pow2Align16(plan.chunkBytes);
    return Decision::accept();
  }
  if (failed(info.layout))
    return Decision::decline(info.layoutError);
  // The vectors the lowering will move (one element per atomic for a
  // reduction, narrower where the SMEM view or bound checks need it).
  std::string reason;
  FailureOr<ThreadCopyPlan> threads = planSyncCopy(
      op, traceSmemBuffer(op.getSmem()).byteOffset, info.divisors, &reason);
  if (failed(threads))
    return Decision::decline(reason);
  plan.chunks = info.layout->numChunks;
  plan.chunkBytes = info.layout->chunkBytes;
  plan.vectorBytes = threads->vectorBytes();
  return Decision::accept();
}

/// Whether TMA can prefetch `op`, with its plan.
static Decision decidePrefetch(PrefetchOp op, Plan &plan) {
  if (!tma::targetsHopper(op))
    return Decision::decline(needsNewerChip(op, "a TMA prefetch", 90));
  if (!getKernelArgumentIndex(op.getSource(), op))
    return Decision::decline(kNotAKernelArgument);
  std::string reason;
  FailureOr<CopyLayout> layout =
      computeCopyLayout(op.getSource().getType(), op.getWindowSizes(),
                        op.getTransformList(), &reason);
  if (failed(layout))
    return Decision::decline(reason);
  FailureOr<TmaPlan> tma = planTma(*layout, op.getSwizzle().value_or(0),
                                   /*allowRuntimeChecks=*/false, &reason);
  if (failed(tma))
    return Decision::decline(reason);
  plan.tma = getTmaPlanAttr(op.getContext(), *tma, *layout);
  return Decision::accept();
}

//===----------------------------------------------------------------------===//
// Rewriting into mechanism ops
//===----------------------------------------------------------------------===//

/// Replaces `op` by an op named `name` with the same operands, results and
/// attributes, less `impl` (the op is the implementation) and `drop`, plus
/// `plan`.
static Operation *replaceWithOp(Operation *op, StringRef name, Attribute plan,
                                ArrayRef<StringRef> drop = {}) {
  OpBuilder b(op);
  OperationState state(op->getLoc(), name);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  NamedAttrList attrs(op->getAttrDictionary());
  attrs.erase("impl");
  for (StringRef name : drop)
    attrs.erase(name);
  attrs.set("plan", plan);
  state.addAttributes(attrs);
  Operation *replacement = b.create(state);
  op->replaceAllUsesWith(replacement->getResults());
  op->erase();
  return replacement;
}

/// The mechanism op `impl` performs `op` with.
static StringRef mechanismOpName(CopyOp op, CopyImpl impl) {
  switch (impl) {
  case CopyImpl::tma:
    if (op.isLoad())
      return TmaLoadOp::getOperationName();
    return op.getReduction() ? TmaReduceOp::getOperationName()
                             : TmaStoreOp::getOperationName();
  case CopyImpl::bulk:
    return op.isLoad() ? BulkLoadOp::getOperationName()
                       : BulkStoreOp::getOperationName();
  case CopyImpl::dsmem:
    return DsmemCopyOp::getOperationName();
  case CopyImpl::cp_async:
    return CpAsyncCopyOp::getOperationName();
  case CopyImpl::sync:
  case CopyImpl::automatic:
    break;
  }
  return SyncCopyOp::getOperationName();
}

/// Rewrites `op` into the mechanism op of `impl` with `plan`. Only TMA
/// multicasts: a collective copy another mechanism performs is one load per
/// CTA, which is what each CTA receives, so it drops `collective`.
static Operation *rewriteToMechanism(CopyOp op, CopyImpl impl, Attribute plan) {
  SmallVector<StringRef, 2> drop;
  if (impl != CopyImpl::tma)
    drop = {op.getCollectiveAttrName().getValue(),
            op.getPartitionAttrName().getValue()};
  return replaceWithOp(op, mechanismOpName(op, impl), plan, drop);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

using CandidateFn = Decision (*)(CopyInfo &, Plan &);

/// The candidates in priority order.
constexpr std::pair<CopyImpl, CandidateFn> kCandidates[] = {
    {CopyImpl::tma, tryTma},     {CopyImpl::bulk, tryBulk},
    {CopyImpl::dsmem, tryDsmem}, {CopyImpl::cp_async, tryCpAsync},
    {CopyImpl::sync, trySync},
};

struct SelectImplementationPass
    : public mlir::asynccopy::impl::AsyncCopySelectImplementationBase<
          SelectImplementationPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (!llvm::is_contained({"warn", "error", "silent"}, fallbacks))
      return emitError(UnknownLoc::get(context))
             << "asynccopy-select-implementation: fallbacks must be warn, "
                "error or silent, got '"
             << fallbacks << "'";
    return success();
  }

  void runOnOperation() override {
    bool failedAny = false;
    // Solved once: what each copy's dynamic offsets are multiples of.
    KnownDivisors divisors(getOperation());
    getOperation()->walk([&](Operation *op) {
      llvm::TypeSwitch<Operation *>(op)
          .Case(
              [&](CopyOp copy) { failedAny |= failed(select(copy, divisors)); })
          .Case([&](PrefetchOp prefetch) { select(prefetch); });
    });
    if (failedAny)
      signalPassFailure();
  }

  /// Emits the `explain` remark of one candidate.
  void explainVerdict(Operation *op, CopyImpl impl, const Decision &decision,
                      const Plan &plan, StringRef suffix = "") {
    LLVM_DEBUG({
      llvm::dbgs() << "[select-implementation] " << op->getLoc() << ": "
                   << stringifyCopyImpl(impl);
      if (decision)
        llvm::dbgs() << " accepted (" << plan.summary() << ")\n";
      else
        llvm::dbgs() << " declined: " << decision.reason << "\n";
    });
    if (!explain)
      return;
    InFlightDiagnostic remark = op->emitRemark() << stringifyCopyImpl(impl);
    if (decision)
      remark << ": accepted (" << plan.summary() << ")";
    else
      remark << ": declined: " << decision.reason << suffix;
  }

  /// What a user whose explicit `impl` declined can write instead: the other
  /// implementations that accept the copy, in priority order.
  static std::string suggestAlternatives(CopyInfo &info, CopyImpl declined) {
    SmallVector<StringRef> accepting;
    for (auto [impl, candidate] : kCandidates) {
      Plan unused;
      if (impl != declined && candidate(info, unused))
        accepting.push_back(stringifyCopyImpl(impl));
    }
    if (accepting.empty())
      return "no other implementation can perform it either";
    std::string text = "use impl = ";
    for (auto [i, name] : llvm::enumerate(accepting))
      text += (i == 0                      ? ""
               : i + 1 == accepting.size() ? " or "
                                           : ", ") +
              name.str();
    return text;
  }

  LogicalResult select(CopyOp op, const KnownDivisors &divisors) {
    if (FailureOr<bool> split = splitSubviewWindow(op, divisors);
        failed(split) || *split)
      return split;
    CopyInfo info = analyseCopy(op, divisors);

    CopyImpl requested = op.getImplOrDefault();
    SmallVector<std::pair<CopyImpl, std::string>> declines;
    for (auto [impl, candidate] : kCandidates) {
      if (requested != CopyImpl::automatic && impl != requested)
        continue;
      Plan plan;
      Decision decision = candidate(info, plan);
      explainVerdict(op, impl, decision, plan);
      if (decision) {
        if (requested == CopyImpl::automatic &&
            failed(reportFallback(op, impl, plan, declines)))
          return failure();
        if (plan.runtimeGuard)
          guardTmaRules(info, plan);
        else
          rewrite(info, impl, plan);
        return success();
      }
      declines.emplace_back(impl, decision.reason);
    }

    if (requested != CopyImpl::automatic) {
      assert(declines.size() == 1 && "one candidate per explicit impl");
      return op.emitOpError()
             << "impl = " << stringifyCopyImpl(requested)
             << " cannot perform this copy: " << declines.front().second << "; "
             << suggestAlternatives(info, requested);
    }
    InFlightDiagnostic diag = op.emitOpError()
                              << "no implementation can perform this copy";
    for (auto &[impl, reason] : declines)
      diag.attachNote() << stringifyCopyImpl(impl) << ": " << reason;
    return diag;
  }

  /// A window of a `memref.subview` of a kernel argument, whose extent
  /// the run time may give (a sequence of a packed varlen batch): the copy
  /// clips at the subview's extent, which the tensor map of the argument
  /// does not know. Where TMA accepts the same window of the argument, the
  /// copy becomes
  ///   scf.if %inside { the argument's window, selected again } else { sync }
  /// with %inside = every window dim ends within the subview: a window
  /// inside the sequence moves by TMA, one that crosses its end by the
  /// sync copy, which zero-fills (or skips, storing) past the extent.
  /// Returns whether it split `op`.
  FailureOr<bool> splitSubviewWindow(CopyOp op, const KnownDivisors &divisors) {
    Value gmem = op.getGmem();
    auto subview = gmem ? gmem.getDefiningOp<memref::SubViewOp>() : nullptr;
    if (!subview || op.getImplOrDefault() != CopyImpl::automatic ||
        op.getMixedOffsets().empty() || op.getPeer() ||
        !getKernelArgumentIndex(subview.getSource(), op) ||
        !llvm::all_of(subview.getStaticStrides(),
                      [](int64_t stride) { return stride == 1; }))
      return false;
    // A rank-reducing subview drops unit dims of the argument: the
    // argument's window has them (size 1, at the subview's offset), and a
    // `drop_unit_dims` in front of the transforms takes them out again.
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<int64_t> droppedDims;
    for (int64_t d = 0, e = dropped.size(); d < e; ++d)
      if (dropped.test(d))
        droppedDims.push_back(d);
    Location loc = op.getLoc();
    OpBuilder b(op);
    auto index = [&](OpFoldResult value) {
      return getValueOrCreateConstantIndexOp(b, loc, value);
    };
    // The argument's window starts at the subview's offset plus the
    // window's (static where both are); it ends inside the subview where
    // offset + size <= the subview's size, in every dim that can cross.
    SmallVector<Value> offsets;
    SmallVector<int64_t> staticOffsets, wholeSizes;
    Value inside;
    SmallVector<int64_t> sizes(op.getWindowSizes());
    SmallVector<OpFoldResult> windowOffsets = op.getMixedOffsets();
    SmallVector<OpFoldResult> subviewOffsets = subview.getMixedOffsets();
    SmallVector<OpFoldResult> subviewSizes = subview.getMixedSizes();
    unsigned next = 0;
    for (int64_t d = 0, e = dropped.size(); d < e; ++d) {
      OpFoldResult from = subviewOffsets[d];
      if (dropped.test(d)) {
        wholeSizes.push_back(1);
        if (std::optional<int64_t> a = getConstantIntValue(from)) {
          staticOffsets.push_back(*a);
        } else {
          staticOffsets.push_back(ShapedType::kDynamic);
          offsets.push_back(index(from));
        }
        continue;
      }
      unsigned w = next++;
      OpFoldResult offset = windowOffsets[w];
      wholeSizes.push_back(sizes[w]);
      std::optional<int64_t> a = getConstantIntValue(from),
                             c = getConstantIntValue(offset);
      int64_t sum;
      if (a && c && !llvm::AddOverflow(*a, *c, sum)) {
        staticOffsets.push_back(sum);
      } else {
        // (One op per statement: the order of the ops created does not
        // depend on the compiler's order of evaluating arguments.)
        staticOffsets.push_back(ShapedType::kDynamic);
        Value lhs = index(from);
        Value rhs = index(offset);
        offsets.push_back(arith::AddIOp::create(b, loc, lhs, rhs));
      }
      std::optional<int64_t> extent = getConstantIntValue(subviewSizes[d]);
      if (c && extent && *c <= *extent - sizes[w])
        continue;
      Value start = index(offset);
      Value size = arith::ConstantIndexOp::create(b, loc, sizes[w]);
      Value end = arith::AddIOp::create(b, loc, start, size);
      Value bound = index(subviewSizes[d]);
      Value fits =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end, bound);
      inside = inside ? arith::AndIOp::create(b, loc, inside, fits) : fits;
    }
    // The same copy of the argument's window, if TMA takes it.
    auto whole = cast<CopyOp>(b.clone(*op));
    (op.isLoad() ? whole.getSourceMutable() : whole.getDestMutable())
        .assign(subview.getSource());
    whole.getOffsetsMutable().assign(offsets);
    whole.setStaticOffsets(staticOffsets);
    if (!droppedDims.empty()) {
      whole.setStaticSizes(wholeSizes);
      SmallVector<Attribute> transforms{
          DropUnitDimsAttr::get(b.getContext(), droppedDims)};
      if (ArrayAttr written = whole.getTransformsAttr())
        llvm::append_range(transforms, written.getValue());
      whole.setTransformsAttr(b.getArrayAttr(transforms));
    }
    CopyInfo wholeInfo = analyseCopy(whole, divisors);
    Plan unused;
    if (!tryTma(wholeInfo, unused)) {
      whole.erase();
      return false;
    }
    // A window inside the subview in every dim: the argument's window.
    if (!inside) {
      op->replaceAllUsesWith(whole->getResults());
      op->erase();
      return succeeded(select(whole, divisors));
    }
    auto ifOp = scf::IfOp::create(b, loc, op->getResultTypes(), inside,
                                  /*addThenBlock=*/true, /*addElseBlock=*/true);
    AsyncCopyDialect::SubviewGuardAttrHelper(b.getContext())
        .setAttr(ifOp, b.getUnitAttr());
    OpBuilder inThen = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    whole->moveBefore(inThen.getInsertionBlock(), inThen.getInsertionPoint());
    inThen.setInsertionPointAfter(whole);
    scf::YieldOp::create(inThen, loc, whole->getResults());
    OpBuilder inElse = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    auto crossing = cast<CopyOp>(inElse.clone(*op));
    scf::YieldOp::create(inElse, loc, crossing->getResults());
    op->replaceAllUsesWith(ifOp.getResults());
    op->erase();
    CopyInfo crossingInfo = analyseCopy(crossing, divisors);
    Plan sync;
    if (!trySync(crossingInfo, sync))
      return crossing.emitOpError("no implementation can perform this copy");
    rewriteToMechanism(crossing, CopyImpl::sync, sync.toAttr(b.getContext()));
    return succeeded(select(whole, divisors));
  }

  /// What `op` asks for that TMA does in hardware and a per-thread path
  /// does element by element, or null.
  static const char *askedOfTma(CopyOp op) {
    if (op.getCollective())
      return "a multicast to its cluster";
    if (op.getReduction())
      return "a reduction";
    if (op.getSwizzleOrZero() != 0)
      return "a swizzle";
    if (llvm::any_of(op.getTransformList(), [](Attribute t) {
          return isa<TileAttr, TransposeAttr>(t);
        }))
      return "a tile or transpose transform";
    return nullptr;
  }

  /// The diagnostic `fallbacks` asks for when `op`, which asks for what TMA
  /// does, gets the per-thread path `impl`; failure when it is an error.
  LogicalResult
  reportFallback(CopyOp op, CopyImpl impl, const Plan &plan,
                 ArrayRef<std::pair<CopyImpl, std::string>> declines) {
    const char *asked = askedOfTma(op);
    // Before sm_90 a per-thread path is the best there is.
    if (fallbacks == "silent" || !asked || !tma::targetsHopper(op) ||
        !llvm::is_contained({CopyImpl::cp_async, CopyImpl::sync}, impl))
      return success();
    bool error = fallbacks == "error";
    InFlightDiagnostic diag = error ? op.emitOpError()
                                    : op.emitWarning()
                                          << "'" << op->getName() << "' op ";
    diag << "falls back to per-thread " << stringifyCopyImpl(impl)
         << " copies (" << plan.summary() << ") though it asks for " << asked
         << ", which TMA does in hardware: " << declines.front().second
         << "; impl = " << stringifyCopyImpl(impl)
         << " accepts this path, the pipeline option fallbacks=silent "
            "silences it and fallbacks=error rejects it";
    return failure(error);
  }

  /// Rewrites the copy of `info` into the mechanism op of `impl` with `plan`,
  /// behind the edge guard a TMA store needs.
  static void rewrite(CopyInfo &info, CopyImpl impl, const Plan &plan) {
    if (plan.edgeGuard)
      guardStoreEdge(info, plan);
    else
      rewriteToMechanism(cast<CopyOp>(info.op.getOperation()), impl,
                         plan.toAttr(info.op.getContext()));
  }

  /// Whether the GMEM tensor of `op` meets the tensor map's rules that
  /// depend on it at launch, as the runtime checks them for a `fallback`
  /// map: a 16-B aligned address, and for each dynamic extent and stride,
  /// 1 to kMaxCoordinateExtent elements and positive 16-B multiples below
  /// 2^40 B. (The static ones passed at compile time; only a plain tensor's
  /// extents and strides can be dynamic, so memref dim d is map dim d.)
  static Value buildTmaRules(OpBuilder &b, Location loc, CopyOp op,
                             const CopyLayout &layout) {
    Value gmem = op.getGmem();
    auto type = cast<MemRefType>(gmem.getType());
    auto meta = memref::ExtractStridedMetadataOp::create(b, loc, gmem);
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    auto cmp = [&](arith::CmpIPredicate p, Value lhs, Value rhs) {
      return arith::CmpIOp::create(b, loc, p, lhs, rhs).getResult();
    };
    Value eb = index(layout.elementBytes());
    Value sixteen = index(hw::kGlobalAlignBytes), zero = index(0);
    auto multipleOf16 = [&](Value bytes) {
      return cmp(arith::CmpIPredicate::eq,
                 arith::RemUIOp::create(b, loc, bytes, sixteen), zero);
    };
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, gmem);
    Value address = arith::AddIOp::create(
        b, loc, pointer, arith::MulIOp::create(b, loc, meta.getOffset(), eb));
    Value ok = multipleOf16(address);
    auto both = [&](Value condition) {
      ok = arith::AndIOp::create(b, loc, ok, condition);
    };
    SmallVector<int64_t> strides = type.getStridesAndOffset().first;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (type.isDynamicDim(d)) {
        Value extent = meta.getSizes()[d];
        both(cmp(arith::CmpIPredicate::sge, extent, index(1)));
        both(cmp(arith::CmpIPredicate::sle, extent,
                 index(hw::kMaxCoordinateExtent)));
      }
      if (d + 1 == type.getRank() || !ShapedType::isDynamic(strides[d]))
        continue;
      Value bytes = arith::MulIOp::create(b, loc, meta.getStrides()[d], eb);
      both(cmp(arith::CmpIPredicate::sgt, bytes, zero));
      both(multipleOf16(bytes));
      both(cmp(arith::CmpIPredicate::slt, bytes,
               index(hw::kMaxGlobalStrideBytes)));
    }
    return ok;
  }

  /// Guards the TMA copy of `info` by the tensor map's launch-time rules
  /// (Plan::runtimeGuard):
  ///   scf.if %meets_rules { the copy, TMA, map `fallback` } else { sync }
  /// The host zeroes a `fallback` map instead of failing the launch when the
  /// tensor breaks the rules; the kernel then never uses it.
  static void guardTmaRules(CopyInfo &info, const Plan &plan) {
    auto op = cast<CopyOp>(info.op.getOperation());
    OpBuilder b(op);
    Value ok = buildTmaRules(b, op.getLoc(), op, *info.layout);
    Plan tmaPlan = plan;
    tmaPlan.runtimeGuard = false;
    splitTmaAndSync(
        info, ok, AsyncCopyDialect::TmaRuntimeGuardAttrHelper::getNameStr(),
        [&](CopyInfo &clone) {
          Block *block = clone.op->getBlock();
          rewrite(clone, CopyImpl::tma, tmaPlan);
          // The TMA ops that replaced it (behind an edge guard, perhaps).
          block->walk([&](Operation *tma) {
            if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp>(tma))
              AsyncCopyDialect::TmaFallbackAttrHelper(b.getContext())
                  .setAttr(tma, b.getUnitAttr());
          });
        });
  }

  /// Replaces the copy of `info` by
  ///   scf.if %condition { the copy, by `rewriteTma` } else { its sync copy }
  /// marked with the unit attribute `marker`.
  static void splitTmaAndSync(CopyInfo &info, Value condition, StringRef marker,
                              function_ref<void(CopyInfo &)> rewriteTma) {
    auto op = cast<CopyOp>(info.op.getOperation());
    Location loc = op.getLoc();
    OpBuilder b(op);
    auto ifOp = scf::IfOp::create(b, loc, op->getResultTypes(), condition,
                                  /*addThenBlock=*/true, /*addElseBlock=*/true);
    ifOp->setAttr(marker, b.getUnitAttr());
    auto fill = [&](Block &block, bool tma) {
      OpBuilder inner = OpBuilder::atBlockBegin(&block);
      auto clone = cast<CopyOp>(inner.clone(*op));
      scf::YieldOp::create(inner, loc, clone->getResults());
      CopyInfo cloneInfo{clone, info.layout, info.layoutError, info.divisors};
      if (tma) {
        rewriteTma(cloneInfo);
        return;
      }
      Plan sync;
      (void)trySync(cloneInfo, sync);
      rewriteToMechanism(clone, CopyImpl::sync, sync.toAttr(op.getContext()));
    };
    fill(ifOp.getThenRegion().front(), /*tma=*/true);
    fill(ifOp.getElseRegion().front(), /*tma=*/false);
    op->replaceAllUsesWith(ifOp.getResults());
    op->erase();
  }

  /// Splits the TMA store of `info` by where its window ends (Plan::edgeGuard):
  ///   %fits = inner coordinate + inner box <= extent - extent % (16 B / elt)
  ///   scf.if %fits { the copy, impl = tma } else { the copy, impl = sync }
  static void guardStoreEdge(CopyInfo &info, const Plan &plan) {
    auto op = cast<CopyOp>(info.op.getOperation());
    Location loc = op.getLoc();
    OpBuilder b(op);
    auto gmemType = cast<MemRefType>(op.getGmem().getType());
    Value coord = buildTensorViewOffsets(b, loc, *info.layout, gmemType,
                                         op.getMixedOffsets())[plan.edgeDim];
    Value end = arith::AddIOp::create(
        b, loc, coord,
        arith::ConstantIndexOp::create(
            b, loc, info.layout->tensorBoxShape[plan.edgeDim]));
    // A dynamic extent is one memref dim's size (planTma declines others).
    Value extent =
        ShapedType::isDynamic(plan.edgeExtent)
            ? memref::DimOp::create(b, loc, op.getGmem(), plan.edgeSource)
                  .getResult()
            : arith::ConstantIndexOp::create(b, loc, plan.edgeExtent)
                  .getResult();
    int64_t perPiece = tma::kBoxInnerAlignBytes / info.layout->elementBytes();
    Value aligned = arith::SubIOp::create(
        b, loc, extent,
        arith::RemUIOp::create(
            b, loc, extent, arith::ConstantIndexOp::create(b, loc, perPiece)));
    Value fits =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, end, aligned);
    splitTmaAndSync(
        info, fits, AsyncCopyDialect::StoreEdgeGuardAttrHelper::getNameStr(),
        [&](CopyInfo &clone) {
          rewriteToMechanism(cast<CopyOp>(clone.op.getOperation()),
                             CopyImpl::tma, plan.toAttr(op.getContext()));
        });
  }

  /// A prefetch is a hint: it becomes a TMA prefetch or is erased.
  void select(PrefetchOp op) {
    Plan plan;
    Decision decision = decidePrefetch(op, plan);
    if (!decision) {
      explainVerdict(op, CopyImpl::tma, decision, plan,
                     "; the prefetch is dropped");
      op->erase();
      return;
    }
    explainVerdict(op, CopyImpl::tma, decision, plan);
    replaceWithOp(op, TmaPrefetchOp::getOperationName(),
                  plan.toAttr(op.getContext()));
  }
};

} // namespace

SmallVector<std::pair<CopyImpl, Decision>>
mlir::asynccopy::explainFasterCandidates(AsyncCopyLikeOpInterface op,
                                         CopyImpl chosen,
                                         const KnownDivisors &divisors) {
  SmallVector<std::pair<CopyImpl, Decision>> verdicts;
  CopyInfo info = analyseCopy(op, divisors);
  for (auto [impl, candidate] : kCandidates) {
    if (impl == chosen)
      break;
    Plan unused;
    verdicts.emplace_back(impl, candidate(info, unused));
  }
  return verdicts;
}

bool mlir::asynccopy::isSingleThreadOnEveryRun(CopyOp op,
                                               const KnownDivisors &divisors) {
  CopyInfo info = analyseCopy(op, divisors);
  CopyImpl requested = op.getImplOrDefault();
  for (auto [impl, candidate] : kCandidates) {
    if (requested != CopyImpl::automatic && impl != requested)
      continue;
    Plan plan;
    if (!candidate(info, plan))
      continue;
    if (impl == CopyImpl::tma)
      return !plan.runtimeGuard && !plan.edgeGuard;
    return impl == CopyImpl::bulk;
  }
  return false;
}
