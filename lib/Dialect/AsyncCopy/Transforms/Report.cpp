//===- Report.cpp - how every copy and prefetch will be lowered -----------===//
//
// A read-only pass between tensor-map materialisation and the conversion:
// one line per copy and prefetch (format in docs/report.md) with the
// implementation selection chose, what it issues, where its tensor map lives,
// how a collective copy is shared, why the copy takes several instructions
// and why each faster implementation declined. Every number comes from the
// plan the conversion lowers, computed by the same functions.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/ThreadCopyPlan.h"
#include "asynccopy/Dialect/AsyncCopy/Transforms/Selection.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYREPORT
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

/// `key=value` for each issue count and size.
static void printIssues(raw_ostream &os, int64_t bytes, int64_t issues,
                        int64_t bytesPerIssue) {
  os << " bytes=" << bytes << " issues=" << issues
     << " bytes_per_issue=" << bytesPerIssue;
}

/// The tensor map of a TMA op: `param:arg<k>`, `scratch:arg<k>+<offset>` or
/// `peer:arg<k>`.
static void printDescriptor(raw_ostream &os, Operation *op) {
  auto plan = op->getAttrOfType<TmaPlanAttr>("plan");
  if (!plan || !plan.getDescriptor()) {
    os << " desc=none";
    return;
  }
  std::optional<int64_t> offset = plan.getDescriptorOffset();
  auto copy = dyn_cast<AsyncCopyLikeOpInterface>(op);
  os << " desc="
     << (copy && copy.getPeer() ? "peer"
         : offset               ? "scratch"
                                : "param")
     << ":arg" << *plan.getDescriptor();
  if (offset)
    os << "+" << *offset;
}

static StringRef loopReasonName(TmaLoop::Reason reason) {
  switch (reason) {
  case TmaLoop::Reason::boxLimit:
    return "box_limit";
  case TmaLoop::Reason::denseSmem:
    return "dense_smem";
  case TmaLoop::Reason::rankLimit:
    return "rank_limit";
  case TmaLoop::Reason::partialTile:
    return "partial_tile";
  }
  llvm_unreachable("unknown TMA loop reason");
}

static StringRef vectorLimitName(ThreadCopyPlan::VectorLimit limit) {
  switch (limit) {
  case ThreadCopyPlan::VectorLimit::none:
    return "none";
  case ThreadCopyPlan::VectorLimit::layout:
    return "layout";
  case ThreadCopyPlan::VectorLimit::smemOffset:
    return "smem_offset";
  case ThreadCopyPlan::VectorLimit::element:
    return "element";
  case ThreadCopyPlan::VectorLimit::bounds:
    return "bounds";
  case ThreadCopyPlan::VectorLimit::reduction:
    return "reduction";
  }
  llvm_unreachable("unknown vector limit");
}

/// Why a TMA plan takes several issues: `split=<reason>:d<dim>:<box>/<piece>`
/// per loop. The plan records where its issues go, not why; the planner
/// says why when it reproduces the recorded issues.
static void printTmaSplit(raw_ostream &os, TmaPlanAttr recorded,
                          const CopyLayout &layout, int64_t swizzle) {
  if (recorded.getIssues() == 1)
    return;
  FailureOr<TmaPlan> plan =
      planTma(layout, swizzle, /*allowRuntimeChecks=*/true, nullptr);
  if (failed(plan) ||
      static_cast<int64_t>(plan->issues.size()) != recorded.getIssues())
    return;
  os << " split=";
  llvm::interleave(
      plan->loops, os,
      [&](const TmaLoop &loop) {
        os << loopReasonName(loop.reason) << ":d" << loop.viewDim << ":"
           << loop.box << "/" << loop.piece;
      },
      ",");
}

/// Which branch of an `scf.if` selection built and marked `marker` `op` is
/// in (true: then): the guard around a TMA store that may reach the partial
/// end piece (`store_edge_guard`), or around a window of a clipped subview
/// (`subview_guard`; `then` is TMA of the argument's window).
static std::optional<bool> guardBranch(Operation *op, StringRef marker) {
  auto guard = dyn_cast_or_null<scf::IfOp>(op->getParentOp());
  if (!guard || !guard->hasAttr(marker))
    return std::nullopt;
  return op->getParentRegion() == &guard.getThenRegion();
}

/// The GMEM layout of a copy, or why the conversion will reject it.
static FailureOr<CopyLayout> layoutOf(AsyncCopyLikeOpInterface op,
                                      const KnownDivisors &divisors,
                                      std::string &reason) {
  FailureOr<CopyLayout> layout = computeCopyLayout(op, &divisors);
  if (failed(layout))
    reason = "the GMEM operand has no analysable layout";
  return layout;
}

namespace {

struct ReportPass : public asynccopy::impl::AsyncCopyReportBase<ReportPass> {
  using Base::Base;

  void runOnOperation() override {
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (!output.empty()) {
      file = openOutputFile(output, &error);
      if (!file) {
        getOperation().emitError("asynccopy-report cannot write '")
            << output << "': " << error;
        return signalPassFailure();
      }
    }
    KnownDivisors divisors(getOperation());
    // Ops are numbered per function, in program order.
    llvm::DenseMap<Operation *, int64_t> counts;
    getOperation()->walk([&](Operation *op) {
      bool isPrefetch = isa<PrefetchOp, TmaPrefetchOp>(op);
      if (!isPrefetch && !isa<AsyncCopyLikeOpInterface>(op))
        return;
      std::string text;
      llvm::raw_string_ostream os(text);
      Operation *func = op->getParentOfType<FunctionOpInterface>();
      os << (isPrefetch ? "prefetch" : "copy") << " @"
         << (func ? SymbolTable::getSymbolName(func).getValue() : "?") << "#"
         << counts[func]++;
      llvm::TypeSwitch<Operation *>(op)
          .Case([&](AsyncCopyLikeOpInterface copy) {
            reportCopy(os, copy, divisors);
          })
          .Case([&](PrefetchOp) {
            os << " impl=auto dir=prefetch unselected: run "
                  "asynccopy-select-implementation first";
          })
          .Case([&](TmaPrefetchOp prefetch) { reportPrefetch(os, prefetch); });
      if (file)
        file->os() << text << "\n";
      else
        op->emitRemark(text);
    });
    if (file)
      file->keep();
    markAllAnalysesPreserved();
  }

  static void reportCopy(raw_ostream &os, AsyncCopyLikeOpInterface op,
                         const KnownDivisors &divisors) {
    CopyImpl impl = *getCopyImplementation(op);
    os << " impl=" << stringifyCopyImpl(impl) << " dir=";
    if (!op.getGmem())
      os << "remote";
    else if (std::optional<ReductionKind> kind = op.getReduction())
      os << "reduce_" << stringifyReductionKind(*kind);
    else
      os << (op.isLoad() ? "load" : "store");

    if (isa<CopyOp>(op)) {
      os << " unselected: run asynccopy-select-implementation first";
      return;
    }
    std::string reason;
    LogicalResult planned = success();
    switch (impl) {
    case CopyImpl::tma:
      planned = reportTma(os, op, divisors, reason);
      break;
    case CopyImpl::bulk:
    case CopyImpl::dsmem:
      planned = reportChunks(os, op);
      break;
    case CopyImpl::cp_async:
    case CopyImpl::sync:
      planned = reportPerThread(os, op, divisors, reason);
      break;
    case CopyImpl::automatic:
      llvm_unreachable("mechanism ops have an implementation");
    }

    // How a copy reaches its peer: through per-PE tensor maps (TMA) or a
    // translated address (every other implementation).
    if (op.getPeer())
      os << " peer=" << (impl == CopyImpl::tma ? "tensor_maps" : "address");
    std::optional<bool> edgeBranch = guardBranch(
        op, AsyncCopyDialect::StoreEdgeGuardAttrHelper::getNameStr());
    if (edgeBranch)
      os << " edge_guard=" << (*edgeBranch ? "tma" : "sync");
    std::optional<bool> clipBranch =
        guardBranch(op, AsyncCopyDialect::SubviewGuardAttrHelper::getNameStr());
    if (clipBranch)
      os << " clip_guard=" << (*clipBranch ? "tma" : "sync");
    if (failed(planned))
      os << " unplanned: " << reason;

    // Why each faster implementation did not take the copy. In the sync
    // branch of a store edge guard or a subview guard TMA moves the other
    // windows.
    SmallVector<std::string> verdicts;
    for (auto &[candidate, decision] :
         explainFasterCandidates(op, impl, divisors)) {
      std::string verdict = stringifyCopyImpl(candidate).str() + ": ";
      if (candidate == CopyImpl::tma && edgeBranch && !*edgeBranch)
        verdict += "TMA stores write whole 16-B pieces of the innermost dim; "
                   "this branch writes the windows that reach the partial "
                   "piece at its end";
      else if (candidate == CopyImpl::tma && clipBranch && !*clipBranch)
        verdict += "TMA moves the windows inside the subview; this branch "
                   "moves a window that crosses its run-time end, which the "
                   "argument's tensor map does not know";
      else if (decision)
        verdict += "accepts (impl fixed in the input, or a multicast given up)";
      else
        verdict += decision.reason;
      verdicts.push_back(std::move(verdict));
    }
    if (!verdicts.empty())
      os << " declined: " << llvm::join(verdicts, " | ");
  }

  static LogicalResult reportTma(raw_ostream &os, AsyncCopyLikeOpInterface op,
                                 const KnownDivisors &divisors,
                                 std::string &reason) {
    FailureOr<CopyLayout> layout = layoutOf(op, divisors, reason);
    if (failed(layout))
      return failure();
    auto planAttr = op->getAttrOfType<TmaPlanAttr>("plan");
    FailureOr<TmaPlan> plan = getTmaPlan(planAttr, *layout, &reason);
    if (failed(plan))
      return failure();
    printIssues(os, plan->totalBytes, plan->issues.size(), plan->bytesPerIssue);
    printDescriptor(os, op);
    if (planAttr.isMulticast()) {
      os << " collective=" << collectiveGroupSize(op).value_or(0)
         << " multicast=";
      // A replicated group's leader issues every box, the others none.
      if (plan->multicast.leaderOnly)
        os << "leader";
      else
        llvm::interleave(
            plan->multicast.dims, os,
            [&](const CollectiveSplit::Dim &dim) {
              os << "d" << dim.planDim << ":" << dim.count << "x" << dim.piece;
            },
            ",");
    }
    printTmaSplit(os, planAttr, *layout, op.getSwizzleOrZero());
    return success();
  }

  /// Bulk and DSMEM copies issue one instruction per chunk of the plan
  /// selection recorded.
  static LogicalResult reportChunks(raw_ostream &os,
                                    AsyncCopyLikeOpInterface op) {
    auto plan = op->getAttrOfType<ChunkPlanAttr>("plan");
    printIssues(os, plan.getTotalBytes(), plan.getChunks(),
                plan.getChunkBytes());
    // One instruction per contiguous run of the window.
    if (plan.getChunks() > 1)
      os << " split=rows:" << plan.getChunks();
    return success();
  }

  static LogicalResult reportPerThread(raw_ostream &os,
                                       AsyncCopyLikeOpInterface op,
                                       const KnownDivisors &divisors,
                                       std::string &reason) {
    int64_t vectors, vectorBytes;
    bool checksBounds = false;
    ThreadCopyPlan::VectorLimit limit = ThreadCopyPlan::VectorLimit::none;
    if (op.getGmem()) {
      KnownOffset smemOffset = traceSmemBuffer(op.getSmem()).byteOffset;
      FailureOr<ThreadCopyPlan> plan =
          isa<CpAsyncCopyOp>(op)
              ? planCpAsyncCopy(op, smemOffset, &divisors, &reason)
              : planSyncCopy(op, smemOffset, &divisors, &reason);
      if (failed(plan))
        return failure();
      vectors = plan->numVectors;
      vectorBytes = plan->vectorBytes();
      checksBounds = plan->checksBounds();
      limit = plan->vectorLimit;
    } else {
      Type element =
          cast<MemRefType>(op.getSource().getType()).getElementType();
      int64_t bits = element.getIntOrFloatBitWidth();
      if (bits % 8 != 0) {
        reason = "the sync fallback moves whole bytes";
        return failure();
      }
      RemoteCopyPlan plan = planRemoteCopy(
          op, bits / 8, traceSmemBuffer(op.getSource()).byteOffset,
          traceSmemBuffer(op.getDest()).byteOffset);
      vectors = plan.numElements / plan.lanes;
      vectorBytes = plan.lanes * bits / 8;
    }
    printIssues(os, vectors * vectorBytes, vectors, vectorBytes);
    // Vector v goes to thread v mod blockSize.
    os << " per_thread=";
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    DenseI32ArrayAttr block = kernel ? kernel.getKnownBlockSizeAttr() : nullptr;
    if (block && block.size() == 3) {
      int64_t threads = int64_t(block[0]) * block[1] * block[2];
      os << llvm::divideCeil(vectors, threads) << " threads=" << threads;
    } else {
      os << "? threads=?";
    }
    if (checksBounds)
      os << " bounds=checked";
    if (limit != ThreadCopyPlan::VectorLimit::none)
      os << " vector_limit=" << vectorLimitName(limit);
    return success();
  }

  static void reportPrefetch(raw_ostream &os, TmaPrefetchOp op) {
    os << " impl=tma dir=prefetch";
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    std::string reason = "the GMEM operand has no analysable layout";
    FailureOr<TmaPlan> plan = succeeded(layout)
                                  ? getTmaPlan(op.getPlan(), *layout, &reason)
                                  : FailureOr<TmaPlan>(failure());
    if (failed(plan)) {
      os << " unplanned: " << reason;
      return;
    }
    printIssues(os, plan->totalBytes, plan->issues.size(), plan->bytesPerIssue);
    printDescriptor(os, op);
    printTmaSplit(os, op.getPlan(), *layout, op.getSwizzle().value_or(0));
  }
};

} // namespace
