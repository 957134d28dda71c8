//===- SharedMemoryLayout.cpp - the SMEM buffers of a kernel --------------===//

#include "SharedMemoryLayout.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/NVPTXTargets.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

/// A buffer of `count` values of `type` (its size from the data layout),
/// aligned to `align` bytes or else to the type's ABI alignment. Sizes
/// saturate at INT64_MAX.
static SharedBuffer makeBuffer(const DataLayout &layout, StringRef what,
                               Type shown, Type type, ArrayRef<int64_t> count,
                               int64_t align) {
  SharedBuffer buffer;
  llvm::raw_string_ostream os(buffer.name);
  os << what << " " << shown;
  buffer.bytes = layout.getTypeSize(type).getFixedValue();
  for (int64_t dim : count)
    if (ShapedType::isDynamic(dim) ||
        llvm::MulOverflow(buffer.bytes, dim, buffer.bytes))
      buffer.bytes = std::numeric_limits<int64_t>::max();
  if (align <= 0)
    align = layout.getTypeABIAlignment(type);
  buffer.align = std::max<int64_t>(align, 1);
  return buffer;
}

/// The workgroup attributions of `func`, when it is a gpu.func.
static void collectAttributions(FunctionOpInterface func,
                                const DataLayout &layout,
                                SmallVectorImpl<SharedBuffer> &buffers) {
  auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func.getOperation());
  if (!gpuFunc)
    return;
  for (auto [index, arg] :
       llvm::enumerate(gpuFunc.getWorkgroupAttributions())) {
    auto type = cast<MemRefType>(arg.getType());
    auto align =
        dyn_cast_or_null<IntegerAttr>(gpuFunc.getWorkgroupAttributionAttr(
            index, LLVM::LLVMDialect::getAlignAttrName()));
    SharedBuffer buffer = makeBuffer(
        layout, "workgroup buffer " + std::to_string(index), type,
        type.getElementType(), type.getShape(), align ? align.getInt() : 0);
    buffer.attribution = index;
    buffers.push_back(std::move(buffer));
  }
}

void lowering::collectSharedBuffers(FunctionOpInterface func,
                                    const DataLayout &layout,
                                    SmallVectorImpl<SharedBuffer> &buffers,
                                    DenseSet<Operation *> &seen) {
  if (!seen.insert(func).second)
    return;
  collectAttributions(func, layout, buffers);
  func->walk([&](Operation *op) {
    if (auto alloc = dyn_cast<BarrierAllocOp>(op)) {
      BarrierType type = alloc.getBarrier().getType();
      Type mbarrier = IntegerType::get(op->getContext(), 64);
      buffers.push_back(makeBuffer(layout, "asynccopy.barrier.alloc", type,
                                   mbarrier, {type.getNumStages()},
                                   hw::kMbarrierBytes));
      return;
    }
    if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(op)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          getGlobal, getGlobal.getNameAttr());
      if (!global || !isSharedMemory(global.getType()) ||
          !seen.insert(global).second)
        return;
      SharedBuffer buffer =
          makeBuffer(layout, ("memref.global @" + global.getSymName()).str(),
                     global.getType(), global.getType().getElementType(),
                     global.getType().getShape(),
                     static_cast<int64_t>(global.getAlignment().value_or(0)));
      buffer.global = global;
      buffers.push_back(std::move(buffer));
      return;
    }
    if (auto addressOf = dyn_cast<LLVM::AddressOfOp>(op)) {
      auto global =
          dyn_cast_or_null<LLVM::GlobalOp>(SymbolTable::lookupNearestSymbolFrom(
              addressOf, addressOf.getGlobalNameAttr()));
      if (!global ||
          global.getAddrSpace() !=
              static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared) ||
          !seen.insert(global).second)
        return;
      SharedBuffer buffer =
          makeBuffer(layout, ("llvm.mlir.global @" + global.getSymName()).str(),
                     global.getGlobalType(), global.getGlobalType(), {},
                     static_cast<int64_t>(global.getAlignment().value_or(0)));
      buffer.global = global;
      buffers.push_back(std::move(buffer));
      return;
    }
    if (auto call = dyn_cast<CallOpInterface>(op))
      if (auto callee =
              dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
          callee && !callee.isExternal())
        collectSharedBuffers(callee, layout, buffers, seen);
  });
}

int64_t lowering::packSharedBuffers(ArrayRef<SharedBuffer> buffers,
                                    SmallVectorImpl<int64_t> *offsets) {
  int64_t total = 0;
  for (const SharedBuffer &buffer : buffers) {
    uint64_t start = llvm::alignTo(total, buffer.align);
    if (start > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
        llvm::AddOverflow(static_cast<int64_t>(start), buffer.bytes, total))
      return std::numeric_limits<int64_t>::max();
    if (offsets)
      offsets->push_back(static_cast<int64_t>(start));
  }
  return total;
}

StringRef lowering::tightestChip(gpu::GPUFuncOp kernel,
                                 function_ref<int64_t(StringRef)> limit) {
  StringRef chip = kDefaultChip;
  std::optional<int64_t> tightest;
  auto module = kernel->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !module.getTargetsAttr())
    return chip;
  for (Attribute target : module.getTargetsAttr()) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (!nvvm || !nvptx::minPtxVersion(nvvm.getChip()))
      continue;
    int64_t bytes = limit(nvvm.getChip());
    if (!tightest || bytes < *tightest) {
      tightest = bytes;
      chip = nvvm.getChip();
    }
  }
  return chip;
}

void lowering::describeSharedBuffers(InFlightDiagnostic &diag,
                                     ArrayRef<SharedBuffer> buffers) {
  llvm::interleaveComma(buffers, diag, [&](const SharedBuffer &buffer) {
    diag << buffer.name << " (" << buffer.bytes << " B, aligned to "
         << buffer.align << " B)";
  });
}
