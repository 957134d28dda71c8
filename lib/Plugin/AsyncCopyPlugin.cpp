//===- AsyncCopyPlugin.cpp - asynccopy as an mlir-opt plugin --------------===//
//
// Entry points of AsyncCopyPlugin.so for
//   mlir-opt --load-dialect-plugin=AsyncCopyPlugin.so \
//            --load-pass-plugin=AsyncCopyPlugin.so --asynccopy-to-nvvm ...
// The dialect plugin registers what asynccopy::registerAllDialects does (the
// asynccopy dialect and the interfaces its lowering needs); the pass plugin
// the asynccopy passes and pipelines. mlir-opt has the upstream ones.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"
#include "asynccopy/InitAll.h"
#include "asynccopy/Pipelines/Pipelines.h"
#include "asynccopy/Version.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AsyncCopy", ASYNCCOPY_VERSION_STRING,
          [](DialectRegistry *registry) {
            asynccopy::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AsyncCopy", ASYNCCOPY_VERSION_STRING, [] {
            asynccopy::registerAsyncCopyPasses();
            asynccopy::registerAsyncCopyPipelineAlias();
            asynccopy::registerAsyncCopyConversionPasses();
            asynccopy::registerAsyncCopyPipelines();
          }};
}
