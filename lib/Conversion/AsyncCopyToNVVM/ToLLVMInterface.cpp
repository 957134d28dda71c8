//===- ToLLVMInterface.cpp - asynccopy types in upstream LLVM lowerings ---===//
//
// The upstream passes that lower to LLVM (convert-gpu-to-nvvm, gpu-to-llvm,
// convert-to-llvm) build their own type converters and extend them with the
// ConvertToLLVMPatternInterface of every loaded dialect. Through it the
// asynccopy dialect adds the element types its copies support but MLIR 22's
// LLVMTypeConverter does not: tf32, stored as 32 bits (as an i32), so that
// kernels with tf32 memrefs lower at all.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/AsyncCopyToNVVM/AsyncCopyToNVVM.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::asynccopy;

void mlir::asynccopy::populateAsyncCopyElementTypeConversions(
    LLVMTypeConverter &converter) {
  converter.addConversion([](FloatTF32Type type) -> Type {
    return IntegerType::get(type.getContext(), 32);
  });
}

namespace {
struct AsyncCopyToLLVMInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;

  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    populateAsyncCopyElementTypeConversions(converter);
  }
};
} // namespace

void mlir::asynccopy::registerConvertAsyncCopyToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, AsyncCopyDialect *dialect) {
    dialect->addInterfaces<AsyncCopyToLLVMInterface>();
  });
}
