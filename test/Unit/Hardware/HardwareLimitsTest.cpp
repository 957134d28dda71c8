//===- HardwareLimitsTest.cpp - compiler and runtime agree on TMA limits --===//
//
// The compiler's TMA planner (planTma) and the runtime's tensor-map encoder
// (acTensorMapValidateTiled) both apply asynccopy/Hardware/Limits.h. Each
// edge case below goes through both: the runtime validates the descriptor
// the compiler would encode (or, where the compiler declines, the plain
// tensor), and the two must accept and reject the same copies. A limit that
// drifts on one side fails here.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/IR/ElementTypes.h"
#include "asynccopy/Hardware/Limits.h"
#include "asynccopy/Runtime/TensorMap.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cctype>

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// One copy: a window of a GMEM memref (MLIR syntax, outermost dim first)
/// with a swizzle, and whether each side should take it.
struct Case {
  const char *name;
  const char *memref;
  SmallVector<int64_t> window;
  int64_t swizzle;
  bool legal;
  /// The compiler declines a copy the hardware takes (a policy, not a limit).
  bool compilerStricter = false;
};

const Case kCases[] = {
    {"plain", "memref<64x64xf32>", {16, 32}, 0, true},
    {"inner box of 16 B", "memref<64x64xi8>", {4, 16}, 0, true},
    {"inner box of 8 B", "memref<64x64xi8>", {4, 8}, 0, false},
    {"inner box of 24 B", "memref<64x64xf16>", {4, 12}, 0, false},
    {"bf16 inner box of 16 B", "memref<4x32xbf16>", {4, 8}, 0, true},
    {"i64 inner box of 16 B", "memref<4x32xi64>", {4, 2}, 0, true},
    {"i64 inner box of 8 B", "memref<4x32xi64>", {4, 1}, 0, false},
    {"box dim of 256", "memref<512x64xf32>", {256, 4}, 0, true},
    {"box dim of 512, split", "memref<1024x64xf32>", {512, 4}, 0, true},
    {"row stride of 144 B", "memref<8x36xf32>", {8, 4}, 0, true},
    {"row stride of 132 B", "memref<8x33xf32>", {8, 4}, 0, false},
    {"row stride of 2^40 - 16 B",
     "memref<2x16xi8, strided<[1099511627760, 1]>>",
     {2, 16},
     0,
     true},
    {"row stride of 2^40 B",
     "memref<2x16xi8, strided<[1099511627776, 1]>>",
     {2, 16},
     0,
     false},
    {"base offset of 16 B",
     "memref<8x64xf32, strided<[64, 1], offset: 4>>",
     {8, 4},
     0,
     true},
    {"base offset of 8 B",
     "memref<8x64xf32, strided<[64, 1], offset: 2>>",
     {8, 4},
     0,
     false},
    {"dim of the coordinate limit", "memref<2147483391xi8>", {16}, 0, true},
    {"dim past the coordinate limit", "memref<2147483392xi8>", {16}, 0, false},
    {"rank 5", "memref<2x2x2x2x16xi8>", {2, 2, 2, 2, 16}, 0, true},
    {"rank 6, merged", "memref<2x2x2x2x2x16xi8>", {1, 2, 2, 2, 2, 16}, 0, true},
    {"128-B swizzle, 128-B rows", "memref<64x64xf16>", {8, 64}, 128, true},
    {"64-B swizzle, 64-B rows", "memref<64x64xf16>", {8, 32}, 64, true},
    {"32-B swizzle, 32-B rows", "memref<64x64xf32>", {8, 8}, 32, true},
    {"64-B swizzle, 128-B rows", "memref<64x64xf16>", {8, 64}, 64, false},
    {"128-B swizzle, 64-B rows",
     "memref<64x64xf16>",
     {8, 32},
     128,
     true,
     /*compilerStricter=*/true},
};

void PrintTo(const Case &c, std::ostream *os) { *os << c.name; }

class HardwareLimitsTest : public ::testing::TestWithParam<Case> {
protected:
  MLIRContext ctx;
};

/// What acTensorMapValidateTiled says of a descriptor (dims outermost first,
/// strides in elements, as TmaDim has them).
struct Descriptor {
  SmallVector<int64_t> extents, strides, boxes;
  int64_t baseOffset = 0;
};

bool runtimeAccepts(const Descriptor &d, int32_t elementType,
                    int64_t elementBytes, int64_t swizzle, std::string *error) {
  // The hardware order: innermost first, byte strides of dims 1..rank-1.
  int64_t rank = d.extents.size();
  SmallVector<int64_t> dims, strides;
  SmallVector<int32_t> boxes;
  for (int64_t i = rank - 1; i >= 0; --i) {
    dims.push_back(d.extents[i]);
    boxes.push_back(int32_t(d.boxes[i]));
    if (i != rank - 1)
      strides.push_back(d.strides[i] * elementBytes);
  }
  // Any 16-B aligned device address; the validator never dereferences it.
  auto *base = reinterpret_cast<const char *>(uintptr_t(1) << 20);
  int32_t result = acTensorMapValidateTiled(
      elementType, int32_t(rank), base + d.baseOffset * elementBytes,
      dims.data(), strides.data(), boxes.data(), int32_t(swizzle),
      AC_OOB_FILL_ZERO, /*l2PromotionBytes=*/0);
  *error = acGetLastError();
  return result == AC_TENSOR_MAP_OK;
}

TEST_P(HardwareLimitsTest, CompilerAndRuntimeAgree) {
  const Case &c = GetParam();
  auto type = dyn_cast_or_null<MemRefType>(parseType(c.memref, &ctx));
  ASSERT_TRUE(type) << "cannot parse " << c.memref;

  // One element-type table: the compiler's map type has the element's size.
  Type element = type.getElementType();
  std::string reason;
  FailureOr<int32_t> code = tma::tensorMapElementType(
      element, /*reduction=*/std::nullopt, /*nanFill=*/false, &reason);
  ASSERT_TRUE(succeeded(code)) << reason;
  const hw::ElementType *entry = hw::getElementType(*code);
  ASSERT_TRUE(entry);
  ASSERT_EQ(entry->bytes * 8, tma::storageBits(element));

  std::string error;
  FailureOr<CopyLayout> layout =
      computeCopyLayout(type, c.window, /*transforms=*/{}, &error);
  ASSERT_TRUE(succeeded(layout)) << error;
  FailureOr<TmaPlan> plan =
      planTma(*layout, c.swizzle, /*allowRuntimeChecks=*/false, &reason);

  // The runtime checks what the compiler would encode, or, where it
  // declines, the tensor and window as they are.
  Descriptor d;
  if (succeeded(plan)) {
    for (const TmaDim &dim : plan->dims) {
      d.extents.push_back(dim.extent);
      d.strides.push_back(dim.stride);
      d.boxes.push_back(dim.box);
    }
    d.baseOffset = layout->baseOffset;
  } else {
    auto [strides, offset] = type.getStridesAndOffset();
    d.extents.assign(type.getShape().begin(), type.getShape().end());
    d.strides.assign(strides.begin(), strides.end());
    d.boxes.assign(c.window.begin(), c.window.end());
    d.baseOffset = offset;
  }
  bool runtime = runtimeAccepts(d, *code, entry->bytes, c.swizzle, &error);

  EXPECT_EQ(runtime, c.legal) << "runtime: " << error;
  if (c.compilerStricter) {
    EXPECT_FALSE(succeeded(plan)) << "the compiler now takes it";
    return;
  }
  EXPECT_EQ(succeeded(plan), c.legal) << "compiler: " << reason;
  EXPECT_EQ(succeeded(plan), runtime)
      << "compiler: " << (succeeded(plan) ? "accepts" : reason)
      << "; runtime: " << (runtime ? "accepts" : error);
}

INSTANTIATE_TEST_SUITE_P(EdgeCases, HardwareLimitsTest,
                         ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case> &info) {
                           std::string name;
                           for (const char *p = info.param.name; *p; ++p)
                             name += std::isalnum(*p) ? *p : '_';
                           return name;
                         });

/// The runtime's acElementType codes are the table's first entries.
TEST(HardwareLimitsTableTest, ElementTypesAreIndexedByCode) {
  for (int32_t code = 0; code < hw::kNumElementTypes; ++code)
    EXPECT_EQ(hw::getElementType(code)->code, code);
  EXPECT_EQ(hw::getElementType(hw::kNumElementTypes), nullptr);
  EXPECT_EQ(hw::getElementType(-1), nullptr);
  EXPECT_EQ(hw::kLastAcElementType, AC_ELEMENT_BF16);
  EXPECT_EQ(hw::getElementType(AC_ELEMENT_BF16)->bytes, 2);
}

/// The runtime encodes the L2 promotions the compiled tensor maps ask for.
TEST(HardwareLimitsTableTest, RuntimeTakesTheCompilersL2Promotion) {
  int64_t dims[] = {64, 64}, strides[] = {64 * 4};
  int32_t boxes[] = {32, 16};
  auto *base = reinterpret_cast<const char *>(uintptr_t(1) << 20);
  for (int64_t l2 : {hw::kL2PromotionBytes, hw::kL2PromotionEvictLastBytes})
    EXPECT_EQ(acTensorMapValidateTiled(AC_ELEMENT_F32, 2, base, dims, strides,
                                       boxes, /*swizzle=*/0, AC_OOB_FILL_ZERO,
                                       int32_t(l2)),
              AC_TENSOR_MAP_OK)
        << l2 << " B: " << acGetLastError();
}

} // namespace
