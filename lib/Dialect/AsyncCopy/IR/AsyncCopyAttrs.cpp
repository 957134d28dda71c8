//===- AsyncCopyAttrs.cpp - asynccopy attributes and transforms -----------===//
//
// The GMEM transform algebra: tile, transpose, collapse_leading and
// drop_unit_dims act on window shapes, tensor shapes, strides and indices.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::asynccopy;

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrInterfaces.cpp.inc"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyEnums.cpp.inc"

// Launch plans pass the kernel's mode to the runtime as it is.
static_assert(static_cast<int32_t>(DescriptorMode::param) ==
                      AC_DESCRIPTORS_PARAM &&
                  static_cast<int32_t>(DescriptorMode::scratch) ==
                      AC_DESCRIPTORS_SCRATCH,
              "DescriptorMode must be the AC_DESCRIPTORS_* of ABI.h");

// Custom directives of #asynccopy.tensor_map (defined at the end).
static ParseResult parseExtents(AsmParser &parser,
                                SmallVector<int64_t> &extents);
static void printExtents(AsmPrinter &printer, ArrayRef<int64_t> extents);
static ParseResult parseExtent(AsmParser &parser, int64_t &extent);
static void printExtent(AsmPrinter &printer, int64_t extent);
static ParseResult parseTensorMapFlags(AsmParser &parser, bool &identityView,
                                       bool &peer, bool &fallback,
                                       SmallVector<int64_t> &extentDims);
static void printTensorMapFlags(AsmPrinter &printer, bool identityView,
                                bool peer, bool fallback,
                                ArrayRef<int64_t> extentDims);

#define GET_ATTRDEF_CLASSES
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.cpp.inc"

void AsyncCopyDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyAttrs.cpp.inc"
      >();
}

static constexpr int64_t kDyn = ShapedType::kDynamic;

/// Multiplies two extents or strides, keeping dynamic values dynamic.
static int64_t mulDyn(int64_t a, int64_t b) {
  return (ShapedType::isDynamic(a) || ShapedType::isDynamic(b)) ? kDyn : a * b;
}

static FailureOr<SmallVector<int64_t>>
fail(function_ref<InFlightDiagnostic()> emitError, const Twine &msg) {
  if (emitError)
    emitError() << msg;
  return failure();
}

static Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

//===----------------------------------------------------------------------===//
// TileAttr
//===----------------------------------------------------------------------===//

LogicalResult TileAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> tiling, Rounding rounding) {
  if (tiling.empty())
    return emitError() << "tile needs at least one tile size";
  for (int64_t t : tiling)
    if (t <= 0)
      return emitError() << "tile sizes must be positive, got " << t;
  return success();
}

FailureOr<SmallVector<int64_t>>
TileAttr::transformShape(ArrayRef<int64_t> shape,
                         function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> tiling = getTiling();
  size_t rank = shape.size(), k = tiling.size();
  if (rank < k)
    return fail(emitError, "tile of rank " + Twine(k) +
                               " cannot apply to a rank-" + Twine(rank) +
                               " window");
  SmallVector<int64_t> result(shape.take_front(rank - k));
  for (auto [i, s, t] : llvm::enumerate(shape.take_back(k), tiling)) {
    int64_t dim = rank - k + i;
    if (s % t == 0) {
      result.push_back(s / t);
      continue;
    }
    switch (getRounding()) {
    case Rounding::none:
      return fail(emitError, "tile size " + Twine(t) +
                                 " does not divide window dim " + Twine(dim) +
                                 " of size " + Twine(s) +
                                 " (add `rounding = down` or `rounding = up`)");
    case Rounding::down:
      if (s < t)
        return fail(emitError, "window dim " + Twine(dim) + " of size " +
                                   Twine(s) + " is smaller than its tile " +
                                   Twine(t) +
                                   "; `rounding = down` leaves "
                                   "nothing to copy");
      result.push_back(s / t);
      break;
    case Rounding::up:
      result.push_back(llvm::divideCeil(s, t));
      break;
    }
  }
  llvm::append_range(result, tiling);
  return result;
}

FailureOr<SmallVector<int64_t>>
TileAttr::transformGmemShape(ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> strides) const {
  ArrayRef<int64_t> tiling = getTiling();
  size_t rank = shape.size(), k = tiling.size();
  if (rank < k)
    return failure();
  SmallVector<int64_t> outer(shape.take_front(rank - k)), inner;
  for (auto [s, t] : llvm::zip_equal(shape.take_back(k), tiling)) {
    if (ShapedType::isDynamic(s)) {
      outer.push_back(kDyn);
    } else if (s % t == 0) {
      outer.push_back(s / t);
    } else if (s < t) {
      // A tensor narrower than its tile: one tile, the rest is out of bounds.
      outer.push_back(1);
      inner.push_back(s);
      continue;
    } else {
      // The last partial tile would alias the next row of the tensor (and
      // dropping it, whatever the window's rounding, would lose elements a
      // window can cover).
      return failure();
    }
    inner.push_back(t);
  }
  llvm::append_range(outer, inner);
  return outer;
}

SmallVector<int64_t>
TileAttr::transformStrides(ArrayRef<int64_t> strides) const {
  ArrayRef<int64_t> tiling = getTiling();
  size_t k = tiling.size();
  assert(strides.size() >= k && "tile rank exceeds stride rank");
  SmallVector<int64_t> result(strides.drop_back(k));
  for (auto [s, t] : llvm::zip_equal(strides.take_back(k), tiling))
    result.push_back(mulDyn(s, t));
  llvm::append_range(result, strides.take_back(k));
  return result;
}

SmallVector<int64_t> TileAttr::transformIndex(ArrayRef<int64_t> index,
                                              ArrayRef<int64_t>) const {
  ArrayRef<int64_t> tiling = getTiling();
  size_t k = tiling.size();
  assert(index.size() >= k && "tile rank exceeds index rank");
  SmallVector<int64_t> result(index.drop_back(k));
  for (auto [i, t] : llvm::zip_equal(index.take_back(k), tiling))
    result.push_back(i / t);
  for (auto [i, t] : llvm::zip_equal(index.take_back(k), tiling))
    result.push_back(i % t);
  return result;
}

SmallVector<Value> TileAttr::buildTransformIndex(OpBuilder &b, Location loc,
                                                 ValueRange index,
                                                 ArrayRef<int64_t>) const {
  ArrayRef<int64_t> tiling = getTiling();
  size_t k = tiling.size();
  assert(index.size() >= k && "tile rank exceeds index rank");
  SmallVector<Value> result(index.drop_back(k));
  SmallVector<Value> rems;
  for (auto [i, t] : llvm::zip_equal(index.take_back(k), tiling)) {
    Value c = indexConst(b, loc, t);
    result.push_back(arith::DivUIOp::create(b, loc, i, c));
    rems.push_back(arith::RemUIOp::create(b, loc, i, c));
  }
  llvm::append_range(result, rems);
  return result;
}

SmallVector<Value> TileAttr::buildInverseIndex(OpBuilder &b, Location loc,
                                               ValueRange index, ValueRange,
                                               ArrayRef<int64_t>) const {
  // [..., tile indices, indices in the tile] -> [..., tile * size + in-tile].
  ArrayRef<int64_t> tiling = getTiling();
  int64_t k = tiling.size(), lead = index.size() - 2 * k;
  SmallVector<Value> result(index.take_front(lead));
  for (int64_t m = 0; m < k; ++m)
    result.push_back(arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, index[lead + m],
                              indexConst(b, loc, tiling[m])),
        index[lead + k + m]));
  return result;
}

FailureOr<SmallVector<int64_t>>
TileAttr::inverseStep(ArrayRef<int64_t> step) const {
  ArrayRef<int64_t> tiling = getTiling();
  int64_t k = tiling.size(), lead = step.size() - 2 * k;
  SmallVector<int64_t> result(step.take_front(lead));
  for (int64_t m = 0; m < k; ++m)
    result.push_back(step[lead + m] * tiling[m] + step[lead + k + m]);
  return result;
}

GmemTransformAttrInterface TileAttr::batch(int64_t) const { return *this; }

//===----------------------------------------------------------------------===//
// TransposeAttr
//===----------------------------------------------------------------------===//

LogicalResult
TransposeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> permutation) {
  SmallVector<bool> seen(permutation.size(), false);
  for (int64_t p : permutation) {
    if (p < 0 || p >= static_cast<int64_t>(permutation.size()) || seen[p])
      return emitError() << "transpose needs a permutation of [0, "
                         << permutation.size() << "), got [" << permutation
                         << "]";
    seen[p] = true;
  }
  return success();
}

template <typename T>
static SmallVector<T> permute(ArrayRef<int64_t> perm, ArrayRef<T> values) {
  return llvm::map_to_vector(perm, [&](int64_t p) { return values[p]; });
}

FailureOr<SmallVector<int64_t>> TransposeAttr::transformShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getPermutation().size())
    return fail(emitError, "transpose of rank " +
                               Twine(getPermutation().size()) +
                               " cannot apply to a rank-" +
                               Twine(shape.size()) + " window");
  return permute(getPermutation(), shape);
}

FailureOr<SmallVector<int64_t>>
TransposeAttr::transformGmemShape(ArrayRef<int64_t> shape,
                                  ArrayRef<int64_t>) const {
  if (shape.size() != getPermutation().size())
    return failure();
  return permute(getPermutation(), shape);
}

SmallVector<int64_t>
TransposeAttr::transformStrides(ArrayRef<int64_t> strides) const {
  return permute(getPermutation(), strides);
}

SmallVector<int64_t> TransposeAttr::transformIndex(ArrayRef<int64_t> index,
                                                   ArrayRef<int64_t>) const {
  return permute(getPermutation(), index);
}

SmallVector<Value> TransposeAttr::buildTransformIndex(OpBuilder &, Location,
                                                      ValueRange index,
                                                      ArrayRef<int64_t>) const {
  SmallVector<Value> values(index);
  return permute(getPermutation(), ArrayRef<Value>(values));
}

SmallVector<Value> TransposeAttr::buildInverseIndex(OpBuilder &, Location,
                                                    ValueRange index,
                                                    ValueRange,
                                                    ArrayRef<int64_t>) const {
  SmallVector<Value> result(index.size());
  for (auto [m, p] : llvm::enumerate(getPermutation()))
    result[p] = index[m];
  return result;
}

FailureOr<SmallVector<int64_t>>
TransposeAttr::inverseStep(ArrayRef<int64_t> step) const {
  SmallVector<int64_t> result(step.size());
  for (auto [m, p] : llvm::enumerate(getPermutation()))
    result[p] = step[m];
  return result;
}

GmemTransformAttrInterface TransposeAttr::batch(int64_t leadingRank) const {
  SmallVector<int64_t> perm =
      llvm::to_vector(llvm::seq<int64_t>(0, leadingRank));
  for (int64_t p : getPermutation())
    perm.push_back(p + leadingRank);
  return TransposeAttr::get(getContext(), perm);
}

//===----------------------------------------------------------------------===//
// CollapseLeadingAttr
//===----------------------------------------------------------------------===//

LogicalResult
CollapseLeadingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            int64_t count) {
  if (count < 1)
    return emitError() << "collapse_leading needs a positive dim count, got "
                       << count;
  return success();
}

/// The stride of the merged dim: the gcd of the merged strides, or dynamic.
static int64_t commonStride(ArrayRef<int64_t> strides) {
  int64_t g = 0;
  for (int64_t s : strides) {
    if (ShapedType::isDynamic(s))
      return kDyn;
    g = std::gcd(g, s);
  }
  return g == 0 ? 1 : g;
}

FailureOr<SmallVector<int64_t>> CollapseLeadingAttr::transformShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  int64_t n = getCount();
  if (static_cast<int64_t>(shape.size()) < n)
    return fail(emitError, "collapse_leading<" + Twine(n) +
                               "> cannot apply to a rank-" +
                               Twine(shape.size()) + " window");
  int64_t merged = 1;
  for (int64_t s : shape.take_front(n))
    if (llvm::MulOverflow(merged, s, merged))
      return fail(emitError, "collapse_leading<" + Twine(n) +
                                 ">: the merged window extent overflows");
  SmallVector<int64_t> result{merged};
  llvm::append_range(result, shape.drop_front(n));
  return result;
}

FailureOr<SmallVector<int64_t>>
CollapseLeadingAttr::transformGmemShape(ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> strides) const {
  int64_t n = getCount();
  if (static_cast<int64_t>(shape.size()) < n || strides.size() != shape.size())
    return failure();
  int64_t g = commonStride(strides.take_front(n));
  // The merged extent is the largest linear index reachable plus one.
  int64_t bound = 1;
  for (auto [d, s] :
       llvm::zip_equal(shape.take_front(n), strides.take_front(n))) {
    if (ShapedType::isDynamic(d) || ShapedType::isDynamic(g)) {
      bound = kDyn;
      break;
    }
    int64_t step;
    if (llvm::MulOverflow(d - 1, s / g, step) ||
        llvm::AddOverflow(bound, step, bound))
      return failure(); // no tensor view: the merged extent overflows
  }
  SmallVector<int64_t> result{bound};
  llvm::append_range(result, shape.drop_front(n));
  return result;
}

SmallVector<int64_t>
CollapseLeadingAttr::transformStrides(ArrayRef<int64_t> strides) const {
  int64_t n = getCount();
  assert(static_cast<int64_t>(strides.size()) >= n && "collapse exceeds rank");
  SmallVector<int64_t> result{commonStride(strides.take_front(n))};
  llvm::append_range(result, strides.drop_front(n));
  return result;
}

SmallVector<int64_t>
CollapseLeadingAttr::transformIndex(ArrayRef<int64_t> index,
                                    ArrayRef<int64_t> strides) const {
  int64_t n = getCount();
  assert(static_cast<int64_t>(index.size()) >= n && "collapse exceeds rank");
  int64_t g = commonStride(strides.take_front(n));
  int64_t flat = 0;
  for (auto [i, s] : llvm::zip(index.take_front(n), strides.take_front(n)))
    flat += i * (ShapedType::isDynamic(g) ? 0 : s / g);
  SmallVector<int64_t> result{flat};
  llvm::append_range(result, index.drop_front(n));
  return result;
}

SmallVector<Value>
CollapseLeadingAttr::buildTransformIndex(OpBuilder &b, Location loc,
                                         ValueRange index,
                                         ArrayRef<int64_t> strides) const {
  int64_t n = getCount();
  assert(static_cast<int64_t>(index.size()) >= n && "collapse exceeds rank");
  int64_t g = commonStride(strides.take_front(n));
  assert(!ShapedType::isDynamic(g) && "collapse_leading needs static strides");
  Value flat = indexConst(b, loc, 0);
  for (auto [i, s] : llvm::zip(index.take_front(n), strides.take_front(n))) {
    Value scaled = arith::MulIOp::create(b, loc, i, indexConst(b, loc, s / g));
    flat = arith::AddIOp::create(b, loc, flat, scaled);
  }
  SmallVector<Value> result{flat};
  llvm::append_range(result, index.drop_front(n));
  return result;
}

SmallVector<Value>
CollapseLeadingAttr::buildInverseIndex(OpBuilder &b, Location loc,
                                       ValueRange index, ValueRange,
                                       ArrayRef<int64_t> strides) const {
  // The merged index counts units of the common stride; with strides that
  // decrease and are multiples of the innermost one, a greedy
  // delinearisation inverts it exactly.
  int64_t n = getCount();
  int64_t g = commonStride(strides.take_front(n));
  assert(!ShapedType::isDynamic(g) && "collapse_leading needs static strides");
  SmallVector<Value> result;
  Value rest = index[0];
  for (int64_t m = 0; m + 1 < n; ++m) {
    Value radix = indexConst(b, loc, strides[m] / g);
    result.push_back(arith::DivUIOp::create(b, loc, rest, radix));
    rest = arith::RemUIOp::create(b, loc, rest, radix);
  }
  result.push_back(rest);
  llvm::append_range(result, index.drop_front());
  return result;
}

FailureOr<SmallVector<int64_t>>
CollapseLeadingAttr::inverseStep(ArrayRef<int64_t> step) const {
  if (step[0] != 0)
    return failure();
  SmallVector<int64_t> result(getCount(), 0);
  llvm::append_range(result, step.drop_front());
  return result;
}

GmemTransformAttrInterface
CollapseLeadingAttr::batch(int64_t leadingRank) const {
  // Collapsing a dim range that does not start at 0 is not expressible.
  return leadingRank == 0 ? *this : GmemTransformAttrInterface();
}

//===----------------------------------------------------------------------===//
// DropUnitDimsAttr
//===----------------------------------------------------------------------===//

LogicalResult
DropUnitDimsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> dims) {
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0)
      return emitError() << "drop_unit_dims needs non-negative dims, got " << d;
    if (i > 0 && dims[i - 1] >= d)
      return emitError()
             << "drop_unit_dims needs strictly increasing dims, got [" << dims
             << "]";
  }
  return success();
}

template <typename T>
static SmallVector<T> dropDims(ArrayRef<int64_t> dims, ArrayRef<T> values) {
  SmallVector<T> result;
  for (auto [i, v] : llvm::enumerate(values))
    if (!llvm::is_contained(dims, static_cast<int64_t>(i)))
      result.push_back(v);
  return result;
}

FailureOr<SmallVector<int64_t>> DropUnitDimsAttr::transformShape(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  for (int64_t d : getDims()) {
    if (d >= static_cast<int64_t>(shape.size()))
      return fail(emitError, "drop_unit_dims: dim " + Twine(d) +
                                 " is out of range for a rank-" +
                                 Twine(shape.size()) + " window");
    if (shape[d] != 1)
      return fail(emitError, "drop_unit_dims: window dim " + Twine(d) +
                                 " has size " + Twine(shape[d]) + ", not 1");
  }
  return dropDims(getDims(), shape);
}

FailureOr<SmallVector<int64_t>>
DropUnitDimsAttr::transformGmemShape(ArrayRef<int64_t> shape,
                                     ArrayRef<int64_t>) const {
  // Only a tensor whose dropped dims really have extent 1 loses them; others
  // keep the dim in the descriptor (with a box extent of 1).
  for (int64_t d : getDims())
    if (d >= static_cast<int64_t>(shape.size()) || shape[d] != 1)
      return failure();
  return dropDims(getDims(), shape);
}

SmallVector<int64_t>
DropUnitDimsAttr::transformStrides(ArrayRef<int64_t> strides) const {
  return dropDims(getDims(), strides);
}

SmallVector<int64_t> DropUnitDimsAttr::transformIndex(ArrayRef<int64_t> index,
                                                      ArrayRef<int64_t>) const {
  return dropDims(getDims(), index);
}

SmallVector<Value>
DropUnitDimsAttr::buildTransformIndex(OpBuilder &, Location, ValueRange index,
                                      ArrayRef<int64_t>) const {
  SmallVector<Value> values(index);
  return dropDims(getDims(), ArrayRef<Value>(values));
}

/// `kept` with the values of `removed` at positions `dims` (the inverse of
/// dropDims).
template <typename T>
static SmallVector<T> insertDims(ArrayRef<int64_t> dims, ArrayRef<T> kept,
                                 llvm::function_ref<T(int64_t)> removed) {
  int64_t rank = kept.size() + dims.size(), next = 0;
  SmallVector<T> result;
  for (int64_t m = 0; m < rank; ++m)
    result.push_back(llvm::is_contained(dims, m) ? removed(m) : kept[next++]);
  return result;
}

SmallVector<Value>
DropUnitDimsAttr::buildInverseIndex(OpBuilder &, Location, ValueRange index,
                                    ValueRange origin,
                                    ArrayRef<int64_t>) const {
  SmallVector<Value> kept(index);
  return insertDims<Value>(getDims(), kept,
                           [&](int64_t m) { return origin[m]; });
}

FailureOr<SmallVector<int64_t>>
DropUnitDimsAttr::inverseStep(ArrayRef<int64_t> step) const {
  return insertDims<int64_t>(getDims(), step, [](int64_t) { return 0; });
}

GmemTransformAttrInterface DropUnitDimsAttr::batch(int64_t leadingRank) const {
  return DropUnitDimsAttr::get(getContext(),
                               llvm::map_to_vector(getDims(), [&](int64_t d) {
                                 return d + leadingRank;
                               }));
}

//===----------------------------------------------------------------------===//
// Transform sequences
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> mlir::asynccopy::applyTransformsToShape(
    ArrayRef<GmemTransformAttrInterface> transforms, ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<int64_t> current(shape);
  for (GmemTransformAttrInterface t : transforms) {
    FailureOr<SmallVector<int64_t>> next = t.transformShape(current, emitError);
    if (failed(next))
      return failure();
    current = std::move(*next);
  }
  return current;
}

SmallVector<int64_t> mlir::asynccopy::applyTransformsToStrides(
    ArrayRef<GmemTransformAttrInterface> transforms,
    ArrayRef<int64_t> strides) {
  SmallVector<int64_t> current(strides);
  for (GmemTransformAttrInterface t : transforms)
    current = t.transformStrides(current);
  return current;
}

SmallVector<int64_t> mlir::asynccopy::applyTransformsToIndex(
    ArrayRef<GmemTransformAttrInterface> transforms, ArrayRef<int64_t> index,
    ArrayRef<int64_t> strides) {
  SmallVector<int64_t> current(index), currentStrides(strides);
  for (GmemTransformAttrInterface t : transforms) {
    current = t.transformIndex(current, currentStrides);
    currentStrides = t.transformStrides(currentStrides);
  }
  return current;
}

//===----------------------------------------------------------------------===//
// TensorMapAttr
//===----------------------------------------------------------------------===//

/// `[4096, ?]`: static extents or strides, `?` for dynamic ones.
static ParseResult parseExtents(AsmParser &parser,
                                SmallVector<int64_t> &extents) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          extents.push_back(kDyn);
          return success();
        }
        return parser.parseInteger(extents.emplace_back());
      });
}

/// An integer, or `?` for ShapedType::kDynamic.
static ParseResult parseExtent(AsmParser &parser, int64_t &extent) {
  if (succeeded(parser.parseOptionalQuestion())) {
    extent = ShapedType::kDynamic;
    return success();
  }
  return parser.parseInteger(extent);
}

static void printExtent(AsmPrinter &printer, int64_t extent) {
  if (ShapedType::isDynamic(extent))
    printer << '?';
  else
    printer << extent;
}

static void printExtents(AsmPrinter &printer, ArrayRef<int64_t> extents) {
  printer << '[';
  llvm::interleaveComma(extents, printer, [&](int64_t extent) {
    if (ShapedType::isDynamic(extent))
      printer << '?';
    else
      printer << extent;
  });
  printer << ']';
}

/// `, identity_view`, `, peer`, `, fallback` and `, extent_dims = [...]`,
/// each present when set.
static ParseResult parseTensorMapFlags(AsmParser &parser, bool &identityView,
                                       bool &peer, bool &fallback,
                                       SmallVector<int64_t> &extentDims) {
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("identity_view"))) {
      identityView = true;
    } else if (succeeded(parser.parseOptionalKeyword("peer"))) {
      peer = true;
    } else if (succeeded(parser.parseOptionalKeyword("fallback"))) {
      fallback = true;
    } else if (succeeded(parser.parseOptionalKeyword("extent_dims"))) {
      if (parser.parseEqual() ||
          parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            return parser.parseInteger(extentDims.emplace_back());
          }))
        return failure();
    } else {
      return parser.emitError(parser.getCurrentLocation(),
                              "expected `identity_view`, `peer`, `fallback` "
                              "or `extent_dims`");
    }
  }
  return success();
}

static void printTensorMapFlags(AsmPrinter &printer, bool identityView,
                                bool peer, bool fallback,
                                ArrayRef<int64_t> extentDims) {
  if (identityView)
    printer << ", identity_view";
  if (peer)
    printer << ", peer";
  if (fallback)
    printer << ", fallback";
  if (!extentDims.empty()) {
    printer << ", extent_dims = [";
    llvm::interleaveComma(extentDims, printer);
    printer << ']';
  }
}

/// Parses `[` attr (`,` attr)* `]` of attributes printed without their
/// `#asynccopy.` prefix.
template <typename AttrT>
static ParseResult parseAttrList(AsmParser &parser,
                                 SmallVectorImpl<AttrT> &list) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    AttrT attr;
    if (parser.parseCustomAttributeWithFallback(attr))
      return failure();
    list.push_back(attr);
    return success();
  });
}

template <typename AttrT>
static void printAttrList(AsmPrinter &printer, StringRef key,
                          ArrayRef<AttrT> list) {
  if (list.empty())
    return;
  printer << ", " << key << " = [";
  llvm::interleaveComma(list, printer, [&](AttrT attr) {
    printer.printStrippedAttrOrType(attr);
  });
  printer << "]";
}

/// `<box = [...], issues = N, bytes = N` then, in any order, `dims = [...]`,
/// `issue_offsets = [...]`, `multicast = [...]`, `descriptor = N`,
/// `descriptor_offset = N` and `leader_only`, then `>`.
Attribute TmaPlanAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> box;
  int64_t issues = 0, bytes = 0;
  SmallVector<TmaDimAttr> dims;
  SmallVector<TmaIssueAttr> offsets;
  SmallVector<TmaMulticastAttr> multicast;
  bool leaderOnly = false;
  std::optional<int64_t> descriptor, descriptorOffset;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword("box") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&] { return parser.parseInteger(box.emplace_back()); }) ||
      parser.parseComma() || parser.parseKeyword("issues") ||
      parser.parseEqual() || parser.parseInteger(issues) ||
      parser.parseComma() || parser.parseKeyword("bytes") ||
      parser.parseEqual() || parser.parseInteger(bytes))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key))
      return {};
    if (key == "leader_only") {
      leaderOnly = true;
      continue;
    }
    if (parser.parseEqual())
      return {};
    ParseResult result = success();
    if (key == "dims")
      result = parseAttrList(parser, dims);
    else if (key == "issue_offsets")
      result = parseAttrList(parser, offsets);
    else if (key == "multicast")
      result = parseAttrList(parser, multicast);
    else if (key == "descriptor")
      result = parser.parseInteger(descriptor.emplace());
    else if (key == "descriptor_offset")
      result = parser.parseInteger(descriptorOffset.emplace());
    else
      return parser.emitError(keyLoc, "unknown TMA plan clause `")
                 << key
                 << "`; expected dims, issue_offsets, multicast, "
                    "descriptor, descriptor_offset or leader_only",
             Attribute();
    if (failed(result))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TmaPlanAttr>(
      loc, parser.getContext(), box, issues, bytes, dims, offsets, multicast,
      leaderOnly, descriptor, descriptorOffset);
}

void TmaPlanAttr::print(AsmPrinter &printer) const {
  printer << "<box = [";
  llvm::interleaveComma(getBox(), printer);
  printer << "], issues = " << getIssues() << ", bytes = " << getBytes();
  printAttrList(printer, "dims", getDims());
  printAttrList(printer, "issue_offsets", getIssueOffsets());
  printAttrList(printer, "multicast", getMulticast());
  if (getLeaderOnly())
    printer << ", leader_only";
  if (std::optional<int64_t> param = getDescriptor())
    printer << ", descriptor = " << *param;
  if (std::optional<int64_t> offset = getDescriptorOffset())
    printer << ", descriptor_offset = " << *offset;
  printer << ">";
}

LogicalResult TensorMapAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t arg, Type elementType,
    int32_t mapType, ArrayRef<int64_t> dims, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> box, int64_t swizzle, OOBMode oob, CacheHint cache,
    bool identityView, bool peer, bool fallback, ArrayRef<int64_t> extentDims) {
  if (arg < 0)
    return emitError() << "a tensor map describes a kernel argument, got "
                          "argument "
                       << arg;
  int64_t rank = dims.size();
  if (rank < 1 || rank > hw::kMaxRank)
    return emitError() << "a tensor map has 1 to " << hw::kMaxRank
                       << " dims, got " << rank;
  if (static_cast<int64_t>(strides.size()) != rank ||
      static_cast<int64_t>(box.size()) != rank)
    return emitError() << "a tensor map has one stride and one box extent "
                          "per dim, got "
                       << rank << " dims, " << strides.size() << " strides and "
                       << box.size() << " box extents";
  for (auto [dim, stride] : llvm::zip(dims, strides)) {
    if (!ShapedType::isDynamic(dim) &&
        (dim < 0 || dim > hw::kMaxCoordinateExtent))
      return emitError() << "tensor-map extents are 0 to "
                         << hw::kMaxCoordinateExtent << ", got " << dim;
    if (!ShapedType::isDynamic(stride) && stride < 0)
      return emitError() << "tensor-map strides are not negative, got "
                         << stride;
  }
  if (!identityView && llvm::any_of(strides, ShapedType::isDynamic))
    return emitError() << "a tensor map with strides known only at launch "
                          "must be an identity_view of its memref, from "
                          "which the host reads them";
  if (!extentDims.empty() &&
      (identityView || static_cast<int64_t>(extentDims.size()) != rank))
    return emitError() << "extent_dims names one memref dim (or -1) per "
                          "dim of a map that is not an identity_view, got "
                       << extentDims.size() << " for " << rank << " dims"
                       << (identityView ? " of an identity_view" : "");
  for (auto [d, dim] : llvm::enumerate(dims)) {
    int64_t source = extentDims.empty() ? -1 : extentDims[d];
    if (source < -1 || (source >= 0 && !ShapedType::isDynamic(dim)))
      return emitError() << "extent_dims names a memref dim only for a "
                            "dynamic extent, got "
                         << source << " for dim " << d;
    if (!identityView && ShapedType::isDynamic(dim) && source < 0)
      return emitError() << "dim " << d
                         << " has an extent known only at launch: the map "
                            "must be an identity_view of its memref, or name "
                            "the memref dim it is read from in extent_dims";
  }
  for (int64_t extent : box)
    if (extent < 1 || extent > hw::kMaxBoxDim)
      return emitError() << "TMA box extents are 1 to " << hw::kMaxBoxDim
                         << " elements, got " << extent;
  const hw::ElementType *encoding = hw::getElementType(mapType);
  if (!encoding || mapType > hw::kLastAcElementType)
    return emitError() << "map_type is an encoder element type, 0 to "
                       << hw::kLastAcElementType << ", got " << mapType;
  if (encoding->bytes * 8 != tma::storageBits(elementType))
    return emitError() << "map_type " << mapType << " (" << encoding->name
                       << ") has " << encoding->bytes
                       << "-byte elements, but the element type " << elementType
                       << " does not";
  if (!hw::isValidSwizzle(swizzle))
    return emitError() << "swizzle is 0, 32, 64 or 128 bytes, got " << swizzle;
  // The encoder's limits on strides: the innermost dim is contiguous, the
  // others are 16-B multiples below 2^40 B (checked at launch when dynamic).
  if (!ShapedType::isDynamic(strides.back()) && strides.back() != 1)
    return emitError() << "the innermost tensor-map dim has stride 1, got "
                       << strides.back();
  for (int64_t stride : strides.drop_back()) {
    if (ShapedType::isDynamic(stride))
      continue;
    int64_t bytes;
    if (llvm::MulOverflow(stride, int64_t(encoding->bytes), bytes))
      return emitError() << "tensor-map strides are below 2^40 B, got "
                         << stride << " elements of " << encoding->bytes
                         << " B";
    if (bytes % hw::kGlobalAlignBytes != 0 ||
        bytes >= hw::kMaxGlobalStrideBytes)
      return emitError() << "tensor-map strides are multiples of "
                         << hw::kGlobalAlignBytes << " B below 2^40 B, got "
                         << bytes << " B";
  }
  int64_t innerBytes = box.back() * encoding->bytes;
  if (innerBytes % hw::kBoxInnerAlignBytes != 0)
    return emitError() << "the innermost box dim spans a multiple of "
                       << hw::kBoxInnerAlignBytes << " B, got " << innerBytes
                       << " B";
  if (!hw::fitsSwizzleSpan(innerBytes, swizzle))
    return emitError() << "the innermost box dim spans at most the swizzle "
                          "span ("
                       << swizzle << " B), got " << innerBytes << " B";
  if (oob == OOBMode::nan && !encoding->isFloat)
    return emitError() << "oob = nan needs a floating-point map_type, got "
                       << encoding->name;
  return success();
}

bool TensorMapAttr::hasDynamicExtents() const {
  return llvm::any_of(getDims(), ShapedType::isDynamic) ||
         llvm::any_of(getStrides(), ShapedType::isDynamic);
}

int64_t TensorMapAttr::getExtentSource(int64_t d) const {
  if (!ShapedType::isDynamic(getDims()[d]))
    return -1;
  return getIdentityView() ? d : getExtentDims()[d];
}

int32_t TensorMapAttr::getOobFill() const {
  return getOob() == OOBMode::nan ? AC_OOB_FILL_NAN : AC_OOB_FILL_ZERO;
}

int32_t TensorMapAttr::getL2PromotionBytes() const {
  return getCache() == CacheHint::evict_last ? hw::kL2PromotionEvictLastBytes
                                             : hw::kL2PromotionBytes;
}
