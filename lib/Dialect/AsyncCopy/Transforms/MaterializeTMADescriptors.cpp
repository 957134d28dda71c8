//===- MaterializeTMADescriptors.cpp -------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYMATERIALIZETMADESCRIPTORS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {
struct MaterializeTMADescriptorsPass
    : public asynccopy::impl::AsyncCopyMaterializeTMADescriptorsBase<MaterializeTMADescriptorsPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
