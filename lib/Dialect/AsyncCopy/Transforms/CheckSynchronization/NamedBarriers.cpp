//===- NamedBarriers.cpp - named barriers that cannot complete
//-------------===//
//
// `nvvm.barrier id = %i number_of_threads = %n` (bar.sync) waits until %n
// threads have arrived at barrier %i, counting `nvvm.barrier.arrive`s
// (bar.arrive) on it; ping-pong consumers and warp-specialised kernels
// synchronise subsets of the CTA this way. Misused, the barrier hangs the
// kernel or completes a phase with the wrong threads. With constant ids and
// counts the kernel is checked for:
//
//   - an id outside the CTA's 16 barriers;
//   - a count that is not whole warps, or exceeds the block;
//   - one id used with two counts (one phase would complete the other's);
//   - barrier 0, the CTA barrier's, used for fewer threads than the block
//     while the kernel also has CTA barriers;
//   - a `bar.sync` that fewer threads than it counts can ever reach: the
//     threads that reach a sync or an arrival on its id, bounded by the
//     `scf.if`s on the thread index around them, are too few.
//
// Ids or counts only the run time knows are not checked.
//
//===----------------------------------------------------------------------===//

#include "CheckSynchronization.h"

#include "asynccopy/Hardware/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::synccheck;
namespace hw = ::asynccopy::hw;

namespace {

/// Threads [lo, hi) of the CTA's x dim (the block is T x 1 x 1 where the
/// rules apply).
struct Threads {
  int64_t lo, hi;
  int64_t size() const { return std::max<int64_t>(hi - lo, 0); }
  Threads meet(Threads other) const {
    return {std::max(lo, other.lo), std::min(hi, other.hi)};
  }
};

/// One use of a named barrier: a sync or an arrival, its id and count.
struct Use {
  Operation *op;
  bool sync;
  std::optional<int64_t> id, count;
};

/// `value` = tid.x / divisor (through index casts), or nothing.
std::optional<int64_t> threadDivisor(Value value) {
  int64_t divisor = 1;
  while (Operation *def = value.getDefiningOp()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    if (auto div = dyn_cast<arith::DivUIOp>(def)) {
      std::optional<int64_t> by = constantIndex(div.getRhs());
      if (!by || *by <= 0 || *by > hw::kMaxCtaThreads)
        return std::nullopt;
      divisor *= *by;
      if (divisor > hw::kMaxCtaThreads)
        return std::nullopt;
      value = div.getLhs();
      continue;
    }
    auto tid = dyn_cast<gpu::ThreadIdOp>(def);
    if (tid && tid.getDimension() == gpu::Dimension::x)
      return divisor;
    return std::nullopt;
  }
  return std::nullopt;
}

/// The threads for which `cond` is `holds`, within `all`: conditions
/// `tid.x / d <pred> c` and conjunctions (disjunctions when false) of them;
/// `all` for anything else.
Threads threadsWhere(Value cond, bool holds, Threads all) {
  Operation *def = cond.getDefiningOp();
  if (auto andOp = dyn_cast_or_null<arith::AndIOp>(def); andOp && holds)
    return threadsWhere(andOp.getLhs(), true, all)
        .meet(threadsWhere(andOp.getRhs(), true, all));
  if (auto orOp = dyn_cast_or_null<arith::OrIOp>(def); orOp && !holds)
    return threadsWhere(orOp.getLhs(), false, all)
        .meet(threadsWhere(orOp.getRhs(), false, all));
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(def);
  if (!cmp)
    return all;
  std::optional<int64_t> d = threadDivisor(cmp.getLhs());
  std::optional<int64_t> c = constantIndex(cmp.getRhs());
  // (Bounds past any block are left unknown, which also keeps the products
  // below from overflowing.)
  if (!d || !c || *c < 0 || *c > hw::kMaxCtaThreads)
    return all;
  arith::CmpIPredicate pred =
      holds ? cmp.getPredicate() : arith::invertPredicate(cmp.getPredicate());
  // tid / d < c  <=>  tid < c * d.
  switch (pred) {
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::slt:
    return all.meet({0, *c * *d});
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::sle:
    return all.meet({0, (*c + 1) * *d});
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::sgt:
    return all.meet({(*c + 1) * *d, all.hi});
  case arith::CmpIPredicate::uge:
  case arith::CmpIPredicate::sge:
    return all.meet({*c * *d, all.hi});
  case arith::CmpIPredicate::eq:
    return all.meet({*c * *d, (*c + 1) * *d});
  default:
    return all;
  }
}

/// The threads that may run `op`: those the `scf.if`s around it (up to
/// `body`) let through.
Threads threadsReaching(Operation *op, Region &body, Threads all) {
  Threads threads = all;
  for (; op->getParentRegion() != &body; op = op->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(op->getParentOp());
    if (!ifOp)
      continue;
    bool inThen = op->getParentRegion() == &ifOp.getThenRegion();
    threads = threads.meet(threadsWhere(ifOp.getCondition(), inThen, all));
  }
  return threads;
}

/// Threads in the union of `ranges` (which may overlap).
int64_t unionSize(SmallVector<Threads> ranges) {
  llvm::sort(ranges, [](Threads a, Threads b) { return a.lo < b.lo; });
  int64_t total = 0, end = INT64_MIN;
  for (Threads r : ranges) {
    if (r.size() == 0)
      continue;
    int64_t lo = std::max(r.lo, end);
    if (r.hi > lo)
      total += r.hi - lo;
    end = std::max(end, r.hi);
  }
  return total;
}

} // namespace

bool synccheck::checkNamedBarriers(Region &body,
                                   std::optional<int64_t> blockThreads,
                                   bool emit) {
  SmallVector<Use> uses;
  Operation *ctaBarrier = nullptr;
  body.walk([&](Operation *op) {
    if (auto sync = dyn_cast<NVVM::BarrierOp>(op)) {
      Value id = sync.getBarrierId(), count = sync.getNumberOfThreads();
      if (!count && (!id || constantIndex(id) == 0)) {
        ctaBarrier = op;
        return;
      }
      uses.push_back({op, true, id ? constantIndex(id) : 0,
                      count ? constantIndex(count) : blockThreads});
    } else if (auto arrive = dyn_cast<NVVM::BarrierArriveOp>(op)) {
      Value id = arrive.getBarrierId();
      uses.push_back({op, false, id ? constantIndex(id) : 0,
                      constantIndex(arrive.getNumberOfThreads())});
    } else if (isa<gpu::BarrierOp, NVVM::Barrier0Op>(op)) {
      ctaBarrier = op;
    }
  });
  bool failed = false;
  auto error = [&](Operation *op) {
    failed = true;
    return emit ? op->emitOpError() : InFlightDiagnostic();
  };
  Threads all{0, blockThreads.value_or(hw::kMaxCtaThreads)};
  llvm::DenseMap<int64_t, const Use *> firstCount;
  llvm::DenseMap<int64_t, SmallVector<Threads>> reaching;
  for (const Use &use : uses) {
    if (use.id && (*use.id < 0 || *use.id >= hw::kNamedBarriers)) {
      error(use.op) << "uses named barrier " << *use.id << ", but a CTA has "
                    << hw::kNamedBarriers << " (0 to " << hw::kNamedBarriers - 1
                    << ")";
      continue;
    }
    if (use.count && (*use.count <= 0 || *use.count % hw::kWarpThreads != 0)) {
      error(use.op) << "counts " << *use.count
                    << " threads: a named barrier counts whole warps (a "
                       "positive multiple of "
                    << hw::kWarpThreads << ")";
      continue;
    }
    if (use.count && blockThreads && *use.count > *blockThreads) {
      error(use.op) << "counts " << *use.count << " threads, but the block has "
                    << *blockThreads << ": it can never complete";
      continue;
    }
    if (!use.id || !use.count)
      continue;
    if (*use.id == 0 && ctaBarrier &&
        (!blockThreads || *use.count < *blockThreads)) {
      InFlightDiagnostic diag = error(use.op);
      diag << "uses barrier 0 for " << *use.count
           << " threads, but the kernel's CTA barriers use it for the whole "
              "block: one would complete the other's phase";
      if (emit)
        diag.attachNote(ctaBarrier->getLoc()) << "CTA barrier here";
      continue;
    }
    auto [it, inserted] = firstCount.try_emplace(*use.id, &use);
    if (!inserted && *it->second->count != *use.count) {
      InFlightDiagnostic diag = error(use.op);
      diag << "counts " << *use.count << " threads on named barrier " << *use.id
           << ", which counts " << *it->second->count
           << " elsewhere: one phase would complete the other's";
      if (emit)
        diag.attachNote(it->second->op->getLoc()) << "other count here";
      continue;
    }
    reaching[*use.id].push_back(threadsReaching(use.op, body, all));
  }
  // A sync completes once its count of threads has arrived: those that
  // reach a sync or an arrival on the id.
  for (const Use &use : uses) {
    if (!use.sync || !use.id || !use.count || !reaching.count(*use.id))
      continue;
    int64_t reach = unionSize(reaching[*use.id]);
    if (reach >= *use.count)
      continue;
    error(use.op) << "waits for " << *use.count << " threads on named barrier "
                  << *use.id << ", but at most " << reach
                  << " threads reach a sync or an arrival on it (the "
                     "conditions on the thread index around them): it can "
                     "never complete";
  }
  return failed;
}
