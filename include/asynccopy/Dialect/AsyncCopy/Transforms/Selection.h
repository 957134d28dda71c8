//===- Selection.h - why selection chose an implementation ------*- C++ -*-===//
//
// The verdicts of asynccopy-select-implementation, for passes that explain
// its choice after the fact (asynccopy-report): each candidate accepts or
// declines with the reason selection gives.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_SELECTION_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_SELECTION_H

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"

namespace mlir::asynccopy {

/// The verdicts, in selection's priority order (tma > bulk > dsmem >
/// cp_async > sync), of the implementations faster than `chosen` on `op`:
/// declines with selection's reasons, or accepts where the input fixed a
/// slower `impl`; `divisors` as selection solved them.
SmallVector<std::pair<CopyImpl, Decision>>
explainFasterCandidates(AsyncCopyLikeOpInterface op, CopyImpl chosen,
                        const KnownDivisors &divisors);

/// Whether selection gives `op` to one thread on every run: TMA or bulk,
/// and no per-thread fallback taken at run time (a TMA copy checked at
/// launch against the tensor map's rules, a store reaching the partial 16-B
/// piece at the end of the inner dim). A warp-specialised producer issues
/// its loads from one thread, which cannot run a per-thread copy.
bool isSingleThreadOnEveryRun(CopyOp op, const KnownDivisors &divisors);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_TRANSFORMS_SELECTION_H
