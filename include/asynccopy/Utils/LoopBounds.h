//===- LoopBounds.h - an scf.for's own bound comparison ---------*- C++ -*-===//
//
// Code that guards work of a later (or the first) iteration of an scf.for
// compares against its upper bound the way the loop does: unsigned for
// `scf.for unsigned`, signed otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_UTILS_LOOPBOUNDS_H
#define ASYNCCOPY_UTILS_LOOPBOUNDS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::asynccopy {

/// `value < ub` of `loop`, compared as the loop compares its induction
/// variable: true where an iteration starting at `value` would run. `ub`
/// stands for the loop's upper bound where given (its copy elsewhere).
inline Value createBelowUpperBound(OpBuilder &b, Location loc, scf::ForOp loop,
                                   Value value, Value ub = {}) {
  auto predicate = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt;
  return arith::CmpIOp::create(b, loc, predicate, value,
                               ub ? ub : loop.getUpperBound());
}

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_UTILS_LOOPBOUNDS_H
