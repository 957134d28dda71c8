//===- NVGPU.cpp - nvgpu cp.async copies and TMA loads --------------------===//
//
// nvgpu's cp.async ops are per thread: each thread copies its own elements
// and waits for its own groups. asynccopy has no per-thread copy; its
// cp.async copy splits one window over the CTA. The two agree when every
// thread copies the same elements (uniform operands), and the hardware
// groups stay as they were: a copy becomes `{commit = false}` (it joins the
// open group), a group `commit_group cp_async`, a wait `wait_group cp_async
// N` (which adds a CTA barrier, so every thread runs it). A kernel's groups
// are one per-thread sequence, so its nvgpu cp.async ops are raised all
// together or not at all.
//
// A TMA load with its mbarrier protocol is raised when the protocol is the
// one-shot form upstream writes (and `transform.nvgpu.rewrite_copy_as_tma`
// emits): one barrier, initialised and waited on once at the kernel's top
// level, the loads and one arrive.expect_tx of their bytes under one guard
// (a predicate, or an scf.if at the top level), and possibly the other
// threads' arrivals without bytes in that scf.if's else.
//
//===----------------------------------------------------------------------===//

#include "RaiseUpstream.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/LaunchShape.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::raising;

//===----------------------------------------------------------------------===//
// cp.async
//===----------------------------------------------------------------------===//

/// Why the nvgpu cp.async op `op` cannot be raised on its own, or nullopt.
/// A copy whose operands differ between threads is raised when its threads'
/// runs tile a window (`tiles` records it).
static std::optional<std::string>
whyNotAsyncOp(Operation *op, Kernel kernel, Uniformity &uniformity,
              DenseMap<Operation *, ThreadTiledCopy> &tiles) {
  if (std::optional<std::string> why = uniformity.whyNotRunByAll(op))
    return why;
  for (Operation *user : op->getUsers())
    if (!isa<nvgpu::DeviceAsyncCreateGroupOp, nvgpu::DeviceAsyncWaitOp>(user))
      return "its token flows into '" + user->getName().getStringRef().str() +
             "'";
  auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op);
  if (!copy)
    return std::nullopt;
  if (copy.getSrcElements())
    return std::string("it zero-fills past `srcElements`, which "
                       "asynccopy.copy cannot express");
  if (!isGlobalMemory(copy.getSrc().getType()))
    return std::string("its source is not in global memory");
  if (llvm::all_of(copy->getOperands(),
                   [&](Value v) { return uniformity.isUniform(v); }))
    return std::nullopt;
  if (!uniformity.isUniform(copy.getSrc()) ||
      !uniformity.isUniform(copy.getDst()))
    return std::string("its source or destination buffer may differ between "
                       "threads");
  std::string why;
  FailureOr<ThreadTiledCopy> tiled =
      analyseThreadTiledCopy(copy, kernel, uniformity, why);
  if (failed(tiled))
    return "its indices differ between threads and do not tile one window "
           "that the CTA could copy together: " +
           why;
  tiles[op] = std::move(*tiled);
  return std::nullopt;
}

/// `copy` as an asynccopy.copy (cp.async where selection proves the
/// alignment upstream assumes, else sync) of the window [src indices] [1, ...,
/// 1, n] into the n-element row of `dst` it writes.
static void buildAsyncCopy(OpBuilder &b, nvgpu::DeviceAsyncCopyOp copy) {
  Location loc = copy.getLoc();
  MemRefType dstType = copy.getDst().getType();
  int64_t n = copy.getDstElements().getSExtValue();
  int64_t rank = dstType.getRank();
  SmallVector<OpFoldResult> rowOffsets =
      getAsOpFoldResult(copy.getDstIndices());
  SmallVector<OpFoldResult> rowSizes(rank, b.getIndexAttr(1));
  rowSizes.back() = b.getIndexAttr(n);
  SmallVector<OpFoldResult> unit(rank, b.getIndexAttr(1));
  auto rowType = memref::SubViewOp::inferRankReducedResultType(
      {n}, dstType, rowOffsets, rowSizes, unit);
  Value row =
      memref::SubViewOp::create(b, loc, cast<MemRefType>(rowType),
                                copy.getDst(), rowOffsets, rowSizes, unit);
  SmallVector<Value> dynamic;
  SmallVector<int64_t> offsets;
  dispatchIndexOpFoldResults(getAsOpFoldResult(copy.getSrcIndices()), dynamic,
                             offsets);
  SmallVector<int64_t> sizes(copy.getSrc().getType().getRank(), 1);
  sizes.back() = n;
  MLIRContext *ctx = b.getContext();
  // Upstream cp.async out of bounds is undefined: the same promise.
  CopyOp::create(b, loc, TokenType::get(ctx), copy.getSrc(), row, dynamic,
                 Value(), Value(), Value(), Value(), Value(),
                 b.getDenseI64ArrayAttr(offsets), b.getDenseI64ArrayAttr(sizes),
                 ArrayAttr(), IntegerAttr(), ArrayAttr(), Attribute(),
                 OOBModeAttr::get(ctx, OOBMode::promise_in_bounds),
                 ReductionKindAttr(), CopyImplAttr(), CacheHintAttr(),
                 b.getBoolAttr(false));
}

void mlir::asynccopy::raising::raiseDeviceAsyncCopies(Kernel kernel) {
  SmallVector<Operation *> ops;
  kernel.body().walk([&](Operation *op) {
    if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
            nvgpu::DeviceAsyncWaitOp>(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  Uniformity uniformity(kernel);
  DenseMap<Operation *, ThreadTiledCopy> tiles;
  bool blocked = false;
  SmallVector<Operation *> fine;
  for (Operation *op : ops) {
    if (std::optional<std::string> why =
            whyNotAsyncOp(op, kernel, uniformity, tiles)) {
      remarkNotRaised(op, *why);
      blocked = true;
    } else {
      fine.push_back(op);
    }
  }
  if (blocked) {
    for (Operation *op : fine)
      remarkNotRaised(op, "cp.async groups are per thread and another "
                          "nvgpu cp.async op of this kernel is not raised");
    return;
  }
  std::optional<std::string> problem = buildVerified(
      ops.front(), [&](OpBuilder &b) -> std::optional<std::string> {
        for (Operation *op : ops) {
          b.setInsertionPoint(op);
          auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op);
          if (copy && tiles.count(op))
            buildThreadTiledCopy(b, copy, tiles.find(op)->second);
          else if (copy)
            buildAsyncCopy(b, copy);
          else if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
            CommitGroupOp::create(b, op->getLoc(), GroupKind::cp_async);
          else
            WaitGroupOp::create(
                b, op->getLoc(), GroupKind::cp_async,
                cast<nvgpu::DeviceAsyncWaitOp>(op).getNumGroups().value_or(0));
        }
        return std::nullopt;
      });
  if (problem) {
    for (Operation *op : ops)
      remarkNotRaised(op, *problem);
    return;
  }
  for (Operation *op : llvm::reverse(ops))
    op->erase();
}

//===----------------------------------------------------------------------===//
// TMA loads
//===----------------------------------------------------------------------===//

namespace {
/// The one-shot protocol of one nvgpu mbarrier, as raising needs it.
struct TmaProtocol {
  nvgpu::MBarrierCreateOp create;
  nvgpu::MBarrierInitOp init;
  nvgpu::MBarrierTryWaitParityOp wait;
  SmallVector<nvgpu::TmaAsyncLoadOp> loads;
  SmallVector<nvgpu::MBarrierArriveExpectTxOp> arrivals;
  /// The top-level op the loads are at or in, and who issues them.
  Operation *issue = nullptr;
  Value predicate;
  /// Whether the other threads arrive too (without bytes).
  bool othersArrive = false;
  /// What the issuing threads do in the loads' scf.if before its first load
  /// (a debug print of the buffer, say): it moves into an scf.if of its own
  /// in front of the copies, so that it still runs before them.
  SmallVector<Operation *> beforeLoads;
};
} // namespace

static bool isConstant(Value value, int64_t expected) {
  return getConstantIntValue(value) == expected;
}

/// The value of `value` in every thread of `kernel`'s block: a constant, or
/// built by products and casts from constants and the block's sizes
/// (`gpu.block_dim`, a gpu.launch's block size arguments) where they are
/// known, as MLIR's sm90 tests initialise an mbarrier with `gpu.block_dim x`.
static std::optional<int64_t> evaluateInBlock(Value value, Kernel kernel,
                                              unsigned depth = 0) {
  constexpr unsigned kMaxDepth = 8;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  std::optional<LaunchDims> dims = getBlockDims(kernel.op);
  if (!dims || depth > kMaxDepth)
    return std::nullopt;
  if (auto blockDim = value.getDefiningOp<gpu::BlockDimOp>())
    return (*dims)[static_cast<unsigned>(blockDim.getDimension())];
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel.op)) {
    gpu::KernelDim3 size = launch.getBlockSize();
    Value args[] = {size.x, size.y, size.z};
    for (auto [i, arg] : llvm::enumerate(args))
      if (value == arg)
        return (*dims)[i];
  }
  Operation *def = value.getDefiningOp();
  if (isa_and_present<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp,
                      arith::TruncIOp>(def))
    return evaluateInBlock(def->getOperand(0), kernel, depth + 1);
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    std::optional<int64_t> lhs =
        evaluateInBlock(mul.getLhs(), kernel, depth + 1);
    std::optional<int64_t> rhs =
        evaluateInBlock(mul.getRhs(), kernel, depth + 1);
    if (lhs && rhs)
      return *lhs * *rhs;
  }
  return std::nullopt;
}

/// The box bytes a tensor map of `type` moves per load.
static int64_t boxBytes(nvgpu::TensorMapDescriptorType type) {
  MemRefType box = type.getTensor();
  return box.getNumElements() * tma::storageBits(box.getElementType()) / 8;
}

/// Where `load` is issued from (its guard) and its predicate, or why that is
/// not a form the pass raises.
static LogicalResult findGuard(nvgpu::TmaAsyncLoadOp load, Kernel kernel,
                               TmaProtocol &protocol, std::string &why) {
  Operation *issue = load;
  Value predicate = load.getPredicate();
  if (!predicate) {
    auto ifOp = dyn_cast<scf::IfOp>(load->getParentOp());
    if (!ifOp || load->getParentRegion() != &ifOp.getThenRegion()) {
      why = "the TMA load is issued neither under a predicate nor in an "
            "scf.if";
      return failure();
    }
    issue = ifOp;
    predicate = ifOp.getCondition();
  }
  if (issue->getBlock() != &kernel.entry()) {
    why = "the TMA load is not issued at the kernel's top level";
    return failure();
  }
  if (protocol.issue && (protocol.predicate != predicate ||
                         (isa<scf::IfOp>(issue) && protocol.issue != issue))) {
    why = "the loads on this mbarrier are issued under different guards";
    return failure();
  }
  protocol.predicate = predicate;
  if (!protocol.issue || issue->isBeforeInBlock(protocol.issue))
    protocol.issue = issue;
  return success();
}

/// Collects what the loads' scf.if does before its first load, or says why
/// the copies cannot be issued where that scf.if is: other work between the
/// loads, or a value of that work used after them.
static LogicalResult splitGuard(TmaProtocol &protocol, std::string &why) {
  auto ifOp = dyn_cast<scf::IfOp>(protocol.issue);
  if (!ifOp)
    return success();
  auto isProtocolOp = [&](Operation *op) {
    return llvm::is_contained(protocol.loads, op) ||
           llvm::is_contained(protocol.arrivals, op);
  };
  Block &then = ifOp.getThenRegion().front();
  auto first = llvm::find_if(then, [&](Operation &op) {
    return isa<nvgpu::TmaAsyncLoadOp>(op) && isProtocolOp(&op);
  });
  Operation *last = nullptr;
  for (Operation &op : then)
    if (isa<nvgpu::TmaAsyncLoadOp>(op) && isProtocolOp(&op))
      last = &op;
  for (Operation &op : llvm::make_range(first, Block::iterator(last)))
    if (!isProtocolOp(&op) && !isMemoryEffectFree(&op)) {
      why = "its scf.if does other work between the loads";
      return failure();
    }
  for (Operation &op : llvm::make_range(then.begin(), first)) {
    // Pure ops (the loads' constant coordinates) stay where they are, unless
    // they compute on what moves.
    bool onMoved = llvm::any_of(op.getOperands(), [&](Value operand) {
      return llvm::is_contained(protocol.beforeLoads, operand.getDefiningOp());
    });
    if (isProtocolOp(&op) || (isMemoryEffectFree(&op) && !onMoved))
      continue;
    for (Operation *user : op.getUsers())
      if (!then.findAncestorOpInBlock(*user) ||
          !then.findAncestorOpInBlock(*user)->isBeforeInBlock(&*first)) {
        why = "its scf.if computes a value before the loads that is used "
              "after them";
        return failure();
      }
    protocol.beforeLoads.push_back(&op);
  }
  return success();
}

/// Moves what the issuing threads do before the loads into an scf.if of its
/// own, in front of the loads' scf.if, where the copies will be issued.
static void hoistBeforeLoads(TmaProtocol &protocol) {
  if (protocol.beforeLoads.empty())
    return;
  auto ifOp = cast<scf::IfOp>(protocol.issue);
  OpBuilder b(ifOp);
  auto before = scf::IfOp::create(b, ifOp.getLoc(), ifOp.getCondition(),
                                  /*withElseRegion=*/false);
  Operation *yield = before.getThenRegion().front().getTerminator();
  for (Operation *op : protocol.beforeLoads)
    op->moveBefore(yield);
}

/// Checks the arrivals on the protocol's barrier: one arrive.expect_tx of
/// all the loads' bytes beside them, and possibly the other threads' with
/// no bytes in the else of their scf.if.
static LogicalResult checkArrivals(TmaProtocol &protocol, std::string &why) {
  int64_t bytes = 0;
  for (nvgpu::TmaAsyncLoadOp load : protocol.loads)
    bytes += boxBytes(load.getTensorMapDescriptor().getType());
  int64_t beside = 0;
  auto ifOp = dyn_cast<scf::IfOp>(protocol.issue);
  for (nvgpu::MBarrierArriveExpectTxOp arrive : protocol.arrivals) {
    if (ifOp && arrive->getParentRegion() == &ifOp.getElseRegion() &&
        !arrive.getPredicate() && isConstant(arrive.getTxcount(), 0)) {
      protocol.othersArrive = true;
      continue;
    }
    bool guarded = ifOp ? arrive->getParentRegion() == &ifOp.getThenRegion()
                        : arrive.getPredicate() == protocol.predicate &&
                              arrive->getBlock() == protocol.issue->getBlock();
    if (!guarded) {
      why = "an mbarrier.arrive.expect_tx on this mbarrier is not beside "
            "its loads";
      return failure();
    }
    if (beside++ || !isConstant(arrive.getTxcount(), bytes)) {
      why = "the loads' bytes (" + std::to_string(bytes) +
            ") are not expected by exactly one arrive.expect_tx";
      return failure();
    }
  }
  if (!beside) {
    why = "no arrive.expect_tx expects the loads' bytes";
    return failure();
  }
  return success();
}

/// Collects the protocol of the barriers `load` completes on, or says why it
/// is not the one-shot form.
static FailureOr<TmaProtocol> findProtocol(Value barriers, Kernel kernel,
                                           std::string &why) {
  TmaProtocol protocol;
  protocol.create = barriers.getDefiningOp<nvgpu::MBarrierCreateOp>();
  if (!protocol.create || protocol.create->getBlock() != &kernel.entry()) {
    why = "its mbarrier is not created at the kernel's top level";
    return failure();
  }
  if (protocol.create.getBarriers().getType().getNumBarriers() != 1) {
    why = "its mbarrier group has several barriers (only one-barrier "
          "protocols are raised)";
    return failure();
  }
  for (Operation *user : barriers.getUsers()) {
    if (auto load = dyn_cast<nvgpu::TmaAsyncLoadOp>(user)) {
      protocol.loads.push_back(load);
    } else if (auto arrive = dyn_cast<nvgpu::MBarrierArriveExpectTxOp>(user)) {
      protocol.arrivals.push_back(arrive);
    } else if (auto init = dyn_cast<nvgpu::MBarrierInitOp>(user);
               init && !protocol.init) {
      protocol.init = init;
    } else if (auto wait = dyn_cast<nvgpu::MBarrierTryWaitParityOp>(user);
               wait && !protocol.wait) {
      protocol.wait = wait;
    } else {
      why = "its mbarrier is also used by '" +
            user->getName().getStringRef().str() +
            "' (only one init, one wait and the loads' arrivals are raised)";
      return failure();
    }
  }
  if (!protocol.init || !protocol.wait) {
    why = "its mbarrier is not initialised and waited on once";
    return failure();
  }
  // Use lists run backwards: the copies keep the loads' program order.
  llvm::sort(protocol.loads, [](Operation *a, Operation *b) {
    return a->getBlock() == b->getBlock() && a->isBeforeInBlock(b);
  });
  for (nvgpu::TmaAsyncLoadOp load : protocol.loads) {
    if (load.getMulticastMask()) {
      why = "it multicasts";
      return failure();
    }
    if (failed(findGuard(load, kernel, protocol, why)))
      return failure();
  }
  Block *top = &kernel.entry();
  if (protocol.init->getBlock() != top || protocol.wait->getBlock() != top ||
      !protocol.init->isBeforeInBlock(protocol.issue) ||
      !protocol.issue->isBeforeInBlock(protocol.wait) ||
      !isConstant(protocol.wait.getPhaseParity(), 0)) {
    why = "its mbarrier is not initialised, loaded and waited on for phase "
          "0 once, in this order, at the kernel's top level";
    return failure();
  }
  auto all = [](ValueRange ids) {
    return llvm::all_of(ids, [](Value id) { return isConstant(id, 0); });
  };
  SmallVector<Value> ids = {protocol.init.getMbarId(),
                            protocol.wait.getMbarId()};
  for (nvgpu::TmaAsyncLoadOp load : protocol.loads)
    ids.push_back(load.getMbarId());
  for (nvgpu::MBarrierArriveExpectTxOp arrive : protocol.arrivals)
    ids.push_back(arrive.getMbarId());
  if (!all(ids)) {
    why = "its mbarrier is indexed with a non-zero or dynamic id";
    return failure();
  }
  if (failed(checkArrivals(protocol, why)) || failed(splitGuard(protocol, why)))
    return failure();
  // Arrivals per phase: the issuing thread's, plus every other thread's.
  std::optional<int64_t> threads = getBlockThreads(kernel.op);
  if (protocol.othersArrive && !threads) {
    why = "every thread arrives on its mbarrier, and the kernel's block size "
          "is not static";
    return failure();
  }
  int64_t count = protocol.othersArrive ? *threads : 1;
  if (evaluateInBlock(protocol.init.getCount(), kernel) != count) {
    why = "its mbarrier's arrival count is not " +
          std::string(protocol.othersArrive
                          ? "the block size (every thread arrives once)"
                          : "1 (the issuing thread arrives once)");
    return failure();
  }
  return protocol;
}

/// The GMEM memref behind the tensor map `load` uses, or why there is none.
static FailureOr<Value> findTensor(nvgpu::TmaAsyncLoadOp load, Kernel kernel,
                                   std::string &why) {
  auto create = load.getTensorMapDescriptor()
                    .getDefiningOp<nvgpu::TmaCreateDescriptorOp>();
  if (!create || kernel.op->isAncestor(create)) {
    why = "its tensor map is not made by an nvgpu.tma.create.descriptor on "
          "the host of this gpu.launch (the pass runs before "
          "gpu-kernel-outlining)";
    return failure();
  }
  auto cast = create.getTensor().getDefiningOp<memref::CastOp>();
  auto ranked =
      cast ? dyn_cast<MemRefType>(cast.getSource().getType()) : MemRefType();
  if (!ranked || !isGlobalMemory(ranked)) {
    why = "its tensor map's tensor is not a memref.cast of a ranked "
          "global-memory memref";
    return failure();
  }
  nvgpu::TensorMapDescriptorType type = create.getTensorMap().getType();
  ArrayRef<int64_t> box = type.getTensor().getShape();
  if (type.getInterleave() != nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE ||
      box.size() != static_cast<size_t>(ranked.getRank()) ||
      !llvm::all_of(llvm::zip(create.getBoxDimensions(), box), [](auto d) {
        return isConstant(std::get<0>(d), std::get<1>(d));
      })) {
    why = "its tensor map interleaves or its box is not the tensor's rank "
          "and the descriptor type's shape";
    return failure();
  }
  return cast.getSource();
}

/// `value` at `b` (before `guard`, where the loads are issued): itself, or
/// a constant defined inside or after `guard` made again.
static FailureOr<Value> hoist(OpBuilder &b, Value value, Operation *guard) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return value;
  bool later =
      def->getBlock() == guard->getBlock() && !def->isBeforeInBlock(guard);
  if (!later && !guard->isAncestor(def))
    return value;
  if (!matchPattern(value, m_Constant()))
    return failure();
  return b.clone(*def)->getResult(0);
}

/// `load` as an asynccopy TMA copy at `b`, on stage 0 of `barrier`.
static LogicalResult buildTmaCopy(OpBuilder &b, nvgpu::TmaAsyncLoadOp load,
                                  Value tensor, Value barrier, Value stage,
                                  Value predicate, Operation *guard) {
  MLIRContext *ctx = b.getContext();
  nvgpu::TensorMapDescriptorType type = load.getTensorMapDescriptor().getType();
  SmallVector<OpFoldResult> window;
  // nvgpu coordinates go innermost first, asynccopy windows outermost first.
  for (Value coordinate : llvm::reverse(load.getCoordinates())) {
    FailureOr<Value> here = hoist(b, coordinate, guard);
    if (failed(here))
      return failure();
    window.push_back(getAsOpFoldResult(*here));
  }
  FailureOr<Value> dst = hoist(b, load.getDst(), guard);
  if (failed(dst))
    return failure();
  SmallVector<Value> dynamic;
  SmallVector<int64_t> offsets;
  dispatchIndexOpFoldResults(window, dynamic, offsets);
  int64_t swizzle = 0;
  switch (type.getSwizzle()) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE:
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    swizzle = 32;
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    swizzle = 64;
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    swizzle = 128;
    break;
  }
  OOBMode oob = type.getOob() == nvgpu::TensorMapOOBKind::OOB_NAN
                    ? OOBMode::nan
                    : OOBMode::zeros;
  CopyOp::create(
      b, load.getLoc(), Type(), tensor, *dst, dynamic, barrier, stage,
      predicate, Value(), Value(), b.getDenseI64ArrayAttr(offsets),
      b.getDenseI64ArrayAttr(type.getTensor().getShape()), ArrayAttr(),
      swizzle ? b.getI64IntegerAttr(swizzle) : IntegerAttr(), ArrayAttr(),
      Attribute(),
      oob == OOBMode::zeros ? OOBModeAttr() : OOBModeAttr::get(ctx, oob),
      ReductionKindAttr(), CopyImplAttr::get(ctx, CopyImpl::tma),
      CacheHintAttr(), BoolAttr());
  return success();
}

/// Raises one protocol: an asynccopy barrier with the init count of the
/// loads (one arrival each), TMA copies issued by the threads of the
/// guard's predicate where the guard was, the wait. When every other thread
/// arrived too, their arrivals made the wait a CTA-wide rendezvous: a
/// gpu.barrier after the copies keeps it.
static void raiseProtocol(TmaProtocol &protocol,
                          const DenseMap<Operation *, Value> &tensors) {
  hoistBeforeLoads(protocol);
  std::optional<std::string> problem = buildVerified(
      protocol.create, [&](OpBuilder &b) -> std::optional<std::string> {
        Location loc = protocol.create.getLoc();
        Value barrier =
            BarrierAllocOp::create(b, loc, BarrierType::get(b.getContext(), 1));
        b.setInsertionPoint(protocol.init);
        BarrierInitOp::create(b, protocol.init.getLoc(), barrier,
                              b.getI64IntegerAttr(protocol.loads.size()));
        b.setInsertionPoint(protocol.issue);
        Value stage = arith::ConstantIndexOp::create(b, loc, 0);
        for (nvgpu::TmaAsyncLoadOp load : protocol.loads)
          if (failed(buildTmaCopy(b, load, tensors.lookup(load), barrier, stage,
                                  protocol.predicate, protocol.issue)))
            return std::string("a coordinate or the destination of a load "
                               "is computed inside its scf.if or after the "
                               "first load");
        if (protocol.othersArrive)
          gpu::BarrierOp::create(b, loc);
        b.setInsertionPoint(protocol.wait);
        BarrierWaitOp::create(b, protocol.wait.getLoc(), barrier, stage,
                              protocol.wait.getPhaseParity());
        return std::nullopt;
      });
  if (problem) {
    for (nvgpu::TmaAsyncLoadOp load : protocol.loads)
      remarkNotRaised(load, *problem);
    return;
  }
  // The guard, when the loads have one; `protocol.issue` may be a load,
  // erased below.
  auto ifOp = dyn_cast<scf::IfOp>(protocol.issue);
  SetVector<Operation *> descriptors;
  for (nvgpu::TmaAsyncLoadOp load : protocol.loads) {
    descriptors.insert(load.getTensorMapDescriptor().getDefiningOp());
    load->erase();
  }
  // The host's tensor maps and their casts, if nothing else uses them.
  for (Operation *create : descriptors) {
    Operation *tensor =
        cast<nvgpu::TmaCreateDescriptorOp>(create).getTensor().getDefiningOp();
    if (create->use_empty())
      create->erase();
    if (tensor->use_empty())
      tensor->erase();
  }
  for (nvgpu::MBarrierArriveExpectTxOp arrive : protocol.arrivals)
    arrive->erase();
  protocol.init->erase();
  protocol.wait->erase();
  protocol.create->erase();
  if (ifOp && isOpTriviallyDead(ifOp))
    ifOp->erase();
}

void mlir::asynccopy::raising::raiseTmaLoads(Kernel kernel) {
  llvm::MapVector<Value, SmallVector<nvgpu::TmaAsyncLoadOp>> byBarrier;
  kernel.body().walk([&](nvgpu::TmaAsyncLoadOp load) {
    byBarrier[load.getBarriers()].push_back(load);
  });
  for (auto &[barriers, loads] : byBarrier) {
    std::string why;
    DenseMap<Operation *, Value> tensors;
    for (nvgpu::TmaAsyncLoadOp load : loads) {
      FailureOr<Value> tensor = findTensor(load, kernel, why);
      if (failed(tensor))
        break;
      tensors[load] = *tensor;
    }
    FailureOr<TmaProtocol> protocol = failure();
    if (why.empty())
      protocol = findProtocol(barriers, kernel, why);
    if (failed(protocol)) {
      for (nvgpu::TmaAsyncLoadOp load : loads)
        remarkNotRaised(load, why);
      continue;
    }
    raiseProtocol(*protocol, tensors);
  }
}
