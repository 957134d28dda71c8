//===- CompletionGroups.h - which ops close completion groups ---*- C++ -*-===//
//
// cp.async copies and TMA/bulk stores complete through per-thread groups
// (`cp.async.commit_group`, `cp.async.bulk.commit_group`) that
// `wait_group N` counts. The passes that count them (wait-group assignment,
// the synchronization checker) read here which ops close a group, so that
// they agree with the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_IR_COMPLETIONGROUPS_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_IR_COMPLETIONGROUPS_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include <optional>

namespace mlir::asynccopy {

/// The kind of completion group `op` closes when it runs: a commit_group's,
/// or the group of a cp.async copy, TMA store or reduction or bulk store
/// unless it is `{commit = false}`, whether or not its token is used (the
/// lowering commits either way). A predicated cp.async copy commits on every
/// thread; a predicated TMA or bulk store closes nothing where it does not
/// run (see `closesWhereSkipped`).
std::optional<GroupKind> getClosedGroupKind(Operation *op);

/// Whether `op`, which closes a group, also closes it on the threads its
/// predicate skips.
bool closesWhereSkipped(Operation *op);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_IR_COMPLETIONGROUPS_H
