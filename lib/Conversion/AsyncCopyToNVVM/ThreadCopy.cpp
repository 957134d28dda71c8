//===- ThreadCopy.cpp - copies done by every thread of the CTA -----------===//
//
// Addressing. The transformed GMEM view addresses element `pos` of the box as
//   base + sum_j (C_j + pos_j) * transformedStride_j,
// where C are the window offsets pushed through the transforms. Every
// transform is inverted exactly on such absolute coordinates (tile:
// o * t + i; transpose: the inverse permutation; drop_unit_dims: the dropped
// window offset; collapse_leading: delinearised by the merged strides), so
// the GMEM coordinates of each vector are known: they give both the address
// (sum c_k * stride_k, the same as above) and the bound checks (c_k < dim_k).
//
//===----------------------------------------------------------------------===//

#include "ThreadCopy.h"

#include "PatternUtils.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

static bool isDyn(int64_t v) { return ShapedType::isDynamic(v); }

static Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

//===----------------------------------------------------------------------===//
// IR construction
//===----------------------------------------------------------------------===//

Value lowering::buildFlatView(OpBuilder &b, Location loc, Value memref,
                              SmallVectorImpl<Value> *sizesOut,
                              SmallVectorImpl<Value> *stridesOut) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  // Run-time metadata only for what the type leaves dynamic.
  memref::ExtractStridedMetadataOp meta;
  if (!type.hasStaticShape() || isDyn(offset) || llvm::any_of(strides, isDyn))
    meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  SmallVector<Value> sizeValues, strideValues;
  for (int64_t k = 0; k < type.getRank(); ++k) {
    int64_t size = type.getDimSize(k);
    sizeValues.push_back(isDyn(size) ? meta.getSizes()[k] : cst(b, loc, size));
    strideValues.push_back(isDyn(strides[k]) ? meta.getStrides()[k]
                                             : cst(b, loc, strides[k]));
  }
  // The extent of the 1-D view: one past the last element (metadata only).
  OpFoldResult extent;
  std::optional<int64_t> last;
  if (type.hasStaticShape() && !llvm::any_of(strides, isDyn)) {
    // Spans that do not fit 64 bits (absurd static shapes) are computed at
    // run time like dynamic ones.
    last = 0;
    for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
      std::optional<int64_t> span = llvm::checkedMul(size - 1, stride);
      last = span && last ? llvm::checkedAdd(*last, *span) : std::nullopt;
    }
    if (last && *last == INT64_MAX)
      last = std::nullopt;
  }
  if (last) {
    extent = b.getIndexAttr(type.getNumElements() == 0 ? 0 : *last + 1);
  } else {
    Value last = cst(b, loc, 1);
    Value one = cst(b, loc, 1);
    for (auto [size, stride] : llvm::zip(sizeValues, strideValues))
      last = arith::AddIOp::create(
          b, loc, last,
          arith::MulIOp::create(
              b, loc, arith::SubIOp::create(b, loc, size, one), stride));
    extent = last;
  }
  OpFoldResult offsetOfr = isDyn(offset) ? OpFoldResult(meta.getOffset())
                                         : OpFoldResult(b.getIndexAttr(offset));
  if (sizesOut)
    *sizesOut = std::move(sizeValues);
  if (stridesOut)
    *stridesOut = std::move(strideValues);
  // reinterpret_cast keeps the base of its source and sets the offset.
  return memref::ReinterpretCastOp::create(
      b, loc, memref, offsetOfr, ArrayRef<OpFoldResult>{extent},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

/// Where the SMEM view `smem` starts in its 1024-B swizzle atom (bytes, null
/// for 0): from the analysis when it proves it, else from the address.
static Value buildSwizzleBase(OpBuilder &b, Location loc, Value smem,
                              const KnownOffset &offset, int64_t elementBytes) {
  if (offset.isMultipleOf(hw::kMaxSwizzleAtomBytes))
    return {};
  if (std::optional<int64_t> exact = offset.getExact())
    return cst(b, loc,
               (*exact % hw::kMaxSwizzleAtomBytes + hw::kMaxSwizzleAtomBytes) %
                   hw::kMaxSwizzleAtomBytes);
  auto type = cast<MemRefType>(smem.getType());
  SmallVector<int64_t> strides;
  int64_t staticOffset;
  (void)type.getStridesAndOffset(strides, staticOffset);
  Value elementOffset =
      isDyn(staticOffset)
          ? memref::ExtractStridedMetadataOp::create(b, loc, smem).getOffset()
          : cst(b, loc, staticOffset);
  Value start = arith::AddIOp::create(
      b, loc, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, smem),
      arith::MulIOp::create(b, loc, elementOffset, cst(b, loc, elementBytes)));
  return arith::AndIOp::create(b, loc, start,
                               cst(b, loc, hw::kMaxSwizzleAtomBytes - 1));
}

Value lowering::buildThreadCopyGmem(OpBuilder &b, Location loc,
                                    AsyncCopyLikeOpInterface op,
                                    Value descriptor, Value pe) {
  if (!pe)
    return op.getGmem();
  auto type = cast<MemRefType>(op.getGmem().getType());
  Value peer = buildPeerDescriptor(b, loc, type, descriptor, pe);
  // Back to the memref for the memref-level accesses; the upstream lowering
  // resolves the cast.
  return UnrealizedConversionCastOp::create(b, loc, type, peer).getResult(0);
}

ThreadCopyState lowering::buildThreadCopyState(OpBuilder &b, Location loc,
                                               AsyncCopyLikeOpInterface op,
                                               const ThreadCopyPlan &plan,
                                               Value gmem) {
  ThreadCopyState state;
  state.gmemFlat =
      buildFlatView(b, loc, gmem, &state.gmemSizes, &state.gmemStrides);
  state.smemFlat = buildFlatView(b, loc, op.getSmem());
  int64_t rank = cast<MemRefType>(op.getGmem().getType()).getRank();
  SmallVector<Value> coords;
  for (OpFoldResult ofr : op.getMixedOffsets())
    coords.push_back(getValueOrCreateConstantIndexOp(b, loc, ofr));
  while (static_cast<int64_t>(coords.size()) < rank)
    coords.push_back(cst(b, loc, 0));
  state.stageCoords.push_back(coords);
  for (auto [t, strides] : llvm::zip(plan.transforms, plan.stageStrides)) {
    coords = t.buildTransformIndex(b, loc, coords, strides);
    state.stageCoords.push_back(coords);
  }
  if (plan.swizzle != 0)
    state.swizzleBase = buildSwizzleBase(
        b, loc, op.getSmem(), plan.smemByteOffset, plan.layout.elementBytes());
  return state;
}

VectorAccess lowering::buildVectorAccess(OpBuilder &b, Location loc,
                                         const ThreadCopyPlan &plan,
                                         const ThreadCopyState &state,
                                         Value vector) {
  ArrayRef<int64_t> box = plan.layout.boxShape;
  int64_t vec = plan.vectorElements;
  Value element =
      vec == 1
          ? vector
          : arith::MulIOp::create(b, loc, vector, cst(b, loc, vec)).getResult();

  // Row-major position in the box, then absolute transformed coordinates.
  int64_t boxRank = box.size();
  SmallVector<Value> coords(boxRank);
  ArrayRef<Value> windowOut = state.stageCoords.back();
  int64_t inner = 1;
  for (int64_t j = boxRank - 1; j >= 0; --j) {
    Value pos;
    if (box[j] != 1) {
      pos = inner == 1
                ? element
                : arith::DivUIOp::create(b, loc, element, cst(b, loc, inner))
                      .getResult();
      if (inner * box[j] < plan.numVectors * vec)
        pos = arith::RemUIOp::create(b, loc, pos, cst(b, loc, box[j]));
    }
    coords[j] =
        pos ? arith::AddIOp::create(b, loc, windowOut[j], pos).getResult()
            : windowOut[j];
    inner *= box[j];
  }
  for (int64_t i = plan.transforms.size() - 1; i >= 0; --i)
    coords = plan.transforms[i].buildInverseIndex(
        b, loc, coords, state.stageCoords[i], plan.stageStrides[i]);

  VectorAccess access;
  Value gmem;
  for (auto [c, stride] : llvm::zip(coords, state.gmemStrides)) {
    Value term = arith::MulIOp::create(b, loc, c, stride);
    gmem = gmem ? arith::AddIOp::create(b, loc, gmem, term).getResult() : term;
  }
  access.gmemIndex = gmem ? gmem : cst(b, loc, 0);
  access.smemIndex =
      buildSwizzledIndex(b, loc, element, plan.layout.elementBytes(),
                         plan.swizzle, state.swizzleBase);

  if (!plan.checksBounds())
    return access;
  // In-bounds elements: none when a fixed coordinate is outside its dim,
  // else the prefix of the vector before the end of its row.
  Value inBounds;
  for (auto [k, c] : llvm::enumerate(coords)) {
    if (!plan.checkDim[k] || static_cast<int64_t>(k) == plan.vectorDim)
      continue;
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c,
                                     state.gmemSizes[k]);
    inBounds =
        inBounds ? arith::AndIOp::create(b, loc, inBounds, ok).getResult() : ok;
  }
  Value count = cst(b, loc, vec), zero = cst(b, loc, 0);
  if (plan.vectorDim >= 0 && plan.checkDim[plan.vectorDim]) {
    Value c = coords[plan.vectorDim], size = state.gmemSizes[plan.vectorDim];
    Value left = arith::SubIOp::create(b, loc, size, c);
    Value rowOk =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, c, size);
    count = arith::SelectOp::create(
        b, loc, rowOk, arith::MinUIOp::create(b, loc, left, count), zero);
  }
  access.validElements =
      inBounds
          ? arith::SelectOp::create(b, loc, inBounds, count, zero).getResult()
          : count;
  return access;
}

void lowering::buildThreadLoop(
    OpBuilder &b, Location loc, int64_t numVectors,
    function_ref<void(OpBuilder &, Location, Value)> body) {
  auto [linear, threads] = buildLinearThreadId(b, loc);
  auto loop =
      scf::ForOp::create(b, loc, linear, cst(b, loc, numVectors), threads);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(b, loc, loop.getInductionVar());
}

/// TMA swizzle on a shared address `a`, for a span of S bytes:
///   a ^ (((a >> 7) & (S / 16 - 1)) << 4)
/// i.e. the 16-B chunk index inside each 128-B row is XORed with the row index
/// modulo S / 16 (CUTLASS Swizzle<log2(S/16), 4, 3>). It only reads and
/// writes address bits below 10, so for a view starting at `start` the dense
/// byte `o` goes to `swz(base + o) - base` past it, with base = start mod
/// 1024 (0 for views on the swizzle atom, which the pass aligns buffers to).
Value lowering::buildSwizzledIndex(OpBuilder &b, Location loc, Value index,
                                   int64_t elementBytes, int64_t swizzle,
                                   Value base) {
  if (swizzle == 0)
    return index;
  Value bytes = arith::MulIOp::create(b, loc, index, cst(b, loc, elementBytes));
  if (base)
    bytes = arith::AddIOp::create(b, loc, bytes, base);
  Value row = arith::ShRUIOp::create(
      b, loc, bytes, cst(b, loc, llvm::Log2_64(hw::kSwizzleRowBytes)));
  Value chunk = arith::ShLIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, row,
                            cst(b, loc, swizzle / hw::kSwizzleChunkBytes - 1)),
      cst(b, loc, llvm::Log2_64(hw::kSwizzleChunkBytes)));
  Value swizzled = arith::XOrIOp::create(b, loc, bytes, chunk);
  if (base)
    swizzled = arith::SubIOp::create(b, loc, swizzled, base);
  return arith::DivUIOp::create(b, loc, swizzled, cst(b, loc, elementBytes));
}
