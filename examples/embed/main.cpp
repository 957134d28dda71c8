//===- main.cpp - an embedder of asynccopy --------------------------------===//
//
// asynccopy-embed <file.mlir> [pipeline]: registers asynccopy through
// InitAll.h, parses the file, runs the pipeline (default asynccopy-to-nvvm,
// looked up in the pass registry) and prints the result.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/InitAll.h"
#include "asynccopy/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: " << argv[0] << " <file.mlir> [pipeline]\n";
    return 1;
  }
  DialectRegistry registry;
  asynccopy::registerAllDialects(registry);
  asynccopy::registerAllPasses();
  MLIRContext context(registry);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  PassManager pm = PassManager::on<ModuleOp>(&context);
  if (failed(parsePassPipeline(argc == 3 ? argv[2] : "asynccopy-to-nvvm", pm,
                               llvm::errs())))
    return 1;
  if (failed(pm.run(*module)))
    return 1;
  llvm::outs() << "// asynccopy " ASYNCCOPY_VERSION_STRING "\n";
  module->print(llvm::outs());
  return 0;
}
