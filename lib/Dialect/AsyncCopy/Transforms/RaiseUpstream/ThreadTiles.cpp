//===- ThreadTiles.cpp - per-thread cp.async copies that tile a window ----===//
//
// What compilers emit for a tile load is one cp.async per thread: thread t
// copies its own run of n elements, `%A[%row0 + %t floordiv 8, (%t mod 8)
// * 8]` into `%S[%t floordiv 8, (%t mod 8) * 8]`. Together the threads of
// the CTA copy a window, which one CTA-cooperative asynccopy copy moves as
// well; after the raised wait (which ends with a CTA barrier) every thread
// sees at least what it saw of its own copy before.
//
// Each index must be a sum of a part every thread shares and a part that
// depends only on the thread ids (and constants, and the block's sizes),
// which the analysis evaluates for every thread of the (known) block. The
// copy is raised when the runs tile a window exactly (each element once)
// and the destination holds them in the same layout.
//
//===----------------------------------------------------------------------===//

#include "RaiseUpstream.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/LaunchShape.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::raising;

namespace {

/// A thread of the block: its ids and the block's sizes (and, in a
/// gpu.launch body, the region arguments that hold them).
struct ThreadPoint {
  LaunchDims id, block;
  gpu::LaunchOp launch = {};
};

/// Bounded recursion for adversarial index chains.
constexpr unsigned kMaxDepth = 24;
/// Windows over this many elements are not checked element by element.
constexpr int64_t kMaxWindowElements = int64_t(1) << 20;

/// `op` (an integer arith op of two operands) applied to `a` and `b`, where
/// the result is defined and fits 64 bits.
std::optional<int64_t> applyBinary(Operation *op, int64_t a, int64_t b) {
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
      .Case([&](arith::AddIOp) { return llvm::checkedAdd(a, b); })
      .Case([&](arith::SubIOp) { return llvm::checkedSub(a, b); })
      .Case([&](arith::MulIOp) { return llvm::checkedMul(a, b); })
      .Case<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp>(
          [&](Operation *) -> std::optional<int64_t> {
            if (b <= 0 || a < 0)
              return std::nullopt;
            return a / b;
          })
      .Case<arith::RemUIOp, arith::RemSIOp>(
          [&](Operation *) -> std::optional<int64_t> {
            if (b <= 0 || a < 0)
              return std::nullopt;
            return a % b;
          })
      .Case([&](arith::ShLIOp) -> std::optional<int64_t> {
        if (a < 0 || b < 0 || b > 30 || a > (int64_t(1) << 32))
          return std::nullopt;
        return a << b;
      })
      .Case([&](arith::ShRUIOp) -> std::optional<int64_t> {
        if (a < 0 || b < 0 || b > 62)
          return std::nullopt;
        return a >> b;
      })
      .Case([&](arith::AndIOp) { return a & b; })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<int64_t> evaluate(Value value, const ThreadPoint &t,
                                unsigned depth = 0);

/// The value of the affine map of `apply` in thread `t`.
std::optional<int64_t> evaluateApply(affine::AffineApplyOp apply,
                                     const ThreadPoint &t, unsigned depth) {
  SmallVector<Attribute> operands;
  for (Value v : apply.getMapOperands()) {
    std::optional<int64_t> x = evaluate(v, t, depth + 1);
    if (!x)
      return std::nullopt;
    operands.push_back(IntegerAttr::get(v.getType(), *x));
  }
  SmallVector<Attribute> folded;
  if (failed(apply.getAffineMap().constantFold(operands, folded)) ||
      folded.size() != 1)
    return std::nullopt;
  return cast<IntegerAttr>(folded.front()).getInt();
}

/// The value of a thread id or block size of `t`'s gpu.launch.
std::optional<int64_t> evaluateLaunchArgument(Value value,
                                              const ThreadPoint &t) {
  gpu::LaunchOp launch = t.launch;
  if (!launch)
    return std::nullopt;
  gpu::KernelDim3 ids = launch.getThreadIds(), sizes = launch.getBlockSize();
  Value idArgs[] = {ids.x, ids.y, ids.z};
  Value sizeArgs[] = {sizes.x, sizes.y, sizes.z};
  for (unsigned d = 0; d < 3; ++d) {
    if (value == idArgs[d])
      return t.id[d];
    if (value == sizeArgs[d])
      return t.block[d];
  }
  return std::nullopt;
}

/// The value of `value` in thread `t`, when it is built from thread ids,
/// the block's sizes and constants only.
std::optional<int64_t> evaluate(Value value, const ThreadPoint &t,
                                unsigned depth) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  if (std::optional<int64_t> argument = evaluateLaunchArgument(value, t))
    return argument;
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return std::nullopt;
  auto operand = [&](unsigned i) {
    return evaluate(def->getOperand(i), t, depth + 1);
  };
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(def)
      .Case([&](gpu::ThreadIdOp op) {
        return t.id[static_cast<unsigned>(op.getDimension())];
      })
      .Case([&](gpu::BlockDimOp op) {
        return t.block[static_cast<unsigned>(op.getDimension())];
      })
      .Case([&](gpu::LaneIdOp) {
        int64_t linear =
            t.id[0] + t.block[0] * (t.id[1] + t.block[1] * t.id[2]);
        return linear % hw::kWarpThreads;
      })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp>(
          [&](Operation *) { return operand(0); })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp,
            arith::DivSIOp, arith::FloorDivSIOp, arith::RemUIOp, arith::RemSIOp,
            arith::ShLIOp, arith::ShRUIOp, arith::AndIOp>(
          [&](Operation *op) -> std::optional<int64_t> {
            std::optional<int64_t> a = operand(0), b = operand(1);
            if (!a || !b)
              return std::nullopt;
            return applyBinary(op, *a, *b);
          })
      .Case([&](affine::AffineApplyOp apply) {
        return evaluateApply(apply, t, depth);
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// An index of a per-thread copy as the part every thread shares (a sum of
/// uniform values, built where the copy is raised) plus the part each
/// thread adds (a sum of terms of thread ids and constants).
struct SplitIndex {
  SmallVector<Value> shared;
  /// Affine parts over shared operands: the expression and the operands of
  /// the affine.apply it comes from.
  SmallVector<std::pair<AffineMap, SmallVector<Value>>> sharedMaps;
  SmallVector<Value> perThread;
  /// Affine parts over per-thread operands.
  SmallVector<std::pair<AffineMap, SmallVector<Value>>> perThreadMaps;
};

/// Splits `value` into its shared and per-thread parts; failure when a part
/// mixes both other than by addition.
LogicalResult split(Value value, Uniformity &uniformity, gpu::LaunchOp launch,
                    SplitIndex &into, unsigned depth = 0) {
  if (uniformity.isUniform(value)) {
    into.shared.push_back(value);
    return success();
  }
  ThreadPoint probe{{0, 0, 0}, {1, 1, 1}, launch};
  if (evaluate(value, probe)) {
    into.perThread.push_back(value);
    return success();
  }
  if (depth > kMaxDepth)
    return failure();
  if (auto add = value.getDefiningOp<arith::AddIOp>())
    return success(
        succeeded(split(add.getLhs(), uniformity, launch, into, depth + 1)) &&
        succeeded(split(add.getRhs(), uniformity, launch, into, depth + 1)));
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  if (!apply)
    return failure();
  // An affine sum: each summand over shared operands only, or over
  // per-thread ones only.
  AffineMap map = apply.getAffineMap();
  SmallVector<AffineExpr> terms;
  std::function<void(AffineExpr)> collect = [&](AffineExpr e) {
    if (auto sum = dyn_cast<AffineBinaryOpExpr>(e);
        sum && sum.getKind() == AffineExprKind::Add) {
      collect(sum.getLHS());
      collect(sum.getRHS());
      return;
    }
    terms.push_back(e);
  };
  collect(map.getResult(0));
  SmallVector<Value> operands(apply.getMapOperands());
  unsigned numDims = map.getNumDims();
  for (AffineExpr term : terms) {
    bool shared = true, perThread = true;
    for (auto [i, operand] : llvm::enumerate(operands)) {
      bool used = i < numDims ? term.isFunctionOfDim(i)
                              : term.isFunctionOfSymbol(i - numDims);
      if (!used)
        continue;
      shared &= uniformity.isUniform(operand);
      perThread &= static_cast<bool>(evaluate(operand, probe));
    }
    AffineMap one = AffineMap::get(numDims, map.getNumSymbols(), term);
    if (shared)
      into.sharedMaps.push_back({one, operands});
    else if (perThread)
      into.perThreadMaps.push_back({one, operands});
    else
      return failure();
  }
  return success();
}

/// The per-thread part of `index` in thread `t`.
std::optional<int64_t> evaluatePerThread(const SplitIndex &index,
                                         const ThreadPoint &t) {
  int64_t sum = 0;
  for (Value v : index.perThread) {
    std::optional<int64_t> x = evaluate(v, t);
    if (!x)
      return std::nullopt;
    sum += *x;
  }
  for (const auto &[map, operands] : index.perThreadMaps) {
    SmallVector<Attribute> values;
    for (Value v : operands) {
      std::optional<int64_t> x = evaluate(v, t);
      // Operands the term does not use may be anything.
      values.push_back(IntegerAttr::get(v.getType(), x.value_or(0)));
    }
    SmallVector<Attribute> folded;
    if (failed(map.constantFold(values, folded)) || folded.size() != 1)
      return std::nullopt;
    sum += cast<IntegerAttr>(folded.front()).getInt();
  }
  return sum;
}

/// `index`'s shared part plus `offset`, built at `b` (a constant where it
/// has no shared part).
OpFoldResult buildShared(OpBuilder &b, Location loc, const SplitIndex &index,
                         int64_t offset) {
  if (index.shared.empty() && index.sharedMaps.empty())
    return b.getIndexAttr(offset);
  Value sum = arith::ConstantIndexOp::create(b, loc, offset);
  auto add = [&](Value v) {
    if (!v.getType().isIndex())
      v = arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    sum = arith::AddIOp::create(b, loc, sum, v);
  };
  for (Value v : index.shared)
    add(v);
  for (const auto &[map, operands] : index.sharedMaps) {
    // Without the operands the term does not use (the thread ids).
    AffineMap term = map;
    SmallVector<Value> used(operands);
    affine::canonicalizeMapAndOperands(&term, &used);
    add(affine::AffineApplyOp::create(b, loc, term, used));
  }
  return sum;
}

} // namespace

struct raising::ThreadTiledCopy::Indices {
  SmallVector<SplitIndex, 4> src, dst;
};

raising::ThreadTiledCopy::ThreadTiledCopy() = default;
raising::ThreadTiledCopy::~ThreadTiledCopy() = default;
raising::ThreadTiledCopy::ThreadTiledCopy(ThreadTiledCopy &&) = default;
raising::ThreadTiledCopy &
raising::ThreadTiledCopy::operator=(ThreadTiledCopy &&) = default;

/// Every thread's run start in the source and destination (a destination
/// index is 0 in the source's `lead` dims it does not have).
static LogicalResult evaluateRunStarts(const ThreadTiledCopy::Indices &indices,
                                       const LaunchDims &block,
                                       gpu::LaunchOp launch, int64_t lead,
                                       SmallVector<SmallVector<int64_t>> &src,
                                       SmallVector<SmallVector<int64_t>> &dst) {
  int64_t threads = block[0] * block[1] * block[2];
  int64_t rank = indices.src.size();
  src.assign(threads, {});
  dst.assign(threads, {});
  for (int64_t t = 0; t < threads; ++t) {
    ThreadPoint point{
        {t % block[0], (t / block[0]) % block[1], t / (block[0] * block[1])},
        block,
        launch};
    for (int64_t d = 0; d < rank; ++d) {
      std::optional<int64_t> s = evaluatePerThread(indices.src[d], point);
      std::optional<int64_t> x =
          d < lead ? std::optional<int64_t>(0)
                   : evaluatePerThread(indices.dst[d - lead], point);
      if (!s || !x)
        return failure();
      src[t].push_back(*s);
      dst[t].push_back(*x);
    }
  }
  return success();
}

/// Sets `result`'s window (its smallest starts and sizes) from the threads'
/// runs of `n` elements and checks that they tile it: each element once, at
/// the same place in the destination as in the source.
static LogicalResult checkTiling(ThreadTiledCopy &result,
                                 ArrayRef<SmallVector<int64_t>> src,
                                 ArrayRef<SmallVector<int64_t>> dst,
                                 int64_t lead, int64_t n, std::string &why) {
  int64_t threads = src.size(), rank = src.front().size();
  result.srcMin.assign(rank, INT64_MAX);
  result.dstMin.assign(rank, INT64_MAX);
  SmallVector<int64_t> srcMax(rank, INT64_MIN);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t d = 0; d < rank; ++d) {
      result.srcMin[d] = std::min(result.srcMin[d], src[t][d]);
      result.dstMin[d] = std::min(result.dstMin[d], dst[t][d]);
      srcMax[d] = std::max(srcMax[d], src[t][d]);
    }
  for (int64_t d = 0; d < lead; ++d)
    if (srcMax[d] != result.srcMin[d]) {
      why = "the threads differ in a source dim the destination does not have";
      return failure();
    }
  std::optional<int64_t> elements = 1;
  for (int64_t d = 0; d < rank && elements; ++d) {
    std::optional<int64_t> span = llvm::checkedSub(srcMax[d], result.srcMin[d]);
    std::optional<int64_t> size =
        span ? llvm::checkedAdd(*span, d + 1 == rank ? n : 1) : std::nullopt;
    elements = size ? llvm::checkedMul(*elements, *size) : std::nullopt;
    result.sizes.push_back(size.value_or(0));
  }
  if (!elements || *elements != threads * n || *elements > kMaxWindowElements) {
    why = "the threads' runs do not tile a window (" + std::to_string(threads) +
          " runs of " + std::to_string(n) + " elements span " +
          (elements ? std::to_string(*elements) : std::string("more")) + ")";
    return failure();
  }
  std::vector<bool> seen(*elements, false);
  for (int64_t t = 0; t < threads; ++t) {
    int64_t linear = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t at = src[t][d] - result.srcMin[d];
      if (at != dst[t][d] - result.dstMin[d]) {
        why = "the destination does not hold the threads' runs in the "
              "layout of the window they read";
        return failure();
      }
      linear = linear * result.sizes[d] + at;
    }
    for (int64_t e = 0; e < n; ++e) {
      if (seen[linear + e]) {
        why = "threads copy overlapping runs";
        return failure();
      }
      seen[linear + e] = true;
    }
  }
  return success();
}

FailureOr<raising::ThreadTiledCopy>
raising::analyseThreadTiledCopy(nvgpu::DeviceAsyncCopyOp copy, Kernel kernel,
                                Uniformity &uniformity, std::string &why) {
  std::optional<LaunchDims> block = getBlockDims(kernel.op);
  if (!block) {
    why = "its indices differ between threads and the kernel's block size "
          "is not static, so which window the threads copy together is "
          "unknown";
    return failure();
  }
  int64_t threads = (*block)[0] * (*block)[1] * (*block)[2];
  int64_t rank = copy.getSrc().getType().getRank();
  // The source's leading dims beyond the destination's rank must be the
  // same in every thread (window extent 1).
  int64_t lead = rank - copy.getDst().getType().getRank();
  int64_t n = copy.getDstElements().getSExtValue();
  if (threads > hw::kMaxCtaThreads || lead < 0) {
    why = "the destination has more dims than the source (or the block has "
          "over 1024 threads)";
    return failure();
  }
  ThreadTiledCopy result;
  result.indices = std::make_unique<ThreadTiledCopy::Indices>();
  auto launch = dyn_cast<gpu::LaunchOp>(kernel.op);
  auto splitAll = [&](ValueRange values, SmallVector<SplitIndex, 4> &into) {
    for (Value v : values) {
      into.emplace_back();
      if (failed(split(v, uniformity, launch, into.back())))
        return false;
    }
    return true;
  };
  if (!splitAll(copy.getSrcIndices(), result.indices->src) ||
      !splitAll(copy.getDstIndices(), result.indices->dst)) {
    why = "an index is not a sum of a part every thread shares and one of "
          "the thread ids and constants";
    return failure();
  }
  SmallVector<SmallVector<int64_t>> src, dst;
  if (failed(
          evaluateRunStarts(*result.indices, *block, launch, lead, src, dst))) {
    why = "a per-thread index part could not be evaluated";
    return failure();
  }
  if (failed(checkTiling(result, src, dst, lead, n, why)))
    return failure();
  return result;
}

Value raising::buildThreadTiledCopy(OpBuilder &b, nvgpu::DeviceAsyncCopyOp copy,
                                    const ThreadTiledCopy &tiles) {
  Location loc = copy.getLoc();
  int64_t rank = tiles.sizes.size();
  int64_t lead = rank - copy.getDst().getType().getRank();
  SmallVector<OpFoldResult> srcOffsets, dstOffsets, sizes, unit;
  for (int64_t d = 0; d < rank; ++d) {
    srcOffsets.push_back(
        buildShared(b, loc, tiles.indices->src[d], tiles.srcMin[d]));
    if (d < lead)
      continue;
    dstOffsets.push_back(
        buildShared(b, loc, tiles.indices->dst[d - lead], tiles.dstMin[d]));
    sizes.push_back(b.getIndexAttr(tiles.sizes[d]));
    unit.push_back(b.getIndexAttr(1));
  }
  Value view =
      memref::SubViewOp::create(b, loc, copy.getDst(), dstOffsets, sizes, unit);
  SmallVector<Value> dynamic;
  SmallVector<int64_t> offsets;
  dispatchIndexOpFoldResults(srcOffsets, dynamic, offsets);
  MLIRContext *ctx = b.getContext();
  // Upstream cp.async out of bounds is undefined: the same promise.
  return CopyOp::create(b, loc, TokenType::get(ctx), copy.getSrc(), view,
                        dynamic, Value(), Value(), Value(), Value(), Value(),
                        b.getDenseI64ArrayAttr(offsets),
                        b.getDenseI64ArrayAttr(tiles.sizes), ArrayAttr(),
                        IntegerAttr(), ArrayAttr(), Attribute(),
                        OOBModeAttr::get(ctx, OOBMode::promise_in_bounds),
                        ReductionKindAttr(), CopyImplAttr(), CacheHintAttr(),
                        b.getBoolAttr(false))
      .getToken();
}
