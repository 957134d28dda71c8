//===- Uniformity.cpp - values and ops the same in every thread -----------===//
//
// A raised copy is one copy that all threads of the CTA share, where the
// upstream op was one copy per thread. They agree when every thread runs the
// upstream op, with the same operands. This is a conservative check: a value
// is uniform when it is built from values the launch fixes for the whole CTA
// by ops without memory effects, or read by a `memref.load` of one address
// (unless the kernel races, every thread reads the same value there);
// everything else (thread ids, block arguments of unknown regions) may
// differ.
//
//===----------------------------------------------------------------------===//

#include "RaiseUpstream.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asynccopy-raise-upstream"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::raising;

/// Whether the kernel-level block argument `arg` is the same in every thread:
/// kernel arguments, workgroup buffers, block ids and sizes; not thread ids
/// or private buffers.
static bool isUniformKernelArgument(BlockArgument arg, Operation *owner) {
  if (auto launch = dyn_cast<gpu::LaunchOp>(owner)) {
    gpu::KernelDim3 tid = launch.getThreadIds();
    if (llvm::is_contained({tid.x, tid.y, tid.z}, arg))
      return false;
    return !llvm::is_contained(launch.getPrivateAttributions(), arg);
  }
  if (auto func = dyn_cast<gpu::GPUFuncOp>(owner))
    return !llvm::is_contained(func.getPrivateAttributions(), arg);
  return true;
}

/// Ops without memory effects whose result still differs between threads.
static bool isThreadVarying(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::GlobalIdOp,
          gpu::ShuffleOp, gpu::SubgroupReduceOp>(op))
    return true;
  // NVVM special registers and intrinsics: only the CTA-wide ones may be
  // uniform, and none is needed here.
  return isa<NVVM::NVVMDialect>(op->getDialect());
}

bool Uniformity::isUniform(Value value) {
  DenseSet<Value> visiting;
  return isUniform(value, visiting);
}

bool Uniformity::isUniform(Value value, DenseSet<Value> &visiting) {
  // A value met again on a loop-carried cycle adds nothing new.
  if (!visiting.insert(value).second)
    return true;
  auto all = [&](ValueRange values) {
    return llvm::all_of(values,
                        [&](Value v) { return isUniform(v, visiting); });
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (owner == kernel.op)
      return isUniformKernelArgument(arg, owner);
    // Host values a gpu.launch captures are the same for all threads.
    if (!kernel.op->isProperAncestor(owner))
      return true;
    auto forOp = dyn_cast<scf::ForOp>(owner);
    if (!forOp)
      return false;
    if (arg == forOp.getInductionVar())
      return all({forOp.getLowerBound(), forOp.getStep()});
    OpOperand *init = forOp.getTiedLoopInit(arg);
    OpOperand *yielded = forOp.getTiedLoopYieldedValue(arg);
    return init && yielded &&
           all({forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep(),
                init->get(), yielded->get()});
  }
  Operation *def = value.getDefiningOp();
  if (!kernel.op->isProperAncestor(def))
    return true;
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned i = cast<OpResult>(value).getResultNumber();
    return all({ifOp.getCondition(), ifOp.thenYield().getOperand(i),
                ifOp.elseYield().getOperand(i)});
  }
  if (auto forOp = dyn_cast<scf::ForOp>(def))
    return isUniform(
        forOp.getRegionIterArg(cast<OpResult>(value).getResultNumber()),
        visiting);
  // A plain load of one address, as a sequence's bounds read from
  // `cu_seqlens`: a write that one thread's read would see and another's
  // not would be a data race.
  if (isa<memref::LoadOp>(def))
    return all(def->getOperands());
  if (def->getNumRegions() != 0 || isThreadVarying(def) ||
      !isMemoryEffectFree(def))
    return false;
  return all(def->getOperands());
}

std::optional<std::string> Uniformity::whyNotRunByAll(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent != kernel.op;
       op = parent, parent = parent->getParentOp()) {
    if (!op->getParentRegion()->hasOneBlock())
      return "it is in a region of several blocks (unstructured control "
             "flow)";
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      if (!isUniform(ifOp.getCondition()))
        return std::string("it is under an 'scf.if' whose condition may "
                           "differ between threads");
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (!isUniform(forOp.getLowerBound()) ||
          !isUniform(forOp.getUpperBound()) || !isUniform(forOp.getStep()))
        return std::string("it is in an 'scf.for' whose bounds may differ "
                           "between threads");
      continue;
    }
    if (isa<scf::ExecuteRegionOp>(parent))
      continue;
    return "it is inside '" + parent->getName().getStringRef().str() +
           "', which not every thread may run alike";
  }
  if (!op->getParentRegion()->hasOneBlock())
    return "it is in a region of several blocks (unstructured control flow)";
  return std::nullopt;
}

void mlir::asynccopy::raising::remarkNotRaised(Operation *op,
                                               const Twine &why) {
  LLVM_DEBUG(llvm::dbgs() << "[raise-upstream] " << op->getLoc()
                          << ": not raised: " << why << "\n");
  op->emitRemark() << "not raised: " << why;
}
