//===- Pipelines.cpp - asynccopy lowering pipelines -----------------------===//

#include "asynccopy/Pipelines/Pipelines.h"

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"
#include "asynccopy/Utils/NVPTXTargets.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <atomic>

using namespace mlir;
using namespace mlir::asynccopy;

void mlir::asynccopy::buildAsyncCopyOutliningPipeline(
    OpPassManager &pm, const AsyncCopyPipelineOptions &options) {
  // Before outlining: a TMA load and the host's tensor map it raises from
  // are then in one function, and a workgroup buffer promoted in the host
  // becomes the launch's attribution, not a kernel parameter.
  if (options.raiseUpstream) {
    AsyncCopyRaiseUpstreamOptions raising;
    raising.chip = options.chip;
    pm.addPass(createAsyncCopyRaiseUpstream(raising));
  }
  // What is not raised keeps its upstream meaning: device copies become
  // per-thread loops, nvgpu (tensor maps created on the host, mbarriers,
  // TMA, warpgroup MMAs) lowers before outlining as upstream's
  // gpu-lower-to-nvvm-pipeline lowers it, so kernels take lowered tensor
  // maps.
  pm.addPass(createAsyncCopyLowerUnraisedUpstream());
  // gpu.launch bodies become kernels in gpu.modules, which everything below
  // compiles (they would otherwise stay in host code, half converted).
  pm.addPass(createGpuKernelOutliningPass());
}

/// Device side: the outlining pipeline, selection, tensor maps, our
/// conversion, then the upstream GPU -> NVVM lowering inside every
/// gpu.module.
static void buildDevicePipeline(OpPassManager &pm,
                                const AsyncCopyPipelineOptions &options) {
  buildAsyncCopyOutliningPipeline(pm, options);
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features.empty()
                        ? nvptx::defaultFeatures(options.chip)
                        : options.features.getValue();
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));

  AsyncCopyPipelineLoopsOptions pipelining;
  pipelining.stages = options.stages;
  pipelining.runtimeCounters = options.runtimeCounters;
  pipelining.explain = options.explain;
  pm.addPass(createAsyncCopyPipelineLoops(pipelining));
  AsyncCopySelectImplementationOptions selection;
  selection.explain = options.explain;
  selection.fallbacks = options.fallbacks;
  pm.addPass(createAsyncCopySelectImplementation(selection));
  pm.addPass(createAsyncCopyPartitionCollective());
  AsyncCopyMaterializeTMADescriptorsOptions descriptors;
  descriptors.descriptorMode = options.descriptorMode;
  pm.addPass(createAsyncCopyMaterializeTMADescriptors(descriptors));
  if (options.explain)
    pm.addPass(createAsyncCopyReport());
  pm.addPass(createAsyncCopyAssignWaitGroups());
  // On the mechanism ops with their resolved waits, guards and fences.
  if (options.checkSynchronization)
    pm.addPass(createAsyncCopyCheckSynchronization());
  pm.addPass(createConvertAsyncCopyToNVVM());
  pm.addPass(createAsyncCopyMergeIssueRegions());
  AsyncCopyPackSharedMemoryOptions smem;
  smem.mode = options.dynamicSmem;
  pm.addPass(createAsyncCopyPackSharedMemory(smem));
  pm.addPass(createAsyncCopyCheckStaticSharedMemory());

  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  // Vector transfers become loops, as in upstream's pipeline.
  gpuPm.addPass(createConvertVectorToSCFPass());
  // Views (subview, collapse/expand_shape) become strided metadata first;
  // dynamic offsets and strides come out as affine.apply.
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  gpuPm.addPass(createLowerAffinePass());
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createConvertNVGPUToNVVMPass());
  gpuPm.addPass(createConvertGpuOpsToNVVMOps());
  gpuPm.addPass(LLVM::createNVVMOptimizeForTargetPass());
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createAsyncCopyFinalizeDescriptorParams());
  // Host side of the tensor maps: the encode ops before the launches become
  // runtime calls, at memref level, so that the host lowering that follows
  // (asynccopy-to-llvm's or the user's) finishes them.
  pm.addPass(createConvertAsyncCopyHostToLLVM());
}

/// Host side: launches become runtime calls, then the GPU modules become
/// binaries embedded in the host module.
static void buildHostPipeline(OpPassManager &pm,
                              const AsyncCopyPipelineOptions &options) {
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createGpuToLLVMConversionPass());
  // Host math (upstream's pipeline lowers it too); device math is part of
  // the GPU -> NVVM lowering.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createAsyncCopyFinalizeHostLaunches());
  pm.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

namespace {
/// Runs a module pipeline on every container module (`gpu.container_module`)
/// nested in the module it runs on, innermost first, then on that module
/// itself. The upstream passes the pipelines use (nvvm-attach-target, the
/// gpu.module nesting, gpu-to-llvm, gpu-module-to-binary) only see the
/// gpu.modules and launches directly inside the module they run on, so a
/// compiler that nests its container modules would otherwise get them half
/// lowered. It prints as the pipeline it runs (name and options), so dumped
/// pipelines and crash reproducers parse back to it.
class ForEachContainerModule
    : public PassWrapper<ForEachContainerModule, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ForEachContainerModule)

  ForEachContainerModule(StringRef name,
                         const AsyncCopyPipelineOptions &options,
                         OpPassManager pipeline)
      : name(name.str()), pipeline(std::move(pipeline)) {
    // The pass's options take the pipeline's values as the pipeline prints
    // them, which is how they will print.
    std::string text;
    llvm::raw_string_ostream os(text);
    options.print(os);
    StringRef values = StringRef(text).drop_front().drop_back(); // {...}
    LogicalResult copied =
        initializeOptions(values, [](const Twine &) { return failure(); });
    assert(succeeded(copied) && "the pipeline's options did not parse back");
    (void)copied;
  }
  ForEachContainerModule(const ForEachContainerModule &other)
      : PassWrapper(other), name(other.name), pipeline(other.pipeline) {}

  StringRef getArgument() const override { return name; }
  StringRef getName() const override { return "ForEachContainerModule"; }
  StringRef getDescription() const override {
    return "Runs an asynccopy pipeline on every container module";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    pipeline.getDependentDialects(registry);
  }

  void runOnOperation() override {
    // Some upstream passes report an error without failing (gpu-to-llvm on a
    // memory space it cannot convert): the pipeline fails on any error.
    std::atomic<bool> sawError = false;
    ScopedDiagnosticHandler errors(&getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        sawError = true;
      return failure(); // Let the next handler report it.
    });
    if (failed(checkDeviceCode()) || failed(runOnContainerModules()) ||
        sawError)
      signalPassFailure();
  }

private:
  /// The pipelines compile device code. Outside container modules the
  /// verifier lets asynccopy ops stand in any function (pass-level tests use
  /// that), but nothing would lower the GPU ops such a function gets.
  LogicalResult checkDeviceCode() {
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (!isa<AsyncCopyDialect>(op->getDialect()) ||
          op->getParentOfType<gpu::GPUModuleOp>() ||
          op->getParentOfType<gpu::LaunchOp>())
        return WalkResult::advance();
      InFlightDiagnostic diag = op->emitOpError("is in ");
      if (auto func = op->getParentOfType<FunctionOpInterface>())
        diag << "host function @" << func.getName();
      else
        diag << "'" << op->getParentOp()->getName() << "'";
      diag << ", but the asynccopy pipelines compile only device code: move "
              "it into a kernel or device function of a gpu.module, or into "
              "a gpu.launch body";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult runOnContainerModules() {
    ModuleOp top = getOperation();
    SmallVector<ModuleOp> nested;
    top->walk<WalkOrder::PostOrder>([&](ModuleOp module) {
      if (module != top &&
          module->hasAttr(gpu::GPUDialect::getContainerModuleAttrName()))
        nested.push_back(module);
    });
    for (ModuleOp module : nested)
      if (failed(runPipeline(pipeline, module)))
        return failure();
    return runPipeline(pipeline, top);
  }

  /// The pipeline's options, for printing only.
  AsyncCopyPipelineOptionList<Pass, Pass::Option> printedOptions{*this};

  std::string name;
  OpPassManager pipeline;
};
} // namespace

/// Adds `build`'s pipeline to `pm` so that it runs on every container
/// module; `name` is the registered pipeline's.
static void addForEachContainerModule(
    OpPassManager &pm, StringRef name, const AsyncCopyPipelineOptions &options,
    function_ref<void(OpPassManager &, const AsyncCopyPipelineOptions &)>
        build) {
  OpPassManager pipeline(ModuleOp::getOperationName());
  build(pipeline, options);
  pm.addPass(std::make_unique<ForEachContainerModule>(name, options,
                                                      std::move(pipeline)));
}

void mlir::asynccopy::buildAsyncCopyToNVVMPipeline(
    OpPassManager &pm, const AsyncCopyPipelineOptions &options) {
  addForEachContainerModule(pm, "asynccopy-to-nvvm", options,
                            buildDevicePipeline);
}

void mlir::asynccopy::buildAsyncCopyToLLVMPipeline(
    OpPassManager &pm, const AsyncCopyPipelineOptions &options) {
  addForEachContainerModule(
      pm, "asynccopy-to-llvm", options,
      [](OpPassManager &pm, const AsyncCopyPipelineOptions &options) {
        buildDevicePipeline(pm, options);
        buildHostPipeline(pm, options);
      });
}

LogicalResult mlir::asynccopy::verifyAsyncCopyPipelineOptions(
    const AsyncCopyPipelineOptions &options,
    function_ref<void(const Twine &)> emitError) {
  if (std::optional<std::string> problem = nvptx::checkChip(options.chip)) {
    emitError("chip '" + options.chip + "' " + *problem);
    return failure();
  }
  if (!options.features.empty()) {
    if (std::optional<std::string> problem =
            nvptx::checkFeatures(options.chip, options.features)) {
      emitError("features '" + options.features + "' " + *problem);
      return failure();
    }
  }
  if (options.optLevel < 0 || options.optLevel > 3) {
    emitError("opt-level must be 0, 1, 2 or 3, got " + Twine(options.optLevel));
    return failure();
  }
  if (options.stages < 0) {
    emitError("stages must be 0 (only loops marked "
              "asynccopy.pipeline_stages) or more, got " +
              Twine(options.stages));
    return failure();
  }
  if (!llvm::is_contained({"warn", "error", "silent"}, options.fallbacks)) {
    emitError("fallbacks must be `warn`, `error` or `silent`, got `" +
              options.fallbacks + "`");
    return failure();
  }
  if (!llvm::is_contained({"isa", "bin", "fatbin"}, options.format)) {
    emitError("format must be `isa` (PTX), `bin` (cubin) or `fatbin`, got `" +
              options.format + "`");
    return failure();
  }
  return success();
}

/// Registers `name` so that bad options fail the pipeline's construction
/// with a message instead of reaching the passes.
static void registerPipeline(StringRef name, StringRef description,
                             void (*build)(OpPassManager &,
                                           const AsyncCopyPipelineOptions &)) {
  registerPassPipeline(
      name, description,
      [=](OpPassManager &pm, StringRef text,
          function_ref<LogicalResult(const Twine &)> errorHandler) {
        AsyncCopyPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string message;
        if (failed(verifyAsyncCopyPipelineOptions(
                options, [&](const Twine &msg) { message = msg.str(); }))) {
          (void)errorHandler(name + ": " + message);
          return failure();
        }
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(AsyncCopyPipelineOptions());
      });
}

void mlir::asynccopy::registerAsyncCopyPipelines() {
  registerPipeline("asynccopy-to-nvvm",
                   "Lowers asynccopy kernels to NVVM: implementation "
                   "selection, tensor maps, asynccopy -> NVVM, GPU -> NVVM",
                   buildAsyncCopyToNVVMPipeline);
  registerPipeline("asynccopy-to-llvm",
                   "asynccopy-to-nvvm, then the host lowering and GPU module "
                   "serialisation (format=isa|bin|fatbin)",
                   buildAsyncCopyToLLVMPipeline);
}
