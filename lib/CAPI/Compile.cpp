//===- Compile.cpp - asynccopy compiler C API -----------------------------===//
//
// acCompile: parse, raise and outline, asynccopy-to-nvvm, gpu-module-to-binary
// (format=isa) in one MLIRContext, collecting every diagnostic. The kernel
// metadata a launcher needs is read at two points: the kernels' arguments as
// written (memref types are gone once the kernels are LLVM functions) and,
// after the pipeline, the lowered parameters and tensor maps (the
// serialisation that follows keeps only the PTX).
//
//===----------------------------------------------------------------------===//

#include "asynccopy-c/Compile.h"

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"
#include "asynccopy/InitAll.h"
#include "asynccopy/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace mlir;

struct acCompilation {
  bool succeeded = false;
  std::string ptx;
  std::string metadata = "{}";
  std::vector<std::string> diagnostics;
  std::vector<std::string> remarks;
};

namespace {

/// A dimension, size or stride: null when dynamic.
llvm::json::Value staticOrNull(int64_t value) {
  if (ShapedType::isDynamic(value))
    return nullptr;
  return value;
}

/// How `value` (a type or attribute) prints.
template <typename T> std::string printed(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return text;
}

/// The kernel's arguments as written: memrefs (the lowering expands each
/// into allocated pointer, aligned pointer, offset, sizes, strides) and
/// scalars.
llvm::json::Array describeArguments(gpu::GPUFuncOp kernel) {
  llvm::json::Array args;
  for (Type type : kernel.getArgumentTypes()) {
    if (auto memref = dyn_cast<MemRefType>(type)) {
      SmallVector<int64_t> strides;
      int64_t offset = 0;
      llvm::json::Object arg{{"kind", "memref"},
                             {"element_type", printed(memref.getElementType())},
                             {"shape", llvm::json::Array(llvm::map_range(
                                           memref.getShape(), staticOrNull))}};
      // A layout without strides (not an upstream case) is left to the
      // caller's tensor.
      if (succeeded(memref.getStridesAndOffset(strides, offset))) {
        arg["strides"] =
            llvm::json::Array(llvm::map_range(strides, staticOrNull));
        arg["offset"] = staticOrNull(offset);
      }
      if (auto space = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace()))
        arg["memory_space"] = space.getInt();
      else if (Attribute space = memref.getMemorySpace())
        arg["memory_space"] = printed(space);
      args.push_back(std::move(arg));
      continue;
    }
    args.push_back(
        llvm::json::Object{{"kind", "scalar"}, {"type", printed(type)}});
  }
  return args;
}

/// The lowered kernel's parameters: LLVM type and size in bytes (tensor maps
/// passed by value are 128-B `tensor_map` parameters).
llvm::json::Array describeParameters(LLVM::LLVMFuncOp kernel) {
  llvm::json::Array params;
  for (auto [index, type] :
       llvm::enumerate(kernel.getFunctionType().getParams())) {
    if (auto byval = kernel.getArgAttrOfType<TypeAttr>(
            index, LLVM::LLVMDialect::getByValAttrName())) {
      auto array = cast<LLVM::LLVMArrayType>(byval.getValue());
      params.push_back(llvm::json::Object{
          {"type", "tensor_map"},
          {"bytes", static_cast<int64_t>(
                        array.getNumElements() *
                        array.getElementType().getIntOrFloatBitWidth() / 8)}});
      continue;
    }
    int64_t bytes = isa<LLVM::LLVMPointerType>(type)
                        ? 8
                        : llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
    params.push_back(
        llvm::json::Object{{"type", printed(type)}, {"bytes", bytes}});
  }
  return params;
}

/// `asynccopy.tma_descriptors` of a lowered kernel, as JSON.
llvm::json::Array describeTensorMaps(LLVM::LLVMFuncOp kernel) {
  llvm::json::Array maps;
  ArrayAttr list =
      asynccopy::AsyncCopyDialect::TmaDescriptorsAttrHelper(kernel.getContext())
          .getAttr(kernel);
  if (!list)
    return maps;
  for (auto map : list.getAsRange<asynccopy::TensorMapAttr>()) {
    auto extents = [](ArrayRef<int64_t> values) {
      return llvm::json::Array(llvm::map_range(values, staticOrNull));
    };
    llvm::json::Object object{
        {"arg", map.getArg()},
        {"element_type", printed(map.getElementType())},
        {"map_type", map.getMapType()},
        {"dims", extents(map.getDims())},
        {"strides", extents(map.getStrides())},
        {"box", extents(map.getBox())},
        {"identity_view", map.getIdentityView()},
        {"swizzle", map.getSwizzle()},
        {"oob", asynccopy::stringifyOOBMode(map.getOob()).str()},
        {"cache", asynccopy::stringifyCacheHint(map.getCache()).str()}};
    if (!map.getExtentDims().empty())
      object["extent_dims"] = llvm::json::Array(map.getExtentDims());
    if (map.getPeer())
      object["peer"] = true;
    if (map.getFallback())
      object["fallback"] = true;
    maps.push_back(std::move(object));
  }
  return maps;
}

/// An optional `array<i32: x, y, z>` kernel attribute.
llvm::json::Value dims(Operation *kernel, StringRef name) {
  auto value = kernel->getAttrOfType<DenseI32ArrayAttr>(name);
  if (!value)
    return nullptr;
  return llvm::json::Array(value.asArrayRef());
}

/// Parses the pipeline's options from `text`; on failure, `message` is what
/// the option parser said. llvm::cl reports a bad value (`descriptor-mode=
/// global`) on stderr rather than on the stream parseFromString is given, so
/// stderr (fd 2) goes to a temporary file while it parses. The message comes
/// without the program name (empty in a library) or the parser's name that
/// llvm::cl puts in front: "for the --descriptor-mode option: Cannot find
/// option named 'global'!", "no such option foo".
LogicalResult parseOptions(asynccopy::AsyncCopyPipelineOptions &options,
                           StringRef text, std::string &message) {
  std::string streamed;
  llvm::raw_string_ostream stream(streamed);
  llvm::errs().flush();
  std::fflush(stderr);
  FILE *captured = std::tmpfile();
  int savedStderr = captured ? dup(STDERR_FILENO) : -1;
  bool redirected =
      savedStderr >= 0 && dup2(fileno(captured), STDERR_FILENO) >= 0;
  LogicalResult parsed = options.parseFromString(text, stream);
  llvm::errs().flush();
  std::string written;
  if (redirected) {
    dup2(savedStderr, STDERR_FILENO);
    std::rewind(captured);
    char buffer[512];
    for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), captured));)
      written.append(buffer, n);
  }
  if (savedStderr >= 0)
    close(savedStderr);
  if (captured)
    std::fclose(captured);
  if (succeeded(parsed)) {
    // Whatever else was written meanwhile goes where it was meant to.
    std::fwrite(written.data(), 1, written.size(), stderr);
    return success();
  }
  StringRef said = StringRef(streamed).trim();
  if (said.empty())
    said = StringRef(written).trim();
  for (StringRef prefix : {"<Pass-Options-Parser>: ", ": "})
    if (said.consume_front(prefix))
      break;
  message = said.str();
  return failure();
}

/// Prints one diagnostic (with its source line and notes) where it is told.
struct DiagnosticPrinter : SourceMgrDiagnosticHandler {
  using SourceMgrDiagnosticHandler::emitDiagnostic;
  using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
};

class Compiler {
public:
  Compiler(acCompilation &result, StringRef source, StringRef sourceName)
      : result(result), context(registry(), MLIRContext::Threading::DISABLED),
        printer(sourceMgr, &context, stream),
        handler(&context, [this](Diagnostic &diag) { record(diag); }) {
    // Diagnostics name the source line, not the op as the pass saw it.
    context.printOpOnDiagnostic(false);
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), SMLoc());
  }

  void run(StringRef optionsText) {
    asynccopy::AsyncCopyPipelineOptions options;
    std::string parseError;
    if (failed(parseOptions(options, optionsText, parseError)))
      return error("invalid options '" + optionsText.str() +
                   "': " + parseError);
    std::string problem;
    if (failed(asynccopy::verifyAsyncCopyPipelineOptions(
            options, [&](const Twine &message) { problem = message.str(); })))
      return error(problem);
    // The caller's runtime launches the kernels, whatever launches the
    // module's host code has: it passes their counters.
    options.runtimeCounters = true;

    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
    if (!module)
      return;
    // The pipeline's start first (raising, the unraised ops' lowering,
    // outlining), as ac-opt runs it, so gpu.launch bodies are kernels whose
    // arguments can be described; the rest of the pipeline then finds
    // nothing left to raise or outline.
    PassManager outline(&context);
    asynccopy::buildAsyncCopyOutliningPipeline(outline, options);
    if (failed(outline.run(*module)))
      return failIfSilent();
    options.raiseUpstream = false;
    FailureOr<gpu::GPUModuleOp> gpuModule = findKernelModule(*module);
    if (failed(gpuModule))
      return;
    // The pipeline lowers the gpu.module in place; serialisation replaces it
    // by a gpu.binary of the same name in the same symbol table.
    StringAttr moduleName = gpuModule->getNameAttr();
    Operation *symbolTable = (*gpuModule)->getParentOp();
    llvm::json::Object kernels;
    gpuModule->walk([&](gpu::GPUFuncOp kernel) {
      if (kernel.isKernel())
        kernels[kernel.getName()] = llvm::json::Object{
            {"args", describeArguments(kernel)},
            {"known_block_size", dims(kernel, "known_block_size")},
            {"known_cluster_size", dims(kernel, "known_cluster_size")}};
    });

    PassManager lower(&context);
    asynccopy::buildAsyncCopyToNVVMPipeline(lower, options);
    if (failed(lower.run(*module)))
      return failIfSilent();
    for (auto &[name, entry] : kernels) {
      auto kernel = gpuModule->lookupSymbol<LLVM::LLVMFuncOp>(name);
      llvm::json::Object &object = *entry.getAsObject();
      object["params"] = describeParameters(kernel);
      object["tensor_maps"] = describeTensorMaps(kernel);
      // The block it launches with: a producer warpgroup grows it.
      object["known_block_size"] = dims(kernel, "gpu.known_block_size");
      if (asynccopy::DescriptorModeAttr mode =
              asynccopy::AsyncCopyDialect::DescriptorModeAttrHelper(
                  kernel.getContext())
                  .getAttr(kernel))
        object["descriptor_mode"] =
            asynccopy::stringifyDescriptorMode(mode.getValue());
      else
        object["descriptor_mode"] = nullptr;
      IntegerAttr smem =
          asynccopy::AsyncCopyDialect::DynamicSmemBytesAttrHelper(
              kernel.getContext())
              .getAttr(kernel);
      object["dynamic_smem_bytes"] = smem ? smem.getInt() : 0;
      llvm::json::Array counters;
      if (ArrayAttr list =
              asynccopy::AsyncCopyDialect::LaunchCountersAttrHelper(
                  kernel.getContext())
                  .getAttr(kernel))
        for (auto rows : list.getAsRange<DenseI64ArrayAttr>())
          counters.push_back(llvm::json::Object{
              {"rows", llvm::json::Array(rows.asArrayRef())}});
      object["launch_counters"] = std::move(counters);
    }

    PassManager serialize(&context);
    GpuModuleToBinaryPassOptions binary;
    binary.compilationTarget = "isa";
    serialize.addPass(createGpuModuleToBinaryPass(binary));
    if (failed(serialize.run(symbolTable)))
      return failIfSilent();
    auto binaryOp = cast<gpu::BinaryOp>(
        SymbolTable::lookupSymbolIn(symbolTable, moduleName));
    auto object = cast<gpu::ObjectAttr>(binaryOp.getObjects()[0]);
    result.ptx = object.getObject().str();
    llvm::json::Object metadata{
        {"format", 1},
        {"module", moduleName.getValue()},
        {"chip", options.chip.getValue()},
        {"descriptor_mode",
         asynccopy::stringifyDescriptorMode(options.descriptorMode)},
        {"kernels", std::move(kernels)}};
    result.metadata =
        llvm::formatv("{0:2}", llvm::json::Value(std::move(metadata))).str();
    result.succeeded = !sawError;
  }

private:
  static DialectRegistry registry() {
    DialectRegistry registry;
    asynccopy::registerAllDialects(registry);
    return registry;
  }

  /// The one gpu.module with kernels: one PTX module.
  FailureOr<gpu::GPUModuleOp> findKernelModule(ModuleOp module) {
    SmallVector<gpu::GPUModuleOp> found;
    module->walk([&](gpu::GPUModuleOp gpuModule) {
      if (llvm::any_of(gpuModule.getOps<gpu::GPUFuncOp>(),
                       [](gpu::GPUFuncOp func) { return func.isKernel(); }))
        found.push_back(gpuModule);
    });
    if (found.empty()) {
      module.emitError("has no kernel to compile: write kernels as "
                       "gpu.func ... kernel in a gpu.module, or as gpu.launch "
                       "bodies");
      return failure();
    }
    if (found.size() > 1) {
      found[1].emitError("gpu.module @")
          << found[1].getName() << " is a second gpu.module with kernels "
          << "(after @" << found[0].getName()
          << "): one compilation makes one PTX module, so put all kernels in "
             "one gpu.module";
      return failure();
    }
    return found.front();
  }

  void record(Diagnostic &diag) {
    text.clear();
    printer.emitDiagnostic(diag);
    std::string message = StringRef(text).rtrim('\n').str();
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error:
      sawError = true;
      [[fallthrough]];
    case DiagnosticSeverity::Warning:
      result.diagnostics.push_back(std::move(message));
      break;
    case DiagnosticSeverity::Remark:
    case DiagnosticSeverity::Note:
      result.remarks.push_back(std::move(message));
      break;
    }
  }

  void error(const std::string &message) {
    emitError(UnknownLoc::get(&context)) << message;
  }

  /// A pass that failed without saying why still fails the compilation
  /// with a message.
  void failIfSilent() {
    if (!sawError)
      error("the asynccopy pipeline failed without a diagnostic");
  }

  acCompilation &result;
  llvm::SourceMgr sourceMgr;
  MLIRContext context;
  std::string text;
  llvm::raw_string_ostream stream{text};
  DiagnosticPrinter printer;
  ScopedDiagnosticHandler handler;
  bool sawError = false;
};

} // namespace

acCompilation *acCompile(const char *source, const char *options,
                         const char *sourceName) {
  auto *result = new acCompilation;
  Compiler(*result, source ? source : "", sourceName ? sourceName : "<source>")
      .run(options ? options : "");
  return result;
}

int acCompilationSucceeded(const acCompilation *compilation) {
  return compilation->succeeded;
}

const char *acCompilationPTX(const acCompilation *compilation) {
  return compilation->ptx.c_str();
}

const char *acCompilationMetadata(const acCompilation *compilation) {
  return compilation->metadata.c_str();
}

size_t acCompilationNumDiagnostics(const acCompilation *compilation) {
  return compilation->diagnostics.size();
}

const char *acCompilationGetDiagnostic(const acCompilation *compilation,
                                       size_t index) {
  return compilation->diagnostics[index].c_str();
}

size_t acCompilationNumRemarks(const acCompilation *compilation) {
  return compilation->remarks.size();
}

const char *acCompilationGetRemark(const acCompilation *compilation,
                                   size_t index) {
  return compilation->remarks[index].c_str();
}

void acCompilationDestroy(acCompilation *compilation) { delete compilation; }
