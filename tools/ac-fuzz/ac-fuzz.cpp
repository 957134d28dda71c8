//===- ac-fuzz.cpp - libFuzzer target over the whole asynccopy pipeline ---===//
//
// Parses the input as MLIR (asynccopy + the upstream dialects of its
// pipelines) and runs all of asynccopy-to-llvm on it: selection, tensor
// maps, the conversion, the upstream GPU and host lowerings and the NVPTX
// back end (gpu-module-to-binary with format=isa: PTX, no ptxas). The
// pipeline options come from the input's first line when it reads
// `// OPTIONS: <asynccopy-to-llvm options>` (e.g. `chip=sm_80
// descriptor-mode=scratch opt-level=3`; format is always isa); inputs whose
// options do not parse or verify are skipped.
//
// Findings, besides crashes, hangs and sanitizer reports (each aborts with
// "ac-fuzz: ..." on stderr):
//   - an error diagnostic from a run that succeeded, or a failed parse or run
//     that emitted no error (the pipeline must say why it fails, and fail
//     when it says something is wrong);
//   - a successful result that does not parse back and verify;
//   - a successful result whose LLVM IR translation fails silently, reports
//     an error for a module it translates, or does not verify.
// Reproduce: ac-opt in.mlir --asynccopy-to-llvm="<options> format=isa".
// See docs/robustness.md and utils/run-fuzzer.sh.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/InitAll.h"
#include "asynccopy/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

static DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    asynccopy::registerAllDialects(*r);
    // What mlir-translate adds to translate the lowered host module.
    gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(*r);
    asynccopy::registerAllPasses();
    return r;
  }();
  return *registry;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)getRegistry();
  return 0;
}

/// MLIR's parser recurses once per nesting level of `[`, `(`, `{` and `<`;
/// thousands of levels overflow the stack inside upstream code
/// (docs/robustness.md, finding U1). Such inputs are skipped so the fuzzer
/// keeps looking at our code.
static bool nestsTooDeep(const uint8_t *data, size_t size) {
  constexpr int kMaxDepth = 256;
  int depth = 0;
  for (size_t i = 0; i < size; ++i) {
    switch (data[i]) {
    case '[':
    case '(':
    case '{':
    case '<':
      if (++depth > kMaxDepth)
        return true;
      break;
    case ']':
    case ')':
    case '}':
    case '>':
      depth = depth > 0 ? depth - 1 : 0;
      break;
    default:
      break;
    }
  }
  return false;
}

/// The errors of one input, printed with a finding.
struct Errors {
  int count = 0;
  std::string text;

  [[noreturn]] void finding(const char *what) const {
    llvm::errs() << "ac-fuzz: " << what << "\n";
    if (count)
      llvm::errs() << "errors emitted:\n" << text;
    llvm::errs().flush();
    std::abort();
  }
};

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (nestsTooDeep(data, size))
    return -1; // not added to the corpus
  std::string text(reinterpret_cast<const char *>(data), size);

  asynccopy::AsyncCopyPipelineOptions options;
  constexpr llvm::StringLiteral kOptions = "// OPTIONS:";
  if (StringRef(text).starts_with(kOptions)) {
    StringRef line = StringRef(text).drop_front(kOptions.size());
    line = line.take_until([](char c) { return c == '\n'; });
    std::string quiet;
    llvm::raw_string_ostream sink(quiet);
    if (failed(options.parseFromString(line, sink)))
      return -1;
  }
  options.format = "isa";
  if (failed(asynccopy::verifyAsyncCopyPipelineOptions(options,
                                                       [](const Twine &) {})))
    return -1;

  // A fresh context per input keeps runs independent (no interned state
  // carried over) and memory flat.
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  Errors errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      ++errors.count;
      errors.text += diag.str() + "\n";
    }
    return success();
  });

  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module) {
    if (!errors.count)
      errors.finding("the input failed to parse without an error");
    return 0;
  }
  errors = Errors();

  PassManager pm(&context, ModuleOp::getOperationName());
  asynccopy::buildAsyncCopyToLLVMPipeline(pm, options);
  if (failed(pm.run(*module))) {
    if (!errors.count)
      errors.finding("asynccopy-to-llvm failed without an error");
    return 0;
  }
  if (errors.count)
    errors.finding("asynccopy-to-llvm reported an error but succeeded");

  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  if (!parseSourceString<ModuleOp>(printed, config) || errors.count)
    errors.finding("the result of asynccopy-to-llvm does not parse back");

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule) {
    if (!errors.count)
      errors.finding("LLVM IR translation failed without an error");
    errors.finding("the result of asynccopy-to-llvm does not translate to "
                   "LLVM IR");
  }
  if (errors.count)
    errors.finding("LLVM IR translation reported an error but succeeded");
  std::string broken;
  llvm::raw_string_ostream brokenOs(broken);
  if (llvm::verifyModule(*llvmModule, &brokenOs)) {
    llvm::errs() << broken;
    errors.finding("the LLVM IR of the result does not verify");
  }
  return 0;
}
