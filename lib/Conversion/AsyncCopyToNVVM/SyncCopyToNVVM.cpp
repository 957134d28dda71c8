//===- SyncCopyToNVVM.cpp -----------------------------------------------------===//

#include "PatternUtils.h"

using namespace mlir;
using namespace mlir::asynccopy;

void lowering::populateSyncCopyToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {}
