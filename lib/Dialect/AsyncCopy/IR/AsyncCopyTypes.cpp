//===- AsyncCopyTypes.cpp - asynccopy types -------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asynccopy;

#define GET_TYPEDEF_CLASSES
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsTypes.cpp.inc"

void AsyncCopyDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyOpsTypes.cpp.inc"
      >();
}

/// `!asynccopy.barrier<N>` or `!asynccopy.barrier<N, remote>`.
Type BarrierType::parse(AsmParser &parser) {
  int64_t numStages = 0;
  bool remote = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseInteger(numStages))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("remote"))
      return {};
    remote = true;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<BarrierType>(loc, parser.getContext(), numStages,
                                        remote);
}

void BarrierType::print(AsmPrinter &printer) const {
  printer << '<' << getNumStages();
  if (getRemote())
    printer << ", remote";
  printer << '>';
}

LogicalResult BarrierType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t numStages, bool) {
  if (numStages < 1)
    return emitError() << "barrier needs at least one stage, got " << numStages;
  // Each stage is an mbarrier in SMEM.
  if (numStages > tma::kMaxSmemBytes / tma::kMbarrierBytes)
    return emitError() << "barrier of " << numStages
                       << " stages does not fit in shared memory (at most "
                       << tma::kMaxSmemBytes / tma::kMbarrierBytes << " "
                       << tma::kMbarrierBytes << "-B mbarriers)";
  return success();
}
