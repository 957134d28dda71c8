//===- AsyncCopyToNVVM.h - asynccopy to NVVM conversion ---------*- C++ -*-===//

#ifndef ASYNCCOPY_CONVERSION_ASYNCCOPYTONVVM_ASYNCCOPYTONVVM_H
#define ASYNCCOPY_CONVERSION_ASYNCCOPYTONVVM_ASYNCCOPYTONVVM_H

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;
namespace asynccopy {

class KnownDivisors;

/// Adds the element types asynccopy supports beyond MLIR 22's
/// LLVMTypeConverter: tf32, stored in 32 bits, becomes i32.
void populateAsyncCopyElementTypeConversions(LLVMTypeConverter &converter);

/// Makes the upstream LLVM lowerings (convert-gpu-to-nvvm, gpu-to-llvm,
/// convert-to-llvm) apply populateAsyncCopyElementTypeConversions, through
/// the dialect's ConvertToLLVMPatternInterface.
void registerConvertAsyncCopyToLLVMInterface(DialectRegistry &registry);

/// Adds the asynccopy type conversions: `!asynccopy.barrier<N>` to a pointer
/// to its first mbarrier in shared memory (`!llvm.ptr<3>`), the remote view
/// to a shared::cluster pointer (`!llvm.ptr<7>`), tokens to `i32`.
void populateAsyncCopyToNVVMTypeConversions(LLVMTypeConverter &converter);

/// Patterns lowering the ops asynccopy-select-implementation leaves (the
/// mechanism ops, barriers, waits, groups), one per op. Each reads the plan
/// selection recorded on its op.
void populateAsyncCopyToNVVMConversionPatterns(LLVMTypeConverter &converter,
                                               RewritePatternSet &patterns);

} // namespace asynccopy
} // namespace mlir

#endif // ASYNCCOPY_CONVERSION_ASYNCCOPYTONVVM_ASYNCCOPYTONVVM_H
