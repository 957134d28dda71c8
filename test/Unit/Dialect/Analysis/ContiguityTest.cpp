//===- ContiguityTest.cpp - contiguity analysis unit tests ----------------===//
//
// The chunk plan, the TMA plan (splits, rank reduction, every hardware limit,
// its #asynccopy.tma_plan encoding) and the cp.async / bulk predicates of
// Analysis/Contiguity, on memref types
// written in MLIR syntax so each case reads like the IR it stands for.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

using Shape = SmallVector<int64_t>;

class ContiguityTest : public ::testing::Test {
protected:
  ContiguityTest() { ctx.loadDialect<AsyncCopyDialect, arith::ArithDialect>(); }

  MemRefType memref(StringRef spelling) {
    auto type = dyn_cast_or_null<MemRefType>(parseType(spelling, &ctx));
    EXPECT_TRUE(type) << "cannot parse " << spelling.str();
    return type;
  }

  /// The layout of `window` of `type` after `transforms`; must succeed.
  CopyLayout layout(StringRef type, ArrayRef<int64_t> window,
                    ArrayRef<GmemTransformAttrInterface> transforms = {}) {
    std::string error;
    FailureOr<CopyLayout> result =
        computeCopyLayout(memref(type), window, transforms, &error);
    EXPECT_TRUE(succeeded(result)) << error;
    return succeeded(result) ? *result : CopyLayout();
  }

  /// planTma that must succeed.
  TmaPlan tma(const CopyLayout &l, int64_t swizzle,
              bool allowRuntimeChecks = false) {
    std::string reason;
    FailureOr<TmaPlan> plan = planTma(l, swizzle, allowRuntimeChecks, &reason);
    EXPECT_TRUE(succeeded(plan)) << reason;
    return succeeded(plan) ? *plan : TmaPlan();
  }

  /// The reason planTma declines (fails the test when it accepts).
  std::string tmaDecline(const CopyLayout &l, int64_t swizzle,
                         bool allowRuntimeChecks = false) {
    std::string reason;
    FailureOr<TmaPlan> plan = planTma(l, swizzle, allowRuntimeChecks, &reason);
    EXPECT_TRUE(failed(plan)) << "planTma accepted";
    EXPECT_FALSE(reason.empty());
    return reason;
  }

  static Shape boxes(const TmaPlan &plan) {
    return llvm::map_to_vector(plan.dims,
                               [](const TmaDim &d) { return d.box; });
  }
  /// The plan's loops as (reason, view dim, box, piece).
  static SmallVector<std::tuple<TmaLoop::Reason, int64_t, int64_t, int64_t>>
  loops(const TmaPlan &plan) {
    return llvm::map_to_vector(plan.loops, [](const TmaLoop &l) {
      return std::make_tuple(l.reason, l.viewDim, l.box, l.piece);
    });
  }
  static Shape smemOffsets(const TmaPlan &plan) {
    return llvm::map_to_vector(
        plan.issues, [](const TmaIssue &i) { return i.smemByteOffset; });
  }

  MLIRContext ctx;
};

#define EXPECT_CONTAINS(haystack, needle)                                      \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos)             \
      << "\"" << (haystack) << "\" does not contain \"" << (needle) << "\""

//===----------------------------------------------------------------------===//
// Chunks
//===----------------------------------------------------------------------===//

TEST_F(ContiguityTest, FullyContiguousWindowIsOneChunk) {
  CopyLayout l = layout("memref<64x128xf16>", {64, 128});
  EXPECT_EQ(l.elementBits, 16);
  EXPECT_EQ(l.boxShape, Shape({64, 128}));
  EXPECT_EQ(l.contiguousDims, 2);
  EXPECT_EQ(l.chunkElements, 8192);
  EXPECT_EQ(l.chunkBytes, 16384);
  EXPECT_EQ(l.numChunks, 1);
  EXPECT_TRUE(l.outerExtents.empty());
  EXPECT_EQ(l.totalBytes, 16384);
  EXPECT_EQ(l.startAlignBytes, 16);

  // Whole rows of a taller tensor are one run too.
  CopyLayout rows = layout("memref<4096x128xf16>", {8, 128});
  EXPECT_EQ(rows.contiguousDims, 2);
  EXPECT_EQ(rows.numChunks, 1);
  EXPECT_EQ(rows.chunkBytes, 2048);
}

TEST_F(ContiguityTest, NarrowWindowHasOneChunkPerRow) {
  CopyLayout l = layout("memref<64x128xf16>", {64, 64});
  EXPECT_EQ(l.contiguousDims, 1);
  EXPECT_EQ(l.chunkElements, 64);
  EXPECT_EQ(l.chunkBytes, 128);
  EXPECT_EQ(l.numChunks, 64);
  EXPECT_EQ(l.outerExtents, Shape({64}));
  EXPECT_EQ(l.totalBytes, 8192);
}

TEST_F(ContiguityTest, MismatchedOuterStride) {
  CopyLayout l = layout("memref<64x128xf16, strided<[256, 1]>>", {64, 128});
  EXPECT_EQ(l.contiguousDims, 1);
  EXPECT_EQ(l.chunkBytes, 256);
  EXPECT_EQ(l.numChunks, 64);
  EXPECT_EQ(l.outerExtents, Shape({64}));
  EXPECT_EQ(l.totalBytes, 16384);
}

TEST_F(ContiguityTest, UnitDimsDoNotBreakTheChain) {
  // A unit dim's stride never matters, even when dynamic.
  CopyLayout l = layout("memref<64x128xf16, strided<[?, 1]>>", {1, 128});
  EXPECT_EQ(l.contiguousDims, 2);
  EXPECT_EQ(l.numChunks, 1);
  EXPECT_EQ(l.chunkBytes, 256);
}

TEST_F(ContiguityTest, DynamicStridesBreakTheChain) {
  CopyLayout l = layout("memref<64x128xf16, strided<[?, 1]>>", {64, 128});
  EXPECT_EQ(l.contiguousDims, 1);
  EXPECT_EQ(l.chunkBytes, 256);
  EXPECT_EQ(l.numChunks, 64);

  CopyLayout l3 =
      layout("memref<4x64x128xf16, strided<[?, 128, 1]>>", {4, 64, 128});
  EXPECT_EQ(l3.contiguousDims, 2);
  EXPECT_EQ(l3.chunkBytes, 16384);
  EXPECT_EQ(l3.numChunks, 4);
  EXPECT_EQ(l3.outerExtents, Shape({4}));

  // A dynamic innermost stride: no run at all, one element per chunk.
  CopyLayout none = layout("memref<64x128xf16, strided<[128, ?]>>", {8, 8});
  EXPECT_EQ(none.contiguousDims, 0);
  EXPECT_EQ(none.chunkBytes, 2);
  EXPECT_EQ(none.numChunks, 64);
}

TEST_F(ContiguityTest, StartAlignmentFromTheMemrefOffset) {
  EXPECT_EQ(layout("memref<64x128xf16, strided<[128, 1], offset: 4>>", {8, 8})
                .startAlignBytes,
            8);
  EXPECT_EQ(layout("memref<64x128xf16, strided<[128, 1], offset: 1>>", {8, 8})
                .startAlignBytes,
            2);
  // Unknown offset: only the element size is known.
  EXPECT_EQ(layout("memref<64x128xf32, strided<[128, 1], offset: ?>>", {8, 8})
                .startAlignBytes,
            4);
}

TEST_F(ContiguityTest, LayoutFailures) {
  std::string error;
  EXPECT_TRUE(failed(computeCopyLayout(memref("memref<64x128xindex>"),
                                       {64, 128}, {}, &error)));
  EXPECT_CONTAINS(error, "integers or floats");
  EXPECT_TRUE(failed(
      computeCopyLayout(memref("memref<64x128xf16>"), {64}, {}, &error)));
  EXPECT_CONTAINS(error, "window rank");
  auto tile = TileAttr::get(&ctx, {48}, Rounding::none);
  EXPECT_TRUE(failed(computeCopyLayout(memref("memref<64x128xf16>"), {64, 128},
                                       {tile}, &error)));
  EXPECT_CONTAINS(error, "transforms do not apply");
}

//===----------------------------------------------------------------------===//
// TMA: plans that fit
//===----------------------------------------------------------------------===//

TEST_F(ContiguityTest, TmaSimpleTile) {
  TmaPlan plan = tma(layout("memref<4096x4096xf16>", {64, 64}), 128);
  EXPECT_EQ(plan.rank(), 2);
  EXPECT_EQ(boxes(plan), Shape({64, 64}));
  EXPECT_EQ(plan.dims[0].extent, 4096);
  EXPECT_EQ(plan.dims[0].stride, 4096);
  ASSERT_EQ(plan.issues.size(), 1u);
  EXPECT_EQ(plan.issues[0].smemByteOffset, 0);
  EXPECT_EQ(plan.bytesPerIssue, 8192);
  EXPECT_EQ(plan.totalBytes, 8192);
  EXPECT_FALSE(plan.needsRuntimeCheck);
}

TEST_F(ContiguityTest, TmaTileTransform) {
  auto tile = TileAttr::get(&ctx, {64, 64}, Rounding::none);
  CopyLayout l = layout("memref<4096x4096xf16>", {64, 128}, {tile});
  EXPECT_EQ(l.boxShape, Shape({1, 2, 64, 64}));
  EXPECT_EQ(l.tensorShape, Shape({64, 64, 64, 64}));
  TmaPlan plan = tma(l, 128);
  EXPECT_EQ(plan.rank(), 4);
  EXPECT_EQ(boxes(plan), Shape({1, 2, 64, 64}));
  EXPECT_EQ(plan.issues.size(), 1u);
  EXPECT_EQ(plan.bytesPerIssue, 16384);
  EXPECT_EQ(plan.totalBytes, 16384);
}

TEST_F(ContiguityTest, TmaSplitsBoxDimsOver256) {
  // An outer dim of 512: two issues, the second half 256 rows further in SMEM.
  TmaPlan plan = tma(layout("memref<4096x4096xf16>", {512, 64}), 0);
  EXPECT_EQ(boxes(plan), Shape({256, 64}));
  ASSERT_EQ(plan.issues.size(), 2u);
  EXPECT_EQ(plan.issues[1].viewOffset, Shape({256, 0}));
  EXPECT_EQ(smemOffsets(plan), Shape({0, 32768}));
  EXPECT_EQ(plan.bytesPerIssue, 32768);
  EXPECT_EQ(plan.totalBytes, 65536);
  using R = TmaLoop::Reason;
  EXPECT_EQ(loops(plan), decltype(loops(plan))({{R::boxLimit, 0, 512, 256}}));

  // An inner dim of 512: every row is looped so the halves land in place.
  TmaPlan inner = tma(layout("memref<4096x4096xf16>", {2, 512}), 0);
  EXPECT_EQ(boxes(inner), Shape({1, 256}));
  EXPECT_EQ(smemOffsets(inner), Shape({0, 512, 1024, 1536}));
  EXPECT_EQ(inner.issues[1].viewOffset, Shape({0, 256}));
  EXPECT_EQ(inner.issues[2].viewOffset, Shape({1, 0}));
  EXPECT_EQ(inner.bytesPerIssue, 512);
  EXPECT_EQ(inner.totalBytes, 2048);
  EXPECT_EQ(loops(inner), decltype(loops(inner))({{R::denseSmem, 0, 2, 1},
                                                  {R::boxLimit, 1, 512, 256}}));
  // A box within the limits takes no loop.
  EXPECT_TRUE(tma(layout("memref<4096x4096xf16>", {64, 64}), 0).loops.empty());
}

TEST_F(ContiguityTest, TmaDeclinesMisalignedBoxes) {
  // 128 f16 = 256 B per row; halves under a 128-B swizzle would start inside
  // the 1024-B swizzle atom.
  EXPECT_CONTAINS(tmaDecline(layout("memref<4096x4096xf16>", {8, 128}), 128),
                  "spans 256 B, not the 128-B swizzle span");
  // Rows narrower than the span are not laid out densely by TMA.
  EXPECT_CONTAINS(tmaDecline(layout("memref<4096x4096xf32>", {8, 16}), 128),
                  "spans 64 B, not the 128-B swizzle span");
  EXPECT_EQ(tma(layout("memref<4096x4096xf32>", {8, 16}), 64).rank(), 2);
  // 520 f16 split into 104-element (208-B) boxes: the second starts at 208.
  EXPECT_CONTAINS(tmaDecline(layout("memref<4096x4096xf16>", {1, 520}), 0),
                  "lands at SMEM byte offset 208; TMA writes a box at a 128-B "
                  "aligned address");
}

TEST_F(ContiguityTest, TmaMergesRank6And7) {
  // Unit boxes fold into the next dim.
  CopyLayout l6 = layout("memref<2x3x4x5x8x64xf16>", {1, 1, 1, 1, 8, 64});
  TmaPlan p6 = tma(l6, 0);
  EXPECT_EQ(p6.rank(), 5);
  EXPECT_EQ(boxes(p6), Shape({1, 1, 1, 8, 64}));
  // Dims 0 and 1 merged: stride 10240, extent (2 - 1) * 3 + 3.
  EXPECT_EQ(p6.dims[0].extent, 6);
  EXPECT_EQ(p6.dims[0].stride, 10240);
  EXPECT_EQ(p6.issues.size(), 1u);
  EXPECT_EQ(p6.totalBytes, 1024);

  TmaPlan p7 =
      tma(layout("memref<2x2x3x4x5x8x64xf16>", {1, 1, 1, 1, 1, 8, 64}), 0);
  EXPECT_EQ(p7.rank(), 5);
  EXPECT_EQ(p7.issues.size(), 1u);
  EXPECT_EQ(p7.totalBytes, 1024);

  // No unit box: loop over the outermost dim, then merge it.
  TmaPlan loop =
      tma(layout("memref<2x2x2x2x2x64xf16>", {2, 2, 2, 2, 2, 64}), 0);
  EXPECT_EQ(loop.rank(), 5);
  EXPECT_EQ(boxes(loop), Shape({2, 2, 2, 2, 64}));
  EXPECT_EQ(loop.dims[0].extent, 4);
  EXPECT_EQ(smemOffsets(loop), Shape({0, 2048}));
  EXPECT_EQ(loop.bytesPerIssue, 2048);
  EXPECT_EQ(loop.totalBytes, 4096);
  ASSERT_EQ(loop.loops.size(), 1u);
  EXPECT_EQ(loop.loops[0].reason, TmaLoop::Reason::rankLimit);
  EXPECT_EQ(loop.loops[0].viewDim, 0);
  EXPECT_TRUE(p6.loops.empty());
}

TEST_F(ContiguityTest, TmaDynamicStridesNeedRuntimeChecks) {
  CopyLayout l = layout("memref<64x128xf16, strided<[?, 1]>>", {64, 64});
  EXPECT_CONTAINS(tmaDecline(l, 0), "stride of dim 0 is dynamic");
  TmaPlan plan = tma(l, 0, /*allowRuntimeChecks=*/true);
  EXPECT_TRUE(plan.needsRuntimeCheck);
  EXPECT_EQ(plan.totalBytes, 8192);

  CopyLayout off =
      layout("memref<64x128xf16, strided<[128, 1], offset: ?>>", {64, 64});
  EXPECT_CONTAINS(tmaDecline(off, 0), "memref offset is dynamic");
  EXPECT_TRUE(tma(off, 0, /*allowRuntimeChecks=*/true).needsRuntimeCheck);
}

// A dynamic dim that the transforms keep whole is read from the memref at
// launch: passed through (drop_unit_dims), or tiled by the last transform
// and addressed through its own coordinate (a partial tile). A dynamic dim
// tiled by an earlier transform, or a dynamic stride of a transformed view,
// is not one memref dim's size.
TEST_F(ContiguityTest, TmaDynamicExtentsOfTransformedViews) {
  MLIRContext *c = &ctx;
  auto drop = DropUnitDimsAttr::get(c, {1});
  auto tile = TileAttr::get(c, {128, 64}, Rounding::none);
  // A packed batch of tokens x heads x head dim: one head's 128 rows.
  CopyLayout packed =
      layout("memref<?x16x128xf16>", {128, 1, 128}, {drop, tile});
  TmaPlan plan = tma(packed, 128);
  EXPECT_EQ(plan.rank(), 4);
  EXPECT_EQ(boxes(plan), Shape({1, 2, 128, 64}));
  const TmaDim &rows = plan.dims[2];
  EXPECT_TRUE(ShapedType::isDynamic(rows.extent));
  EXPECT_EQ(rows.stride, 16 * 128);
  EXPECT_EQ(tmaExtentSource(rows, packed), 0);
  for (int64_t d : {0, 1, 3})
    EXPECT_EQ(tmaExtentSource(plan.dims[d], packed), -1);

  // Passed through untiled: the view dim is the memref dim.
  CopyLayout kept = layout("memref<8x?x64xf16, strided<[65536, 64, 1]>>",
                           {1, 32, 64}, {DropUnitDimsAttr::get(c, {0})});
  TmaPlan keptPlan = tma(kept, 128);
  ASSERT_EQ(keptPlan.rank(), 3);
  EXPECT_EQ(tmaExtentSource(keptPlan.dims[1], kept), 1);

  // Tiled, then transposed: the tile's outer count is not a memref dim.
  auto transpose = TransposeAttr::get(c, {1, 0, 2, 3});
  CopyLayout tiled =
      layout("memref<?x128xf16>", {128, 128},
             {TileAttr::get(c, {128, 64}, Rounding::none), transpose});
  EXPECT_CONTAINS(tmaDecline(tiled, 128), "not one GMEM dim's size");
  CopyLayout strided =
      layout("memref<?x128xf16, strided<[?, 1]>>", {128, 128}, {tile});
  EXPECT_CONTAINS(tmaDecline(strided, 128, /*allowRuntimeChecks=*/true),
                  "dynamic stride");
}

//===----------------------------------------------------------------------===//
// TMA: each limit violated once
//===----------------------------------------------------------------------===//

TEST_F(ContiguityTest, TmaDeclinesColumnMajor) {
  // Transposing makes the innermost view dim stride 128.
  auto t = TransposeAttr::get(&ctx, {1, 0});
  CopyLayout l = layout("memref<64x128xf16>", {64, 64}, {t});
  EXPECT_EQ(l.contiguousDims, 0);
  EXPECT_EQ(l.chunkBytes, 2);
  EXPECT_EQ(l.numChunks, 4096);
  EXPECT_CONTAINS(tmaDecline(l, 0),
                  "innermost dim of the GMEM view has stride 128");

  // The same through a column-major layout.
  CopyLayout cm = layout("memref<64x128xf16, strided<[1, 64]>>", {64, 128});
  EXPECT_CONTAINS(tmaDecline(cm, 0), "has stride 64, TMA needs it contiguous");
}

TEST_F(ContiguityTest, TmaDeclinesUnmergeableRankOver5) {
  CopyLayout l = layout("memref<2x2x2x2x2x64xf16, strided<[?, ?, ?, ?, ?, 1]>>",
                        {2, 2, 2, 2, 2, 64});
  EXPECT_CONTAINS(tmaDecline(l, 0, /*allowRuntimeChecks=*/true),
                  "exceeds the TMA limit of 5");
}

TEST_F(ContiguityTest, TmaDeclinesInnerBoxNotMultipleOf16) {
  // 100 f16 = 200 B.
  CopyLayout l = layout("memref<64x128xf16>", {8, 100});
  EXPECT_CONTAINS(tmaDecline(l, 0),
                  "innermost box dim spans 200 B; TMA needs a multiple of 16");
}

TEST_F(ContiguityTest, TmaDeclinesUnsplittableBox) {
  // 514 f16 = 2 x 257: the only pieces <= 256 are 1 and 2 elements, whose
  // 2 and 4 B are not 16-B multiples.
  CopyLayout l = layout("memref<64x4096xf16>", {1, 257 * 2});
  EXPECT_CONTAINS(tmaDecline(l, 0), "has no even split into TMA boxes");
}

TEST_F(ContiguityTest, TmaDeclinesGlobalStrideNotMultipleOf16) {
  // Rows of 100 f16 are 200 B apart.
  CopyLayout l = layout("memref<64x100xf16>", {8, 96});
  EXPECT_CONTAINS(tmaDecline(l, 0),
                  "global stride 200 B of dim 0 is not a multiple of 16 B");
}

TEST_F(ContiguityTest, TmaDeclinesMisalignedBase) {
  CopyLayout l =
      layout("memref<64x128xf16, strided<[128, 1], offset: 4>>", {64, 64});
  EXPECT_CONTAINS(tmaDecline(l, 0), "memref offset of 8 B is not 16-B aligned");
}

TEST_F(ContiguityTest, TmaDeclinesSubByteElements) {
  CopyLayout l = layout("memref<64x128xi4>", {64, 128});
  EXPECT_EQ(l.totalBytes, 4096);
  EXPECT_CONTAINS(tmaDecline(l, 0), "not 4-bit ones");
}

TEST_F(ContiguityTest, TmaDeclinesTensorMapExtentAndStrideLimits) {
  // 2^33 rows of 16 B: signed 32-bit coordinates cannot reach them all.
  CopyLayout l = layout("memref<8589934592x16xi8>", {8, 16});
  EXPECT_CONTAINS(tmaDecline(l, 0), "TMA coordinates are signed 32-bit");
  // The largest extent whose out-of-bounds windows stay out of bounds once
  // their coordinates saturate, and one more.
  EXPECT_EQ(tma(layout("memref<2147483391x16xi8>", {8, 16}), 0).rank(), 2);
  EXPECT_CONTAINS(tmaDecline(layout("memref<2147483392x16xi8>", {8, 16}), 0),
                  "at most 2^31 - 256 elements per dim");
  // An empty tensor has no tensor map.
  EXPECT_CONTAINS(tmaDecline(layout("memref<0x16xi8>", {8, 16}), 0),
                  "is empty (0 elements)");
  // Rows 2^40 B apart.
  CopyLayout far =
      layout("memref<2x16xi8, strided<[1099511627776, 1]>>", {2, 16});
  EXPECT_CONTAINS(tmaDecline(far, 0), "exceeds the tensor-map limit of 2^40 B");
}

//===----------------------------------------------------------------------===//
// Collective (multicast) splits
//===----------------------------------------------------------------------===//

/// The (plan dim, count, piece, SMEM stride) of every cut of a split.
static SmallVector<std::array<int64_t, 4>> cuts(const CollectiveSplit &split) {
  return llvm::map_to_vector(split.dims, [](const CollectiveSplit::Dim &d) {
    return std::array<int64_t, 4>{d.planDim, d.count, d.piece,
                                  d.smemStrideBytes};
  });
}

TEST_F(ContiguityTest, CollectiveSplitsTheLeadingDim) {
  TmaPlan plan = tma(layout("memref<4096x4096xf16>", {64, 64}), 128);
  std::string reason;
  FailureOr<CollectiveSplit> split = splitForCollective(
      plan, 2, /*groupSize=*/4, std::nullopt, false, 128, &reason);
  ASSERT_TRUE(succeeded(split)) << reason;
  // Four 16-row pieces, 2 KiB apart in SMEM; each CTA issues 2 KiB, every
  // barrier still expects the whole 8 KiB.
  EXPECT_EQ(cuts(*split),
            (SmallVector<std::array<int64_t, 4>>{{0, 4, 16, 2048}}));
  EXPECT_EQ(boxes(plan), Shape({16, 64}));
  EXPECT_EQ(plan.bytesPerIssue, 2048);
  EXPECT_EQ(plan.totalBytes, 8192);
}

TEST_F(ContiguityTest, CollectiveCutsUnitDimsThenTheNext) {
  // A [2, 8, 64] window over 4 CTAs: dim 0 is cut into its 2 rows, dim 1
  // into halves.
  TmaPlan plan = tma(layout("memref<16x64x64xf16>", {2, 8, 64}), 0);
  std::string reason;
  FailureOr<CollectiveSplit> split =
      splitForCollective(plan, 2, 4, std::nullopt, false, 0, &reason);
  ASSERT_TRUE(succeeded(split)) << reason;
  EXPECT_EQ(cuts(*split), (SmallVector<std::array<int64_t, 4>>{
                              {0, 2, 1, 1024}, {1, 2, 4, 512}}));
  EXPECT_EQ(boxes(plan), Shape({1, 4, 64}));
}

TEST_F(ContiguityTest, CollectivePartitionedAndReplicated) {
  std::string reason;
  TmaPlan plan = tma(layout("memref<4096x4096xf16>", {1, 256}), 0);
  // partitioned<1>: the 512-B row splits into two 256-B halves.
  FailureOr<CollectiveSplit> split =
      splitForCollective(plan, 2, 2, /*axis=*/1, false, 0, &reason);
  ASSERT_TRUE(succeeded(split)) << reason;
  EXPECT_EQ(cuts(*split),
            (SmallVector<std::array<int64_t, 4>>{{1, 2, 128, 256}}));

  TmaPlan whole = tma(layout("memref<4096x4096xf16>", {64, 64}), 0);
  FailureOr<CollectiveSplit> replicated =
      splitForCollective(whole, 2, 8, std::nullopt, true, 0, &reason);
  ASSERT_TRUE(succeeded(replicated)) << reason;
  EXPECT_TRUE(replicated->leaderOnly);
  EXPECT_TRUE(replicated->dims.empty());
  EXPECT_EQ(whole.bytesPerIssue, 8192);
}

TEST_F(ContiguityTest, CollectiveDeclines) {
  std::string reason;
  // A swizzled row is never cut.
  TmaPlan row = tma(layout("memref<4096x4096xf16>", {1, 64}), 128);
  EXPECT_TRUE(
      failed(splitForCollective(row, 2, 2, std::nullopt, false, 128, &reason)));
  EXPECT_CONTAINS(reason, "no leading box dims split evenly over the 2 CTAs");
  // 3 rows over 2 CTAs.
  TmaPlan three = tma(layout("memref<4096x4096xf16>", {3, 8}), 0);
  EXPECT_TRUE(
      failed(splitForCollective(three, 2, 2, std::nullopt, false, 0, &reason)));
  // partitioned<1> past a whole dim 0.
  TmaPlan tile = tma(layout("memref<4096x4096xf16>", {64, 64}), 0);
  EXPECT_TRUE(failed(splitForCollective(tile, 2, 2, 1, false, 0, &reason)));
  EXPECT_CONTAINS(reason, "leaves box dim 0 (64 elements) whole");
  // Two TMA boxes (a 512-element row).
  TmaPlan wide = tma(layout("memref<4096x4096xf16>", {1, 512}), 0);
  EXPECT_TRUE(
      failed(splitForCollective(wide, 2, 2, std::nullopt, false, 0, &reason)));
  EXPECT_CONTAINS(reason, "needs 2 TMA boxes");
}

//===----------------------------------------------------------------------===//
// TMA plan encoding (#asynccopy.tma_plan)
//===----------------------------------------------------------------------===//

/// Fails the test where `got` differs from `want` in anything the lowering
/// or the tensor map reads.
static void expectSamePlan(const TmaPlan &got, const TmaPlan &want) {
  ASSERT_EQ(got.rank(), want.rank());
  for (auto [g, w] : llvm::zip(got.dims, want.dims)) {
    EXPECT_EQ(g.extent, w.extent);
    EXPECT_EQ(g.stride, w.stride);
    EXPECT_EQ(g.box, w.box);
    EXPECT_EQ(g.terms, w.terms);
  }
  ASSERT_EQ(got.issues.size(), want.issues.size());
  for (auto [g, w] : llvm::zip(got.issues, want.issues)) {
    EXPECT_EQ(g.viewOffset, w.viewOffset);
    EXPECT_EQ(g.smemByteOffset, w.smemByteOffset);
  }
  ASSERT_EQ(got.multicast.dims.size(), want.multicast.dims.size());
  for (auto [g, w] : llvm::zip(got.multicast.dims, want.multicast.dims)) {
    EXPECT_EQ(g.planDim, w.planDim);
    EXPECT_EQ(g.count, w.count);
    EXPECT_EQ(g.piece, w.piece);
    EXPECT_EQ(g.smemStrideBytes, w.smemStrideBytes);
  }
  EXPECT_EQ(got.multicast.leaderOnly, want.multicast.leaderOnly);
  EXPECT_EQ(got.bytesPerIssue, want.bytesPerIssue);
  EXPECT_EQ(got.totalBytes, want.totalBytes);
}

TEST_F(ContiguityTest, TmaPlanAttrRoundTrips) {
  struct Case {
    const char *type;
    Shape window;
    int64_t swizzle, groupSize;
    bool replicated;
  };
  Case cases[] = {
      {"memref<4096x4096xf16>", {64, 64}, 128, 1, false},
      {"memref<4096x4096xf16>", {512, 64}, 0, 1, false},
      {"memref<4096x4096xf16>", {2, 512}, 0, 1, false},
      {"memref<2x3x4x5x8x64xf16>", {1, 1, 1, 1, 8, 64}, 0, 1, false},
      {"memref<2x2x2x2x2x64xf16>", {2, 2, 2, 2, 2, 64}, 0, 1, false},
      {"memref<?x?xf32>", {32, 32}, 128, 1, false},
      {"memref<4096x4096xf16>", {64, 64}, 128, 4, false},
      {"memref<16x64x64xf16>", {2, 8, 64}, 0, 4, false},
      {"memref<4096x4096xf16>", {512, 64}, 0, 8, true},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(std::string(c.type));
    CopyLayout l = layout(c.type, c.window);
    TmaPlan plan = tma(l, c.swizzle, /*allowRuntimeChecks=*/true);
    std::string reason;
    if (c.groupSize > 1) {
      ASSERT_TRUE(succeeded(
          splitForCollective(plan, l.elementBytes(), c.groupSize, std::nullopt,
                             c.replicated, c.swizzle, &reason)))
          << reason;
    }
    TmaPlanAttr attr = getTmaPlanAttr(&ctx, plan, l);
    FailureOr<TmaPlan> read = getTmaPlan(attr, l, &reason);
    ASSERT_TRUE(succeeded(read)) << reason;
    expectSamePlan(*read, plan);
  }
}

TEST_F(ContiguityTest, TmaPlanAttrSpellsOutOnlyWhatDiffers) {
  CopyLayout plain = layout("memref<4096x4096xf16>", {64, 64});
  TmaPlanAttr attr = getTmaPlanAttr(&ctx, tma(plain, 0), plain);
  EXPECT_TRUE(attr.getDims().empty());
  EXPECT_TRUE(attr.getIssueOffsets().empty());
  EXPECT_FALSE(attr.isMulticast());

  CopyLayout split = layout("memref<4096x4096xf16>", {2, 512});
  EXPECT_EQ(getTmaPlanAttr(&ctx, tma(split, 0), split).getIssueOffsets().size(),
            4u);
  CopyLayout merged = layout("memref<2x3x4x5x8x64xf16>", {1, 1, 1, 1, 8, 64});
  TmaPlanAttr mergedAttr = getTmaPlanAttr(&ctx, tma(merged, 0), merged);
  ASSERT_EQ(mergedAttr.getDims().size(), 5u);
  EXPECT_EQ(mergedAttr.getDims()[0].getView(), ArrayRef<int64_t>({1, 0}));
  EXPECT_EQ(mergedAttr.getDims()[0].getScale(), ArrayRef<int64_t>({1, 3}));
}

TEST_F(ContiguityTest, TmaPlanAttrForAnotherWindowIsRejected) {
  CopyLayout rank2 = layout("memref<4096x4096xf16>", {64, 64});
  CopyLayout rank3 = layout("memref<16x64x64xf16>", {1, 64, 64});
  std::string reason;
  TmaPlanAttr attr3 = getTmaPlanAttr(&ctx, tma(rank3, 0), rank3);
  EXPECT_TRUE(failed(getTmaPlan(attr3, rank2, &reason)));
  EXPECT_CONTAINS(reason,
                  "a rank-3 box and no `dims` for a rank-2 tensor view");
  CopyLayout split = layout("memref<16x64x1024xf16>", {1, 2, 512});
  TmaPlanAttr offsets = getTmaPlanAttr(&ctx, tma(split, 0), split);
  CopyLayout other = layout("memref<4096x4096xf16>", {2, 512});
  TmaPlanAttr sameRank =
      TmaPlanAttr::get(&ctx, ArrayRef<int64_t>({1, 256}), offsets.getIssues(),
                       offsets.getBytes(), {}, offsets.getIssueOffsets(), {},
                       false, std::nullopt, std::nullopt);
  EXPECT_TRUE(failed(getTmaPlan(sameRank, other, &reason)));
  EXPECT_CONTAINS(reason, "an issue offset of rank 3 for a rank-2 tensor view");
}

//===----------------------------------------------------------------------===//
// cp.async and bulk
//===----------------------------------------------------------------------===//

TEST_F(ContiguityTest, CpAsyncVectorWidths) {
  std::string reason;
  EXPECT_EQ(
      *cpAsyncVectorBytes(layout("memref<64x128xf16>", {64, 128}), &reason),
      16);
  // A base offset of 4 f16 (8 B) limits every transfer to 8 B.
  EXPECT_EQ(
      *cpAsyncVectorBytes(
          layout("memref<64x128xf16, strided<[128, 1], offset: 4>>", {64, 128}),
          &reason),
      8);
  // Runs of 2 f16 are 4 B.
  EXPECT_EQ(*cpAsyncVectorBytes(layout("memref<64x128xf16>", {64, 2}), &reason),
            4);
  // Rows 200 B apart: 8-B transfers.
  EXPECT_EQ(
      *cpAsyncVectorBytes(layout("memref<64x100xf16>", {64, 96}), &reason), 8);
}

TEST_F(ContiguityTest, CpAsyncDeclines) {
  std::string reason;
  // Runs of 3 f16 = 6 B are only 2-B aligned.
  EXPECT_TRUE(failed(
      cpAsyncVectorBytes(layout("memref<64x128xf16>", {64, 3}), &reason)));
  EXPECT_CONTAINS(reason, "contiguous runs of 6 B aligned to 2 B");
  auto t = TransposeAttr::get(&ctx, {1, 0});
  EXPECT_TRUE(failed(cpAsyncVectorBytes(
      layout("memref<64x128xf16>", {64, 64}, {t}), &reason)));
  EXPECT_TRUE(failed(
      cpAsyncVectorBytes(layout("memref<64x128xi4>", {64, 128}), &reason)));
  EXPECT_CONTAINS(reason, "sub-byte");
}

TEST_F(ContiguityTest, BulkChunks) {
  std::string reason;
  EXPECT_EQ(*bulkChunks(layout("memref<8192xf32>", {8192}), &reason), 1);
  EXPECT_EQ(*bulkChunks(layout("memref<64x128xf16>", {64, 64}), &reason), 64);

  // 8-B runs.
  EXPECT_TRUE(
      failed(bulkChunks(layout("memref<64x128xf16>", {64, 4}), &reason)));
  EXPECT_CONTAINS(reason, "contiguous runs are 8 B");
  // 192-B runs 200 B apart.
  EXPECT_TRUE(
      failed(bulkChunks(layout("memref<64x100xf16>", {64, 96}), &reason)));
  EXPECT_CONTAINS(reason, "not provably 16-B aligned");
  // An 8-B aligned base.
  EXPECT_TRUE(failed(bulkChunks(
      layout("memref<64x128xf16, strided<[128, 1], offset: 4>>", {64, 128}),
      &reason)));
  EXPECT_TRUE(
      failed(bulkChunks(layout("memref<64x128xi4>", {64, 128}), &reason)));
  EXPECT_CONTAINS(reason, "whole bytes");
}

} // namespace
