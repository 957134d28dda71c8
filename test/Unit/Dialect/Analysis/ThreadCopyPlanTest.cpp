//===- ThreadCopyPlanTest.cpp - per-thread copy plans unit tests ----------===//
//
// planCpAsyncCopy, planSyncCopy and planRemoteCopy on the first copy of a
// small kernel written in MLIR: vector widths, counts and bound checks, the
// numbers the conversion lowers and asynccopy-report prints.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h"

#include "asynccopy/Analysis/Divisibility.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

class ThreadCopyPlanTest : public ::testing::Test {
protected:
  ThreadCopyPlanTest() {
    ctx.loadDialect<AsyncCopyDialect, arith::ArithDialect, gpu::GPUDialect,
                    memref::MemRefDialect>();
  }

  /// The first copy of `body`, the body of a kernel with arguments
  /// %A: memref<4096x4096xf16>, %i: index, %rank: i32 and workgroup
  /// attributions %S: 64x64xf16, %s, %d: 8x8xf16 ("$WG": workgroup).
  CopyOp copyIn(StringRef body) {
    std::string text =
        (Twine("gpu.module @m {\n gpu.func @k(%A: memref<4096x4096xf16>, "
               "%i: index, %rank: i32) workgroup(%S : memref<64x64xf16, $WG>, "
               "%s : memref<8x8xf16, $WG>, %d : memref<8x8xf16, $WG>) kernel "
               "{\n %c0 = arith.constant 0 : index\n %b = "
               "asynccopy.barrier.alloc : !asynccopy.barrier<1>\n") +
         body + "\n gpu.return\n }\n}")
            .str();
    for (size_t at = text.find("$WG"); at != std::string::npos;
         at = text.find("$WG"))
      text.replace(at, 3, "#gpu.address_space<workgroup>");
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << "cannot parse:\n" << text;
    CopyOp copy;
    if (module)
      module->walk([&](CopyOp op) {
        if (!copy)
          copy = op;
      });
    EXPECT_TRUE(copy) << "no copy";
    return copy;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

constexpr StringLiteral kLoad =
    "%t = asynccopy.copy %A to %S window [%i, 0] [64, 64] {attrs} : "
    "memref<4096x4096xf16> to memref<64x64xf16, $WG> -> !asynccopy.token";

std::string load(StringRef attrs) {
  std::string text = kLoad.str();
  text.replace(text.find("{attrs}"), 7, attrs.str());
  return text;
}

TEST_F(ThreadCopyPlanTest, CpAsyncMovesSixteenByteVectors) {
  std::string reason;
  FailureOr<ThreadCopyPlan> plan =
      planCpAsyncCopy(copyIn(load("")), KnownOffset::exact(0),
                      /*divisors=*/nullptr, &reason);
  ASSERT_TRUE(succeeded(plan)) << reason;
  EXPECT_EQ(plan->vectorBytes(), 16);
  EXPECT_EQ(plan->numVectors, 512);
  EXPECT_EQ(plan->vectorLimit, ThreadCopyPlan::VectorLimit::none);
  // %i may put the window past the tensor's rows (oob = zeros).
  EXPECT_TRUE(plan->checksBounds());
}

TEST_F(ThreadCopyPlanTest, SmemOffsetNarrowsTheVectors) {
  std::string reason;
  FailureOr<ThreadCopyPlan> plan =
      planCpAsyncCopy(copyIn(load("")), KnownOffset::multipleOf(8),
                      /*divisors=*/nullptr, &reason);
  ASSERT_TRUE(succeeded(plan)) << reason;
  EXPECT_EQ(plan->vectorBytes(), 8);
  EXPECT_EQ(plan->numVectors, 1024);
  EXPECT_EQ(plan->vectorLimit, ThreadCopyPlan::VectorLimit::smemOffset);
}

TEST_F(ThreadCopyPlanTest, SyncPlans) {
  std::string reason;
  // promise_in_bounds: no checks.
  FailureOr<ThreadCopyPlan> plan =
      planSyncCopy(copyIn(load("{oob = #asynccopy<oob promise_in_bounds>}")),
                   KnownOffset::exact(0),
                   /*divisors=*/nullptr, &reason);
  ASSERT_TRUE(succeeded(plan)) << reason;
  EXPECT_EQ(plan->vectorBytes(), 16);
  EXPECT_FALSE(plan->checksBounds());
  // Reductions go element by element.
  FailureOr<ThreadCopyPlan> reduce = planSyncCopy(
      copyIn("%t = asynccopy.copy %S to %A window [%i, 0] [64, 64] "
             "{reduction = #asynccopy<reduction add>} : memref<64x64xf16, "
             "$WG> to memref<4096x4096xf16> -> !asynccopy.token"),
      KnownOffset::exact(0),
      /*divisors=*/nullptr, &reason);
  ASSERT_TRUE(succeeded(reduce)) << reason;
  EXPECT_EQ(reduce->vectorBytes(), 2);
  EXPECT_EQ(reduce->numVectors, 4096);
  EXPECT_EQ(reduce->vectorLimit, ThreadCopyPlan::VectorLimit::reduction);
}

TEST_F(ThreadCopyPlanTest, CpAsyncDeclines) {
  std::string reason;
  // A window starting at an odd column has only 2-B aligned runs.
  FailureOr<ThreadCopyPlan> plan = planCpAsyncCopy(
      copyIn("%t = asynccopy.copy %A to %S window [%i, 1] [64, 64] : "
             "memref<4096x4096xf16> to memref<64x64xf16, $WG> -> "
             "!asynccopy.token"),
      KnownOffset::exact(0),
      /*divisors=*/nullptr, &reason);
  EXPECT_TRUE(failed(plan));
  EXPECT_NE(reason.find("cp.async needs 4-, 8- or 16-B aligned transfers"),
            std::string::npos)
      << reason;
}

TEST_F(ThreadCopyPlanTest, RemotePlans) {
  CopyOp copy = copyIn("asynccopy.copy %s to %d remote %rank barrier %b[%c0] "
                       ": memref<8x8xf16, $WG> to memref<8x8xf16, $WG>");
  // Dense buffers merge into one dim of 64 elements, 16-B vectors.
  RemoteCopyPlan plan =
      planRemoteCopy(copy, 2, KnownOffset::exact(0), KnownOffset::exact(0));
  ASSERT_EQ(plan.dims.size(), 1u);
  EXPECT_EQ(plan.dims[0].size, 64);
  EXPECT_EQ(plan.numElements, 64);
  EXPECT_EQ(plan.lanes, 8);
  // A destination view 4 B into its allocation: 4-B vectors.
  RemoteCopyPlan narrow =
      planRemoteCopy(copy, 2, KnownOffset::exact(0), KnownOffset::exact(4));
  EXPECT_EQ(narrow.lanes, 2);
}

/// The start alignment of a window of a `memref.subview` with a dynamic
/// offset (a sequence of a packed batch): its source's offset plus the
/// subview's offsets times the source's strides.
TEST_F(ThreadCopyPlanTest, SubviewOffsetAlignmentFollowsTheSource) {
  auto alignOf = [&](StringRef subview) -> int64_t {
    CopyOp copy = copyIn(
        (Twine("%v = memref.subview %A") + subview +
         " : memref<4096x4096xf16> to memref<?x?xf16, strided<[4096, 1], "
         "offset: ?>>\n %t = asynccopy.copy %v to %S window [0, 0] [64, 64] "
         ": memref<?x?xf16, strided<[4096, 1], offset: ?>> to "
         "memref<64x64xf16, $WG> -> !asynccopy.token")
            .str());
    if (!copy)
      return -1;
    KnownDivisors divisors(module.get());
    FailureOr<CopyLayout> layout = computeCopyLayout(copy, &divisors);
    EXPECT_TRUE(succeeded(layout));
    return succeeded(layout) ? layout->startAlignBytes : -1;
  };
  // Rows start 8 KiB apart: any row is 16-B aligned.
  EXPECT_EQ(alignOf("[%i, 0] [%i, %i] [1, 1]"), 16);
  // A column offset only the run time knows: one element.
  EXPECT_EQ(alignOf("[0, %i] [%i, %i] [1, 1]"), 2);
  // A constant column offset of 4 elements: 8 B.
  EXPECT_EQ(alignOf("[%i, 4] [%i, %i] [1, 1]"), 8);
}

} // namespace
