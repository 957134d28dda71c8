//===- ac-opt.cpp - asynccopy optimizer driver ----------------------------===//
//
// mlir-opt with the asynccopy dialect, its passes and pipelines. One change to
// MlirOptMain's contract: a run that emitted an error diagnostic exits with 1
// even when no pass signalled failure (an upstream pass that only reports a
// problem would otherwise exit 0 with broken output). Under
// -verify-diagnostics the verifier alone decides; without it, `expected-*`
// comments are plain comments (MLIR 22's driver would otherwise report the
// ones not produced as errors and still exit 0).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "asynccopy/InitAll.h"
#include "asynccopy/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"

#include <atomic>

using namespace mlir;

/// A copy of `input` whose `// expected-(error|warning|remark|note)` comments
/// no longer match the diagnostic verifier's pattern: the same length, so
/// every location is unchanged.
static std::unique_ptr<llvm::MemoryBuffer>
withoutExpectations(std::unique_ptr<llvm::MemoryBuffer> input) {
  StringRef text = input->getBuffer();
  if (!text.contains("expected-"))
    return input;
  llvm::Regex annotation("//[[:space:]]*expected-(error|warning|remark|note)");
  std::string copy = text.str();
  SmallVector<StringRef> match;
  size_t from = 0;
  while (annotation.match(StringRef(copy).drop_front(from), &match)) {
    size_t at = match[0].data() - copy.data();
    size_t dash = copy.find("expected-", at) + strlen("expected");
    copy[dash] = '_';
    from = at + match[0].size();
  }
  return llvm::MemoryBuffer::getMemBufferCopy(copy,
                                              input->getBufferIdentifier());
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  asynccopy::registerAllPasses();
  asynccopy::test::registerTestPasses();
  DialectRegistry registry;
  asynccopy::registerAllDialects(registry);
  // After LLVM's own --version lines: the project and the MLIR it was built
  // with.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "asynccopy version " ASYNCCOPY_VERSION_STRING
          " (MLIR " LLVM_VERSION_STRING ")\n";
  });
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "asynccopy optimizer driver\n", registry);

  // MlirOptMain makes one context per input (per chunk with
  // -split-input-file) and sets its pass manager up through the config: that
  // is where a handler can observe every diagnostic the passes and the
  // printer emit. It returns failure() so the tool's own handler still
  // prints (or verifies) the diagnostic.
  std::atomic<bool> errorEmitted = false;
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig commandLine = config;
  config.setPassPipelineSetupFn([&, commandLine](PassManager &pm) {
    pm.getContext()->getDiagEngine().registerHandler([&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        errorEmitted = true;
      return failure();
    });
    return commandLine.setupPassPipeline(pm);
  });

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (!config.shouldVerifyDiagnostics())
    input = withoutExpectations(std::move(input));
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  if (errorEmitted && !config.shouldVerifyDiagnostics())
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
