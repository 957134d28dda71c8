//===- Divisibility.h - power-of-two divisors of integers -------*- C++ -*-===//
//
// A sparse forward dataflow analysis (MLIR's DataFlow framework) of the
// largest power of two known to divide each integer or index value: it
// follows arithmetic, casts, region control flow (scf.for induction variables
// and iter_args to a fixpoint) and branch block arguments. Copy planning uses
// it to prove that window offsets keep accesses aligned.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_ANALYSIS_DIVISIBILITY_H
#define ASYNCCOPY_ANALYSIS_DIVISIBILITY_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"

#include <optional>

namespace mlir::asynccopy {

/// The exponent of the largest power of two known to divide a value, or
/// "uninitialised" before the analysis reaches it. Joining at control-flow
/// merges keeps the smaller exponent (the gcd of powers of two).
class Divisibility {
public:
  /// The exponent of a value known to be zero (every power divides it).
  static constexpr unsigned kZero = 64;

  Divisibility() = default;
  explicit Divisibility(unsigned log2) : log2(std::min(log2, kZero)) {}

  /// Nothing known: only 2^0 divides the value.
  static Divisibility unknown() { return Divisibility(0); }
  /// The divisibility of the constant `value`.
  static Divisibility ofConstant(const APInt &value);

  bool isUninitialized() const { return !log2.has_value(); }
  unsigned getLog2() const { return *log2; }

  /// The largest known power-of-two divisor; 0 for a value known to be zero.
  int64_t getDivisor() const;

  static Divisibility join(const Divisibility &lhs, const Divisibility &rhs);
  bool operator==(const Divisibility &rhs) const { return log2 == rhs.log2; }
  void print(raw_ostream &os) const;

private:
  std::optional<unsigned> log2;
};

class DivisibilityLattice : public dataflow::Lattice<Divisibility> {
public:
  using Lattice::Lattice;
};

/// The transfer functions. Load it into a DataFlowSolver next to
/// dataflow::DeadCodeAnalysis and dataflow::SparseConstantPropagation (they
/// decide which blocks and region successors are live).
class DivisibilityAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<DivisibilityLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  void setToEntryState(DivisibilityLattice *lattice) override;
  LogicalResult
  visitOperation(Operation *op, ArrayRef<const DivisibilityLattice *> operands,
                 ArrayRef<DivisibilityLattice *> results) override;
  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<DivisibilityLattice *> argLattices,
                                    unsigned firstIndex) override;
};

/// The divisibility of every value under `root`, solved once when it is
/// built (usable as a pass analysis: `getAnalysis<KnownDivisors>()`). Values
/// created after that, or in code the solver found dead, count as unknown.
class KnownDivisors {
public:
  explicit KnownDivisors(Operation *root);

  /// The largest power-of-two divisor proven for `value` (1 when nothing is
  /// known, 0 when it is zero).
  int64_t divisor(Value value) const;

private:
  DataFlowSolver solver;
};

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_ANALYSIS_DIVISIBILITY_H
