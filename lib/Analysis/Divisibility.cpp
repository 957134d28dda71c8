//===- Divisibility.cpp - power-of-two divisors of integers ---------------===//

#include "asynccopy/Analysis/Divisibility.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::dataflow;

Divisibility Divisibility::ofConstant(const APInt &value) {
  return value.isZero() ? Divisibility(kZero)
                        : Divisibility(value.countTrailingZeros());
}

int64_t Divisibility::getDivisor() const {
  if (isUninitialized())
    return 1;
  if (*log2 == kZero)
    return 0;
  // Exponents past 62 only arise from products that wrap to zero in 64 bits;
  // 2^62 still divides them and fits an int64_t.
  return int64_t(1) << std::min(*log2, 62u);
}

Divisibility Divisibility::join(const Divisibility &lhs,
                                const Divisibility &rhs) {
  if (lhs.isUninitialized())
    return rhs;
  if (rhs.isUninitialized())
    return lhs;
  return Divisibility(std::min(*lhs.log2, *rhs.log2));
}

void Divisibility::print(raw_ostream &os) const {
  if (isUninitialized())
    os << "<uninitialized>";
  else if (*log2 == kZero)
    os << "zero";
  else
    os << "2^" << *log2;
}

void DivisibilityAnalysis::setToEntryState(DivisibilityLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(Divisibility::unknown()));
}

/// `log2` as the divisibility of `result`: a multiple of 2^width of a
/// width-bit integer is zero.
static Divisibility fit(Value result, unsigned log2) {
  Type type = result.getType();
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return Divisibility(log2 >= width ? Divisibility::kZero : log2);
}

LogicalResult DivisibilityAnalysis::visitOperation(
    Operation *op, ArrayRef<const DivisibilityLattice *> operands,
    ArrayRef<DivisibilityLattice *> results) {
  APInt constant;
  if (op->getNumResults() == 1 && op->hasTrait<OpTrait::ConstantLike>() &&
      matchPattern(op->getResult(0), m_ConstantInt(&constant))) {
    propagateIfChanged(results[0],
                       results[0]->join(Divisibility::ofConstant(constant)));
    return success();
  }
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isIntOrIndex()) {
    setAllToEntryStates(results);
    return success();
  }
  // Wait until every operand is reached (the op is revisited when one
  // changes).
  if (llvm::any_of(operands, [](const DivisibilityLattice *operand) {
        return operand->getValue().isUninitialized();
      }))
    return success();
  auto log2 = [&](unsigned i) { return operands[i]->getValue().getLog2(); };
  std::optional<unsigned> result =
      TypeSwitch<Operation *, std::optional<unsigned>>(op)
          // gcd(2^a, 2^b) divides sums, differences, bit unions and both
          // sides of a choice.
          .Case<arith::AddIOp, arith::SubIOp, arith::OrIOp, arith::MinSIOp,
                arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(
              [&](auto) -> std::optional<unsigned> {
                return std::min(log2(0), log2(1));
              })
          .Case([&](arith::SelectOp) -> std::optional<unsigned> {
            return std::min(log2(1), log2(2));
          })
          .Case([&](arith::MulIOp) -> std::optional<unsigned> {
            return log2(0) + log2(1);
          })
          // Trailing zeros of either operand stay zero.
          .Case([&](arith::AndIOp) -> std::optional<unsigned> {
            return std::max(log2(0), log2(1));
          })
          // x << c == x * 2^c; a shift by an unknown amount keeps x's zeros.
          .Case([&](arith::ShLIOp shl) -> std::optional<unsigned> {
            APInt amount;
            if (matchPattern(shl.getRhs(), m_ConstantInt(&amount)) &&
                amount.ult(Divisibility::kZero))
              return log2(0) + unsigned(amount.getZExtValue());
            return log2(0);
          })
          // Extensions keep the low bits; truncations keep them up to the
          // new width (fit() below).
          .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
                arith::ExtUIOp, arith::TruncIOp>(
              [&](auto) -> std::optional<unsigned> { return log2(0); })
          // Ops without a rule know nothing.
          .Default([](Operation *) { return std::nullopt; });
  if (!result) {
    setAllToEntryStates(results);
    return success();
  }
  propagateIfChanged(results[0],
                     results[0]->join(fit(op->getResult(0), *result)));
  return success();
}

void DivisibilityAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<DivisibilityLattice *> argLattices, unsigned firstIndex) {
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<Value> iv = loop ? loop.getSingleInductionVar() : std::nullopt;
  std::optional<OpFoldResult> lb =
      loop ? loop.getSingleLowerBound() : std::nullopt;
  std::optional<OpFoldResult> step = loop ? loop.getSingleStep() : std::nullopt;
  unsigned numInputs = successor.getSuccessorInputs().size();
  for (auto [i, lattice] : llvm::enumerate(argLattices)) {
    if (i >= firstIndex && i < firstIndex + numInputs)
      continue;
    if (!iv || !lb || !step || lattice->getAnchor() != *iv) {
      setToEntryState(lattice);
      continue;
    }
    // lb + k * step: every common power of two of lb and step divides it.
    auto divisibility = [&](OpFoldResult ofr) {
      if (auto attr = dyn_cast<Attribute>(ofr))
        return Divisibility::ofConstant(cast<IntegerAttr>(attr).getValue());
      return getLatticeElementFor(getProgramPointAfter(op), cast<Value>(ofr))
          ->getValue();
    };
    Divisibility lower = divisibility(*lb), stride = divisibility(*step);
    if (lower.isUninitialized() || stride.isUninitialized())
      continue;
    propagateIfChanged(lattice,
                       lattice->join(Divisibility::join(lower, stride)));
  }
}

KnownDivisors::KnownDivisors(Operation *root) {
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<DivisibilityAnalysis>();
  // The transfer functions never fail; a failed run leaves states
  // uninitialised, which read as "unknown".
  (void)solver.initializeAndRun(root);
}

int64_t KnownDivisors::divisor(Value value) const {
  const auto *lattice = solver.lookupState<DivisibilityLattice>(value);
  return lattice ? lattice->getValue().getDivisor() : 1;
}
