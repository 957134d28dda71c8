//===- WgmmaOperands.cpp - SMEM layouts that wgmma reads ------------------===//
//
// The canonical layouts of the PTX ISA's "shared memory matrix layout", in
// bytes (e: element bytes, S: swizzle bytes, a row of the swizzle atom):
//
//   K-major, swizzled:  rows of S bytes, K contiguous; 8 rows form an atom;
//                       stride offset = the bytes between 8-row groups.
//   K-major, none:      core matrices of 8 rows x 16 B (rows 16 B apart);
//                       leading offset = between the two 16-B K halves,
//                       stride offset = between 8-row groups.
//   MN-major, swizzled: K rows of S bytes of M or N; 8 K rows form an atom;
//                       leading offset = between S-byte blocks of MN,
//                       stride offset = between 8-K-row groups.
//   MN-major, none:     core matrices of 8 K rows x 16 B of MN;
//                       leading offset = between 8-K-row groups,
//                       stride offset = between 16-B blocks of MN.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/WgmmaOperands.h"

using namespace mlir;
using namespace mlir::asynccopy;

bool mlir::asynccopy::isWgmmaElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() ||
      isa<Float8E4M3FNType, Float8E5M2Type>(type))
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() == 8;
}

SmallVector<WgmmaSmemOperand, 2>
mlir::asynccopy::getWgmmaSmemOperands(Operation *op) {
  if (auto wgmma = dyn_cast<NVVM::WgmmaMmaAsyncOp>(op)) {
    NVVM::MMAShapeAttr shape = wgmma.getShape();
    return {{wgmma.getDescriptorA(), /*isA=*/true, wgmma.getLayoutA(),
             wgmma.getTypeA(), shape.getM()},
            {wgmma.getDescriptorB(), /*isA=*/false, wgmma.getLayoutB(),
             wgmma.getTypeB(), shape.getN()}};
  }
  if (auto wgmma = dyn_cast<WgmmaRegisterAOp>(op))
    return {{wgmma.getDescriptorB(), /*isA=*/false, wgmma.getLayoutB(),
             wgmma.getTypeB(), wgmma.getShape().getN()}};
  return {};
}

int64_t mlir::asynccopy::getWgmmaSwizzleField(int64_t swizzle) {
  switch (swizzle) {
  case 128:
    return 1;
  case 64:
    return 2;
  case 32:
    return 3;
  default:
    return 0;
  }
}

uint64_t mlir::asynccopy::getWgmmaDescriptorConstantBits(
    const WgmmaOperandLayout &layout, int64_t swizzle) {
  using namespace ::asynccopy::hw;
  uint64_t leading = (layout.leadingBytes >> kWgmmaDescriptorUnitShift) &
                     kWgmmaDescriptorFieldMask;
  uint64_t stride = (layout.strideBytes >> kWgmmaDescriptorUnitShift) &
                    kWgmmaDescriptorFieldMask;
  uint64_t mode = getWgmmaSwizzleField(swizzle);
  return (leading << kWgmmaDescriptorLeadingBit) |
         (stride << kWgmmaDescriptorStrideBit) |
         (mode << kWgmmaDescriptorSwizzleBit);
}

namespace {

/// Checks `expected == actual` for the layout rule named by `what`.
bool require(bool ok, std::string &why, const Twine &what) {
  if (!ok)
    why = what.str();
  return ok;
}

} // namespace

FailureOr<WgmmaOperandLayout>
mlir::asynccopy::getWgmmaOperandLayout(MemRefType view, OperandMajor major,
                                       int64_t swizzle, std::string &why) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!view.hasStaticShape() ||
      failed(view.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic)) {
    why = "the view needs a static shape and static strides";
    return failure();
  }
  if (!isWgmmaElementType(view.getElementType())) {
    why = "wgmma does not read this element type from SMEM";
    return failure();
  }
  int64_t e = view.getElementTypeBitWidth() / 8;
  ArrayRef<int64_t> shape = view.getShape();
  int64_t rank = view.getRank();
  int64_t kElems = kWgmmaKBytes / e;
  constexpr int64_t kRows = ::asynccopy::hw::kWgmmaCoreMatrixRows;
  constexpr int64_t kRowBytes = ::asynccopy::hw::kWgmmaCoreMatrixRowBytes;
  auto bytes = [&](int64_t dim) { return strides[dim] * e; };
  WgmmaOperandLayout layout;
  bool swizzled = swizzle != 0;
  if (major == OperandMajor::k) {
    if (swizzled) {
      // [MN, K]: rows of S bytes.
      if (!require(rank == 2, why,
                   "a K-major operand with a swizzle is a [MN, K] view") ||
          !require(shape[1] == kElems && strides[1] == 1, why,
                   "its K dim must hold one instruction's " +
                       Twine(kWgmmaKBytes) + " contiguous bytes (" +
                       Twine(kElems) + " elements)") ||
          !require(bytes(0) == swizzle, why,
                   "its rows must be " + Twine(swizzle) +
                       " bytes apart (one swizzle row), not " +
                       Twine(bytes(0))) ||
          !require(shape[0] % kRows == 0, why,
                   "its M or N extent must be a multiple of 8"))
        return failure();
      layout.strideBytes = kRows * bytes(0);
      layout.mnRows = shape[0];
    } else {
      // [2, MN, 16 B]: two core-matrix columns along K.
      if (!require(rank == 3 && shape[0] == 2, why,
                   "a K-major operand without swizzle is a [2, MN, " +
                       Twine(kRowBytes / e) +
                       "] view: the two 16-B halves of K") ||
          !require(shape[2] * e == kRowBytes && strides[2] == 1, why,
                   "its innermost dim must hold 16 contiguous bytes") ||
          !require(bytes(1) == kRowBytes, why,
                   "its rows must be 16 bytes apart (core matrices)") ||
          !require(shape[1] % kRows == 0, why,
                   "its M or N extent must be a multiple of 8"))
        return failure();
      layout.leadingBytes = bytes(0);
      layout.strideBytes = kRows * kRowBytes;
      layout.mnRows = shape[1];
    }
  } else {
    if (!require(e == 2, why,
                 "only f16 and bf16 operands may be MN-major (wgmma "
                 "transposes no others)"))
      return failure();
    int64_t blockBytes = swizzled ? swizzle : kRowBytes;
    // [B, K, block] (or [K, block] for one swizzled block).
    bool oneBlock = swizzled && rank == 2;
    int64_t k = oneBlock ? 0 : 1, inner = oneBlock ? 1 : 2;
    if (!require(rank == 3 || oneBlock, why,
                 "an MN-major operand is a [blocks, K, " +
                     Twine(blockBytes / e) + "] view" +
                     (swizzled ? " (or [K, " + Twine(blockBytes / e) +
                                     "] for one block)"
                               : "")) ||
        !require(shape[k] == kElems, why,
                 "its K dim must hold one instruction's " + Twine(kElems) +
                     " rows") ||
        !require(shape[inner] * e == blockBytes && strides[inner] == 1, why,
                 "its innermost dim must hold " + Twine(blockBytes) +
                     " contiguous bytes of M or N") ||
        !require(bytes(k) == blockBytes, why,
                 "its K rows must be " + Twine(blockBytes) +
                     " bytes apart, not " + Twine(bytes(k))))
      return failure();
    layout.mnRows = oneBlock ? shape[inner] : shape[0] * shape[inner];
    if (swizzled) {
      layout.strideBytes = kRows * blockBytes;
      if (!oneBlock)
        layout.leadingBytes = bytes(0);
    } else {
      layout.leadingBytes = kRows * blockBytes;
      layout.strideBytes = bytes(0);
    }
  }
  for (int64_t field : {layout.leadingBytes, layout.strideBytes}) {
    if (!require(field % 16 == 0 && field > 0 && (field >> 4) < (1 << 14), why,
                 "a descriptor offset of " + Twine(field) +
                     " bytes is not a positive multiple of 16 below 256 KiB"))
      return failure();
  }
  return layout;
}
