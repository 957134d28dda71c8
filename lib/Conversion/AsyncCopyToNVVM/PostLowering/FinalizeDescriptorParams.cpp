//===- FinalizeDescriptorParams.cpp - __grid_constant__ tensor maps -------===//
//
// The GPU-to-NVVM lowering keeps only `llvm.align` of kernel argument
// attributes, so tensor-map parameters are marked once kernels are LLVM
// functions: a 128-B byval parameter with `nvvm.grid_constant` lives in param
// space and TMA instructions can use its generic address directly.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYFINALIZEDESCRIPTORPARAMS
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {
struct FinalizeDescriptorParamsPass
    : public mlir::asynccopy::impl::AsyncCopyFinalizeDescriptorParamsBase<
          FinalizeDescriptorParamsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Builder b(ctx);
    auto descriptorType =
        LLVM::LLVMArrayType::get(b.getI64Type(), tma::kDescriptorBytes / 8);
    llvm::DenseMap<Operation *, int64_t> kernels;
    AsyncCopyDialect::GridConstantsAttrHelper gridConstants(ctx);
    WalkResult result = getOperation().walk([&](Operation *op) {
      IntegerAttr count = gridConstants.getAttr(op);
      if (!count)
        return WalkResult::advance();
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
      if (!func) {
        op->emitOpError(
            "has tensor-map parameters but is not an LLVM "
            "function yet; run asynccopy-finalize-descriptor-params "
            "after the GPU-to-NVVM lowering");
        return WalkResult::interrupt();
      }
      int64_t numArgs = func.getNumArguments();
      if (count.getInt() < 0 || count.getInt() > numArgs) {
        func.emitOpError("declares ")
            << count.getInt() << " tensor-map parameters but has only "
            << numArgs << " parameters";
        return WalkResult::interrupt();
      }
      for (int64_t index = numArgs - count.getInt(); index < numArgs; ++index) {
        if (!isa<LLVM::LLVMPointerType>(func.getArgumentTypes()[index])) {
          func.emitOpError("tensor-map parameter ")
              << index << " is not a pointer";
          return WalkResult::interrupt();
        }
        func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(descriptorType));
        func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(tma::kDescriptorAlignBytes));
        func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                        b.getUnitAttr());
      }
      gridConstants.removeAttr(func);
      kernels[func] = count.getInt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();

    // Launches pass each tensor map by value: load the host copy's bytes.
    SymbolTableCollection symbols;
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      auto it = kernels.find(
          symbols.lookupNearestSymbolFrom(launch, launch.getKernelAttr()));
      if (it == kernels.end())
        return;
      OpBuilder b(launch);
      unsigned numOperands = launch.getNumKernelOperands();
      for (unsigned i = numOperands - it->second; i < numOperands; ++i) {
        Value hostCopy = launch.getKernelOperand(i);
        if (!isa<LLVM::LLVMPointerType>(hostCopy.getType()))
          continue;
        Value bytes =
            LLVM::LoadOp::create(b, launch.getLoc(), descriptorType, hostCopy,
                                 tma::kDescriptorAlignBytes);
        launch.getKernelOperandsMutable()[i].set(bytes);
      }
    });
  }
};
} // namespace
