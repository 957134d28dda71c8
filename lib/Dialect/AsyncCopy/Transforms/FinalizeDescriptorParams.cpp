//===- FinalizeDescriptorParams.cpp -------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYFINALIZEDESCRIPTORPARAMS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {
struct FinalizeDescriptorParamsPass
    : public asynccopy::impl::AsyncCopyFinalizeDescriptorParamsBase<FinalizeDescriptorParamsPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
