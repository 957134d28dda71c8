//===- TransformAlgebraTest.cpp - GMEM transform algebra unit tests -------===//
//
// Shapes, strides and indices must move consistently through every transform:
// for any in-window element, the offset computed from transformed index and
// transformed strides equals the offset from the untransformed ones.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

class TransformAlgebraTest : public ::testing::Test {
protected:
  TransformAlgebraTest() {
    ctx.loadDialect<AsyncCopyDialect, arith::ArithDialect>();
  }

  static int64_t dot(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    int64_t r = 0;
    for (auto [x, y] : llvm::zip_equal(a, b))
      r += x * y;
    return r;
  }

  /// Offset of `index` under `strides` equals that of the transformed index
  /// under the transformed strides.
  void expectOffsetPreserved(ArrayRef<GmemTransformAttrInterface> ts,
                             ArrayRef<int64_t> index,
                             ArrayRef<int64_t> strides) {
    SmallVector<int64_t> ti = applyTransformsToIndex(ts, index, strides);
    SmallVector<int64_t> tst = applyTransformsToStrides(ts, strides);
    EXPECT_EQ(dot(index, strides), dot(ti, tst));
  }

  /// The values of a chain of index constants and add/mul/div/rem ops.
  static SmallVector<int64_t> evaluate(ArrayRef<Value> values) {
    std::function<int64_t(Value)> eval = [&](Value x) -> int64_t {
      Operation *op = x.getDefiningOp();
      if (auto c = dyn_cast<arith::ConstantIndexOp>(op))
        return c.value();
      int64_t l = eval(op->getOperand(0)), r = eval(op->getOperand(1));
      if (isa<arith::AddIOp>(op))
        return l + r;
      if (isa<arith::MulIOp>(op))
        return l * r;
      if (isa<arith::DivUIOp>(op))
        return l / r;
      if (isa<arith::RemUIOp>(op))
        return l % r;
      ADD_FAILURE() << "unexpected op";
      return 0;
    };
    return llvm::map_to_vector(values, [&](Value v) { return eval(v); });
  }

  MLIRContext ctx;
};

TEST_F(TransformAlgebraTest, TileShapeStridesIndex) {
  auto tile = TileAttr::get(&ctx, {8, 64}, Rounding::none);
  auto shape = tile.transformShape({5, 128, 128}, {});
  ASSERT_TRUE(succeeded(shape));
  EXPECT_EQ(*shape, SmallVector<int64_t>({5, 16, 2, 8, 64}));
  EXPECT_EQ(tile.transformStrides({16384, 128, 1}),
            SmallVector<int64_t>({16384, 1024, 64, 128, 1}));
  EXPECT_EQ(tile.transformIndex({1, 17, 70}, {}),
            SmallVector<int64_t>({1, 2, 1, 1, 6}));
  expectOffsetPreserved({tile}, {1, 17, 70}, {16384, 128, 1});
  EXPECT_EQ(tile.batch(3), GmemTransformAttrInterface(tile));
}

TEST_F(TransformAlgebraTest, TileRounding) {
  auto exact = TileAttr::get(&ctx, {64}, Rounding::none);
  EXPECT_TRUE(failed(exact.transformShape({100}, {})));
  auto down = TileAttr::get(&ctx, {64}, Rounding::down);
  EXPECT_EQ(*down.transformShape({100}, {}), SmallVector<int64_t>({1, 64}));
  EXPECT_TRUE(failed(down.transformShape({32}, {})));
  auto up = TileAttr::get(&ctx, {64}, Rounding::up);
  EXPECT_EQ(*up.transformShape({100}, {}), SmallVector<int64_t>({2, 64}));
}

TEST_F(TransformAlgebraTest, TileGmemShape) {
  auto tile = TileAttr::get(&ctx, {8, 64}, Rounding::none);
  EXPECT_EQ(*tile.transformGmemShape({4096, 32}, {32, 1}),
            SmallVector<int64_t>({512, 1, 8, 32}));
  EXPECT_EQ(*tile.transformGmemShape({ShapedType::kDynamic, 128}, {128, 1}),
            SmallVector<int64_t>({ShapedType::kDynamic, 2, 8, 64}));
  EXPECT_TRUE(failed(tile.transformGmemShape({100, 128}, {128, 1})));
  EXPECT_EQ(tile.transformStrides({ShapedType::kDynamic, 1}),
            SmallVector<int64_t>(
                {ShapedType::kDynamic, 64, ShapedType::kDynamic, 1}));
}

TEST_F(TransformAlgebraTest, Transpose) {
  auto t = TransposeAttr::get(&ctx, {1, 0, 2});
  EXPECT_EQ(*t.transformShape({2, 3, 4}, {}), SmallVector<int64_t>({3, 2, 4}));
  EXPECT_TRUE(failed(t.transformShape({2, 3}, {})));
  EXPECT_EQ(t.transformStrides({12, 4, 1}), SmallVector<int64_t>({4, 12, 1}));
  expectOffsetPreserved({t}, {1, 2, 3}, {12, 4, 1});
  auto batched = cast<TransposeAttr>(t.batch(2));
  EXPECT_EQ(batched.getPermutation(), ArrayRef<int64_t>({0, 1, 3, 2, 4}));
}

TEST_F(TransformAlgebraTest, CollapseLeading) {
  auto c = CollapseLeadingAttr::get(&ctx, 2);
  EXPECT_EQ(*c.transformShape({1, 1, 64}, {}), SmallVector<int64_t>({1, 64}));
  EXPECT_EQ(*c.transformShape({2, 3, 64}, {}), SmallVector<int64_t>({6, 64}));
  // Strides 4096 and 128: common stride 128; bound (3*32 + 31*1) + 1 = 128.
  EXPECT_EQ(*c.transformGmemShape({4, 32, 128}, {4096, 128, 1}),
            SmallVector<int64_t>({128, 128}));
  EXPECT_EQ(c.transformStrides({4096, 128, 1}), SmallVector<int64_t>({128, 1}));
  EXPECT_EQ(c.transformIndex({3, 5, 7}, {4096, 128, 1}),
            SmallVector<int64_t>({101, 7}));
  expectOffsetPreserved({c}, {3, 5, 7}, {4096, 128, 1});
  EXPECT_FALSE(c.batch(1));
  EXPECT_TRUE(c.batch(0));
}

TEST_F(TransformAlgebraTest, DropUnitDims) {
  auto d = DropUnitDimsAttr::get(&ctx, {0, 2});
  EXPECT_EQ(*d.transformShape({1, 8, 1, 64}, {}),
            SmallVector<int64_t>({8, 64}));
  EXPECT_TRUE(failed(d.transformShape({2, 8, 1, 64}, {})));
  EXPECT_TRUE(failed(d.transformShape({1, 8}, {})));
  EXPECT_EQ(d.transformStrides({4096, 512, 64, 1}),
            SmallVector<int64_t>({512, 1}));
  EXPECT_EQ(d.transformIndex({0, 3, 0, 9}, {}), SmallVector<int64_t>({3, 9}));
  EXPECT_TRUE(failed(d.transformGmemShape({4, 8, 1, 64}, {})));
  auto batched = cast<DropUnitDimsAttr>(d.batch(1));
  EXPECT_EQ(batched.getDims(), ArrayRef<int64_t>({1, 3}));
}

TEST_F(TransformAlgebraTest, SequenceKeepsOffsets) {
  SmallVector<GmemTransformAttrInterface> ts = {
      TransposeAttr::get(&ctx, {1, 0}),
      TileAttr::get(&ctx, {8, 16}, Rounding::none)};
  SmallVector<int64_t> strides = {256, 1};
  // Every element of a 32x64 window at (64, 128).
  for (int64_t r = 0; r < 32; ++r)
    for (int64_t c = 0; c < 64; c += 7)
      expectOffsetPreserved(ts, {64 + r, 128 + c}, strides);
  auto shape = applyTransformsToShape(ts, {32, 64});
  ASSERT_TRUE(succeeded(shape));
  EXPECT_EQ(*shape, SmallVector<int64_t>({8, 2, 8, 16}));
}

TEST_F(TransformAlgebraTest, BuildIndexMatchesConstantIndex) {
  OpBuilder b(&ctx);
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToStart(module->getBody());
  SmallVector<int64_t> index = {3, 5, 70}, strides = {4096, 128, 1};
  SmallVector<Value> values;
  for (int64_t i : index)
    values.push_back(arith::ConstantIndexOp::create(b, loc, i));
  SmallVector<GmemTransformAttrInterface> ts = {
      CollapseLeadingAttr::get(&ctx, 2),
      TileAttr::get(&ctx, {8, 64}, Rounding::none)};
  SmallVector<int64_t> expected = applyTransformsToIndex(ts, index, strides);
  SmallVector<int64_t> currentStrides(strides);
  for (GmemTransformAttrInterface t : ts) {
    values = t.buildTransformIndex(b, loc, values, currentStrides);
    currentStrides = t.transformStrides(currentStrides);
  }
  ASSERT_EQ(values.size(), expected.size());
  EXPECT_EQ(evaluate(values), expected);
}

TEST_F(TransformAlgebraTest, BuildInverseIndexUndoesEachTransform) {
  OpBuilder b(&ctx);
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToStart(module->getBody());
  auto constants = [&](ArrayRef<int64_t> index) {
    return llvm::map_to_vector(index, [&](int64_t i) -> Value {
      return arith::ConstantIndexOp::create(b, loc, i);
    });
  };
  // Each transform on a window element (the removed dims of drop_unit_dims
  // at the window's origin), and back.
  struct Case {
    GmemTransformAttrInterface transform;
    SmallVector<int64_t> index, strides;
  };
  SmallVector<Case> cases = {
      {TileAttr::get(&ctx, {8, 64}, Rounding::none), {1, 17, 70}, {}},
      {TransposeAttr::get(&ctx, {2, 0, 1}), {1, 2, 3}, {}},
      {CollapseLeadingAttr::get(&ctx, 3), {3, 5, 7, 9}, {8192, 1024, 128, 1}},
      {DropUnitDimsAttr::get(&ctx, {0, 2}), {4, 3, 6, 9}, {}}};
  for (auto [i, c] : llvm::enumerate(cases)) {
    SmallVector<int64_t> out = c.transform.transformIndex(c.index, c.strides);
    SmallVector<Value> in = c.transform.buildInverseIndex(
        b, loc, constants(out), constants(c.index), c.strides);
    EXPECT_EQ(evaluate(in), c.index) << "case " << i;
  }
}

TEST_F(TransformAlgebraTest, InverseStep) {
  // A unit step along the in-tile dim of the last tiled dim moves the source
  // by one along it; along the tile index, by the tile size.
  auto tile = TileAttr::get(&ctx, {8, 64}, Rounding::none);
  EXPECT_EQ(*tile.inverseStep({0, 0, 0, 0, 1}),
            SmallVector<int64_t>({0, 0, 1}));
  EXPECT_EQ(*tile.inverseStep({0, 1, 0, 0, 0}),
            SmallVector<int64_t>({0, 8, 0}));
  auto transpose = TransposeAttr::get(&ctx, {2, 0, 1});
  EXPECT_EQ(*transpose.inverseStep({1, 0, 0}), SmallVector<int64_t>({0, 0, 1}));
  // Stepping the merged dim may cross a row: no fixed source step.
  auto collapse = CollapseLeadingAttr::get(&ctx, 2);
  EXPECT_TRUE(failed(collapse.inverseStep({1, 0})));
  EXPECT_EQ(*collapse.inverseStep({0, 1}), SmallVector<int64_t>({0, 0, 1}));
  auto drop = DropUnitDimsAttr::get(&ctx, {0, 2});
  EXPECT_EQ(*drop.inverseStep({1, 0}), SmallVector<int64_t>({0, 1, 0, 0}));
}

} // namespace
