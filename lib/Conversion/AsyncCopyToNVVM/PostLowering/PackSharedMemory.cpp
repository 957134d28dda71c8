//===- PackSharedMemory.cpp - kernels' SMEM in dynamic shared memory ------===//
//
// A CTA gets more than 48 KiB of shared memory only by opting in, and
// portable chips cap static .shared variables at 48 KiB: a kernel that needs
// more keeps its buffers in one dynamic shared memory window, which its
// launches size and the runtime opts into. The window starts only
// 16-B aligned (the lowering of gpu.dynamic_shared_memory), so the buffers
// are placed from the first address aligned for the most demanding one
// (1024 B for swizzled TMA boxes), with that much more reserved.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryLayout.h"

#include "asynccopy/Conversion/Passes.h"
#include "asynccopy/Hardware/Limits.h"
#include "asynccopy/Utils/NVPTXTargets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYPACKSHAREDMEMORY
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::lowering;

namespace hw = ::asynccopy::hw;

namespace {

/// The alignment of the start of the dynamic window.
constexpr int64_t kWindowAlign = 16;

/// Whether only kernels refer to shared LLVM global `global` (a device
/// function that does would keep using the static variable).
bool onlyKernelsUse(Operation *global) {
  auto module = global->getParentOfType<gpu::GPUModuleOp>();
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(global, module);
  return uses && llvm::all_of(*uses, [](const SymbolTable::SymbolUse &use) {
           auto func = use.getUser()->getParentOfType<gpu::GPUFuncOp>();
           return func && func.isKernel();
         });
}

/// Whether the pass can move `buffer` of `kernel` into the dynamic window:
/// an attribution memref.view can give (static, identity layout), or a
/// global only kernels use.
bool isPackable(gpu::GPUFuncOp kernel, const SharedBuffer &buffer) {
  if (buffer.attribution) {
    auto type = cast<MemRefType>(
        kernel.getWorkgroupAttributions()[*buffer.attribution].getType());
    return type.hasStaticShape() && type.getLayout().isIdentity();
  }
  return isa_and_nonnull<LLVM::GlobalOp>(buffer.global) &&
         onlyKernelsUse(buffer.global);
}

/// Replaces the workgroup attributions and shared globals `packed` of
/// `kernel` by views into one dynamic SMEM window, at `offsets` from its
/// first `align`-aligned byte.
void rewriteKernel(gpu::GPUFuncOp kernel, ArrayRef<SharedBuffer> packed,
                   ArrayRef<int64_t> offsets, int64_t align) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  Block &entry = kernel.getBody().front();
  auto b = OpBuilder::atBlockBegin(&entry);
  auto windowType = MemRefType::get(
      {ShapedType::kDynamic}, b.getI8Type(), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  Value window = gpu::DynamicSharedMemoryOp::create(b, loc, windowType);
  // The window's address: to align the start, and for the barriers.
  Value address;
  if (align > kWindowAlign || llvm::any_of(packed, [](const SharedBuffer &buf) {
        return buf.global != nullptr;
      }))
    address = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, window);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Bytes from the window's start to its first `align`-aligned address.
  Value start = index(0);
  if (align > kWindowAlign) {
    Value rem = arith::RemUIOp::create(b, loc, address, index(align));
    start = arith::RemUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, index(align), rem), index(align));
  }
  for (auto [buffer, offset] : llvm::zip(packed, offsets)) {
    Value at = arith::AddIOp::create(b, loc, start, index(offset));
    if (buffer.attribution) {
      BlockArgument arg =
          kernel.getWorkgroupAttributions()[*buffer.attribution];
      arg.replaceAllUsesWith(memref::ViewOp::create(
          b, loc, cast<MemRefType>(arg.getType()), window, at, ValueRange{}));
      continue;
    }
    // A lowered barrier: its llvm.mlir.addressof ops become the address.
    auto global = cast<LLVM::GlobalOp>(buffer.global);
    SmallVector<LLVM::AddressOfOp> uses;
    kernel.walk([&](LLVM::AddressOfOp op) {
      if (op.getGlobalName() == global.getSymName())
        uses.push_back(op);
    });
    if (uses.empty())
      continue;
    Value bytes = arith::IndexCastOp::create(
        b, loc, b.getI64Type(), arith::AddIOp::create(b, loc, address, at));
    Value ptr = LLVM::IntToPtrOp::create(b, loc, uses.front().getType(), bytes);
    for (LLVM::AddressOfOp use : uses) {
      use.replaceAllUsesWith(ptr);
      use.erase();
    }
  }
  // Every attribution is packed (pack keeps a kernel static otherwise).
  entry.eraseArguments(kernel.getFirstWorkgroupAttributionIndex(),
                       kernel.getNumWorkgroupAttributions());
  kernel->removeAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName());
  kernel.removeWorkgroupAttribAttrsAttr();
}

struct AsyncCopyPackSharedMemoryPass
    : public mlir::asynccopy::impl::AsyncCopyPackSharedMemoryBase<
          AsyncCopyPackSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    if (mode == DynamicSmemMode::never)
      return;
    // The launches of each kernel, to size.
    DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launches;
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      if (Operation *kernel = SymbolTable::lookupNearestSymbolFrom(
              launch, launch.getKernelAttr()))
        launches[kernel].push_back(launch);
    });
    SmallVector<gpu::GPUFuncOp> kernels;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (func.isKernel())
        kernels.push_back(func);
    });
    bool fits = true;
    DenseSet<Operation *> moved;
    for (gpu::GPUFuncOp kernel : kernels) {
      FailureOr<int64_t> bytes = pack(kernel, moved);
      if (failed(bytes)) {
        fits = false;
        continue;
      }
      if (*bytes > 0)
        sizeLaunches(launches.lookup(kernel), *bytes);
    }
    // A global every kernel now keeps in its window is gone.
    for (Operation *global : moved)
      if (SymbolTable::symbolKnownUseEmpty(
              global, global->getParentOfType<gpu::GPUModuleOp>()))
        global->erase();
    if (!fits)
      signalPassFailure();
  }

  /// Moves the buffers of `kernel` into dynamic SMEM where its mode asks
  /// for it, adding the globals it moved to `moved`; the window's bytes (0:
  /// left static), or failure (reported) when the chip cannot give the
  /// kernel that much.
  FailureOr<int64_t> pack(gpu::GPUFuncOp kernel, DenseSet<Operation *> &moved) {
    if (kernel
            .walk([](gpu::DynamicSharedMemoryOp) {
              return WalkResult::interrupt();
            })
            .wasInterrupted())
      return 0;
    SmallVector<SharedBuffer> buffers;
    DenseSet<Operation *> seen;
    collectSharedBuffers(kernel, DataLayout::closest(kernel), buffers, seen);
    // Past 48 KiB a CTA must opt in, which only dynamic shared memory does
    // portably (ptxas accepts more static SMEM for sm_90a, CUDA's model does
    // not promise it).
    if (mode == DynamicSmemMode::automatic &&
        packSharedBuffers(buffers) <= hw::kDefaultSmemBytes)
      return 0;
    SmallVector<SharedBuffer> packed, kept;
    for (SharedBuffer &buffer : buffers)
      (isPackable(kernel, buffer) ? packed : kept).push_back(buffer);
    // An attribution memref.view cannot give keeps the kernel static.
    if (packed.empty() || llvm::any_of(kept, [](const SharedBuffer &buffer) {
          return buffer.attribution.has_value();
        }))
      return 0;
    SmallVector<int64_t> offsets;
    int64_t bytes = packSharedBuffers(packed, &offsets);
    int64_t align = kWindowAlign;
    for (const SharedBuffer &buffer : packed)
      align = std::max(align, buffer.align);
    int64_t window = bytes == std::numeric_limits<int64_t>::max()
                         ? bytes
                         : bytes + (align - kWindowAlign);
    StringRef chip = tightestChip(kernel, nvptx::maxDynamicSmemBytes);
    int64_t limit = nvptx::maxDynamicSmemBytes(chip);
    int64_t rest = packSharedBuffers(kept);
    if (window > limit || rest > limit - window) {
      InFlightDiagnostic diag =
          kernel.emitOpError("kernel @")
          << kernel.getName() << " needs more shared memory than the " << limit
          << " B a CTA can have on " << chip << ": ";
      describeSharedBuffers(diag, buffers);
      diag << "; use smaller tiles or fewer stages";
      return failure();
    }
    rewriteKernel(kernel, packed, offsets, align);
    for (const SharedBuffer &buffer : packed)
      if (buffer.global)
        moved.insert(buffer.global);
    AsyncCopyDialect::DynamicSmemBytesAttrHelper(kernel.getContext())
        .setAttr(kernel,
                 IntegerAttr::get(IntegerType::get(kernel.getContext(), 64),
                                  window));
    return window;
  }

  /// Adds `bytes` of dynamic SMEM to each of `launches`.
  static void sizeLaunches(ArrayRef<gpu::LaunchFuncOp> launches,
                           int64_t bytes) {
    for (gpu::LaunchFuncOp launch : launches) {
      OpBuilder b(launch);
      Value size = arith::ConstantIntOp::create(b, launch.getLoc(),
                                                b.getI32Type(), bytes);
      if (Value given = launch.getDynamicSharedMemorySize())
        size = arith::AddIOp::create(b, launch.getLoc(), given, size);
      launch.getDynamicSharedMemorySizeMutable().assign(size);
    }
  }
};

} // namespace
