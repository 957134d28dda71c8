//===- SmemBufferTest.cpp - SMEM view tracing unit tests ------------------===//
//
// traceSmemBuffer on small kernels written in MLIR: the value under test is
// the operand of an unregistered `"test.view"` op, so each case reads like
// the IR a copy would see. In the sources `$WG` stands for the workgroup
// address space and `$STAGE` for the type of one stage of a 2x64x64xf16
// double buffer at a dynamic offset.
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

/// `source` with `$STAGE` and `$WG` spelled out.
std::string expand(StringRef source) {
  std::string text = source.str();
  auto replaceAll = [&](StringRef from, StringRef to) {
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to.str());
  };
  replaceAll("$STAGE", "memref<64x64xf16, strided<[64, 1], offset: ?>, $WG>");
  replaceAll("$WG", "#gpu.address_space<workgroup>");
  return text;
}

class SmemBufferTest : public ::testing::Test {
protected:
  SmemBufferTest() {
    ctx.loadDialect<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, gpu::GPUDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
    ctx.allowUnregisteredDialects();
  }

  /// Traces the operand of the `"test.view"` op in `body`, the body of a
  /// gpu.func with arguments %i: index, %c: i1 and workgroup attributions
  /// %a: 2x64x64xf16 and %raw: 4096xi8; `globals` go before the function.
  SmemBuffer traceIn(StringRef body, StringRef globals = "") {
    return traceModule(
        (Twine("gpu.module @m {\n") + globals +
         "gpu.func @k(%i: index, %c: i1) workgroup(%a : memref<2x64x64xf16, "
         "$WG>, %raw : memref<4096xi8, $WG>) kernel {\n" +
         body + "\ngpu.return\n}\n}")
            .str());
  }

  /// Traces the operand of the `"test.view"` op in the module `source`.
  SmemBuffer traceModule(StringRef source) {
    std::string text = expand(source);
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << "cannot parse:\n" << text;
    if (!module)
      return {};
    Value view;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "test.view")
        view = op->getOperand(0);
    });
    EXPECT_TRUE(view) << "no test.view op";
    traced = view;
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
  /// The view the last trace started from.
  Value traced;
};

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

TEST(KnownOffsetTest, Residues) {
  // A stage index times a stage of 9 KiB, plus 3 rows of 128 B: 384 modulo
  // the 1024-B swizzle atom, though not exact.
  KnownOffset stage = KnownOffset::unknown() * KnownOffset::exact(9216);
  KnownOffset view = stage + KnownOffset::exact(384);
  EXPECT_FALSE(view.getExact());
  EXPECT_EQ(view.getResidue(1024), 384);
  EXPECT_EQ(view.getModulus(), 1024);
  EXPECT_EQ(view.getAlignment(), 128);
  EXPECT_FALSE(view.getResidue(2048));
  EXPECT_TRUE(view.isMultipleOf(128));
  EXPECT_FALSE(view.isMultipleOf(256));
  // Negative exact values wrap like two's complement.
  EXPECT_EQ(KnownOffset::exact(-16).getResidue(64), 48);
  // Products keep the residue modulo what both factors pin down.
  KnownOffset odd = KnownOffset::residue(3, 8);
  EXPECT_EQ((odd * KnownOffset::exact(4)).getResidue(32), 12);
  EXPECT_FALSE((odd * KnownOffset::exact(4)).getResidue(64));
  EXPECT_EQ((odd * odd).getResidue(8), 1);
  // A join keeps the residue both sides agree on.
  KnownOffset a = KnownOffset::residue(384, 1024);
  EXPECT_EQ(a.join(KnownOffset::exact(384 + 4096)).getResidue(1024), 384);
  EXPECT_EQ(a.join(KnownOffset::exact(128)).getModulus(), 256);
  EXPECT_EQ(a.join(KnownOffset::exact(128)).getResidue(256), 128);
  EXPECT_EQ(a - a, KnownOffset::multipleOf(1024));
}

TEST_F(SmemBufferTest, Attribution) {
  SmemBuffer b =
      traceIn(R"mlir("test.view"(%a) : (memref<2x64x64xf16, $WG>) -> ())mlir");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getExact(), 0);
}

TEST_F(SmemBufferTest, StaticSubview) {
  SmemBuffer b = traceIn(R"mlir(
    %v = memref.subview %a[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>
    "test.view"(%v) : (memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
  EXPECT_TRUE(b.isAligned(1024));
  EXPECT_EQ(b.getByteRange(traced),
            std::make_pair(int64_t(8192), int64_t(16384)));
}

TEST_F(SmemBufferTest, ContiguousSubviewOneRowIn) {
  // Rows 1..8 of stage 0: contiguous, but 128 B into the allocation.
  SmemBuffer b = traceIn(R"mlir(
    %v = memref.subview %a[0, 1, 0] [1, 8, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to memref<8x64xf16, strided<[64, 1], offset: 64>, $WG>
    "test.view"(%v) : (memref<8x64xf16, strided<[64, 1], offset: 64>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getExact(), 128);
  EXPECT_TRUE(b.isAligned(128));
  EXPECT_FALSE(b.isAligned(1024));
  EXPECT_EQ(b.getByteRange(traced),
            std::make_pair(int64_t(128), int64_t(1152)));
}

TEST_F(SmemBufferTest, StridedColumnsByteRange) {
  // Columns 8..15 of stage 1: first element at 8192 + 16 B, last 63 rows
  // of 128 B further, 16 B wide.
  SmemBuffer b = traceIn(R"mlir(
    %v = memref.subview %a[1, 0, 8] [1, 64, 8] [1, 1, 1] : memref<2x64x64xf16, $WG> to memref<64x8xf16, strided<[64, 1], offset: 4104>, $WG>
    "test.view"(%v) : (memref<64x8xf16, strided<[64, 1], offset: 4104>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.getByteRange(traced),
            std::make_pair(int64_t(8208), int64_t(8208 + 63 * 128 + 16)));
}

TEST_F(SmemBufferTest, DynamicSubviewStage) {
  // Stage %i * 2 of the buffer: a multiple of 16384 B.
  SmemBuffer b = traceIn(R"mlir(
    %c2 = arith.constant 2 : index
    %s = arith.muli %i, %c2 : index
    %v = memref.subview %a[%s, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to $STAGE
    "test.view"(%v) : ($STAGE) -> ()
  )mlir");
  EXPECT_FALSE(b.byteOffset.getExact());
  EXPECT_EQ(b.byteOffset.getAlignment(), 16384);
  // A ring's stage at a dynamic index has no known byte range.
  EXPECT_FALSE(b.getByteRange(traced));
}

TEST_F(SmemBufferTest, DynamicSubviewUnknownColumn) {
  SmemBuffer b = traceIn(R"mlir(
    %v = memref.subview %a[0, 0, %i] [1, 64, 8] [1, 1, 1] : memref<2x64x64xf16, $WG> to memref<64x8xf16, strided<[64, 1], offset: ?>, $WG>
    "test.view"(%v) : (memref<64x8xf16, strided<[64, 1], offset: ?>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getAlignment(), 2);
  EXPECT_FALSE(b.isAligned(16));
}

TEST_F(SmemBufferTest, ByteView) {
  SmemBuffer b = traceIn(R"mlir(
    %c16 = arith.constant 16 : index
    %v = memref.view %raw[%c16][] : memref<4096xi8, $WG> to memref<32x16xf32, $WG>
    "test.view"(%v) : (memref<32x16xf32, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getExact(), 16);
  EXPECT_FALSE(b.isAligned(128));
}

TEST_F(SmemBufferTest, ViewOfSubviewOfView) {
  // view at 1024, then a subview at element 32 (128 B), then reshapes.
  SmemBuffer b = traceIn(R"mlir(
    %c1024 = arith.constant 1024 : index
    %v = memref.view %raw[%c1024][] : memref<4096xi8, $WG> to memref<8x64xf32, $WG>
    %s = memref.subview %v[0, 32] [8, 32] [1, 1] : memref<8x64xf32, $WG> to memref<8x32xf32, strided<[64, 1], offset: 32>, $WG>
    %e = memref.expand_shape %s [[0], [1, 2]] output_shape [8, 2, 16] : memref<8x32xf32, strided<[64, 1], offset: 32>, $WG> into memref<8x2x16xf32, strided<[64, 16, 1], offset: 32>, $WG>
    %k = memref.cast %e : memref<8x2x16xf32, strided<[64, 16, 1], offset: 32>, $WG> to memref<8x2x16xf32, strided<[64, 16, 1], offset: ?>, $WG>
    "test.view"(%k) : (memref<8x2x16xf32, strided<[64, 16, 1], offset: ?>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getExact(), 1024 + 128);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
}

TEST_F(SmemBufferTest, CollapseAndReinterpret) {
  SmemBuffer b = traceIn(R"mlir(
    %f = memref.collapse_shape %a [[0, 1, 2]] : memref<2x64x64xf16, $WG> into memref<8192xf16, $WG>
    %r = memref.reinterpret_cast %f to offset: [64], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, $WG> to memref<64x64xf16, strided<[64, 1], offset: 64>, $WG>
    "test.view"(%r) : (memref<64x64xf16, strided<[64, 1], offset: 64>, $WG>) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getExact(), 128);
}

/// The two stages %s0, %s1 of %a, at dynamic offsets.
constexpr StringLiteral kStages = R"mlir(
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s0 = memref.subview %a[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to $STAGE
    %s1 = memref.subview %a[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to $STAGE
)mlir";

TEST_F(SmemBufferTest, DoubleBufferIterArgs) {
  // Two stages swapped every iteration: one allocation, 8192-B steps.
  SmemBuffer b = traceIn((kStages + R"mlir(
    %r:2 = scf.for %j = %c0 to %i step %c1 iter_args(%cur = %s0, %next = %s1) -> ($STAGE, $STAGE) {
      "test.view"(%cur) : ($STAGE) -> ()
      scf.yield %next, %cur : $STAGE, $STAGE
    }
  )mlir")
                             .str());
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getAlignment(), 8192);
  EXPECT_TRUE(b.isAligned(1024));
}

TEST_F(SmemBufferTest, LoopCarriedShiftAccumulates) {
  // Each iteration moves the view 16 elements (32 B) on: from 0, 32, 64, ...
  // only 32-B alignment holds on every iteration.
  SmemBuffer b = traceIn(R"mlir(
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f = memref.collapse_shape %a [[0, 1, 2]] : memref<2x64x64xf16, $WG> into memref<8192xf16, $WG>
    %s0 = memref.subview %f[%c0] [%i] [1] : memref<8192xf16, $WG> to memref<?xf16, strided<[1], offset: ?>, $WG>
    %r = scf.for %j = %c0 to %i step %c1 iter_args(%cur = %s0) -> (memref<?xf16, strided<[1], offset: ?>, $WG>) {
      "test.view"(%cur) : (memref<?xf16, strided<[1], offset: ?>, $WG>) -> ()
      %n = memref.subview %cur[%c16] [%j] [1] : memref<?xf16, strided<[1], offset: ?>, $WG> to memref<?xf16, strided<[1], offset: ?>, $WG>
      scf.yield %n : memref<?xf16, strided<[1], offset: ?>, $WG>
    }
  )mlir");
  EXPECT_FALSE(b.byteOffset.getExact());
  EXPECT_EQ(b.byteOffset.getAlignment(), 32);
}

TEST_F(SmemBufferTest, IfResults) {
  // Stage 0, or stage 1 from column 32: 0 or (4096 + 32) * 2 B.
  SmemBuffer b = traceIn(R"mlir(
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %r = scf.if %c -> ($STAGE) {
      %s0 = memref.subview %a[%c0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to $STAGE
      scf.yield %s0 : $STAGE
    } else {
      %s1 = memref.subview %a[%c1, 0, %c32] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to $STAGE
      scf.yield %s1 : $STAGE
    }
    "test.view"(%r) : ($STAGE) -> ()
  )mlir");
  EXPECT_EQ(b.byteOffset.getAlignment(), 64);
}

TEST_F(SmemBufferTest, BranchBlockArguments) {
  SmemBuffer b = traceIn((kStages + R"mlir(
    cf.br ^bb1(%s1 : $STAGE)
  ^bb1(%b: $STAGE):
    "test.view"(%b) : ($STAGE) -> ()
  )mlir")
                             .str());
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
}

TEST_F(SmemBufferTest, Global) {
  SmemBuffer b =
      traceIn(R"mlir(
    %g = memref.get_global @g : memref<512xf32, $WG>
    "test.view"(%g) : (memref<512xf32, $WG>) -> ()
  )mlir",
              "memref.global \"private\" @g : memref<512xf32, $WG>\n");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Global});
  EXPECT_EQ(b.byteOffset.getExact(), 0);
}

TEST_F(SmemBufferTest, Alloca) {
  SmemBuffer b = traceIn(R"mlir(
    %l = memref.alloca() : memref<512xf32, $WG>
    "test.view"(%l) : (memref<512xf32, $WG>) -> ()
  )mlir");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Alloc});
}

TEST_F(SmemBufferTest, UnknownOpIsOpaque) {
  // A select between two buffers is not traced through.
  SmemBuffer b = traceIn(R"mlir(
    %l = memref.alloca() : memref<512xf32, $WG>
    %r = arith.select %c, %l, %l : memref<512xf32, $WG>
    "test.view"(%r) : (memref<512xf32, $WG>) -> ()
  )mlir");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Opaque});
}

TEST_F(SmemBufferTest, DeviceFunctionArguments) {
  // Both call sites are visible: the argument is one of two stages.
  SmemBuffer b = traceModule((R"mlir(
  gpu.module @m {
    func.func private @f(%v: $STAGE) {
      "test.view"(%v) : ($STAGE) -> ()
      return
    }
    gpu.func @k() workgroup(%a : memref<2x64x64xf16, $WG>) kernel {)mlir" +
                              kStages + R"mlir(
      func.call @f(%s0) : ($STAGE) -> ()
      func.call @f(%s1) : ($STAGE) -> ()
      gpu.return
    }
  })mlir")
                                 .str());
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getAlignment(), 8192);
}

TEST_F(SmemBufferTest, CallResult) {
  // A device function returns stage 1 of its argument.
  SmemBuffer b = traceModule(R"mlir(
  gpu.module @m {
    func.func private @stage(%v: memref<2x64x64xf16, $WG>) -> memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG> {
      %s = memref.subview %v[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, $WG> to memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>
      return %s : memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>
    }
    gpu.func @k() workgroup(%a : memref<2x64x64xf16, $WG>) kernel {
      %r = func.call @stage(%a) : (memref<2x64x64xf16, $WG>) -> memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>
      "test.view"(%r) : (memref<64x64xf16, strided<[64, 1], offset: 4096>, $WG>) -> ()
      gpu.return
    }
  })mlir");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::WorkgroupAttribution});
  EXPECT_EQ(b.byteOffset.getExact(), 8192);
}

TEST_F(SmemBufferTest, UncalledFunctionArgumentIsOpaque) {
  SmemBuffer b = traceModule(R"mlir(
  func.func @f(%v: memref<64xf32, strided<[1], offset: 8>, $WG>) {
    "test.view"(%v) : (memref<64xf32, strided<[1], offset: 8>, $WG>) -> ()
    return
  })mlir");
  EXPECT_EQ(kinds(b), std::vector<Kind>{Kind::Opaque});
  // Relative to the (assumed aligned) argument's pointer: 8 elements.
  EXPECT_EQ(b.byteOffset.getExact(), 32);
}

} // namespace
