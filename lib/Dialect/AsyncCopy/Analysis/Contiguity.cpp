//===- Contiguity.cpp - contiguity of copy windows ------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::asynccopy;

static bool isDyn(int64_t v) { return ShapedType::isDynamic(v); }

static int64_t product(ArrayRef<int64_t> values) {
  int64_t p = 1;
  for (int64_t v : values)
    p *= v;
  return p;
}

int64_t mlir::asynccopy::pow2Align16(int64_t v) {
  if (v == 0)
    return 16;
  // Trailing zeros are the same for v and -v (no std::abs: INT64_MIN).
  return std::min<int64_t>(
      16, int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(v)));
}

/// a * b, saturated to the int64_t range (for limit checks and messages).
static int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  if (llvm::MulOverflow(a, b, r))
    return ((a < 0) != (b < 0)) ? std::numeric_limits<int64_t>::min()
                                : std::numeric_limits<int64_t>::max();
  return r;
}

/// pow2Align16(a * b) without forming the (possibly overflowing) product.
static int64_t pow2AlignOfProduct(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 16;
  return std::min<int64_t>(16, pow2Align16(a) * pow2Align16(b));
}

/// The view the last transform, a tile, makes of `shape` when it does not
/// divide a tensor dim or the dim is dynamic: the partial last tile rounded
/// up, recorded in `layout.partialTiles` (from `layout.tiledDims`, which
/// describes every dim it tiles).
static FailureOr<SmallVector<int64_t>>
tileWithPartialTiles(CopyLayout &layout, ArrayRef<int64_t> shape) {
  ArrayRef<CopyLayout::PartialTile> tiled = layout.tiledDims;
  if (tiled.empty())
    return failure();
  SmallVector<int64_t> outer(shape.take_front(shape.size() - tiled.size())),
      inner;
  for (const CopyLayout::PartialTile &dim : tiled) {
    int64_t extent = dim.extent, size = dim.tile;
    if (isDyn(extent)) {
      layout.partialTiles.push_back(dim);
      outer.push_back(extent);
      inner.push_back(size);
      continue;
    }
    if (extent % size != 0 && extent > size)
      layout.partialTiles.push_back(dim);
    outer.push_back(extent > size ? llvm::divideCeil(extent, size) : 1);
    inner.push_back(std::min(extent, size));
  }
  llvm::append_range(outer, inner);
  return outer;
}

/// The GMEM dims (`sources`, per dim of `shape`, -1 for none) that
/// `transform` passes through unchanged to each dim of its result: a result
/// dim is input dim d when two different static sizes put in for d's
/// dynamic extent come out there as they went in.
static SmallVector<int64_t>
passExtentSources(GmemTransformAttrInterface transform, ArrayRef<int64_t> shape,
                  ArrayRef<int64_t> strides, ArrayRef<int64_t> sources,
                  size_t resultRank) {
  // Sizes with many small factors, so that tiles of other dims still divide.
  constexpr int64_t kProbe = 720720 * 16;
  SmallVector<int64_t> result(resultRank, -1);
  auto probe = [&](int64_t d, int64_t scale) {
    return kProbe * (d + 1) * scale;
  };
  SmallVector<SmallVector<int64_t>> outs;
  for (int64_t scale : {1, 101}) {
    SmallVector<int64_t> probed(shape);
    for (auto [d, source] : llvm::enumerate(sources))
      if (source >= 0)
        probed[d] = probe(d, scale);
    FailureOr<SmallVector<int64_t>> out =
        transform.transformGmemShape(probed, strides);
    if (failed(out) || out->size() != resultRank)
      return result;
    outs.push_back(std::move(*out));
  }
  for (auto [d, source] : llvm::enumerate(sources))
    for (size_t r = 0; source >= 0 && r < resultRank; ++r)
      if (outs[0][r] == probe(d, 1) && outs[1][r] == probe(d, 101))
        result[r] = source;
  return result;
}

/// Builds the tensor view of `layout` (see CopyLayout::tensorTransforms).
static void computeTensorView(CopyLayout &layout, ArrayRef<int64_t> gmemShape,
                              ArrayRef<int64_t> gmemStrides,
                              ArrayRef<int64_t> window,
                              ArrayRef<GmemTransformAttrInterface> transforms) {
  SmallVector<int64_t> shape(gmemShape), strides(gmemStrides), box(window);
  // Per dim of `shape`: the GMEM dim whose dynamic extent it is.
  SmallVector<int64_t> sources;
  for (auto [d, extent] : llvm::enumerate(gmemShape))
    sources.push_back(isDyn(extent) ? static_cast<int64_t>(d) : -1);
  int64_t kept = 0; // leading dims kept from drop_unit_dims
  for (GmemTransformAttrInterface t : transforms) {
    if (auto drop = dyn_cast<DropUnitDimsAttr>(t)) {
      SmallVector<int64_t> inner(ArrayRef<int64_t>(shape).drop_front(kept));
      if (succeeded(drop.transformGmemShape(inner, {}))) {
        GmemTransformAttrInterface batched = t.batch(kept);
        SmallVector<int64_t> next = *batched.transformGmemShape(shape, strides);
        sources =
            passExtentSources(batched, shape, strides, sources, next.size());
        shape = std::move(next);
        strides = batched.transformStrides(strides);
        box = *batched.transformShape(box, {});
        layout.tensorTransforms.push_back(batched);
        continue;
      }
      // Keep the dims with box extent 1, moved in front of the others (a
      // tensor map's dims may come in any order; a unit box dim changes
      // nothing in the dense SMEM layout) so later transforms batch over
      // them.
      int64_t rank = shape.size();
      SmallVector<int64_t> permutation =
          llvm::to_vector(llvm::seq<int64_t>(0, kept));
      for (int64_t d : drop.getDims())
        permutation.push_back(kept + d);
      for (int64_t i = kept; i < rank; ++i)
        if (!llvm::is_contained(drop.getDims(), i - kept))
          permutation.push_back(i);
      auto transpose = TransposeAttr::get(t.getContext(), permutation);
      sources = llvm::map_to_vector(permutation,
                                    [&](int64_t d) { return sources[d]; });
      shape = *transpose.transformGmemShape(shape, strides);
      strides = transpose.transformStrides(strides);
      box = *transpose.transformShape(box, {});
      layout.tensorTransforms.push_back(transpose);
      kept += drop.getDims().size();
      continue;
    }
    GmemTransformAttrInterface batched = t.batch(kept);
    if (!batched) {
      layout.tensorViewError = "a transform after drop_unit_dims cannot be "
                               "applied over the kept unit dims";
      return;
    }
    // A dynamic dim that the last transform tiles is addressed through its
    // own coordinate, as a partial tile: its size at launch is the extent.
    bool last = t == transforms.back();
    if (auto tile = dyn_cast<TileAttr>(batched);
        last && tile && shape.size() >= tile.getTiling().size()) {
      int64_t rank = shape.size(), k = tile.getTiling().size();
      for (auto [i, size] : llvm::enumerate(tile.getTiling())) {
        int64_t dim = rank - k + static_cast<int64_t>(i);
        layout.tiledDims.push_back({dim, rank + static_cast<int64_t>(i), size,
                                    shape[dim], sources[dim]});
      }
    }
    bool partial = llvm::any_of(
        layout.tiledDims, [](const auto &dim) { return isDyn(dim.extent); });
    FailureOr<SmallVector<int64_t>> next =
        partial ? tileWithPartialTiles(layout, shape)
                : batched.transformGmemShape(shape, strides);
    if (failed(next) && last) {
      partial = true;
      next = tileWithPartialTiles(layout, shape);
    }
    if (failed(next)) {
      layout.tensorViewError =
          "the transforms do not divide the GMEM tensor evenly: a tile must "
          "divide every tensor dim it tiles (a tensor map cannot describe the "
          "partial last tile)";
      return;
    }
    FailureOr<SmallVector<int64_t>> nextBox = batched.transformShape(box, {});
    if (failed(nextBox)) {
      layout.tensorViewError = "the window does not tile the tensor view";
      return;
    }
    if (partial) {
      // The untiled leading dims stay; a partial tile names its own source.
      sources.resize(shape.size() - layout.tiledDims.size());
      sources.resize(next->size(), -1);
    } else {
      sources =
          passExtentSources(batched, shape, strides, sources, next->size());
    }
    strides = batched.transformStrides(strides);
    shape = std::move(*next);
    box = std::move(*nextBox);
    layout.tensorTransforms.push_back(batched);
  }
  layout.tensorExtentSources = std::move(sources);
  layout.tensorShape = std::move(shape);
  layout.tensorStrides = std::move(strides);
  layout.tensorBoxShape = std::move(box);
  layout.hasTensorView = true;
}

FailureOr<CopyLayout> mlir::asynccopy::computeCopyLayout(
    MemRefType gmemType, ArrayRef<int64_t> window,
    ArrayRef<GmemTransformAttrInterface> transforms, std::string *error) {
  auto failWith = [&](const Twine &msg) -> FailureOr<CopyLayout> {
    if (error)
      *error = msg.str();
    return failure();
  };
  CopyLayout layout;
  layout.elementType = gmemType.getElementType();
  if (!layout.elementType.isIntOrFloat())
    return failWith("elements must be integers or floats");
  layout.elementBits = tma::storageBits(layout.elementType);

  SmallVector<int64_t> gmemStrides;
  if (failed(gmemType.getStridesAndOffset(gmemStrides, layout.baseOffset)))
    return failWith("the GMEM memref has no strided layout");
  if (window.size() != static_cast<size_t>(gmemType.getRank()))
    return failWith("the window rank differs from the GMEM rank");

  FailureOr<SmallVector<int64_t>> box =
      applyTransformsToShape(transforms, window);
  if (failed(box))
    return failWith("the transforms do not apply to the window");
  layout.boxShape = std::move(*box);
  layout.strides = applyTransformsToStrides(transforms, gmemStrides);
  computeTensorView(layout, gmemType.getShape(), gmemStrides, window,
                    transforms);

  // The longest trailing run of box dims that is dense in GMEM. SMEM is dense
  // row-major over the box, so a run dense in GMEM is dense on both sides.
  int64_t rank = layout.boxShape.size();
  int64_t expected = 1, dims = 0;
  for (int64_t i = rank - 1; i >= 0; --i) {
    int64_t extent = layout.boxShape[i], stride = layout.strides[i];
    if (extent != 1 && (isDyn(stride) || stride != expected))
      break;
    expected *= extent;
    ++dims;
  }
  layout.contiguousDims = dims;
  layout.chunkElements =
      product(ArrayRef<int64_t>(layout.boxShape).take_back(dims));
  layout.outerExtents.assign(layout.boxShape.begin(),
                             layout.boxShape.end() - dims);
  layout.numChunks = product(layout.outerExtents);
  int64_t totalBits = product(layout.boxShape) * layout.elementBits;
  layout.chunkBytes = layout.chunkElements * layout.elementBits / 8;
  layout.totalBytes = totalBits / 8;
  if (!isDyn(layout.baseOffset) && layout.elementBits % 8 == 0)
    layout.startAlignBytes =
        pow2AlignOfProduct(layout.baseOffset, layout.elementBytes());
  else
    layout.startAlignBytes =
        layout.elementBits % 8 == 0 ? pow2Align16(layout.elementBytes()) : 1;
  return layout;
}

/// Refines the start alignment with what the window offsets are known to be
/// multiples of: constants, and with `divisors` what the dataflow analysis
/// proves for dynamic offsets.
/// The alignment (a power of two, at most 16 B) of the byte offset of
/// `offsets` into `view`, a memref of `type`, from its base: its own offset and
/// each offset times its stride. A dynamic memref offset is followed into
/// the `memref.subview` that made it (a sequence of a packed batch at
/// `start * row stride`); otherwise nothing is known beyond the element.
static int64_t offsetAlign(Value view, MemRefType type,
                           ArrayRef<OpFoldResult> offsets, int64_t eb,
                           const KnownDivisors *divisors, int depth = 0) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return pow2Align16(eb);
  int64_t align;
  if (!isDyn(offset)) {
    align = pow2AlignOfProduct(offset, eb);
  } else {
    auto subview = view ? view.getDefiningOp<memref::SubViewOp>() : nullptr;
    align =
        subview && depth < 8
            ? offsetAlign(subview.getSource(), subview.getSourceType(),
                          subview.getMixedOffsets(), eb, divisors, depth + 1)
            : pow2Align16(eb);
  }
  for (auto [ofr, stride] : llvm::zip_equal(offsets, strides)) {
    int64_t divisor = 1;
    if (std::optional<int64_t> constant = getConstantIntValue(ofr))
      divisor = *constant;
    else if (divisors)
      divisor = divisors->divisor(cast<Value>(ofr));
    if (divisor == 0)
      continue;
    int64_t strideAlign =
        isDyn(stride) ? pow2Align16(eb) : pow2AlignOfProduct(stride, eb);
    align = std::min(align, pow2AlignOfProduct(divisor, strideAlign));
  }
  return align;
}

static void refineStartAlign(CopyLayout &layout, Value gmem,
                             ArrayRef<OpFoldResult> offsets,
                             const KnownDivisors *divisors) {
  if (layout.elementBits % 8 != 0)
    return;
  layout.startAlignBytes =
      offsetAlign(gmem, cast<MemRefType>(gmem.getType()), offsets,
                  layout.elementBytes(), divisors);
}

/// The tensor view's window starts at a tile boundary of every tiled dim
/// only where the window offset there is a multiple of the tile: the
/// divisors of the offsets (constants, or powers of two `divisors` proves;
/// 0 divides by anything) are carried through the transforms. A dim the
/// last tile does not start aligned in is addressed through its own
/// coordinate (a partial tile); a misaligned earlier tile leaves no tensor
/// view, so TMA declines and the copy falls back.
static void addUnalignedTiles(CopyLayout &layout,
                              ArrayRef<OpFoldResult> offsets,
                              const KnownDivisors *divisors) {
  if (!layout.hasTensorView)
    return;
  SmallVector<int64_t> known;
  for (OpFoldResult ofr : offsets) {
    if (std::optional<int64_t> constant = getConstantIntValue(ofr))
      known.push_back(*constant);
    else
      known.push_back(divisors ? divisors->divisor(cast<Value>(ofr)) : 1);
  }
  auto aligned = [](int64_t divisor, int64_t tile) {
    return divisor % tile == 0;
  };
  for (auto [i, t] : llvm::enumerate(layout.tensorTransforms)) {
    bool last = i + 1 == layout.tensorTransforms.size();
    if (isa<TransposeAttr, DropUnitDimsAttr>(t)) {
      known = t.transformIndex(known, {});
      continue;
    }
    auto tile = dyn_cast<TileAttr>(t);
    if (!tile) {
      // Another transform mixes dims: only all-zero offsets stay known.
      bool zero = llvm::all_of(known, [](int64_t d) { return d == 0; });
      FailureOr<SmallVector<int64_t>> rank =
          t.transformShape(SmallVector<int64_t>(known.size(), 1), {});
      if (failed(rank)) {
        layout.hasTensorView = false;
        layout.tensorViewError = "the window's offsets cannot be followed "
                                 "through the transforms";
        return;
      }
      known.assign(rank->size(), zero ? 0 : 1);
      continue;
    }
    ArrayRef<int64_t> tiling = tile.getTiling();
    size_t rank = known.size(), k = tiling.size();
    if (last) {
      for (auto [j, size] : llvm::enumerate(tiling)) {
        const CopyLayout::PartialTile &dim = layout.tiledDims[j];
        if (!aligned(known[rank - k + j], size) &&
            !llvm::any_of(layout.partialTiles, [&](const auto &p) {
              return p.outerDim == dim.outerDim;
            }))
          layout.partialTiles.push_back(dim);
      }
      continue;
    }
    SmallVector<int64_t> next(known.begin(), known.end() - k);
    for (auto [j, size] : llvm::enumerate(tiling)) {
      if (!aligned(known[rank - k + j], size)) {
        layout.hasTensorView = false;
        layout.tensorViewError =
            "the window's offset along a dim that a tile (not the last "
            "transform) tiles is not known to be a multiple of the tile, "
            "where a tensor map of the tiled view must start";
        return;
      }
      next.push_back(known[rank - k + j] / size);
    }
    next.append(k, 0);
    known = std::move(next);
  }
}

FailureOr<CopyLayout>
mlir::asynccopy::computeCopyLayout(AsyncCopyLikeOpInterface op,
                                   const KnownDivisors *divisors) {
  Value gmem = op.getGmem();
  if (!gmem)
    return failure();
  auto gmemType = cast<MemRefType>(gmem.getType());
  FailureOr<CopyLayout> layout =
      computeCopyLayout(gmemType, op.getWindowSizes(), op.getTransformList());
  if (succeeded(layout)) {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
    if (offsets.empty())
      offsets.assign(gmemType.getRank(),
                     IntegerAttr::get(IndexType::get(op.getContext()), 0));
    refineStartAlign(*layout, gmem, offsets, divisors);
    addUnalignedTiles(*layout, offsets, divisors);
  }
  return layout;
}

template <typename OpT> static FailureOr<CopyLayout> prefetchLayout(OpT op) {
  return computeCopyLayout(op.getSource().getType(), op.getWindowSizes(),
                           op.getTransformList());
}

FailureOr<CopyLayout> mlir::asynccopy::computeCopyLayout(PrefetchOp op) {
  return prefetchLayout(op);
}

FailureOr<CopyLayout> mlir::asynccopy::computeCopyLayout(TmaPrefetchOp op) {
  return prefetchLayout(op);
}

SmallVector<std::optional<int64_t>>
mlir::asynccopy::staticTensorViewOffsets(const CopyLayout &layout,
                                         MemRefType gmemType,
                                         ArrayRef<OpFoldResult> offsets) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(gmemType.getStridesAndOffset(strides, offset)))
    return SmallVector<std::optional<int64_t>>(layout.tensorShape.size());
  // The transforms are made of sums, products, quotients and remainders of
  // the offsets: a view offset that stays the same whatever a dynamic offset
  // is replaced by (0, 1, 2^24) does not depend on it.
  auto transform = [&](int64_t probe) {
    SmallVector<int64_t> index(gmemType.getRank(), 0), current(strides);
    for (auto [i, ofr] : llvm::enumerate(offsets))
      index[i] = getConstantIntValue(ofr).value_or(probe);
    for (GmemTransformAttrInterface t : layout.tensorTransforms) {
      index = t.transformIndex(index, current);
      current = t.transformStrides(current);
    }
    return index;
  };
  SmallVector<int64_t> first = transform(0), second = transform(1),
                       third = transform(int64_t(1) << 24);
  SmallVector<std::optional<int64_t>> result;
  for (auto [a, b, c] : llvm::zip_equal(first, second, third))
    result.push_back(a == b && a == c ? std::optional<int64_t>(a)
                                      : std::nullopt);
  return result;
}

SmallVector<Value> mlir::asynccopy::buildTensorViewOffsets(
    OpBuilder &b, Location loc, const CopyLayout &layout, MemRefType gmemType,
    ArrayRef<OpFoldResult> offsets) {
  SmallVector<Value> coords;
  for (OpFoldResult ofr : offsets)
    coords.push_back(getValueOrCreateConstantIndexOp(b, loc, ofr));
  while (static_cast<int64_t>(coords.size()) < gmemType.getRank())
    coords.push_back(arith::ConstantIndexOp::create(b, loc, 0));
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)gmemType.getStridesAndOffset(strides, offset);
  for (GmemTransformAttrInterface t : layout.tensorTransforms) {
    coords = t.buildTransformIndex(b, loc, coords, strides);
    strides = t.transformStrides(strides);
  }
  return coords;
}

//===----------------------------------------------------------------------===//
// TMA planning
//===----------------------------------------------------------------------===//

static FailureOr<TmaPlan> declineTma(std::string *reason, const Twine &why) {
  if (reason)
    *reason = why.str();
  return failure();
}

/// Largest divisor of `n` that is <= `limit` and whose byte size is a multiple
/// of `multipleBytes` (0 if none).
static int64_t largestPiece(int64_t n, int64_t limit, int64_t elementBytes,
                            int64_t multipleBytes) {
  for (int64_t p = std::min(n, limit); p >= 1; --p)
    if (n % p == 0 && (p * elementBytes) % multipleBytes == 0)
      return p;
  return 0;
}

/// One tensor-map dim per tensor-view dim, with the window's box; fails for
/// views TMA cannot describe at all.
static FailureOr<TmaPlan> planViewDims(const CopyLayout &layout,
                                       std::string *reason) {
  int64_t eb = layout.elementBytes();
  if (layout.elementBits % 8 != 0 || !llvm::is_contained({1, 2, 4, 8}, eb))
    return declineTma(reason, "TMA moves 1-, 2-, 4- or 8-byte elements, not " +
                                  Twine(layout.elementBits) + "-bit ones");
  if (!layout.hasTensorView)
    return declineTma(reason, layout.tensorViewError);
  TmaPlan plan;
  int64_t rank = layout.tensorShape.size();
  for (int64_t i = 0; i < rank; ++i) {
    TmaDim dim;
    dim.extent = layout.tensorShape[i];
    dim.stride = layout.tensorStrides[i];
    dim.box = layout.tensorBoxShape[i];
    dim.terms.push_back({i, 1});
    plan.dims.push_back(std::move(dim));
  }
  if (plan.dims.empty())
    return declineTma(reason, "TMA needs a window of rank >= 1");
  for (auto [i, dim] : llvm::enumerate(plan.dims))
    if (dim.extent == 0)
      return declineTma(reason, "dim " + Twine(i) +
                                    " of the GMEM tensor view is empty (0 "
                                    "elements); a tensor map needs extents "
                                    ">= 1 and every window is out of bounds");
  if (plan.dims.back().stride != 1)
    return declineTma(reason, "the innermost dim of the GMEM view has stride " +
                                  (isDyn(plan.dims.back().stride)
                                       ? Twine("?")
                                       : Twine(plan.dims.back().stride)) +
                                  ", TMA needs it contiguous (stride 1)");
  // Issues start as the single whole box.
  plan.issues.push_back({SmallVector<int64_t>(rank, 0), 0});
  return plan;
}

/// The issues of a plan and the loops that multiply them: a loop over a dim
/// turns every issue into one per piece of that dim's box.
class TmaIssueLoops {
public:
  TmaIssueLoops(TmaPlan &plan, const CopyLayout &layout)
      : plan(plan), elementBytes(layout.elementBytes()),
        smemStrides(layout.tensorBoxShape.size(), 1) {
    // Row-major element strides of the SMEM box (over the tensor box dims).
    for (int64_t i = static_cast<int64_t>(smemStrides.size()) - 2; i >= 0; --i)
      smemStrides[i] = smemStrides[i + 1] * layout.tensorBoxShape[i + 1];
  }

  /// Loops over view dim `viewDim` (plan dim `dimIndex`) in pieces of
  /// `piece` elements.
  void loopOver(int64_t viewDim, int64_t dimIndex, int64_t piece,
                TmaLoop::Reason why) {
    TmaDim &dim = plan.dims[dimIndex];
    plan.loops.push_back({viewDim, dim.box, piece, why});
    SmallVector<TmaIssue> next;
    for (const TmaIssue &issue : plan.issues)
      for (int64_t start = 0; start < dim.box; start += piece) {
        TmaIssue split = issue;
        split.viewOffset[viewDim] += start;
        split.smemByteOffset += start * smemStrides[viewDim] * elementBytes;
        next.push_back(std::move(split));
      }
    plan.issues = std::move(next);
    dim.box = piece;
  }

  /// Loops over every plan dim before `dimIndex` that spans more than one
  /// element: a box that leaves dim `dimIndex` (partly) out is dense in SMEM
  /// only if it spans one element of each dim outside it.
  void loopOverOuterDims(int64_t dimIndex) {
    for (int64_t i = 0; i < dimIndex; ++i)
      if (plan.dims[i].box > 1)
        loopOver(plan.dims[i].terms.front().first, i, 1,
                 TmaLoop::Reason::denseSmem);
  }

private:
  TmaPlan &plan;
  int64_t elementBytes;
  SmallVector<int64_t> smemStrides;
};

/// Splits the box dim over 256 elements (at most one). Every dim outside the
/// split one is looped so each piece lands where the dense SMEM layout puts
/// it. (An innermost dim wider than the swizzle span is not split: its pieces
/// would start inside a swizzle atom, which TMA cannot address.)
static LogicalResult splitLargeBox(TmaPlan &plan, TmaIssueLoops &loops,
                                   int64_t elementBytes, std::string *reason) {
  int64_t rank = plan.rank(), splitDim = -1, splitPiece = 0;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (plan.dims[i].box <= tma::kMaxBoxDim)
      continue;
    int64_t multiple = i == rank - 1 ? tma::kBoxInnerAlignBytes : 1;
    int64_t piece =
        largestPiece(plan.dims[i].box, tma::kMaxBoxDim, elementBytes, multiple);
    if (piece == 0)
      return declineTma(reason, "box dim " + Twine(i) + " of " +
                                    Twine(plan.dims[i].box) +
                                    " elements has no even split into TMA "
                                    "boxes of <= " +
                                    Twine(tma::kMaxBoxDim) + " elements");
    splitDim = i;
    splitPiece = piece;
    break;
  }
  if (splitDim < 0)
    return success();
  // The dims inside the split one fit (it is the innermost that does not);
  // those outside are looped over element by element.
  loops.loopOverOuterDims(splitDim);
  loops.loopOver(splitDim, splitDim, splitPiece, TmaLoop::Reason::boxLimit);
  return success();
}

/// Addresses each partial-tile pair of the view through the tensor's own
/// dim: one box per tile (a loop over the tile dim), its coordinate the
/// tile index times the tile plus the coordinate within the tile, its
/// extent the tensor's, so the hardware fills and clips past the end (the
/// dims outside the tile dim are looped over too, loopOverOuterDims).
static void mergePartialTiles(TmaPlan &plan, TmaIssueLoops &loops,
                              const CopyLayout &layout) {
  auto planDimOf = [&](int64_t viewDim) {
    return llvm::find_if(plan.dims,
                         [&](const TmaDim &dim) {
                           return dim.terms.front().first == viewDim;
                         }) -
           plan.dims.begin();
  };
  for (const CopyLayout::PartialTile &tile : layout.partialTiles) {
    int64_t outer = planDimOf(tile.outerDim);
    if (plan.dims[outer].box > 1) {
      loops.loopOverOuterDims(outer);
      loops.loopOver(tile.outerDim, outer, 1, TmaLoop::Reason::partialTile);
    }
    TmaDim &inner = plan.dims[planDimOf(tile.innerDim)];
    inner.terms.push_back({tile.outerDim, tile.tile});
    inner.extent = tile.extent;
    plan.dims.erase(plan.dims.begin() + outer);
  }
}

/// Folds dim `i` into dim i + 1 when its box extent is 1 and its stride is a
/// multiple of the next one's (the tensor map then addresses it through the
/// next dim's coordinate).
static bool mergeIntoNext(TmaPlan &plan, int64_t i) {
  TmaDim &outer = plan.dims[i], &inner = plan.dims[i + 1];
  if (outer.box != 1 || isDyn(outer.stride) || isDyn(inner.stride) ||
      inner.stride == 0 || outer.stride % inner.stride != 0)
    return false;
  int64_t scale = outer.stride / inner.stride;
  // A merged extent or term stride that does not fit 64 bits (absurd static
  // shapes) is no merge.
  int64_t extent = ShapedType::kDynamic;
  if (!isDyn(outer.extent) && !isDyn(inner.extent)) {
    std::optional<int64_t> span = llvm::checkedMul(outer.extent - 1, scale);
    std::optional<int64_t> sum =
        span ? llvm::checkedAdd(*span, inner.extent) : std::nullopt;
    if (!sum)
      return false;
    extent = *sum;
  }
  SmallVector<std::pair<int64_t, int64_t>> terms;
  for (auto [viewDim, s] : outer.terms) {
    std::optional<int64_t> stride = llvm::checkedMul(s, scale);
    if (!stride)
      return false;
    terms.push_back({viewDim, *stride});
  }
  inner.extent = extent;
  llvm::append_range(inner.terms, terms);
  plan.dims.erase(plan.dims.begin() + i);
  return true;
}

/// Merges dims until the rank fits TMA's 5, looping over a dim first where
/// no dim merges as it is.
static LogicalResult mergeToMaxRank(TmaPlan &plan, TmaIssueLoops &loops,
                                    std::string *reason) {
  while (plan.rank() > tma::kMaxRank) {
    bool merged = false;
    for (int64_t i = 0; i + 1 < plan.rank() && !merged; ++i)
      merged = mergeIntoNext(plan, i);
    if (merged)
      continue;
    // Loop over the outermost dim with a box extent > 1, then merge it.
    int64_t i = 0;
    while (i + 1 < plan.rank() && plan.dims[i].box == 1)
      ++i;
    if (i + 1 >= plan.rank() || plan.dims[i].terms.size() != 1)
      return declineTma(reason, "rank " + Twine(plan.rank()) +
                                    " exceeds the TMA limit of 5 and no dims "
                                    "can be merged (dynamic or incompatible "
                                    "strides)");
    loops.loopOver(plan.dims[i].terms.front().first, i, 1,
                   TmaLoop::Reason::rankLimit);
    if (!mergeIntoNext(plan, i))
      return declineTma(reason, "rank " + Twine(plan.rank()) +
                                    " exceeds the TMA limit of 5 and dim " +
                                    Twine(i) + " cannot be merged");
  }
  return success();
}

/// The box's hardware limits: a 16-B multiple innermost, one swizzle span
/// per row when swizzled.
static LogicalResult checkBoxLimits(const TmaPlan &plan, int64_t elementBytes,
                                    int64_t swizzle, std::string *reason) {
  const TmaDim &innermost = plan.dims.back();
  int64_t rowBytes = innermost.box * elementBytes;
  if (rowBytes % tma::kBoxInnerAlignBytes != 0)
    return declineTma(reason, "the innermost box dim spans " + Twine(rowBytes) +
                                  " B; TMA needs a multiple of 16 B");
  // A swizzled box row narrower than the span is not laid out densely (the
  // H200 faults or skips rows), so only full-span rows use TMA.
  if (swizzle != 0 && rowBytes != swizzle)
    return declineTma(reason, "the innermost box dim spans " + Twine(rowBytes) +
                                  " B, not the " + Twine(swizzle) +
                                  "-B swizzle span; TMA swizzles dense boxes "
                                  "only when each row is one span");
  return success();
}

/// The tensor map's limits on strides, extents and the base address;
/// dynamic strides and offsets are left to the host encoder with
/// `allowRuntimeChecks` (recorded in the plan), declined without.
static LogicalResult checkTensorLimits(TmaPlan &plan, const CopyLayout &layout,
                                       bool allowRuntimeChecks,
                                       std::string *reason) {
  int64_t eb = layout.elementBytes();
  for (int64_t i = 0; i + 1 < plan.rank(); ++i) {
    int64_t stride = plan.dims[i].stride;
    if (isDyn(stride)) {
      if (!allowRuntimeChecks)
        return declineTma(reason, "the stride of dim " + Twine(i) +
                                      " is dynamic; TMA needs strides that "
                                      "are multiples of 16 B (impl = tma "
                                      "checks it at launch)");
      plan.needsRuntimeCheck = true;
      continue;
    }
    if (pow2AlignOfProduct(stride, eb) < tma::kGlobalAlignBytes)
      return declineTma(reason, "global stride " + Twine(satMul(stride, eb)) +
                                    " B of dim " + Twine(i) +
                                    " is not a multiple of 16 B; TMA needs "
                                    "16-B strides");
  }
  // Merging dims can grow an extent past the tensor map's limits, so they
  // are checked on the final descriptor.
  for (auto [i, dim] : llvm::enumerate(plan.dims)) {
    if (!isDyn(dim.extent) && dim.extent > tma::kMaxCoordinateExtent)
      return declineTma(reason, "dim " + Twine(i) + " of the GMEM tensor has " +
                                    Twine(dim.extent) +
                                    " elements; TMA coordinates are signed "
                                    "32-bit, so it addresses at most 2^31 - " +
                                    Twine(tma::kMaxBoxDim) +
                                    " elements per dim");
    if (!isDyn(dim.stride) &&
        satMul(dim.stride, eb) >= tma::kMaxGlobalStrideBytes)
      return declineTma(reason, "global stride " +
                                    Twine(satMul(dim.stride, eb)) +
                                    " B of dim " + Twine(i) +
                                    " exceeds the tensor-map limit of 2^40 B");
  }
  // The host encodes a transformed or merged view from the type, and the
  // dynamic extents the transforms keep whole from the memref at launch;
  // the plain tensor takes all its extents and strides from the memref.
  bool plainTensor =
      layout.tensorTransforms.empty() &&
      plan.rank() == static_cast<int64_t>(layout.tensorShape.size());
  if (!plainTensor && llvm::any_of(plan.dims, [&](const TmaDim &dim) {
        return isDyn(dim.stride) ||
               (isDyn(dim.extent) && tmaExtentSource(dim, layout) < 0);
      }))
    return declineTma(reason, "the tensor map describes a transformed or "
                              "merged view of a GMEM operand with a dynamic "
                              "stride, or a dynamic extent that is not one "
                              "GMEM dim's size (tiled by an earlier transform "
                              "or merged); TMA then needs them static");
  if (isDyn(layout.baseOffset)) {
    if (!allowRuntimeChecks)
      return declineTma(reason, "the memref offset is dynamic; TMA needs a "
                                "16-B aligned base address (impl = tma "
                                "checks it at launch)");
    plan.needsRuntimeCheck = true;
  } else if (pow2AlignOfProduct(layout.baseOffset, eb) <
             tma::kGlobalAlignBytes) {
    return declineTma(reason, "the memref offset of " +
                                  Twine(satMul(layout.baseOffset, eb)) +
                                  " B is not 16-B aligned; TMA needs a 16-B "
                                  "aligned base address");
  }
  return success();
}

int64_t mlir::asynccopy::tmaExtentSource(const TmaDim &dim,
                                         const CopyLayout &layout) {
  if (!isDyn(dim.extent))
    return -1;
  ArrayRef<std::pair<int64_t, int64_t>> terms = dim.terms;
  if (terms.size() == 1 && terms.front().second == 1)
    return terms.front().first <
                   static_cast<int64_t>(layout.tensorExtentSources.size())
               ? layout.tensorExtentSources[terms.front().first]
               : -1;
  for (const CopyLayout::PartialTile &tile : layout.tiledDims)
    if (terms.size() == 2 &&
        terms[0] == std::make_pair(tile.innerDim, int64_t{1}) &&
        terms[1] == std::make_pair(tile.outerDim, tile.tile))
      return tile.source;
  return -1;
}

FailureOr<TmaPlan> mlir::asynccopy::planTma(const CopyLayout &layout,
                                            int64_t swizzle,
                                            bool allowRuntimeChecks,
                                            std::string *reason) {
  FailureOr<TmaPlan> plan = planViewDims(layout, reason);
  if (failed(plan))
    return failure();
  int64_t eb = layout.elementBytes();
  TmaIssueLoops loops(*plan, layout);
  if (failed(splitLargeBox(*plan, loops, eb, reason)))
    return failure();
  mergePartialTiles(*plan, loops, layout);
  if (failed(mergeToMaxRank(*plan, loops, reason)) ||
      failed(checkBoxLimits(*plan, eb, swizzle, reason)) ||
      failed(checkTensorLimits(*plan, layout, allowRuntimeChecks, reason)))
    return failure();
  // Every box starts at an aligned SMEM address (the lowering aligns the
  // buffer that much).
  int64_t boxAlign = tma::smemBoxAlignBytes(swizzle);
  for (const TmaIssue &issue : plan->issues)
    if (issue.smemByteOffset % boxAlign != 0)
      return declineTma(
          reason, "the window needs " + Twine(plan->issues.size()) +
                      " TMA boxes and one lands at SMEM byte "
                      "offset " +
                      Twine(issue.smemByteOffset) + "; TMA writes a box at a " +
                      Twine(boxAlign) + "-B aligned address");
  plan->bytesPerIssue = eb;
  for (const TmaDim &dim : plan->dims)
    plan->bytesPerIssue *= dim.box;
  plan->totalBytes = plan->bytesPerIssue * plan->issues.size();
  return plan;
}

//===----------------------------------------------------------------------===//
// cp.async and bulk
//===----------------------------------------------------------------------===//

/// Largest power of two (<= 16) dividing the byte distance between chunks.
static int64_t chunkStrideAlign(const CopyLayout &layout) {
  int64_t align = 16;
  int64_t eb = layout.elementBytes();
  int64_t outerRank = layout.outerExtents.size();
  for (int64_t i = 0; i < outerRank; ++i) {
    if (layout.outerExtents[i] == 1)
      continue;
    int64_t stride = layout.strides[i];
    align = std::min(align, isDyn(stride) ? pow2Align16(eb)
                                          : pow2AlignOfProduct(stride, eb));
  }
  return align;
}

FailureOr<CollectiveSplit> mlir::asynccopy::splitForCollective(
    TmaPlan &plan, int64_t elementBytes, int64_t groupSize,
    std::optional<int64_t> partitionAxis, bool replicated, int64_t swizzle,
    std::string *reason) {
  auto decline = [&](const Twine &why) -> FailureOr<CollectiveSplit> {
    if (reason)
      *reason = why.str();
    return failure();
  };
  CollectiveSplit split;
  if (groupSize == 1)
    return split;
  // The leader issues the plan as it is, however many boxes it has.
  if (replicated) {
    split.leaderOnly = true;
    plan.multicast = split;
    return split;
  }
  if (plan.issues.size() != 1)
    return decline("the window needs " + Twine(plan.issues.size()) +
                   " TMA boxes; a collective copy shares one box (at most "
                   "256 elements per dim, one swizzle span wide) over its "
                   "CTAs, or uses partition = #asynccopy.replicated");
  if (llvm::any_of(plan.dims,
                   [](const TmaDim &dim) { return dim.terms.size() != 1; }))
    return decline("the window's tensor map merges dims (rank > 5); a "
                   "collective copy needs one box dim per window dim");
  int64_t rank = plan.rank();
  // SMEM holds the box densely, row-major.
  SmallVector<int64_t> smemStride(rank, elementBytes);
  for (int64_t d = rank - 2; d >= 0; --d)
    smemStride[d] = smemStride[d + 1] * plan.dims[d + 1].box;
  auto cut = [&](int64_t d, int64_t count) {
    TmaDim &dim = plan.dims[d];
    int64_t piece = dim.box / count;
    split.dims.push_back({d, count, piece, piece * smemStride[d]});
    dim.box = piece;
    plan.bytesPerIssue /= count;
  };
  // A piece must stay one dense SMEM block: the dims before the cut are
  // cut to extent 1, and an innermost cut keeps 16-B rows (and no swizzle).
  auto innermostOk = [&](int64_t d, int64_t count) {
    return d != rank - 1 ||
           (swizzle == 0 && (plan.dims[d].box / count * elementBytes) %
                                    tma::kBoxInnerAlignBytes ==
                                0);
  };
  if (partitionAxis) {
    int64_t axis = *partitionAxis;
    if (axis < 0 || axis >= rank)
      return decline("partition axis " + Twine(axis) +
                     " is not a dim of the rank-" + Twine(rank) + " TMA box");
    for (int64_t d = 0; d < axis; ++d)
      if (plan.dims[d].box != 1)
        return decline("partitioned<" + Twine(axis) + "> leaves box dim " +
                       Twine(d) + " (" + Twine(plan.dims[d].box) +
                       " elements) whole, so the pieces are not dense in "
                       "SMEM; partition an earlier dim");
    if (plan.dims[axis].box % groupSize != 0 || !innermostOk(axis, groupSize))
      return decline(
          "box dim " + Twine(axis) + " of " + Twine(plan.dims[axis].box) +
          " elements does not split into " + Twine(groupSize) + " pieces" +
          (axis == rank - 1 ? Twine(" of 16-B multiples without "
                                    "swizzle")
                            : Twine("")));
    cut(axis, groupSize);
    plan.multicast = split;
    return split;
  }
  int64_t left = groupSize;
  for (int64_t d = 0; d < rank && left > 1; ++d) {
    int64_t box = plan.dims[d].box;
    if (box % left == 0 && innermostOk(d, left)) {
      cut(d, left);
      left = 1;
    } else if (left % box == 0 && d != rank - 1) {
      if (box > 1)
        cut(d, box);
      left /= box;
    } else {
      break;
    }
  }
  if (left > 1)
    return decline("no leading box dims split evenly over the " +
                   Twine(groupSize) +
                   " CTAs of the collective (each CTA multicasts one dense "
                   "piece); use partition = #asynccopy.replicated or a "
                   "window whose leading dim is a multiple of " +
                   Twine(groupSize));
  plan.multicast = split;
  return split;
}

FailureOr<int64_t>
mlir::asynccopy::collectiveGroupSize(AsyncCopyLikeOpInterface op) {
  DenseI64ArrayAttr shape =
      AsyncCopyDialect::ClusterShapeAttrHelper(op->getContext()).getAttr(op);
  std::optional<ArrayAttr> collective = op.getCollective();
  if (!shape || shape.size() != 3 || !collective)
    return failure();
  int64_t size = 1;
  for (Attribute attr : *collective)
    size *=
        shape[static_cast<unsigned>(cast<gpu::DimensionAttr>(attr).getValue())];
  return size;
}

FailureOr<CollectiveSplit>
mlir::asynccopy::splitForCollective(AsyncCopyLikeOpInterface op, TmaPlan &plan,
                                    std::string *reason) {
  FailureOr<int64_t> size = collectiveGroupSize(op);
  if (failed(size)) {
    if (reason)
      *reason = "it has no cluster shape; run asynccopy-partition-collective "
                "first";
    return failure();
  }
  std::optional<int64_t> axis;
  bool replicated = false;
  if (std::optional<Attribute> partition = op.getPartition()) {
    if (auto partitioned = dyn_cast<PartitionedAttr>(*partition))
      axis = partitioned.getAxis();
    replicated = isa<ReplicatedAttr>(*partition);
  }
  int64_t elementBytes =
      cast<MemRefType>(op.getSmem().getType()).getElementTypeBitWidth() / 8;
  return splitForCollective(plan, elementBytes, *size, axis, replicated,
                            op.getSwizzleOrZero(), reason);
}

int64_t mlir::asynccopy::alignedVectorBytes(const CopyLayout &layout) {
  return std::min({layout.startAlignBytes, chunkStrideAlign(layout),
                   pow2Align16(layout.chunkBytes)});
}

FailureOr<int64_t> mlir::asynccopy::cpAsyncVectorBytes(const CopyLayout &layout,
                                                       std::string *reason) {
  if (layout.elementBits % 8 != 0) {
    if (reason)
      *reason = "cp.async moves whole bytes; sub-byte elements go the sync way";
    return failure();
  }
  int64_t align = alignedVectorBytes(layout);
  for (int64_t v : hw::kCpAsyncBytes)
    if (align >= v)
      return v;
  if (reason)
    *reason = "contiguous runs of " + std::to_string(layout.chunkBytes) +
              " B aligned to " + std::to_string(align) +
              " B; cp.async needs 4-, 8- or 16-B aligned transfers";
  return failure();
}

FailureOr<int64_t> mlir::asynccopy::bulkChunks(const CopyLayout &layout,
                                               std::string *reason) {
  auto decline = [&](const Twine &why) -> FailureOr<int64_t> {
    if (reason)
      *reason = why.str();
    return failure();
  };
  if (layout.elementBits % 8 != 0)
    return decline("bulk copies move whole bytes");
  if (layout.chunkBytes < tma::kBulkAlignBytes ||
      layout.chunkBytes % tma::kBulkAlignBytes != 0)
    return decline("contiguous runs are " + Twine(layout.chunkBytes) +
                   " B; bulk copies need multiples of 16 B");
  if (layout.startAlignBytes < tma::kBulkAlignBytes ||
      chunkStrideAlign(layout) < tma::kBulkAlignBytes)
    return decline("the window start or its row stride is not provably "
                   "16-B aligned");
  return layout.numChunks;
}
