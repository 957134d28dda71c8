//===- DivisibilityTest.cpp - divisibility dataflow unit tests ------------===//
//
// KnownDivisors on small functions: every "test.probe" op's operand is
// checked against the power of two the analysis must prove for it (through
// loop induction variables, iter_args, branches, arithmetic and casts).
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Analysis/Divisibility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

class DivisibilityTest : public ::testing::Test {
protected:
  DivisibilityTest() {
    ctx.loadDialect<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, gpu::GPUDialect, scf::SCFDialect>();
    ctx.allowUnregisteredDialects();
  }

  /// The divisors proven for the operands of the "test.probe" ops of
  /// `source`, in program order.
  SmallVector<int64_t> probe(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &ctx);
    EXPECT_TRUE(module) << "cannot parse:\n" << source.str();
    SmallVector<int64_t> divisors;
    if (!module)
      return divisors;
    KnownDivisors known(*module);
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "test.probe")
        divisors.push_back(known.divisor(op->getOperand(0)));
    });
    return divisors;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

TEST_F(DivisibilityTest, LoopInductionVariableWithAlignedStep) {
  // lb 0, step 64: every iv is a multiple of 64, so are sums with 128 and
  // the iv times 2 is one of 128; an offset by 4 drops to 4.
  EXPECT_EQ(probe(R"mlir(
    func.func @f(%n: index) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %n step %c64 {
        %a = arith.addi %i, %c128 : index
        %m = arith.muli %i, %c2 : index
        %o = arith.addi %i, %c4 : index
        "test.probe"(%i) : (index) -> ()
        "test.probe"(%a) : (index) -> ()
        "test.probe"(%m) : (index) -> ()
        "test.probe"(%o) : (index) -> ()
      }
      return
    })mlir"),
            (SmallVector<int64_t>{64, 64, 128, 4}));
}

TEST_F(DivisibilityTest, LoopBoundsComeFromComputedValues) {
  // The lower bound and the step are themselves products; an unknown lower
  // bound leaves the iv unknown.
  EXPECT_EQ(probe(R"mlir(
    func.func @f(%n: index, %x: index) {
      %c32 = arith.constant 32 : index
      %c3 = arith.constant 3 : index
      %lb = arith.muli %x, %c32 : index
      %step = arith.shli %c3, %c3 : index
      scf.for %i = %lb to %n step %step {
        "test.probe"(%i) : (index) -> ()
      }
      scf.for %j = %x to %n step %c32 {
        "test.probe"(%j) : (index) -> ()
      }
      return
    })mlir"),
            (SmallVector<int64_t>{8, 1}));
}

TEST_F(DivisibilityTest, IterArgIncrementedInTheLoop) {
  // Starts at 256, grows by 128: the fixpoint through the loop is 128, in
  // the body and for the loop's result. One more addition of 16 per
  // iteration lowers it to 16.
  EXPECT_EQ(probe(R"mlir(
    func.func @f(%n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %r:2 = scf.for %i = %c0 to %n step %c1
          iter_args(%acc = %c256, %odd = %c256) -> (index, index) {
        "test.probe"(%acc) : (index) -> ()
        %next = arith.addi %acc, %c128 : index
        %step = arith.addi %odd, %c16 : index
        scf.yield %next, %step : index, index
      }
      "test.probe"(%r#0) : (index) -> ()
      "test.probe"(%r#1) : (index) -> ()
      return
    })mlir"),
            (SmallVector<int64_t>{128, 128, 16}));
}

TEST_F(DivisibilityTest, UnknownValuesAndZero) {
  // Arguments and thread ids prove nothing; zero is divisible by anything;
  // thread ids times 8, cast to i32 and back, stay multiples of 8.
  EXPECT_EQ(probe(R"mlir(
    func.func @f(%x: index) {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %tid = gpu.thread_id x
      %t8 = arith.muli %tid, %c8 : index
      %t32 = arith.index_cast %t8 : index to i32
      %back = arith.index_cast %t32 : i32 to index
      "test.probe"(%x) : (index) -> ()
      "test.probe"(%tid) : (index) -> ()
      "test.probe"(%c0) : (index) -> ()
      "test.probe"(%back) : (index) -> ()
      return
    })mlir"),
            (SmallVector<int64_t>{1, 1, 0, 8}));
}

TEST_F(DivisibilityTest, BranchBlockArguments) {
  // A block argument joins what its predecessors pass: 32 and 96 give 32.
  EXPECT_EQ(probe(R"mlir(
    func.func @f(%cond: i1) {
      %c32 = arith.constant 32 : index
      %c96 = arith.constant 96 : index
      cf.cond_br %cond, ^a, ^b
    ^a:
      cf.br ^join(%c32 : index)
    ^b:
      cf.br ^join(%c96 : index)
    ^join(%v: index):
      "test.probe"(%v) : (index) -> ()
      return
    })mlir"),
            (SmallVector<int64_t>{32}));
}

} // namespace
