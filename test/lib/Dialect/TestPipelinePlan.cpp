//===- TestPipelinePlan.cpp - the pipeliner's plans, and its entry point --===//
//
// -test-asynccopy-pipeline-plan prints the plan of every loop the pipeliner
// would look at (those marked `asynccopy.pipeline_stages`, or all with
// `stages=N`), or why it would leave the loop alone, without changing it;
// with `apply`, it pipelines each of them through the C++ entry point
// alone (asynccopy/Dialect/AsyncCopy/Transforms/PipelineLoops.h), and, as
// the pass, drops the markers of a loop it leaves, with a remark.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "asynccopy/Dialect/AsyncCopy/Transforms/PipelineLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::asynccopy;

namespace {
struct TestPipelinePlanPass
    : public PassWrapper<TestPipelinePlanPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPipelinePlanPass)

  TestPipelinePlanPass() = default;
  TestPipelinePlanPass(const TestPipelinePlanPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-asynccopy-pipeline-plan"; }
  StringRef getDescription() const final {
    return "Print the pipelining plan of every marked scf.for (or pipeline "
           "each through pipelineLoop, with `apply`)";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<AsyncCopyDialect, arith::ArithDialect, gpu::GPUDialect,
                memref::MemRefDialect, NVVM::NVVMDialect, scf::SCFDialect>();
  }

  Option<int64_t> stages{
      *this, "stages",
      llvm::cl::desc("Plan every loop with this many stages (0: the loops "
                     "marked `asynccopy.pipeline_stages`, with theirs)"),
      llvm::cl::init(0)};
  Option<bool> apply{
      *this, "apply",
      llvm::cl::desc("Pipeline each loop with pipelineLoop instead of "
                     "printing its plan"),
      llvm::cl::init(false)};

  void runOnOperation() override {
    auto marker = AsyncCopyDialect::PipelineStagesAttrHelper(&getContext());
    // Innermost loops first, as the pass.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (stages || marker.isAttrPresent(loop))
        loops.push_back(loop);
    });
    PipelineLoopOptions options;
    options.stages = stages;
    DenseMap<Operation *, unsigned> numbered;
    for (scf::ForOp loop : loops) {
      std::string why;
      if (apply) {
        if (succeeded(pipelineLoop(loop, options, why)))
          continue;
        if (why.empty())
          return signalPassFailure();
        // As the pass does.
        loop.emitRemark("not pipelined: ") << why;
        for (StringRef name :
             {AsyncCopyDialect::PipelineStagesAttrHelper::getNameStr(),
              AsyncCopyDialect::PipelineDynamicScheduleAttrHelper::getNameStr(),
              AsyncCopyDialect::PipelineAsyncConsumerAttrHelper::getNameStr(),
              AsyncCopyDialect::PipelineWarpSpecializeAttrHelper::getNameStr()})
          loop->removeAttr(name);
        continue;
      }
      auto function = loop->getParentOfType<FunctionOpInterface>();
      llvm::outs() << "loop " << numbered[function]++ << " in @"
                   << (function ? function.getName() : "?") << ":";
      FailureOr<PipelinePlan> plan = planPipelineLoop(loop, options, why);
      if (failed(plan)) {
        llvm::outs() << " not pipelined: " << why << "\n";
        continue;
      }
      llvm::outs() << "\n";
      plan->print(llvm::outs());
    }
    llvm::outs().flush();
  }
};
} // namespace

void mlir::asynccopy::test::registerTestPipelinePlanPass() {
  PassRegistration<TestPipelinePlanPass>();
}
