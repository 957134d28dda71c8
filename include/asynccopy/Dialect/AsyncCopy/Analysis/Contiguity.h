//===- Contiguity.h - contiguity of copy windows ----------------*- C++ -*-===//
//
// What a copy moves, in memory terms: from the GMEM memref layout (static or
// dynamic strides), the window and the transforms, the longest stride-1 run
// both sides share, the chunk plan, and whether (and how) each hardware path
// can do the copy. Every predicate accepts or declines *with a reason*.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_CONTIGUITY_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_CONTIGUITY_H

#include "asynccopy/Analysis/Divisibility.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include <optional>
#include <string>

namespace mlir::asynccopy {

/// Accept, or decline with a reason a user can act on.
struct Decision {
  bool accepted = false;
  std::string reason;

  static Decision accept() { return {true, {}}; }
  static Decision decline(const Twine &why) { return {false, why.str()}; }
  explicit operator bool() const { return accepted; }
};

/// Largest power of two <= 16 dividing `v` (16 for 0): the widest access
/// (bytes) that an address offset or stride of `v` bytes allows.
int64_t pow2Align16(int64_t v);

/// The GMEM side of a copy after its transforms, and how it splits into
/// contiguous chunks. Dims are outermost first; SMEM is dense row-major over
/// `boxShape`.
struct CopyLayout {
  Type elementType;
  int64_t elementBits = 0;
  /// The transformed window (the SMEM shape up to leading unit dims).
  SmallVector<int64_t> boxShape;
  /// Element strides of the transformed GMEM view (ShapedType::kDynamic when
  /// unknown at compile time).
  SmallVector<int64_t> strides;
  /// Shape of the whole transformed GMEM tensor, for descriptors; dims may be
  /// dynamic. Dims removed by drop_unit_dims whose tensor extent is not 1 stay
  /// (with a box extent of 1); `tensorBoxShape` is the box over these dims.
  SmallVector<int64_t> tensorShape, tensorStrides, tensorBoxShape;
  /// The transforms that map the window and its offsets onto the tensor view:
  /// `transforms`, where a drop_unit_dims that cannot apply to the tensor
  /// becomes a transpose moving its dims to the front (they stay), the later
  /// transforms batched over them.
  SmallVector<GmemTransformAttrInterface> tensorTransforms;
  /// Per tensor-view dim: the GMEM memref dim whose run-time size is its
  /// extent, where that is dynamic and the transforms pass the dim through
  /// unchanged; else -1.
  SmallVector<int64_t> tensorExtentSources;
  /// Tensor dims that a tile, the last transform, does not divide: the view
  /// holds them as (ceil(extent / tile), tile) pairs, whose last tile would
  /// alias the next row, so a tensor map addresses each through the
  /// tensor's own dim instead, one box per tile (planTma).
  /// A dynamic tensor dim tiled by the last transform is one too (its
  /// extent kDynamic, `source` the GMEM memref dim whose run-time size it
  /// is, or -1).
  struct PartialTile {
    int64_t outerDim = 0, innerDim = 0, tile = 0, extent = 0, source = -1;
  };
  SmallVector<PartialTile> partialTiles;
  /// Every dim the last transform tiles, as a partial tile would address
  /// it. A copy whose window offset along one is not a multiple of its tile
  /// addresses it so too (the tiled view's box would stop at the tile's
  /// end); computeCopyLayout(op) adds those to `partialTiles`.
  SmallVector<PartialTile> tiledDims;
  /// False when the transforms cannot describe the whole tensor (a tile that
  /// does not divide a tensor dim, other than as the last transform); the
  /// reason is in `tensorViewError`.
  bool hasTensorView = false;
  std::string tensorViewError;
  /// Static element offset of the memref, or ShapedType::kDynamic.
  int64_t baseOffset = 0;
  /// Largest power of two (<= 16) known to divide the byte address of the
  /// window's first element (1 when nothing is known).
  int64_t startAlignBytes = 1;

  /// Trailing box dims that form one stride-1 run in GMEM and in SMEM.
  int64_t contiguousDims = 0;
  /// Elements and bytes of one contiguous chunk; number of chunks; the box
  /// dims outside the chunk (their product is numChunks).
  int64_t chunkElements = 0, chunkBytes = 0, numChunks = 0;
  SmallVector<int64_t> outerExtents;
  int64_t totalBytes = 0;

  int64_t elementBytes() const { return elementBits / 8; }
};

/// Computes the layout of `gmemType`'s `window` after `transforms`. Fails
/// (with a message in `*error` when given) when the transforms do not apply.
FailureOr<CopyLayout>
computeCopyLayout(MemRefType gmemType, ArrayRef<int64_t> window,
                  ArrayRef<GmemTransformAttrInterface> transforms,
                  std::string *error = nullptr);

/// Layout of a GMEM <-> SMEM copy or prefetch; fails for SMEM -> SMEM copies.
/// The start alignment of a copy counts what its offsets are multiples of:
/// constants, and with `divisors` (solved over an ancestor of `op`) what
/// dataflow proves of the dynamic ones. Everything that chooses or lowers a
/// per-thread or bulk copy must pass the same `divisors`: they decide the
/// vector width.
FailureOr<CopyLayout>
computeCopyLayout(AsyncCopyLikeOpInterface op,
                  const KnownDivisors *divisors = nullptr);
/// Layout of a prefetch's window, before and after selection.
FailureOr<CopyLayout> computeCopyLayout(PrefetchOp op);
FailureOr<CopyLayout> computeCopyLayout(TmaPrefetchOp op);

/// The window offsets of a copy or prefetch on `gmemType` in the tensor view
/// of `layout` (its tensorTransforms applied): per tensor-view dim, its
/// constant value, or nullopt where it depends on a dynamic offset.
SmallVector<std::optional<int64_t>>
staticTensorViewOffsets(const CopyLayout &layout, MemRefType gmemType,
                        ArrayRef<OpFoldResult> offsets);

/// The same as index values built at `b`'s insertion point (missing trailing
/// offsets count as 0).
SmallVector<Value> buildTensorViewOffsets(OpBuilder &b, Location loc,
                                          const CopyLayout &layout,
                                          MemRefType gmemType,
                                          ArrayRef<OpFoldResult> offsets);

/// One descriptor dim of a TMA plan: extent and stride in the GMEM tensor,
/// box extent, and how its coordinate is formed from transformed-view
/// coordinates: sum of `coord[viewDim] * scale` over `terms`.
struct TmaDim {
  int64_t extent = 0, stride = 0, box = 0;
  SmallVector<std::pair<int64_t, int64_t>> terms;
};

/// One TMA instruction of a copy: an offset (in transformed-view dims) added
/// to the window's coordinates, and where its box lands in SMEM.
struct TmaIssue {
  SmallVector<int64_t> viewOffset;
  int64_t smemByteOffset = 0;
};

/// One loop over a tensor-view dim that multiplies a plan's issues: the
/// dim's box of `box` elements is issued in pieces of `piece`.
struct TmaLoop {
  enum class Reason {
    /// The dim's box exceeds tma::kMaxBoxDim elements.
    boxLimit,
    /// A dim outside the split one, looped so that every piece lands where
    /// the dense SMEM layout puts it.
    denseSmem,
    /// Looped to merge the dim into the next one (rank > tma::kMaxRank).
    rankLimit,
    /// The tiles of a dim that its tile does not divide, one box each
    /// (CopyLayout::partialTiles).
    partialTile,
  };
  int64_t viewDim = 0, box = 0, piece = 0;
  Reason reason = Reason::boxLimit;
};

/// How the CTAs of a collective group share one TMA box (sm_90 multicast):
/// every CTA receives the whole box and its barrier expects all of its
/// bytes; the CTA with group index g issues one piece and multicasts it to
/// the group. The piece index along `dims[k]` is
/// (g / prod(dims[<k].count)) % dims[k].count.
struct CollectiveSplit {
  struct Dim {
    /// Plan dim that is split, into `count` pieces of `piece` elements;
    /// consecutive pieces are `smemStrideBytes` apart in SMEM.
    int64_t planDim = 0, count = 1, piece = 0, smemStrideBytes = 0;
  };
  SmallVector<Dim> dims;
  /// `replicated`: group index 0 issues the whole box, the others nothing.
  bool leaderOnly = false;
};

/// How a copy becomes TMA instructions over one descriptor. Dims are
/// outermost first (PTX order is the reverse).
struct TmaPlan {
  SmallVector<TmaDim> dims;
  SmallVector<TmaIssue> issues;
  /// Why there is more than one issue, in the order the loops were made.
  SmallVector<TmaLoop> loops;
  /// How a collective group shares the boxes (empty: each CTA loads alone).
  CollectiveSplit multicast;
  int64_t bytesPerIssue = 0, totalBytes = 0;
  /// Set when a stride or the base offset is dynamic: legality then rests on
  /// the host-side descriptor encoder, which validates it at launch.
  bool needsRuntimeCheck = false;
  int64_t rank() const { return dims.size(); }
};

/// The GMEM memref dim whose run-time size is the dynamic extent of
/// tensor-map dim `dim` of a plan for `layout`: a view dim the transforms
/// pass through, or a dynamic dim a partial tile addresses through its own
/// coordinate (a packed batch's token count). -1 for any other extent.
int64_t tmaExtentSource(const TmaDim &dim, const CopyLayout &layout);

/// Plans the TMA issues of a layout with the given swizzle (bytes). Declines
/// (reason in `*reason`) when no plan satisfies the hardware limits.
/// `allowRuntimeChecks` accepts dynamic strides/offsets (explicit impl = tma).
FailureOr<TmaPlan> planTma(const CopyLayout &layout, int64_t swizzle,
                           bool allowRuntimeChecks, std::string *reason);

/// The number of CTAs sharing collective copy `op`: the product of the
/// recorded cluster extents along its `collective` dims; failure when no
/// cluster shape is recorded.
FailureOr<int64_t> collectiveGroupSize(AsyncCopyLikeOpInterface op);

/// Splits the TMA `plan` of a load for a collective group of `groupSize`
/// CTAs: along `partitionAxis` when given (`partitioned<axis>`), else along
/// the leading box dims that divide evenly (never the innermost one when
/// swizzled); both need a single-box plan. `replicated` leaves the plan
/// whole (the leader issues all its boxes). Shrinks the plan's
/// box to one CTA's piece (`bytesPerIssue` too) and records the split in
/// `plan.multicast`; `totalBytes` stays the whole box, which every CTA's
/// barrier receives. Declines with a reason.
FailureOr<CollectiveSplit>
splitForCollective(TmaPlan &plan, int64_t elementBytes, int64_t groupSize,
                   std::optional<int64_t> partitionAxis, bool replicated,
                   int64_t swizzle, std::string *reason);

/// splitForCollective with the group size, partition and swizzle of `op`.
FailureOr<CollectiveSplit> splitForCollective(AsyncCopyLikeOpInterface op,
                                              TmaPlan &plan,
                                              std::string *reason);

/// Widest power of two (<= 16 B) that the start, the chunk strides and the
/// chunk size of `layout` are all multiples of: the widest plain vector
/// load/store every chunk can use.
int64_t alignedVectorBytes(const CopyLayout &layout);

/// Widest cp.async transfer (16, 8 or 4 B) every chunk can use, given the
/// chunk bytes and static alignment, or a decline.
FailureOr<int64_t> cpAsyncVectorBytes(const CopyLayout &layout,
                                      std::string *reason);

/// Bulk copies: one contiguous run of >= 16 B, a multiple of 16 B, 16-B
/// aligned. Returns the number of bulk instructions (chunks) or a decline.
FailureOr<int64_t> bulkChunks(const CopyLayout &layout, std::string *reason);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_CONTIGUITY_H
