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

/// The value of `value` in thread `t`, when it is built from thread ids,
/// the block's sizes and constants only.
std::optional<int64_t> evaluate(Value value, const ThreadPoint &t,
                                unsigned depth = 0) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  if (gpu::LaunchOp launch = t.launch) {
    gpu::KernelDim3 ids = launch.getThreadIds(), sizes = launch.getBlockSize();
    Value idArgs[] = {ids.x, ids.y, ids.z};
    Value sizeArgs[] = {sizes.x, sizes.y, sizes.z};
    for (unsigned d = 0; d < 3; ++d) {
      if (value == idArgs[d])
        return t.id[d];
      if (value == sizeArgs[d])
        return t.block[d];
    }
  }
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return std::nullopt;
  auto operand = [&](unsigned i) {
    return evaluate(def->getOperand(i), t, depth + 1);
  };
  auto binary = [&](function_ref<std::optional<int64_t>(int64_t, int64_t)> f)
      -> std::optional<int64_t> {
    std::optional<int64_t> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    return f(*a, *b);
  };
  auto divides = [](int64_t b) { return b > 0; };
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
      .Case([&](arith::AddIOp) {
        return binary([](int64_t a, int64_t b) { return a + b; });
      })
      .Case([&](arith::SubIOp) {
        return binary([](int64_t a, int64_t b) { return a - b; });
      })
      .Case([&](arith::MulIOp) {
        return binary([](int64_t a, int64_t b) { return a * b; });
      })
      .Case<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp>(
          [&](Operation *) {
            return binary([&](int64_t a, int64_t b) -> std::optional<int64_t> {
              if (!divides(b) || a < 0)
                return std::nullopt;
              return a / b;
            });
          })
      .Case<arith::RemUIOp, arith::RemSIOp>([&](Operation *) {
        return binary([&](int64_t a, int64_t b) -> std::optional<int64_t> {
          if (!divides(b) || a < 0)
            return std::nullopt;
          return a % b;
        });
      })
      .Case([&](arith::ShLIOp) {
        return binary([](int64_t a, int64_t b) -> std::optional<int64_t> {
          if (b < 0 || b > 30)
            return std::nullopt;
          return a << b;
        });
      })
      .Case([&](arith::ShRUIOp) {
        return binary([](int64_t a, int64_t b) -> std::optional<int64_t> {
          if (a < 0 || b < 0 || b > 62)
            return std::nullopt;
          return a >> b;
        });
      })
      .Case([&](arith::AndIOp) {
        return binary([](int64_t a, int64_t b) { return a & b; });
      })
      .Case([&](affine::AffineApplyOp apply) -> std::optional<int64_t> {
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
  // Every thread's run start, relative to the smallest.
  SmallVector<SmallVector<int64_t>> src(threads), dst(threads);
  for (int64_t t = 0; t < threads; ++t) {
    ThreadPoint point{{t % (*block)[0], (t / (*block)[0]) % (*block)[1],
                       t / ((*block)[0] * (*block)[1])},
                      *block,
                      launch};
    for (int64_t d = 0; d < rank; ++d) {
      std::optional<int64_t> s =
          evaluatePerThread(result.indices->src[d], point);
      std::optional<int64_t> x =
          d < lead ? std::optional<int64_t>(0)
                   : evaluatePerThread(result.indices->dst[d - lead], point);
      if (!s || !x) {
        why = "a per-thread index part could not be evaluated";
        return failure();
      }
      src[t].push_back(*s);
      dst[t].push_back(*x);
    }
  }
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
  int64_t elements = 1;
  for (int64_t d = 0; d < rank; ++d) {
    result.sizes.push_back(srcMax[d] - result.srcMin[d] +
                           (d + 1 == rank ? n : 1));
    elements *= result.sizes.back();
  }
  if (elements != threads * n || elements > kMaxWindowElements) {
    why = "the threads' runs do not tile a window (" + std::to_string(threads) +
          " runs of " + std::to_string(n) + " elements span " +
          std::to_string(elements) + ")";
    return failure();
  }
  // Each element once, and at the same place in the destination.
  std::vector<bool> seen(elements, false);
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
