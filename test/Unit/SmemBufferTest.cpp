//===- SmemBufferTest.cpp - SMEM view tracing unit tests ------------------===//
//
// traceSmemBuffer on small kernels written in MLIR: the value under test is
// the operand of an unregistered `"test.view"` op, so each case reads like
// the IR a copy would see.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Analysis/SmemBuffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

using Kind = SmemAllocation::Kind;

class SmemBufferTest : public ::testing::Test {
protected:
  SmemBufferTest() {
    ctx.loadDialect<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, gpu::GPUDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
    ctx.allowUnregisteredDialects();
  }

  /// Parses `body` as the body of a gpu.func with workgroup attributions
  /// %a : 2x64x64xf16 and %raw : 4096xi8 and traces the operand of its
  /// `"test.view"` op.
  SmemBuffer traceIn(StringRef body, StringRef extra = "") {
    std::string source =
        (Twine("gpu.module @m {\n") + extra +
         "gpu.func @k(%i: index, %c: i1) workgroup(%a : memref<2x64x64xf16, "
         "#gpu.address_space<workgroup>>, %raw : memref<4096xi8, "
         "#gpu.address_space<workgroup>>) kernel {\n" +
         body + "\ngpu.return\n}\n}")
            .str();
    return traceModule(source);
  }

  SmemBuffer traceModule(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &ctx);
    EXPECT_TRUE(module) << "cannot parse:\n" << source.str();
    if (!module)
      return {};
    Value view;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "test.view")
        view = op->getOperand(0);
    });
    EXPECT_TRUE(view) << "no test.view op";
    return view ? traceSmemBuffer(view) : SmemBuffer();
  }

  static std::vector<Kind> kinds(const SmemBuffer &buffer) {
    std::vector<Kind> result;
    for (const SmemAllocation &a : buffer.allocations)
      result.push_back(a.kind);
    return result;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

constexpr StringLiteral kWg = "#gpu.address_space<workgroup>";

TEST(KnownOffsetTest, Arithmetic) {
  KnownOffset a = KnownOffset::exact(48), b = KnownOffset::exact(16);
  EXPECT_EQ((a + b).getExact(), 64);
  EXPECT_EQ((a - b).getExact(), 32);
  EXPECT_EQ((a * b).getExact(), 768);
  EXPECT_EQ(a.getAlignment(), 16);
  EXPECT_TRUE(KnownOffset::exact(0).isMultipleOf(int64_t(1) << 40));
  KnownOffset m = KnownOffset::multipleOf(8);
  EXPECT_FALSE((m + a).getExact());
  EXPECT_EQ((m + a).getAlignment(), 8);
  EXPECT_EQ((m * b).getAlignment(), 128);
  EXPECT_EQ((m * KnownOffset::exact(0)).getExact(), 0);
  EXPECT_EQ(a.join(a).getExact(), 48);
  EXPECT_EQ(a.join(b).getAlignment(), 16);
  EXPECT_EQ(a.join(KnownOffset::exact(40)).getAlignment(), 8);
  EXPECT_FALSE(KnownOffset::unknown().isMultipleOf(2));
  // Exact values keep their residue, not only their alignment.
  EXPECT_TRUE(KnownOffset::exact(3072).isMultipleOf(1024));
  EXPECT_FALSE(KnownOffset::exact(3072).isMultipleOf(2048));
  // Overflow forgets the value, not the alignment.
  KnownOffset huge = KnownOffset::exact(int64_t(1) << 61);
  EXPECT_FALSE((huge * KnownOffset::exact(8)).getExact());
  EXPECT_TRUE((huge * KnownOffset::exact(8)).isMultipleOf(1 << 20));
}

TEST_F(SmemBufferTest, Attribution) {
  SmemBuffer b = traceIn("\"test.view\"(%a) : (memref<2x64x64xf16, "
                         "#gpu.address_space<workgroup>>) -> ()");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getExact(), 0);
}

TEST_F(SmemBufferTest, StaticSubview) {
  SmemBuffer b =
      traceIn((Twine("%v = memref.subview %a[1, 0, 0] [1, 64, 64] [1, 1, 1] : "
                     "memref<2x64x64xf16, ") +
               kWg +
               "> to memref<64x64xf16, strided<[64, "
               "1], offset: 4096>, " +
               kWg +
               ">\n\"test.view\"(%v) : (memref<64x64xf16, "
               "strided<[64, 1], offset: 4096>, " +
               kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
  EXPECT_TRUE(b.isAligned(1024));
}

TEST_F(SmemBufferTest, ContiguousSubviewOffByOneRow) {
  // Rows 1..63 of stage 0: contiguous, but 128 B into the allocation.
  SmemBuffer b =
      traceIn((Twine("%v = memref.subview %a[0, 1, 0] [1, 8, 64] [1, 1, 1] : "
                     "memref<2x64x64xf16, ") +
               kWg +
               "> to memref<8x64xf16, strided<[64, "
               "1], offset: 64>, " +
               kWg +
               ">\n\"test.view\"(%v) : (memref<8x64xf16, "
               "strided<[64, 1], offset: 64>, " +
               kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(b.byteOffset.getExact(), 128);
  EXPECT_TRUE(b.isAligned(128));
  EXPECT_FALSE(b.isAligned(1024));
}

TEST_F(SmemBufferTest, DynamicSubviewStage) {
  // Stage %s = %i * 1 of a double buffer: a multiple of 8192 B.
  SmemBuffer b = traceIn(
      (Twine("%c2 = arith.constant 2 : index\n%s = arith.muli %i, %c2 : index\n"
             "%v = memref.subview %a[%s, 0, 0] [1, 64, 64] [1, 1, 1] : "
             "memref<2x64x64xf16, ") +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n\"test.view\"(%v) : (memref<64x64xf16, "
       "strided<[64, 1], offset: ?>, " +
       kWg + ">) -> ()")
          .str());
  EXPECT_FALSE(b.byteOffset.getExact());
  EXPECT_EQ(b.byteOffset.getAlignment(), 16384);
}

TEST_F(SmemBufferTest, DynamicSubviewUnknownColumn) {
  SmemBuffer b =
      traceIn((Twine("%v = memref.subview %a[0, 0, %i] [1, 64, 8] [1, 1, 1] : "
                     "memref<2x64x64xf16, ") +
               kWg +
               "> to memref<64x8xf16, strided<[64, "
               "1], offset: ?>, " +
               kWg +
               ">\n\"test.view\"(%v) : (memref<64x8xf16, "
               "strided<[64, 1], offset: ?>, " +
               kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(b.byteOffset.getAlignment(), 2);
  EXPECT_FALSE(b.isAligned(16));
}

TEST_F(SmemBufferTest, ByteView) {
  SmemBuffer b =
      traceIn((Twine("%c16 = arith.constant 16 : index\n"
                     "%v = memref.view %raw[%c16][] : memref<4096xi8, ") +
               kWg + "> to memref<32x16xf32, " + kWg +
               ">\n\"test.view\"(%v) : "
               "(memref<32x16xf32, " +
               kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(b.byteOffset.getExact(), 16);
  EXPECT_FALSE(b.isAligned(128));
}

TEST_F(SmemBufferTest, ViewOfSubviewOfView) {
  // view at 1024, then a subview at element 32 (128 B), then reshapes.
  SmemBuffer b = traceIn(
      (Twine("%c1024 = arith.constant 1024 : index\n"
             "%v = memref.view %raw[%c1024][] : memref<4096xi8, ") +
       kWg + "> to memref<8x64xf32, " + kWg +
       ">\n"
       "%s = memref.subview %v[0, 32] [8, 32] [1, 1] : memref<8x64xf32, " +
       kWg + "> to memref<8x32xf32, strided<[64, 1], offset: 32>, " + kWg +
       ">\n%e = memref.expand_shape %s [[0], [1, 2]] output_shape [8, 2, 16] "
       ": memref<8x32xf32, strided<[64, 1], offset: 32>, " +
       kWg + "> into memref<8x2x16xf32, strided<[64, 16, 1], offset: 32>, " +
       kWg +
       ">\n%k = memref.cast %e : memref<8x2x16xf32, strided<[64, 16, 1], "
       "offset: 32>, " +
       kWg +
       "> to memref<8x2x16xf32, strided<[64, 16, 1], "
       "offset: ?>, " +
       kWg +
       ">\n\"test.view\"(%k) : (memref<8x2x16xf32, "
       "strided<[64, 16, 1], offset: ?>, " +
       kWg + ">) -> ()")
          .str());
  EXPECT_EQ(b.byteOffset.getExact(), 1024 + 128);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
}

TEST_F(SmemBufferTest, CollapseAndReinterpret) {
  SmemBuffer b = traceIn(
      (Twine(
           "%f = memref.collapse_shape %a [[0, 1, 2]] : memref<2x64x64xf16, ") +
       kWg + "> into memref<8192xf16, " + kWg +
       ">\n"
       "%r = memref.reinterpret_cast %f to offset: [64], sizes: [64, 64], "
       "strides: [64, 1] : memref<8192xf16, " +
       kWg +
       "> to memref<64x64xf16, "
       "strided<[64, 1], offset: 64>, " +
       kWg +
       ">\n\"test.view\"(%r) : "
       "(memref<64x64xf16, strided<[64, 1], offset: 64>, " +
       kWg + ">) -> ()")
          .str());
  EXPECT_EQ(b.byteOffset.getExact(), 128);
}

TEST_F(SmemBufferTest, DoubleBufferIterArgs) {
  // Two stages swapped every iteration: both allocations, offset 0.
  std::string body =
      (Twine("%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
             "%s0 = memref.subview %a[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : "
             "memref<2x64x64xf16, ") +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "%s1 = memref.subview %a[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : "
       "memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "%r:2 = scf.for %j = %c0 to %i step %c1 iter_args(%cur = %s0, %next = "
       "%s1) -> (memref<64x64xf16, strided<[64, 1], offset: ?>, " +
       kWg + ">, memref<64x64xf16, strided<[64, 1], offset: ?>, " + kWg +
       ">) {\n"
       "  \"test.view\"(%cur) : (memref<64x64xf16, strided<[64, 1], offset: "
       "?>, " +
       kWg +
       ">) -> ()\n"
       "  scf.yield %next, %cur : memref<64x64xf16, strided<[64, 1], offset: "
       "?>, " +
       kWg + ">, memref<64x64xf16, strided<[64, 1], offset: ?>, " + kWg +
       ">\n}")
          .str();
  SmemBuffer b = traceIn(body);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getAlignment(), 8192);
  EXPECT_TRUE(b.isAligned(1024));
}

TEST_F(SmemBufferTest, LoopCarriedShiftAccumulates) {
  // Each iteration moves the view 16 elements (32 B) on: from 0, 32, 64, ...
  // only 32-B alignment holds on every iteration.
  std::string body =
      (Twine(
           "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
           "%c16 = arith.constant 16 : index\n"
           "%f = memref.collapse_shape %a [[0, 1, 2]] : memref<2x64x64xf16, ") +
       kWg + "> into memref<8192xf16, " + kWg +
       ">\n"
       "%s0 = memref.subview %f[%c0] [%i] [1] : memref<8192xf16, " +
       kWg + "> to memref<?xf16, strided<[1], offset: ?>, " + kWg +
       ">\n"
       "%r = scf.for %j = %c0 to %i step %c1 iter_args(%cur = %s0) -> "
       "(memref<?xf16, strided<[1], offset: ?>, " +
       kWg +
       ">) {\n"
       "  \"test.view\"(%cur) : (memref<?xf16, strided<[1], offset: ?>, " +
       kWg +
       ">) -> ()\n"
       "  %n = memref.subview %cur[%c16] [%j] [1] : memref<?xf16, "
       "strided<[1], offset: ?>, " +
       kWg +
       "> to memref<?xf16, "
       "strided<[1], offset: ?>, " +
       kWg +
       ">\n"
       "  scf.yield %n : memref<?xf16, strided<[1], offset: ?>, " +
       kWg + ">\n}")
          .str();
  SmemBuffer b = traceIn(body);
  EXPECT_FALSE(b.byteOffset.getExact());
  EXPECT_EQ(b.byteOffset.getAlignment(), 32);
}

TEST_F(SmemBufferTest, IfResults) {
  std::string body =
      (Twine("%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
             "%c32 = arith.constant 32 : index\n"
             "%r = scf.if %c -> (memref<64x64xf16, strided<[64, 1], offset: "
             "?>, ") +
       kWg +
       ">) {\n"
       "  %s0 = memref.subview %a[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : "
       "memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "  scf.yield %s0 : memref<64x64xf16, strided<[64, 1], offset: ?>, " +
       kWg +
       ">\n} else {\n"
       "  %s1 = memref.subview %a[%c1, 0, %c32] [1, 64, 64] [1, 1, 1] : "
       "memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "  scf.yield %s1 : memref<64x64xf16, strided<[64, 1], offset: ?>, " +
       kWg +
       ">\n}\n\"test.view\"(%r) : (memref<64x64xf16, strided<[64, 1], "
       "offset: ?>, " +
       kWg + ">) -> ()")
          .str();
  SmemBuffer b = traceIn(body);
  // 0 or (4096 + 32) * 2 B.
  EXPECT_EQ(b.byteOffset.getAlignment(), 64);
}

TEST_F(SmemBufferTest, BranchBlockArguments) {
  std::string body =
      (Twine("%c1 = arith.constant 1 : index\n"
             "%s1 = memref.subview %a[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : "
             "memref<2x64x64xf16, ") +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "cf.br ^bb1(%s1 : memref<64x64xf16, strided<[64, 1], offset: ?>, " +
       kWg +
       ">)\n"
       "^bb1(%b: memref<64x64xf16, strided<[64, 1], offset: ?>, " +
       kWg +
       ">):\n\"test.view\"(%b) : (memref<64x64xf16, strided<[64, 1], "
       "offset: ?>, " +
       kWg + ">) -> ()")
          .str();
  SmemBuffer b = traceIn(body);
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
}

TEST_F(SmemBufferTest, Global) {
  std::string extra =
      (Twine("memref.global \"private\" @g : memref<512xf32, ") + kWg + ">\n")
          .str();
  SmemBuffer b =
      traceIn((Twine("%g = memref.get_global @g : memref<512xf32, ") + kWg +
               ">\n\"test.view\"(%g) : (memref<512xf32, " + kWg + ">) -> ()")
                  .str(),
              extra);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Global});
  EXPECT_EQ(b.byteOffset.getExact(), 0);
}

TEST_F(SmemBufferTest, Alloca) {
  SmemBuffer b =
      traceIn((Twine("%l = memref.alloca() : memref<512xf32, ") + kWg +
               ">\n\"test.view\"(%l) : (memref<512xf32, " + kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Alloc});
}

TEST_F(SmemBufferTest, UnknownOpIsOpaque) {
  // A select between two buffers is not traced through.
  SmemBuffer b =
      traceIn((Twine("%l = memref.alloca() : memref<512xf32, ") + kWg +
               ">\n%r = arith.select %c, %l, %l : "
               "memref<512xf32, " +
               kWg +
               ">\n\"test.view\"(%r) "
               ": (memref<512xf32, " +
               kWg + ">) -> ()")
                  .str());
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Opaque});
}

TEST_F(SmemBufferTest, DeviceFunctionArguments) {
  // Both call sites are visible: the argument is one of two stages.
  std::string source =
      (Twine("gpu.module @m {\n"
             "func.func private @f(%v: memref<64x64xf16, strided<[64, 1], "
             "offset: "
             "?>, ") +
       kWg +
       ">) {\n"
       "  \"test.view\"(%v) : (memref<64x64xf16, strided<[64, 1], offset: "
       "?>, " +
       kWg +
       ">) -> ()\n  return\n}\n"
       "gpu.func @k() workgroup(%a : memref<2x64x64xf16, " +
       kWg +
       ">) kernel {\n"
       "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
       "  %s0 = memref.subview %a[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : "
       "memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "  %s1 = memref.subview %a[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : "
       "memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, strided<[64, "
       "1], offset: ?>, " +
       kWg +
       ">\n"
       "  func.call @f(%s0) : (memref<64x64xf16, strided<[64, 1], offset: "
       "?>, " +
       kWg +
       ">) -> ()\n"
       "  func.call @f(%s1) : (memref<64x64xf16, strided<[64, 1], offset: "
       "?>, " +
       kWg + ">) -> ()\n  gpu.return\n}\n}")
          .str();
  SmemBuffer b = traceModule(source);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getAlignment(), 8192);
}

TEST_F(SmemBufferTest, CallResult) {
  // A device function returns stage 1 of its argument.
  std::string source =
      (Twine("gpu.module @m {\n"
             "func.func private @stage(%v: memref<2x64x64xf16, ") +
       kWg + ">) -> memref<64x64xf16, strided<[64, 1], offset: 4096>, " + kWg +
       "> {\n  %s = memref.subview %v[1, 0, 0] [1, 64, 64] [1, 1, 1] "
       ": memref<2x64x64xf16, " +
       kWg +
       "> to memref<64x64xf16, "
       "strided<[64, 1], offset: 4096>, " +
       kWg +
       ">\n  return %s : "
       "memref<64x64xf16, strided<[64, 1], offset: 4096>, " +
       kWg +
       ">\n}\n"
       "gpu.func @k() workgroup(%a : memref<2x64x64xf16, " +
       kWg +
       ">) kernel {\n  %r = func.call @stage(%a) : (memref<2x64x64xf16, " +
       kWg + ">) -> memref<64x64xf16, strided<[64, 1], offset: 4096>, " + kWg +
       ">\n  \"test.view\"(%r) : (memref<64x64xf16, strided<[64, 1], "
       "offset: 4096>, " +
       kWg + ">) -> ()\n  gpu.return\n}\n}")
          .str();
  SmemBuffer b = traceModule(source);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
}

TEST_F(SmemBufferTest, UncalledFunctionArgumentIsOpaque) {
  std::string source =
      (Twine("func.func @f(%v: memref<64xf32, strided<[1], offset: 8>, ") +
       kWg +
       ">) {\n  \"test.view\"(%v) : (memref<64xf32, strided<[1], "
       "offset: 8>, " +
       kWg + ">) -> ()\n  return\n}")
          .str();
  SmemBuffer b = traceModule(source);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Opaque});
  // Relative to the (assumed aligned) argument's pointer: 8 elements.
  EXPECT_EQ(b.byteOffset.getExact(), 32);
}

} // namespace
