//===- TMAPlanEncoding.h - TmaPlan <-> #asynccopy.tma_plan ------*- C++ -*-===//
//
// Selection and partitioning decide a TMA plan once and record it on the
// mechanism op; materialisation, the report and the lowering read it back
// instead of planning again. The attribute spells out only what differs from
// the plain case (tensor-map dims = the window's tensor-view dims, one issue
// at the window's origin), so reading it needs the op's layout.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_TMAPLANENCODING_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_TMAPLANENCODING_H

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

namespace mlir::asynccopy {

/// The attribute recording `plan` of a window with `layout`.
TmaPlanAttr getTmaPlanAttr(MLIRContext *ctx, const TmaPlan &plan,
                           const CopyLayout &layout);

/// The plan `attr` records for a window with `layout`, dims and issues
/// spelled out; fails (why in `*reason`) when it does not fit the window, a
/// plan written by hand for another one.
FailureOr<TmaPlan> getTmaPlan(TmaPlanAttr attr, const CopyLayout &layout,
                              std::string *reason);

/// The same, reporting a plan that does not fit as an error at `op`.
FailureOr<TmaPlan> getTmaPlan(Operation *op, TmaPlanAttr attr,
                              const CopyLayout &layout);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_ANALYSIS_TMAPLANENCODING_H
