//===- Pipelines.h - asynccopy lowering pipelines ---------------*- C++ -*-===//
//
// `asynccopy-to-nvvm`: implementation selection, tensor-map materialisation,
// the asynccopy -> NVVM conversion and the upstream GPU -> NVVM lowering of
// every gpu.module. `asynccopy-to-llvm`: the same, then the host lowering and
// serialisation of the GPU modules (PTX with format=isa, cubin with bin).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_PIPELINES_PIPELINES_H
#define ASYNCCOPY_PIPELINES_PIPELINES_H

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::asynccopy {

/// The options of both pipelines, declared once for the two things that hold
/// them: AsyncCopyPipelineOptions, from which the pipelines are built, and
/// the pass that runs a pipeline (Pipelines.cpp), which prints them so that
/// dumped pipelines and crash reproducers parse back. `Owner` is what they
/// register with (a PassOptions or a Pass), `OptionT` its option template.
/// An option is declared here only; ac-opt, the C API and the Python
/// package (which passes its keywords through) take it from here.
template <typename Owner, template <typename...> class OptionT>
class AsyncCopyPipelineOptionList {
public:
  explicit AsyncCopyPipelineOptionList(Owner &owner) : owner(owner) {}

private:
  /// Declared before the options, which register with it.
  Owner &owner;

public:
  OptionT<std::string> chip{owner, "chip",
                            llvm::cl::desc("Target GPU (sm_90a, sm_80, ...)"),
                            llvm::cl::init("sm_90a")};
  OptionT<std::string> features{
      owner, "features",
      llvm::cl::desc("Target features: the PTX version (+ptx<N>); by default "
                     "the lowest that the chip and the lowering accept "
                     "(+ptx81 or newer)")};
  OptionT<int> optLevel{owner, "opt-level",
                        llvm::cl::desc("Optimisation level of the NVPTX "
                                       "back end (0-3)"),
                        llvm::cl::init(2)};
  OptionT<DescriptorMode> descriptorMode{
      owner, "descriptor-mode",
      llvm::cl::desc("Where TMA tensor maps live: param or scratch"),
      llvm::cl::init(DescriptorMode::param), descriptorModeValues()};
  OptionT<DynamicSmemMode> dynamicSmem{
      owner, "dynamic-smem",
      llvm::cl::desc("Which kernels keep their SMEM buffers in dynamic shared "
                     "memory: auto (those over 48 KiB), "
                     "always or never"),
      llvm::cl::init(DynamicSmemMode::automatic), dynamicSmemModeValues()};
  OptionT<int64_t> stages{
      owner, "stages",
      llvm::cl::desc(
          "Software-pipeline every loop that qualifies with this "
          "many stages (asynccopy-pipeline-loops); 0: only loops marked "
          "asynccopy.pipeline_stages"),
      llvm::cl::init(0)};
  OptionT<bool> runtimeCounters{
      owner, "runtime-counters",
      llvm::cl::desc("A runtime launches the kernels (the C API and Python "
                     "package set this): dynamic schedules list their "
                     "counters in asynccopy.launch_counters for its launcher "
                     "to pass, and need not find the kernel's launches in "
                     "the module"),
      llvm::cl::init(false)};
  OptionT<std::string> format{
      owner, "format",
      llvm::cl::desc("GPU binary format of asynccopy-to-llvm: isa (PTX), bin "
                     "(cubin) or fatbin"),
      llvm::cl::init("bin")};
  OptionT<bool> explain{
      owner, "explain",
      llvm::cl::desc("Explain the lowering: the implementation selection's "
                     "remarks (one per candidate of every copy) and "
                     "asynccopy-report's line per copy and prefetch"),
      llvm::cl::init(false)};
  OptionT<std::string> fallbacks{
      owner, "fallbacks",
      llvm::cl::desc("What a copy that asks for TMA's features (swizzle, "
                     "tile or transpose, multicast, reduction) and falls back "
                     "to a per-thread path gets: warn (a warning with the "
                     "reason), error or silent"),
      llvm::cl::init("warn")};
  OptionT<bool> checkSynchronization{
      owner, "check-synchronization",
      llvm::cl::desc("Run asynccopy-check-synchronization: errors for "
                     "barriers and copies that would hang or race"),
      llvm::cl::init(true)};
  OptionT<bool> raiseUpstream{
      owner, "raise-upstream",
      llvm::cl::desc("Run asynccopy-raise-upstream first: memref.copy, "
                     "linalg.copy and nvgpu copies in kernels become "
                     "asynccopy copies"),
      llvm::cl::init(true)};
};

/// The options the pipelines are built from (`asynccopy-to-nvvm{...}`).
struct AsyncCopyPipelineOptions
    : public PassPipelineOptions<AsyncCopyPipelineOptions>,
      public AsyncCopyPipelineOptionList<mlir::detail::PassOptions,
                                         mlir::detail::PassOptions::Option> {
  AsyncCopyPipelineOptions()
      : AsyncCopyPipelineOptionList(
            static_cast<mlir::detail::PassOptions &>(*this)) {}
};

/// Checks the options the pipelines pass on to LLVM and MLIR passes that
/// would abort or silently ignore bad values (a chip the NVPTX back end does
/// not know, a PTX version too old for the chip, an opt level or binary
/// format, a negative number of stages); reports the first problem through
/// `emitError`.
LogicalResult
verifyAsyncCopyPipelineOptions(const AsyncCopyPipelineOptions &options,
                               function_ref<void(const Twine &)> emitError);

/// Adds the start of asynccopy-to-nvvm to `pm` (a pass manager on
/// builtin.module): asynccopy-raise-upstream (option `raise-upstream`),
/// upstream's nvgpu lowering of what was not raised, gpu-kernel-outlining.
/// For embedders that read the outlined kernels before lowering them (the C
/// API): running asynccopy-to-nvvm on its output, with `raise-upstream`
/// false, gives what asynccopy-to-nvvm gives on its input.
void buildAsyncCopyOutliningPipeline(OpPassManager &pm,
                                     const AsyncCopyPipelineOptions &options);

/// Adds asynccopy-to-nvvm to `pm` (a pass manager on builtin.module). The
/// options must pass verifyAsyncCopyPipelineOptions.
void buildAsyncCopyToNVVMPipeline(OpPassManager &pm,
                                  const AsyncCopyPipelineOptions &options);

/// Adds asynccopy-to-llvm to `pm` (a pass manager on builtin.module). The
/// options must pass verifyAsyncCopyPipelineOptions.
void buildAsyncCopyToLLVMPipeline(OpPassManager &pm,
                                  const AsyncCopyPipelineOptions &options);

/// Registers both pipelines with the pass registry.
void registerAsyncCopyPipelines();

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_PIPELINES_PIPELINES_H
