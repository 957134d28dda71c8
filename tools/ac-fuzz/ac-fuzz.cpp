//===- ac-fuzz.cpp - libFuzzer target over the asynccopy front end --------===//
//
// Parses the input as MLIR (asynccopy + the upstream dialects of its
// pipelines), verifies it and, when it verifies, runs the pipeline pieces that
// need no external tool: asynccopy-select-implementation,
// asynccopy-materialize-tma-descriptors and convert-asynccopy-to-nvvm.
// Diagnostics are swallowed by a handler; only crashes, hangs and sanitizer
// reports are findings. See docs/robustness.md and utils/run-fuzzer.sh.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

static const char *kPipeline =
    "builtin.module(asynccopy-select-implementation,"
    "asynccopy-materialize-tma-descriptors,convert-asynccopy-to-nvvm)";

static DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    asynccopy::registerAllDialects(*r);
    asynccopy::registerAllPasses();
    return r;
  }();
  return *registry;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)getRegistry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input keeps runs independent (no interned state
  // carried over) and memory flat.
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });

  std::string text(reinterpret_cast<const char *>(data), size);
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module)
    return 0;

  PassManager pm(&context, ModuleOp::getOperationName());
  if (failed(parsePassPipeline(kPipeline, pm, llvm::errs()))) {
    llvm::errs() << "ac-fuzz: cannot build the pipeline\n";
    std::abort();
  }
  (void)pm.run(*module);
  return 0;
}
