//===- SynchronizationCheck.h - asynccopy-check-synchronization as a query ===//
//
// The loop pipeliner transforms only loops whose kernel passes the check as
// written: a hazard in a single-buffer loop must stay an error once the loop
// is marked for pipelining, and the pipelined form hides some hazards from
// the check (its guarded loads and ring stages).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SYNCHRONIZATIONCHECK_H
#define ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SYNCHRONIZATIONCHECK_H

namespace mlir {
class Operation;
namespace asynccopy {

/// Whether asynccopy-check-synchronization finds an error in `kernel` (a
/// gpu.func or gpu.launch), reporting nothing.
bool hasSynchronizationErrors(Operation *kernel);

} // namespace asynccopy
} // namespace mlir

#endif // ASYNCCOPY_LIB_DIALECT_ASYNCCOPY_TRANSFORMS_SYNCHRONIZATIONCHECK_H
