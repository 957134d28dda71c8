//===- TMAUtils.cpp - element storage and target chips --------------------===//

#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;

int64_t tma::storageBits(Type type) {
  if (type.isTF32())
    return 32;
  return type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
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
  auto module =
      op ? op->getParentOfType<gpu::GPUModuleOp>() : gpu::GPUModuleOp();
  if (!module || !module.getTargetsAttr())
    return std::nullopt;
  std::optional<unsigned> oldest;
  for (Attribute target : module.getTargetsAttr())
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      if (std::optional<unsigned> sm = parseSmVersion(nvvm.getChip()))
        oldest = oldest ? std::min(*oldest, *sm) : *sm;
  return oldest;
}

unsigned tma::targetPtxVersion(Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return kDefaultPtxVersion;
  unsigned oldest = ~0u;
  for (Attribute target : module.getTargetsAttr()) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (!nvvm)
      continue;
    unsigned ptx = 0;
    StringRef features = nvvm.getFeatures();
    size_t at = features.find("+ptx");
    if (at == StringRef::npos || features.drop_front(at + 4)
                                     .take_while(llvm::isDigit)
                                     .getAsInteger(10, ptx)) {
      unsigned sm = parseSmVersion(nvvm.getChip()).value_or(0);
      ptx = sm < 86 ? 70 : sm < 90 ? 71 : 78;
    }
    oldest = std::min(oldest, ptx);
  }
  return oldest == ~0u ? kDefaultPtxVersion : oldest;
}

bool tma::targetsAtLeast(Operation *op, unsigned sm) {
  std::optional<unsigned> target = targetSmVersion(op);
  return !target || *target >= sm;
}
