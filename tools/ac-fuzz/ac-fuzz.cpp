//===- ac-fuzz.cpp - libFuzzer target over the asynccopy front end --------===//
//
// Parses the input as MLIR (asynccopy + the upstream dialects of its
// pipelines), verifies it and, when it verifies, runs the pipeline pieces that
// need no external tool: asynccopy-select-implementation,
// asynccopy-partition-collective, asynccopy-materialize-tma-descriptors,
// convert-asynccopy-to-nvvm and asynccopy-finalize-descriptor-params.
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
    "asynccopy-partition-collective,asynccopy-materialize-tma-descriptors,"
    "convert-asynccopy-to-nvvm,asynccopy-finalize-descriptor-params)";

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

/// MLIR's parser recurses once per nesting level of `[`, `(`, `{` and `<`;
/// thousands of levels overflow the stack inside upstream code
/// (docs/robustness.md, finding U1). Such inputs are skipped so the fuzzer
/// keeps looking at our code.
static bool nestsTooDeep(const uint8_t *data, size_t size) {
  constexpr int kMaxDepth = 256;
  int depth = 0;
  for (size_t i = 0; i < size; ++i) {
    switch (data[i]) {
    case '[': case '(': case '{': case '<':
      if (++depth > kMaxDepth)
        return true;
      break;
    case ']': case ')': case '}': case '>':
      depth = depth > 0 ? depth - 1 : 0;
      break;
    default:
      break;
    }
  }
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (nestsTooDeep(data, size))
    return -1; // not added to the corpus
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
