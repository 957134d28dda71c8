//===- SharedMemoryBudget.cpp - static SMEM of each kernel ----------------===//
//
// Until kernels get dynamic shared memory, every SMEM buffer becomes a static
// .shared variable: workgroup attributions, workgroup memref.globals and one
// mbarrier array per asynccopy.barrier.alloc. ptxas refuses a kernel whose
// .shared data exceed the chip's static limit ("uses too much shared data":
// 48 KiB for sm_80, sm_90, ...; 227 KiB for sm_90a); checking before the GPU
// lowering names the kernel and the buffers.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/NVPTXTargets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYCHECKSTATICSHAREDMEMORY
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// Chip of code without an NVVM target (the pipelines' default).
constexpr StringLiteral kDefaultChip = "sm_90a";

/// One static SMEM buffer of a kernel.
struct Buffer {
  std::string name;
  int64_t bytes;
  int64_t align;
};

/// A buffer of `count` values of `type` (its size from the data layout),
/// aligned to `align` bytes or else to the type's ABI alignment. Sizes
/// saturate at INT64_MAX.
Buffer makeBuffer(const DataLayout &layout, StringRef what, Type shown,
                  Type type, ArrayRef<int64_t> count, int64_t align) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << what << " " << shown;
  int64_t bytes = layout.getTypeSize(type).getFixedValue();
  for (int64_t dim : count)
    if (ShapedType::isDynamic(dim) || llvm::MulOverflow(bytes, dim, bytes))
      bytes = std::numeric_limits<int64_t>::max();
  if (align <= 0)
    align = layout.getTypeABIAlignment(type);
  return {std::move(name), bytes, std::max<int64_t>(align, 1)};
}

/// Collects the static SMEM buffers `func` and every function it calls
/// declare; `seen` holds the functions and globals already counted.
void collectBuffers(FunctionOpInterface func, const DataLayout &layout,
                    SmallVectorImpl<Buffer> &buffers,
                    DenseSet<Operation *> &seen) {
  if (!seen.insert(func).second)
    return;
  if (auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func.getOperation())) {
    for (auto [index, arg] :
         llvm::enumerate(gpuFunc.getWorkgroupAttributions())) {
      auto type = cast<MemRefType>(arg.getType());
      auto align = dyn_cast_or_null<IntegerAttr>(
          gpuFunc.getWorkgroupAttributionAttr(
              index, LLVM::LLVMDialect::getAlignAttrName()));
      buffers.push_back(makeBuffer(
          layout, "workgroup buffer " + std::to_string(index), type,
          type.getElementType(), type.getShape(), align ? align.getInt() : 0));
    }
  }
  func->walk([&](Operation *op) {
    if (auto alloc = dyn_cast<BarrierAllocOp>(op)) {
      BarrierType type = alloc.getBarrier().getType();
      Type mbarrier = IntegerType::get(op->getContext(), 64);
      buffers.push_back(makeBuffer(layout, "asynccopy.barrier.alloc", type,
                                   mbarrier, {type.getNumStages()}, 8));
      return;
    }
    if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(op)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          getGlobal, getGlobal.getNameAttr());
      if (global && isSharedMemory(global.getType()) &&
          seen.insert(global).second)
        buffers.push_back(makeBuffer(
            layout, ("memref.global @" + global.getSymName()).str(),
            global.getType(), global.getType().getElementType(),
            global.getType().getShape(),
            static_cast<int64_t>(global.getAlignment().value_or(0))));
      return;
    }
    if (auto addressOf = dyn_cast<LLVM::AddressOfOp>(op)) {
      auto global = dyn_cast_or_null<LLVM::GlobalOp>(
          SymbolTable::lookupNearestSymbolFrom(addressOf,
                                               addressOf.getGlobalNameAttr()));
      if (global &&
          global.getAddrSpace() ==
              static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared) &&
          seen.insert(global).second)
        buffers.push_back(makeBuffer(
            layout, ("llvm.mlir.global @" + global.getSymName()).str(),
            global.getGlobalType(), global.getGlobalType(), {},
            static_cast<int64_t>(global.getAlignment().value_or(0))));
      return;
    }
    if (auto call = dyn_cast<CallOpInterface>(op))
      if (auto callee =
              dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
          callee && !callee.isExternal())
        collectBuffers(callee, layout, buffers, seen);
  });
}

/// The bytes the buffers take as .shared variables in order, each at its
/// alignment; INT64_MAX when that overflows.
int64_t totalBytes(ArrayRef<Buffer> buffers) {
  int64_t total = 0;
  for (const Buffer &buffer : buffers) {
    uint64_t start = llvm::alignTo(total, buffer.align);
    if (start > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
        llvm::AddOverflow(static_cast<int64_t>(start), buffer.bytes, total))
      return std::numeric_limits<int64_t>::max();
  }
  return total;
}

/// The chip with the smallest static SMEM limit among the NVVM targets of
/// the GPU module around `kernel` (kDefaultChip without one).
StringRef tightestChip(gpu::GPUFuncOp kernel) {
  StringRef chip = kDefaultChip;
  std::optional<int64_t> limit;
  auto module = kernel->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return chip;
  for (Attribute target : module.getTargetsAttr()) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (!nvvm || !nvptx::minPtxVersion(nvvm.getChip()))
      continue;
    int64_t bytes = nvptx::maxStaticSmemBytes(nvvm.getChip());
    if (!limit || bytes < *limit) {
      limit = bytes;
      chip = nvvm.getChip();
    }
  }
  return chip;
}

struct AsyncCopyCheckStaticSharedMemoryPass
    : public asynccopy::impl::AsyncCopyCheckStaticSharedMemoryBase<
          AsyncCopyCheckStaticSharedMemoryPass> {
  void runOnOperation() override {
    bool fits = true;
    getOperation()->walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      SmallVector<Buffer> buffers;
      DenseSet<Operation *> seen;
      collectBuffers(kernel, DataLayout::closest(kernel), buffers, seen);
      int64_t total = totalBytes(buffers);
      StringRef chip = tightestChip(kernel);
      int64_t limit = nvptx::maxStaticSmemBytes(chip);
      if (total <= limit)
        return;
      fits = false;
      InFlightDiagnostic diag =
          kernel.emitOpError("kernel @")
          << kernel.getName() << " needs " << total
          << " B of static shared memory, more than the " << limit
          << " B a kernel for " << chip << " can declare statically: ";
      llvm::interleaveComma(buffers, diag, [&](const Buffer &buffer) {
        diag << buffer.name << " (" << buffer.bytes << " B, aligned to "
             << buffer.align << " B)";
      });
      diag << "; use smaller tiles or fewer stages (dynamic shared memory is "
              "not supported yet)";
    });
    if (!fits)
      signalPassFailure();
  }
};

} // namespace
