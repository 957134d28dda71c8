//===- TestContiguity.cpp - remarks from the contiguity analysis ----------===//
//
// -test-asynccopy-contiguity prints what Analysis/Contiguity computes for
// every copy and prefetch as one remark, so lit tests can pin the chunk plan,
// the TMA plan and the cp.async / bulk verdicts of real IR.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::asynccopy;

/// Appends the chunk plan, TMA plan, cp.async width and bulk chunks.
static void describe(llvm::raw_ostream &os, const CopyLayout &layout,
                     int64_t swizzle, bool allowRuntimeChecks) {
  os << "contiguous dims " << layout.contiguousDims << ", chunk "
     << layout.chunkBytes << " B, chunks " << layout.numChunks << ", outer [";
  llvm::interleaveComma(layout.outerExtents, os);
  os << "], total " << layout.totalBytes << " B, start align "
     << layout.startAlignBytes << " B";

  std::string reason;
  os << " | tma: ";
  if (FailureOr<TmaPlan> plan =
          planTma(layout, swizzle, allowRuntimeChecks, &reason);
      succeeded(plan)) {
    os << "rank " << plan->rank() << ", box [";
    llvm::interleaveComma(plan->dims, os,
                          [&](const TmaDim &dim) { os << dim.box; });
    os << "], issues " << plan->issues.size() << ", bytes " << plan->totalBytes;
    if (plan->needsRuntimeCheck)
      os << ", runtime check";
  } else {
    os << "declined: " << reason;
  }

  os << " | cp.async: ";
  if (FailureOr<int64_t> vector = cpAsyncVectorBytes(layout, &reason);
      succeeded(vector))
    os << "vector " << *vector << " B";
  else
    os << "declined: " << reason;

  os << " | bulk: ";
  if (FailureOr<int64_t> chunks = bulkChunks(layout, &reason);
      succeeded(chunks))
    os << "chunks " << *chunks;
  else
    os << "declined: " << reason;
}

namespace {
struct TestContiguityPass
    : public PassWrapper<TestContiguityPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestContiguityPass)

  TestContiguityPass() = default;
  TestContiguityPass(const TestContiguityPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-asynccopy-contiguity"; }
  StringRef getDescription() const final {
    return "Emit the contiguity analysis of every asynccopy copy and prefetch "
           "as a remark";
  }

  Option<bool> allowRuntimeChecks{
      *this, "allow-runtime-checks",
      llvm::cl::desc("Plan TMA as for an explicit impl = tma (dynamic "
                     "strides and offsets are checked at launch)"),
      llvm::cl::init(false)};

  void runOnOperation() override {
    KnownDivisors divisors(getOperation());
    getOperation()->walk([&](Operation *op) {
      if (auto copy = dyn_cast<CopyOp>(op))
        report(copy, divisors);
      else if (auto prefetch = dyn_cast<PrefetchOp>(op))
        report(prefetch);
    });
  }

  void report(CopyOp op, const KnownDivisors &divisors) {
    Value gmem = op.getGmem();
    if (!gmem) {
      // Remote SMEM -> SMEM copies have no GMEM side to analyse.
      auto type = cast<MemRefType>(op.getSource().getType());
      int64_t bits = type.getElementTypeBitWidth() * type.getNumElements();
      op.emitRemark() << "SMEM -> SMEM copy of " << bits / 8
                      << " B: no GMEM layout";
      return;
    }
    FailureOr<CopyLayout> layout = computeCopyLayout(op, &divisors);
    if (failed(layout))
      return reportFailure(op, cast<MemRefType>(gmem.getType()),
                           op.getWindowSizes(), op.getTransformList());
    std::string text;
    llvm::raw_string_ostream os(text);
    describe(os, *layout, op.getSwizzleOrZero(), allowRuntimeChecks);
    op.emitRemark() << text;
  }

  void report(PrefetchOp op) {
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout))
      return reportFailure(op, op.getSource().getType(), op.getWindowSizes(),
                           op.getTransformList());
    std::string text;
    llvm::raw_string_ostream os(text);
    describe(os, *layout, op.getSwizzle().value_or(0), allowRuntimeChecks);
    op.emitRemark() << text;
  }

  /// The op overloads carry no message; the type-level call does.
  static void reportFailure(Operation *op, MemRefType gmemType,
                            ArrayRef<int64_t> window,
                            ArrayRef<GmemTransformAttrInterface> transforms) {
    std::string error;
    (void)computeCopyLayout(gmemType, window, transforms, &error);
    op->emitRemark() << "no layout: " << error;
  }
};

} // namespace

void mlir::asynccopy::test::registerTestContiguityPass() {
  PassRegistration<TestContiguityPass>();
}
