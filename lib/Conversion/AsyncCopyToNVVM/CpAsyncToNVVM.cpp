//===- CpAsyncToNVVM.cpp -----------------------------------------------------===//

#include "PatternUtils.h"

using namespace mlir;
using namespace mlir::asynccopy;

void lowering::populateCpAsyncToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {}
