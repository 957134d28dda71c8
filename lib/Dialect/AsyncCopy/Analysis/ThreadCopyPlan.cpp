//===- ThreadCopyPlan.cpp - how every thread of a CTA shares a copy -------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::asynccopy;

static bool isDyn(int64_t v) { return ShapedType::isDynamic(v); }

/// The GMEM dim that advances by exactly one element per step along box dim
/// `boxDim` (all other GMEM coordinates fixed), or failure.
static FailureOr<int64_t> unitStepDim(const ThreadCopyPlan &plan,
                                      int64_t boxDim) {
  SmallVector<int64_t> delta(plan.layout.boxShape.size(), 0);
  delta[boxDim] = 1;
  for (int64_t i = plan.transforms.size() - 1; i >= 0; --i) {
    FailureOr<SmallVector<int64_t>> in = plan.transforms[i].inverseStep(delta);
    if (failed(in))
      return failure();
    delta = std::move(*in);
  }
  int64_t dim = -1;
  for (auto [k, d] : llvm::enumerate(delta)) {
    if (d == 0)
      continue;
    if (d != 1 || dim >= 0)
      return failure();
    dim = k;
  }
  if (dim < 0)
    return failure();
  return dim;
}

/// Records the GMEM strides each of `op`'s transforms sees (in
/// `plan.stageStrides`); collapse_leading is inverted by delinearising, which
/// needs static strides that decrease outward-in. `conservativeBounds` is set
/// where the window's bounds are not exact (rounded-up tiles, collapsed
/// dims).
static LogicalResult collectStageStrides(AsyncCopyLikeOpInterface op,
                                         ThreadCopyPlan &plan,
                                         bool &conservativeBounds,
                                         std::string *reason) {
  auto fail = [&](const Twine &why) {
    *reason = why.str();
    return failure();
  };
  auto gmemType = cast<MemRefType>(op.getGmem().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(gmemType.getStridesAndOffset(strides, offset)))
    return fail("the GMEM operand has no strided layout");
  plan.transforms = op.getTransformList();
  conservativeBounds = false;
  for (GmemTransformAttrInterface t : plan.transforms) {
    plan.stageStrides.push_back(strides);
    if (auto tile = dyn_cast<TileAttr>(t)) {
      if (tile.getRounding() == Rounding::up)
        conservativeBounds = true;
    } else if (auto collapse = dyn_cast<CollapseLeadingAttr>(t)) {
      conservativeBounds = true;
      ArrayRef<int64_t> merged =
          ArrayRef<int64_t>(strides).take_front(collapse.getCount());
      if (llvm::any_of(merged, isDyn))
        return fail("collapse_leading needs static strides of the merged "
                    "dims");
      int64_t g = 0;
      for (int64_t s : merged)
        g = std::gcd(g, s);
      for (size_t i = 0; i + 1 < merged.size(); ++i)
        if (merged[i] < merged[i + 1])
          return fail("collapse_leading merges dims whose strides do not "
                      "decrease from outer to inner");
      if (merged.empty() || merged.back() != g)
        return fail("collapse_leading merges dims whose innermost stride is "
                    "not the common divisor of the merged strides");
    } else if (!isa<TransposeAttr, DropUnitDimsAttr>(t)) {
      return fail("unknown GMEM transform");
    }
    strides = t.transformStrides(strides);
  }
  plan.stageStrides.push_back(strides);
  return success();
}

/// Marks every GMEM dim the window is not statically known to fit in.
static void markCheckedDims(AsyncCopyLikeOpInterface op, ThreadCopyPlan &plan,
                            bool conservativeBounds) {
  auto gmemType = cast<MemRefType>(op.getGmem().getType());
  SmallVector<int64_t> window = op.getWindowSizes();
  SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
  for (int64_t k = 0; k < gmemType.getRank(); ++k) {
    std::optional<int64_t> off = offsets.empty()
                                     ? std::optional<int64_t>(0)
                                     : getConstantIntValue(offsets[k]);
    int64_t dim = gmemType.getDimSize(k);
    bool fits = !conservativeBounds && off && *off >= 0 && !isDyn(dim) &&
                *off <= dim - window[k];
    plan.checkDim[k] = !fits;
  }
}

/// The elements per vector: a power of two of whole elements up to
/// `maxVectorBytes` that the SMEM view's alignment allows; a bound-checked
/// vector stays on one GMEM row. Records what limits it in the plan.
static int64_t chooseVectorElements(ThreadCopyPlan &plan,
                                    int64_t maxVectorBytes,
                                    ThreadCopyPlan::VectorLimit maxLimit) {
  using VectorLimit = ThreadCopyPlan::VectorLimit;
  int64_t eb = plan.layout.elementBytes();
  if (maxVectorBytes < hw::kMaxVectorBytes)
    plan.vectorLimit = maxLimit;
  int64_t smemAlign = std::min<int64_t>(hw::kMaxVectorBytes,
                                        plan.smemByteOffset.getAlignment());
  if (smemAlign < maxVectorBytes) {
    maxVectorBytes = smemAlign;
    plan.vectorLimit = VectorLimit::smemOffset;
  }
  int64_t vector = 1;
  if (llvm::isPowerOf2_64(eb) && maxVectorBytes >= eb)
    vector = maxVectorBytes / eb;
  else if (eb < hw::kMaxVectorBytes)
    plan.vectorLimit = VectorLimit::element;
  int64_t unchecked = vector;
  ArrayRef<int64_t> box = plan.layout.boxShape;
  if (plan.checksBounds() && vector > 1) {
    // A guarded vector stays on one GMEM row: inside the innermost non-unit
    // box dim, which must step along one GMEM dim.
    int64_t j = static_cast<int64_t>(box.size()) - 1;
    while (j >= 0 && box[j] == 1)
      --j;
    FailureOr<int64_t> dim =
        j < 0 ? FailureOr<int64_t>(failure()) : unitStepDim(plan, j);
    if (failed(dim)) {
      vector = 1;
    } else {
      while (box[j] % vector != 0)
        vector /= 2;
      plan.vectorDim = vector > 1 ? *dim : -1;
    }
  }
  if (vector < unchecked)
    plan.vectorLimit = VectorLimit::bounds;
  return vector;
}

/// Plans `op` (a GMEM <-> SMEM copy of GMEM `layout` whose SMEM view starts
/// `smemOffset` bytes into its allocation). Vectors are at most
/// `maxVectorBytes` (a power of two; `maxLimit` says what bounds it when it is
/// below 16 B) and at least `minVectorBytes`; `checkBounds` asks for run-time
/// guards on every GMEM dim the window is not statically known to fit in.
static FailureOr<ThreadCopyPlan>
planThreadCopy(AsyncCopyLikeOpInterface op, CopyLayout layout,
               KnownOffset smemOffset, int64_t maxVectorBytes,
               ThreadCopyPlan::VectorLimit maxLimit, int64_t minVectorBytes,
               bool checkBounds, std::string *reason) {
  ThreadCopyPlan plan;
  plan.layout = std::move(layout);
  const CopyLayout &l = plan.layout;
  if (l.elementBits % 8 != 0) {
    *reason = (Twine(l.elementBits) +
               "-bit elements are not byte-addressable; per-thread copies "
               "move whole bytes")
                  .str();
    return failure();
  }
  bool conservativeBounds = false;
  if (failed(collectStageStrides(op, plan, conservativeBounds, reason)))
    return failure();
  plan.checkDim.assign(cast<MemRefType>(op.getGmem().getType()).getRank(),
                       false);
  if (checkBounds)
    markCheckedDims(op, plan, conservativeBounds);
  plan.swizzle = op.getSwizzleOrZero();
  plan.smemByteOffset = smemOffset;
  int64_t vector = chooseVectorElements(plan, maxVectorBytes, maxLimit);
  int64_t eb = l.elementBytes();
  if (vector * eb < minVectorBytes) {
    *reason =
        ("the window moves in " + Twine(vector * eb) +
         "-B pieces, smaller than the " + Twine(minVectorBytes) + "-B minimum" +
         (plan.checksBounds()
              ? Twine(" (bound checks keep each piece on one GMEM row; "
                      "oob = promise_in_bounds lifts that)")
              : Twine()))
            .str();
    return failure();
  }
  plan.vectorElements = vector;
  int64_t total = 1;
  for (int64_t e : l.boxShape)
    total *= e;
  plan.numVectors = total / vector;
  return plan;
}

/// The layout of `op`'s GMEM side, or why per-thread copies cannot move it.
static FailureOr<CopyLayout> perThreadLayout(AsyncCopyLikeOpInterface op,
                                             const KnownDivisors *divisors,
                                             std::string *reason) {
  FailureOr<CopyLayout> layout = computeCopyLayout(op, divisors);
  if (failed(layout))
    *reason = "the GMEM operand has no analysable strided layout";
  return layout;
}

FailureOr<ThreadCopyPlan> mlir::asynccopy::planCpAsyncCopy(
    AsyncCopyLikeOpInterface op, KnownOffset smemOffset,
    const KnownDivisors *divisors, std::string *reason) {
  FailureOr<CopyLayout> layout = perThreadLayout(op, divisors, reason);
  if (failed(layout))
    return failure();
  FailureOr<int64_t> vectorBytes = cpAsyncVectorBytes(*layout, reason);
  if (failed(vectorBytes))
    return failure();
  if (op.getSwizzleOrZero() != 0 &&
      layout->elementBytes() > hw::kMaxVectorBytes) {
    *reason = "cannot swizzle elements wider than 16 B; use swizzle = 0";
    return failure();
  }
  return planThreadCopy(
      op, std::move(*layout), smemOffset, *vectorBytes,
      ThreadCopyPlan::VectorLimit::layout, hw::kMinCpAsyncBytes,
      /*checkBounds=*/op.getOobOrDefault() == OOBMode::zeros, reason);
}

FailureOr<ThreadCopyPlan> mlir::asynccopy::planSyncCopy(
    AsyncCopyLikeOpInterface op, KnownOffset smemOffset,
    const KnownDivisors *divisors, std::string *reason) {
  FailureOr<CopyLayout> layout = perThreadLayout(op, divisors, reason);
  if (failed(layout))
    return failure();
  int64_t eb = layout->elementBytes();
  if (op.getSwizzleOrZero() != 0 &&
      (!llvm::isPowerOf2_64(eb) || eb > hw::kMaxVectorBytes)) {
    *reason = "the sync fallback swizzles only elements of 1, 2, 4, 8 or 16 "
              "bytes; use swizzle = 0";
    return failure();
  }
  OOBMode oob = op.getOobOrDefault();
  // Reductions go element by element (one atomic each).
  int64_t maxBytes = op.getReduction() ? eb : alignedVectorBytes(*layout);
  return planThreadCopy(
      op, std::move(*layout), smemOffset, maxBytes,
      op.getReduction() ? ThreadCopyPlan::VectorLimit::reduction
                        : ThreadCopyPlan::VectorLimit::layout,
      /*minVectorBytes=*/1,
      /*checkBounds=*/oob == OOBMode::zeros || oob == OOBMode::nan, reason);
}

FailureOr<ThreadCopyPlan> mlir::asynccopy::expandThreadCopyPlan(
    AsyncCopyLikeOpInterface op, KnownOffset smemOffset, int64_t vectorBytes,
    int64_t minVectorBytes, bool checkBounds, std::string *reason) {
  FailureOr<CopyLayout> layout = perThreadLayout(op, nullptr, reason);
  if (failed(layout))
    return failure();
  return planThreadCopy(op, std::move(*layout), smemOffset, vectorBytes,
                        ThreadCopyPlan::VectorLimit::layout, minVectorBytes,
                        checkBounds, reason);
}

RemoteCopyPlan mlir::asynccopy::planRemoteCopy(AsyncCopyLikeOpInterface op,
                                               int64_t elementBytes,
                                               KnownOffset srcOffset,
                                               KnownOffset dstOffset) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getDest().getType());
  SmallVector<int64_t> srcStrides, dstStrides;
  int64_t unused;
  (void)srcType.getStridesAndOffset(srcStrides, unused);
  (void)dstType.getStridesAndOffset(dstStrides, unused);
  RemoteCopyPlan layout;
  layout.numElements = srcType.getNumElements();
  for (int64_t k = srcType.getRank() - 1; k >= 0; --k) {
    int64_t size = srcType.getDimSize(k);
    if (size == 1)
      continue;
    RemoteCopyPlan::Dim dim{size, srcStrides[k], dstStrides[k], k};
    if (!layout.dims.empty()) {
      RemoteCopyPlan::Dim &in = layout.dims.back();
      if (!isDyn(dim.srcStride) && !isDyn(in.srcStride) &&
          !isDyn(dim.dstStride) && !isDyn(in.dstStride) &&
          dim.srcStride == in.srcStride * in.size &&
          dim.dstStride == in.dstStride * in.size) {
        in.size *= size;
        continue;
      }
    }
    layout.dims.push_back(dim);
  }
  if (layout.dims.empty())
    layout.dims.push_back({1, 1, 1, 0});
  std::reverse(layout.dims.begin(), layout.dims.end());

  auto pow2Bytes = [&](int64_t stride) -> int64_t {
    return isDyn(stride) ? elementBytes : pow2Align16(stride * elementBytes);
  };
  int64_t vectorBytes =
      std::min<int64_t>({hw::kMaxVectorBytes, srcOffset.getAlignment(),
                         dstOffset.getAlignment()});
  const RemoteCopyPlan::Dim &innermost = layout.dims.back();
  if (innermost.srcStride != 1 || innermost.dstStride != 1)
    vectorBytes = elementBytes;
  for (const RemoteCopyPlan::Dim &dim : ArrayRef(layout.dims).drop_back())
    vectorBytes = std::min(
        {vectorBytes, pow2Bytes(dim.srcStride), pow2Bytes(dim.dstStride)});
  if (llvm::isPowerOf2_64(elementBytes) && vectorBytes >= elementBytes)
    layout.lanes = vectorBytes / elementBytes;
  while (layout.lanes > 1 && innermost.size % layout.lanes != 0)
    layout.lanes /= 2;
  return layout;
}
