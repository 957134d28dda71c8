//===- SelectImplementation.cpp -------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYSELECTIMPLEMENTATION
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {
struct SelectImplementationPass
    : public asynccopy::impl::AsyncCopySelectImplementationBase<SelectImplementationPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
