//===- TMAUtils.cpp - Hopper TMA / bulk-copy hardware limits --------------===//

#include "asynccopy/Utils/TMAUtils.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;

bool tma::isValidSwizzle(int64_t swizzle) {
  return swizzle == 0 || swizzle == 32 || swizzle == 64 || swizzle == 128;
}

bool tma::isReductionSupported(ReductionKind kind, Type type,
                               std::string *legalTypes) {
  auto intType = dyn_cast<IntegerType>(type);
  unsigned intBits = intType ? intType.getWidth() : 0;
  bool ok = false;
  StringRef legal;
  // PTX ISA, cp.reduce.async.bulk.tensor: the element types per operation.
  switch (kind) {
  case ReductionKind::add:
    ok = intBits == 32 || intBits == 64 || type.isF32() || type.isF16() ||
         type.isBF16();
    legal = "i32, i64, f32, f16 or bf16";
    break;
  case ReductionKind::min:
  case ReductionKind::max:
    ok = intBits == 32 || intBits == 64 || type.isF16() || type.isBF16();
    legal = "i32, i64, f16 or bf16";
    break;
  case ReductionKind::inc:
  case ReductionKind::dec:
    ok = intBits == 32 && !intType.isSigned();
    legal = "i32 or ui32 (unsigned wrap-around counters)";
    break;
  case ReductionKind::AND:
  case ReductionKind::OR:
  case ReductionKind::XOR:
    ok = intBits == 32 || intBits == 64;
    legal = "32- or 64-bit integers";
    break;
  }
  if (!ok && legalTypes)
    *legalTypes = legal.str();
  return ok;
}

StringRef tma::ptxTypeSuffix(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 8:
      return isUnsigned ? "u8" : "s8";
    case 16:
      return isUnsigned ? "u16" : "s16";
    case 32:
      return isUnsigned ? "u32" : "s32";
    case 64:
      return isUnsigned ? "u64" : "s64";
    default:
      return "";
    }
  }
  return "";
}

std::optional<unsigned> tma::parseSmVersion(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  StringRef digits = chip.take_while(llvm::isDigit);
  StringRef suffix = chip.drop_front(digits.size());
  unsigned sm = 0;
  if (digits.empty() || digits.getAsInteger(10, sm) ||
      !(suffix.empty() || suffix == "a" || suffix == "f"))
    return std::nullopt;
  return sm;
}

std::optional<unsigned> tma::targetSmVersion(Operation *op) {
  auto module = op ? op->getParentOfType<gpu::GPUModuleOp>() : gpu::GPUModuleOp();
  if (!module || !module.getTargetsAttr())
    return std::nullopt;
  std::optional<unsigned> oldest;
  for (Attribute target : module.getTargetsAttr())
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      if (std::optional<unsigned> sm = parseSmVersion(nvvm.getChip()))
        oldest = oldest ? std::min(*oldest, *sm) : *sm;
  return oldest;
}

bool tma::targetsAtLeast(Operation *op, unsigned sm) {
  std::optional<unsigned> target = targetSmVersion(op);
  return !target || *target >= sm;
}
