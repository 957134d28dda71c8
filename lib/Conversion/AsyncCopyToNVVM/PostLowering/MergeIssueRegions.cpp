//===- MergeIssueRegions.cpp - one region per straight-line issue ---------===//
//
// Single-thread instructions (TMA, bulk copies, barrier arrivals) are lowered
// one op at a time, each into `scf.if %issuer { ... }` with its own
// `elect.sync`. A straight line of N copies then holds N regions: scf-to-cf
// splits the block once per region, moving the whole rest of the block each
// time (O(N^2) in N copies; 34 s for N = 2048), and the NVPTX back end gets
// N + 1 basic blocks. Merging the regions of a straight line into its first
// one makes both linear. Any lane of warp 0 may issue, so the lane elected
// for the first region may issue the rest; a user predicate merges only with
// itself. Regions that side effects keep apart (copies interleaved with
// waits) each end their block, which keeps scf-to-cf linear for them too.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Hardware/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYMERGEISSUEREGIONS
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;

namespace hw = ::asynccopy::hw;

namespace {

/// Whether `a` and `b` compute the same value: one value, or the same
/// side-effect free op on equal operands (the thread-id arithmetic every
/// lowered op recomputes, a few ops deep; deeper expressions do not match).
bool sameValue(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  constexpr unsigned kMaxDepth = 8;
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (depth == kMaxDepth || !opA || !opB || opA->getName() != opB->getName() ||
      opA->getAttrDictionary() != opB->getAttrDictionary() ||
      opA->getPropertiesAsAttribute() != opB->getPropertiesAsAttribute() ||
      opA->getNumRegions() != 0 || !isMemoryEffectFree(opA) ||
      opA->getNumOperands() != opB->getNumOperands() ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  return llvm::all_of(
      llvm::zip(opA->getOperands(), opB->getOperands()), [&](auto pair) {
        return sameValue(std::get<0>(pair), std::get<1>(pair), depth + 1);
      });
}

/// The linear thread id of an elected-thread predicate `%id < 32 &&
/// elect.sync` (buildIsElectedThread), or null.
Value electedWarpThreadId(Value cond) {
  auto andOp = cond.getDefiningOp<arith::AndIOp>();
  if (!andOp)
    return {};
  for (auto [warp, elect] : {std::pair(andOp.getLhs(), andOp.getRhs()),
                             std::pair(andOp.getRhs(), andOp.getLhs())}) {
    auto cmp = warp.getDefiningOp<arith::CmpIOp>();
    APInt bound;
    if (elect.getDefiningOp<NVVM::ElectSyncOp>() && cmp &&
        cmp.getPredicate() == arith::CmpIPredicate::ult &&
        matchPattern(cmp.getRhs(), m_ConstantInt(&bound)) &&
        bound == hw::kWarpThreads)
      return cmp.getLhs();
  }
  return {};
}

/// Whether regions guarded by `a` and by `b` may run as one region guarded
/// by `a`.
bool sameIssuers(Value a, Value b) {
  if (a == b)
    return true;
  Value idA = electedWarpThreadId(a), idB = electedWarpThreadId(b);
  return idA && idB && sameValue(idA, idB);
}

/// A region that only issues: no results, no else branch.
bool isIssueRegion(Operation &op) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  return ifOp && ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty();
}

/// Ops between two regions that may move above the first one.
bool isMovable(Operation &op) {
  return isa<NVVM::ElectSyncOp>(op) ||
         (op.getNumRegions() == 0 && isMemoryEffectFree(&op));
}

/// Erases `value`'s defining op in `block` and, transitively, the operands'
/// defining ops there that become unused (the merged region's predicate).
void eraseDeadPredicate(Value value, Block &block) {
  SmallVector<Operation *> worklist;
  if (Operation *def = value.getDefiningOp())
    worklist.push_back(def);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (op->getBlock() != &block || !op->use_empty() || !isMovable(*op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
    op->erase();
  }
}

void mergeInBlock(Block &block) {
  scf::IfOp open;
  SmallVector<Operation *> between;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isIssueRegion(op)) {
      auto next = cast<scf::IfOp>(op);
      if (open && sameIssuers(open.getCondition(), next.getCondition())) {
        for (Operation *moved : between)
          moved->moveBefore(open);
        Block *into = open.thenBlock();
        into->getOperations().splice(
            into->getTerminator()->getIterator(),
            next.thenBlock()->getOperations(), next.thenBlock()->begin(),
            next.thenBlock()->getTerminator()->getIterator());
        Value cond = next.getCondition();
        next.erase();
        eraseDeadPredicate(cond, block);
      } else {
        open = next;
      }
      between.clear();
      continue;
    }
    if (open && isMovable(op)) {
      between.push_back(&op);
      continue;
    }
    open = nullptr;
    between.clear();
  }
}

/// Ends `block` after each issue region that side effects keep apart from
/// the next (a cf.br to the rest): scf-to-cf moves the rest of a block for
/// every region it lowers, so a block of N regions would cost O(N^2). Going
/// from the last region up, each split moves only the ops up to the previous
/// split. Single-block regions (loop bodies) stay as they are.
void splitAfterIssueRegions(Block &block) {
  Operation *parent = block.getParentOp();
  if (!parent || parent->hasTrait<OpTrait::SingleBlock>() ||
      !mayHaveSSADominance(*block.getParent()) || block.empty())
    return;
  SmallVector<Operation *> regions;
  for (Operation &op : block)
    if (isIssueRegion(op) && op.getNextNode() &&
        op.getNextNode() != block.getTerminator())
      regions.push_back(&op);
  OpBuilder b(parent->getContext());
  for (Operation *region : llvm::reverse(regions)) {
    Block *rest = block.splitBlock(region->getNextNode());
    b.setInsertionPointToEnd(&block);
    cf::BranchOp::create(b, region->getLoc(), rest);
  }
}

struct AsyncCopyMergeIssueRegionsPass
    : public mlir::asynccopy::impl::AsyncCopyMergeIssueRegionsBase<
          AsyncCopyMergeIssueRegionsPass> {
  void runOnOperation() override {
    getOperation()->walk([](Block *block) {
      mergeInBlock(*block);
      splitAfterIssueRegions(*block);
    });
  }
};

} // namespace
