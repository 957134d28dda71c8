//===- ElementTypes.cpp - reduction and tensor-map element types ----------===//

#include "asynccopy/Dialect/AsyncCopy/IR/ElementTypes.h"

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::asynccopy;

bool tma::isReductionLegal(ReductionKind kind, Type type,
                           std::string *legalTypes) {
  // TMA takes the pairs of tensorMapElementType; the sync fallback reduces
  // any byte-sized integer with atomics (or a compare-and-swap loop for
  // inc/dec), and f16, bf16, f32 and f64 with add, min and max.
  bool isInt = type.isInteger() && type.getIntOrFloatBitWidth() % 8 == 0 &&
               type.getIntOrFloatBitWidth() <= 64;
  bool isFloat = type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  bool ok = false;
  StringRef legal;
  switch (kind) {
  case ReductionKind::add:
  case ReductionKind::min:
  case ReductionKind::max:
    ok = isInt || isFloat;
    legal = "8- to 64-bit integers, f16, bf16, f32 or f64";
    break;
  case ReductionKind::inc:
  case ReductionKind::dec:
  case ReductionKind::AND:
  case ReductionKind::OR:
  case ReductionKind::XOR:
    ok = isInt;
    legal = "8- to 64-bit integers";
    break;
  }
  if (!ok && legalTypes)
    *legalTypes = legal.str();
  return ok;
}

/// The map type that moves `type` elements unchanged (no reduction).
static std::optional<int32_t> copyMapType(Type type, bool nanFill) {
  if (type.isF16())
    return AC_ELEMENT_F16;
  if (type.isBF16())
    return AC_ELEMENT_BF16;
  if (type.isF32() || type.isTF32())
    return AC_ELEMENT_F32;
  if (type.isF64())
    return AC_ELEMENT_F64;
  // NaN fill needs a floating-point map; the other types are moved as
  // integers of their width (fp8 as u8).
  if (nanFill)
    return std::nullopt;
  auto intType = dyn_cast<IntegerType>(type);
  switch (tma::storageBits(type)) {
  case 8:
    return AC_ELEMENT_U8;
  case 16:
    return AC_ELEMENT_U16;
  case 32:
    return intType && intType.isUnsigned() ? AC_ELEMENT_U32 : AC_ELEMENT_S32;
  case 64:
    return intType && intType.isUnsigned() ? AC_ELEMENT_U64 : AC_ELEMENT_S64;
  default:
    return std::nullopt;
  }
}

/// The map type of `cp.reduce.async.bulk.tensor` with `kind` on `type`.
/// Measured on the H200 per map type: add on u32 s32 u64 f16 bf16 f32 f64;
/// min/max on u32 s32 u64 s64 f16 bf16; inc/dec on u32; and/or/xor on u32
/// s32 u64. Every other pair faults ("illegal instruction") although ptxas
/// and the encoder accept it.
static std::optional<int32_t> reductionMapType(ReductionKind kind, Type type,
                                               StringRef &legal) {
  auto intType = dyn_cast<IntegerType>(type);
  unsigned bits = intType ? intType.getWidth() : 0;
  bool isUnsigned = intType && intType.isUnsigned();
  switch (kind) {
  case ReductionKind::add:
    legal = "32- and 64-bit integers, f16, bf16, f32 and f64";
    if (bits == 32)
      return isUnsigned ? AC_ELEMENT_U32 : AC_ELEMENT_S32;
    if (bits == 64) // two's complement: a u64 map adds signed values too
      return AC_ELEMENT_U64;
    if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
      return copyMapType(type, /*nanFill=*/false);
    return std::nullopt;
  case ReductionKind::min:
  case ReductionKind::max:
    // Signless integers compare as signed, as in the sync fallback.
    legal = "32- and 64-bit integers, f16 and bf16";
    if (bits == 32)
      return isUnsigned ? AC_ELEMENT_U32 : AC_ELEMENT_S32;
    if (bits == 64)
      return isUnsigned ? AC_ELEMENT_U64 : AC_ELEMENT_S64;
    if (type.isF16() || type.isBF16())
      return copyMapType(type, /*nanFill=*/false);
    return std::nullopt;
  case ReductionKind::inc:
  case ReductionKind::dec:
    legal = "32-bit unsigned or signless integers";
    if (bits == 32 && !intType.isSigned())
      return AC_ELEMENT_U32;
    return std::nullopt;
  case ReductionKind::AND:
  case ReductionKind::OR:
  case ReductionKind::XOR:
    // Bitwise: u32/u64 maps serve every integer of that width (s64 faults).
    legal = "32- and 64-bit integers";
    if (bits == 32)
      return AC_ELEMENT_U32;
    if (bits == 64)
      return AC_ELEMENT_U64;
    return std::nullopt;
  }
  llvm_unreachable("unknown reduction kind");
}

FailureOr<int32_t>
tma::tensorMapElementType(Type type, std::optional<ReductionKind> reduction,
                          bool nanFill, std::string *reason) {
  auto decline = [&](const Twine &why) -> FailureOr<int32_t> {
    if (reason)
      *reason = why.str();
    return failure();
  };
  std::string typeName;
  llvm::raw_string_ostream(typeName) << type;
  if (reduction) {
    StringRef legal;
    if (std::optional<int32_t> map = reductionMapType(*reduction, type, legal))
      return *map;
    return decline("TMA performs this reduction only on " + legal +
                   ", not on " + typeName);
  }
  if (std::optional<int32_t> map = copyMapType(type, nanFill))
    return *map;
  if (nanFill)
    return decline("TMA fills out-of-bounds elements with NaN only through "
                   "f16, bf16, f32 and f64 tensor maps, not for " +
                   typeName);
  return decline("TMA has no tensor-map type for " + typeName + " elements");
}
