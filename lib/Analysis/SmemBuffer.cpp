//===- SmemBuffer.cpp - the allocations behind an SMEM view ---------------===//
//
// A memref's first element lies at `alignedPtr + offset * elementBytes`.
// View ops either keep the aligned pointer and set a new offset (subview,
// reinterpret_cast, cast, reshapes) or move the pointer itself (memref.view:
// by its byte shift, with offset 0), so the tracer keeps both parts of every
// value's address relative to its allocation and combines the paths that
// reach a value (loop-carried buffers, branches) by a fixpoint iteration
// over the graph of values the view depends on.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Analysis/SmemBuffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;

//===----------------------------------------------------------------------===//
// KnownOffset
//===----------------------------------------------------------------------===//

int64_t KnownOffset::mod(int64_t value, unsigned log2) {
  return static_cast<int64_t>(static_cast<uint64_t>(value) &
                              ((uint64_t(1) << log2) - 1));
}

/// Trailing zeros of `value`, at most KnownOffset::kMaxLog2Align (for 0).
static unsigned trailingZeros(int64_t value) {
  return std::min<unsigned>(KnownOffset::kMaxLog2Align,
                            llvm::countr_zero(static_cast<uint64_t>(value)));
}

KnownOffset KnownOffset::exact(int64_t value) {
  return KnownOffset(true, value, kMaxLog2Align);
}

KnownOffset KnownOffset::residue(int64_t residue, int64_t modulus) {
  assert(modulus > 0 && llvm::isPowerOf2_64(modulus) &&
         "modulus: a power of 2");
  unsigned log2 = std::min<unsigned>(kMaxLog2Align, llvm::Log2_64(modulus));
  return KnownOffset(false, mod(residue, log2), log2);
}

std::optional<int64_t> KnownOffset::getResidue(int64_t modulus) const {
  assert(modulus > 0 && llvm::isPowerOf2_64(modulus) &&
         "modulus: a power of 2");
  unsigned log2 = llvm::Log2_64(modulus);
  if (!isExact && log2 > log2Modulus)
    return std::nullopt;
  if (isExact && log2 > kMaxLog2Align)
    return value == 0 ? std::optional<int64_t>(0) : std::nullopt;
  return mod(value, log2);
}

int64_t KnownOffset::getAlignment() const {
  return int64_t(1) << std::min(log2Modulus, trailingZeros(value));
}

KnownOffset KnownOffset::operator+(const KnownOffset &other) const {
  int64_t sum;
  if (isExact && other.isExact && !llvm::AddOverflow(value, other.value, sum))
    return exact(sum);
  unsigned log2 = std::min(log2Modulus, other.log2Modulus);
  // Wrapping arithmetic is exact modulo a power of two.
  return KnownOffset(
      false,
      mod(static_cast<int64_t>(static_cast<uint64_t>(value) +
                               static_cast<uint64_t>(other.value)),
          log2),
      log2);
}

KnownOffset KnownOffset::operator-(const KnownOffset &other) const {
  int64_t difference;
  if (isExact && other.isExact &&
      !llvm::SubOverflow(value, other.value, difference))
    return exact(difference);
  unsigned log2 = std::min(log2Modulus, other.log2Modulus);
  return KnownOffset(
      false,
      mod(static_cast<int64_t>(static_cast<uint64_t>(value) -
                               static_cast<uint64_t>(other.value)),
          log2),
      log2);
}

KnownOffset KnownOffset::operator*(const KnownOffset &other) const {
  if ((isExact && value == 0) || (other.isExact && other.value == 0))
    return exact(0);
  int64_t product;
  if (isExact && other.isExact &&
      !llvm::MulOverflow(value, other.value, product))
    return exact(product);
  // (r1 + k1 2^l1)(r2 + k2 2^l2) is r1 r2 modulo 2^min(l1 + tz(r2),
  // l2 + tz(r1), l1 + l2).
  unsigned log2 = std::min({log2Modulus + trailingZeros(other.value),
                            other.log2Modulus + trailingZeros(value),
                            log2Modulus + other.log2Modulus, kMaxLog2Align});
  return KnownOffset(
      false,
      mod(static_cast<int64_t>(static_cast<uint64_t>(value) *
                               static_cast<uint64_t>(other.value)),
          log2),
      log2);
}

KnownOffset KnownOffset::join(const KnownOffset &other) const {
  if (*this == other)
    return *this;
  // The largest power of two modulo which both agree.
  unsigned log2 = std::min(log2Modulus, other.log2Modulus);
  int64_t difference =
      mod(static_cast<int64_t>(static_cast<uint64_t>(value) -
                               static_cast<uint64_t>(other.value)),
          log2);
  if (difference != 0)
    log2 = std::min(log2, trailingZeros(difference));
  return KnownOffset(false, mod(value, log2), log2);
}

/// Deep enough for index arithmetic, bounded for adversarial input.
static constexpr unsigned kMaxValueDepth = 16;

static KnownOffset getKnownValue(Value v, unsigned depth) {
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return KnownOffset::exact(constant.getSExtValue());
  Operation *def = v.getDefiningOp();
  if (!def || depth > kMaxValueDepth)
    return KnownOffset::unknown();
  auto operand = [&](unsigned i) {
    return getKnownValue(def->getOperand(i), depth + 1);
  };
  return llvm::TypeSwitch<Operation *, KnownOffset>(def)
      .Case([&](arith::AddIOp) { return operand(0) + operand(1); })
      .Case([&](arith::SubIOp) { return operand(0) - operand(1); })
      .Case([&](arith::MulIOp) { return operand(0) * operand(1); })
      .Case([&](arith::ShLIOp) {
        std::optional<int64_t> shift = operand(1).getExact();
        if (!shift || *shift < 0 || *shift >= KnownOffset::kMaxLog2Align)
          return KnownOffset::unknown();
        return operand(0) * KnownOffset::exact(int64_t(1) << *shift);
      })
      .Case([&](arith::SelectOp) { return operand(1).join(operand(2)); })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>([&](Operation *) { return operand(0); })
      .Default([](Operation *) { return KnownOffset::unknown(); });
}

KnownOffset mlir::asynccopy::getKnownValue(Value v) {
  return ::getKnownValue(v, 0);
}

//===----------------------------------------------------------------------===//
// Tracing
//===----------------------------------------------------------------------===//

namespace {

/// A memref's first element relative to its allocation: the shift of its
/// aligned pointer (bytes) and its offset (elements).
struct Address {
  KnownOffset pointerShift = KnownOffset::exact(0);
  KnownOffset elementOffset = KnownOffset::exact(0);

  Address join(const Address &other) const {
    return {pointerShift.join(other.pointerShift),
            elementOffset.join(other.elementOffset)};
  }
  bool operator==(const Address &other) const {
    return pointerShift == other.pointerShift &&
           elementOffset == other.elementOffset;
  }
};

/// Bytes per element of `type`, or unknown for sub-byte elements (LLVM pads
/// them; nothing is claimed about their offsets).
KnownOffset elementBytes(MemRefType type) {
  unsigned bits = type.getElementTypeBitWidth();
  return bits % 8 == 0 ? KnownOffset::exact(bits / 8) : KnownOffset::unknown();
}

/// The static offset of `type`, if any.
std::optional<int64_t> staticOffset(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset))
    return std::nullopt;
  return offset;
}

KnownOffset getKnownOffset(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return KnownOffset::exact(cast<IntegerAttr>(attr).getInt());
  return getKnownValue(cast<Value>(ofr));
}

} // namespace

FailureOr<SmallVector<Value>> mlir::asynccopy::getIncomingValues(Value v) {
  SmallVector<Value> values;
  if (auto result = dyn_cast<OpResult>(v)) {
    Operation *owner = result.getOwner();
    if (auto branch = dyn_cast<RegionBranchOpInterface>(owner)) {
      branch.getPredecessorValues(RegionSuccessor(branch, branch->getResults()),
                                  result.getResultNumber(), values);
      return values;
    }
    // A call: what the callee returns.
    auto call = dyn_cast<CallOpInterface>(owner);
    auto callee =
        call ? dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable())
             : FunctionOpInterface();
    if (!callee || callee.isExternal())
      return failure();
    for (Block &block : callee.getFunctionBody()) {
      Operation *terminator = block.getTerminator();
      if (!terminator->hasTrait<OpTrait::ReturnLike>())
        continue;
      if (terminator->getNumOperands() != owner->getNumResults())
        return failure();
      values.push_back(terminator->getOperand(result.getResultNumber()));
    }
    return values;
  }
  auto arg = cast<BlockArgument>(v);
  Block *block = arg.getOwner();
  Operation *parent = block->getParentOp();
  if (!block->isEntryBlock()) {
    for (Block *pred : block->getPredecessors()) {
      auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
      if (!branch)
        return failure();
      for (auto [i, succ] : llvm::enumerate(branch->getSuccessors())) {
        if (succ != block)
          continue;
        Value operand = branch.getSuccessorOperands(i)[arg.getArgNumber()];
        if (!operand)
          return failure();
        values.push_back(operand);
      }
    }
    return values;
  }
  if (auto branch = dyn_cast<RegionBranchOpInterface>(parent)) {
    // The region successor whose inputs hold `arg`.
    SmallVector<RegionSuccessor> successors;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    for (Region &region : branch->getRegions())
      branch.getSuccessorRegions(region, successors);
    for (const RegionSuccessor &successor : successors) {
      if (successor.getSuccessor() != block->getParent())
        continue;
      ValueRange inputs = successor.getSuccessorInputs();
      auto it = llvm::find(inputs, v);
      if (it == inputs.end())
        return failure();
      branch.getPredecessorValues(successor, it - inputs.begin(), values);
      return values;
    }
    return failure();
  }
  // A function argument: the operands of every call, when all uses of the
  // function are visible calls.
  auto func = dyn_cast<FunctionOpInterface>(parent);
  Operation *symbolTable =
      func ? SymbolTable::getNearestSymbolTable(func->getParentOp()) : nullptr;
  if (!symbolTable)
    return failure();
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, symbolTable);
  if (!uses || uses->empty())
    return failure();
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<CallOpInterface>(use.getUser());
    if (!call || call.getArgOperands().size() != func.getNumArguments())
      return failure();
    values.push_back(call.getArgOperands()[arg.getArgNumber()]);
  }
  return values;
}

namespace {

/// The allocation `v` is, if it is one.
std::optional<SmemAllocation::Kind> getAllocationKind(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
    if (!func || !arg.getOwner()->isEntryBlock())
      return std::nullopt;
    unsigned first = func.getNumArguments();
    if (arg.getArgNumber() >= first &&
        arg.getArgNumber() < first + func.getNumWorkgroupAttributions())
      return SmemAllocation::Kind::WorkgroupAttribution;
    return std::nullopt;
  }
  Operation *def = v.getDefiningOp();
  if (isa<memref::GetGlobalOp>(def))
    return SmemAllocation::Kind::Global;
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return SmemAllocation::Kind::Alloc;
  return std::nullopt;
}

/// The memref a view op derives `v` from (its aligned pointer's source).
Value getViewSource(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  return llvm::TypeSwitch<Operation *, Value>(def)
      .Case<memref::SubViewOp, memref::ViewOp, memref::CastOp,
            memref::ReinterpretCastOp, memref::CollapseShapeOp,
            memref::ExpandShapeOp, memref::TransposeOp,
            memref::AssumeAlignmentOp, memref::MemorySpaceCastOp>(
          [](Operation *op) { return op->getOperand(0); })
      .Default([](Operation *) { return Value(); });
}

class Tracer {
public:
  SmemBuffer trace(Value view) {
    collect(view);
    // The dependence graph may have cycles (loop-carried buffers): iterate
    // until no address changes. Every change loses precision, so this ends;
    // the cap only guards against a transfer function that would not.
    bool changed = true;
    for (size_t round = 0; changed && round < 4 * order.size() + 8; ++round) {
      changed = false;
      for (Value v : order) {
        std::optional<Address> next = transfer(v);
        if (!next)
          continue;
        auto [it, inserted] = state.try_emplace(v, *next);
        if (inserted || !(it->second == *next)) {
          it->second = *next;
          changed = true;
        }
      }
    }
    SmemBuffer result;
    result.allocations = std::move(allocations);
    const Address *address = nullptr;
    if (auto it = state.find(view); !changed && it != state.end())
      address = &it->second;
    if (!address) {
      result.byteOffset = KnownOffset::unknown();
      return result;
    }
    result.byteOffset =
        address->pointerShift +
        address->elementOffset * elementBytes(cast<MemRefType>(view.getType()));
    return result;
  }

private:
  /// Records the values `view` depends on, inputs before users (post-order;
  /// iterative: view chains can be long).
  void collect(Value view) {
    SmallVector<std::pair<Value, bool>> stack = {{view, false}};
    while (!stack.empty()) {
      auto [v, inputsDone] = stack.pop_back_val();
      if (inputsDone) {
        order.push_back(v);
        continue;
      }
      if (!visited.insert(v).second)
        continue;
      stack.push_back({v, true});
      if (std::optional<SmemAllocation::Kind> kind = getAllocationKind(v)) {
        allocations.push_back({*kind, v});
      } else if (Value source = getViewSource(v)) {
        stack.push_back({source, false});
      } else if (FailureOr<SmallVector<Value>> preds = getIncomingValues(v);
                 succeeded(preds)) {
        for (Value pred : llvm::reverse(*preds))
          stack.push_back({pred, false});
        joined[v] = std::move(*preds);
      } else {
        allocations.push_back({SmemAllocation::Kind::Opaque, v});
      }
    }
  }

  /// The address of `v` from the current addresses of its inputs (none while
  /// none of them is known).
  std::optional<Address> transfer(Value v) {
    auto type = cast<MemRefType>(v.getType());
    std::optional<int64_t> typeOffset = staticOffset(type);
    auto ownOffset = [&](KnownOffset fallback) {
      return typeOffset ? KnownOffset::exact(*typeOffset) : fallback;
    };
    if (auto it = joined.find(v); it != joined.end()) {
      std::optional<Address> result;
      for (Value pred : it->second)
        if (auto known = state.find(pred); known != state.end())
          result = result ? result->join(known->second) : known->second;
      return result;
    }
    Value source = getViewSource(v);
    if (!source) // An allocation or an opaque value: its pointer is the base.
      return Address{KnownOffset::exact(0), ownOffset(KnownOffset::unknown())};
    auto known = state.find(source);
    if (known == state.end())
      return std::nullopt;
    const Address *in = &known->second;
    auto sourceType = cast<MemRefType>(source.getType());
    Operation *def = v.getDefiningOp();
    if (auto view = dyn_cast<memref::ViewOp>(def))
      return Address{in->pointerShift +
                         in->elementOffset * elementBytes(sourceType) +
                         getKnownValue(view.getByteShift()),
                     KnownOffset::exact(0)};
    if (auto cast = dyn_cast<memref::ReinterpretCastOp>(def))
      return Address{in->pointerShift,
                     getKnownOffset(cast.getMixedOffsets().front())};
    if (auto subview = dyn_cast<memref::SubViewOp>(def)) {
      if (typeOffset)
        return Address{in->pointerShift, KnownOffset::exact(*typeOffset)};
      SmallVector<int64_t> strides;
      int64_t unused;
      KnownOffset offset = in->elementOffset;
      if (failed(sourceType.getStridesAndOffset(strides, unused)))
        return Address{in->pointerShift, KnownOffset::unknown()};
      for (auto [ofr, stride] :
           llvm::zip_equal(subview.getMixedOffsets(), strides))
        offset =
            offset + getKnownOffset(ofr) * (ShapedType::isDynamic(stride)
                                                ? KnownOffset::unknown()
                                                : KnownOffset::exact(stride));
      return Address{in->pointerShift, offset};
    }
    // Casts and reshapes keep the pointer and the offset.
    return Address{in->pointerShift, ownOffset(in->elementOffset)};
  }

  DenseSet<Value> visited;
  SmallVector<Value> order;
  DenseMap<Value, SmallVector<Value>> joined;
  /// The address of every value reached so far (absent: not yet known).
  DenseMap<Value, Address> state;
  SmallVector<SmemAllocation> allocations;
};

} // namespace

SmemBuffer mlir::asynccopy::traceSmemBuffer(Value view) {
  return Tracer().trace(view);
}

std::optional<std::pair<int64_t, int64_t>>
SmemBuffer::getByteRange(Value view) const {
  auto type = cast<MemRefType>(view.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  std::optional<int64_t> start = byteOffset.getExact();
  if (!start || !type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      type.getElementTypeBitWidth() % 8 != 0)
    return std::nullopt;
  // Spans that do not fit 64 bits (absurd static shapes) are not known.
  int64_t last = 0;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (ShapedType::isDynamic(stride) || stride < 0)
      return std::nullopt;
    std::optional<int64_t> span = llvm::checkedMul(size - 1, stride);
    std::optional<int64_t> sum =
        span ? llvm::checkedAdd(last, *span) : std::nullopt;
    if (!sum)
      return std::nullopt;
    last = *sum;
  }
  std::optional<int64_t> count = llvm::checkedAdd(last, int64_t(1));
  std::optional<int64_t> bytes =
      count
          ? llvm::checkedMul(*count, int64_t(type.getElementTypeBitWidth() / 8))
          : std::nullopt;
  std::optional<int64_t> end =
      bytes ? llvm::checkedAdd(*start, *bytes) : std::nullopt;
  if (!end)
    return std::nullopt;
  return std::make_pair(*start, *end);
}
