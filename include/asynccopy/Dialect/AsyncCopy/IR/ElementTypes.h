//===- ElementTypes.h - reduction and tensor-map element types --*- C++ -*-===//
//
// Which element types each reduction accepts (the verifier's rule) and the
// tensor-map element type TMA moves or reduces them with (selection and
// tensor-map materialisation). They need the dialect's ReductionKind, so
// they live with the dialect, not in Utils.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ELEMENTTYPES_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ELEMENTTYPES_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include <optional>
#include <string>

namespace mlir::asynccopy::tma {

/// Whether some implementation can reduce `type` elements with `kind` (TMA
/// for the pairs of tensorMapElementType, otherwise the sync fallback's
/// atomics); on false, `legalTypes` lists the element types that would be.
bool isReductionLegal(ReductionKind kind, Type type, std::string *legalTypes);

/// The tensor-map element type (an AC_ELEMENT_* code of asynccopy/ABI/ABI.h)
/// TMA needs to move `type` elements, or, with `reduction`, to reduce them
/// with `cp.reduce.async.bulk.tensor`: the PTX operation and its signedness
/// follow the map type, so sign-agnostic reductions (add, and, or, xor) on
/// 64-bit integers use u64 maps and min/max pick s32/s64 for signless
/// integers. `nanFill` needs a floating-point map. Declines with a reason
/// (measured on the H200: the pairs outside this table fault with "illegal
/// instruction").
FailureOr<int32_t> tensorMapElementType(Type type,
                                        std::optional<ReductionKind> reduction,
                                        bool nanFill, std::string *reason);

} // namespace mlir::asynccopy::tma

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_IR_ELEMENTTYPES_H
