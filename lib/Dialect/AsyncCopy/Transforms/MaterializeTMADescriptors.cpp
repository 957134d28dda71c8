//===- MaterializeTMADescriptors.cpp - tensor maps for TMA ops ------------===//
//
// Device side: every TMA copy and prefetch of a kernel gets a tensor map,
// deduplicated by (kernel argument, element type, tensor-map dims and box,
// swizzle, oob, cache). With mode=param each map is a 128-B kernel parameter
// that asynccopy-finalize-descriptor-params makes __grid_constant__; the
// kernel lists the maps in `asynccopy.tma_descriptors` for the host side.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "asynccopy/Analysis/Contiguity.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYMATERIALIZETMADESCRIPTORS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// The kernel argument a GMEM operand views (through memref.cast), if any.
std::optional<unsigned> traceToKernelArgument(Value value,
                                              gpu::GPUFuncOp kernel) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &kernel.getBody().front() ||
      arg.getArgNumber() >= kernel.getNumArguments())
    return std::nullopt;
  return arg.getArgNumber();
}

/// Everything that makes two tensor maps different.
struct DescriptorInfo {
  unsigned argIndex;
  Type elementType;
  SmallVector<int64_t> extents, strides, box;
  int64_t swizzle;
  OOBMode oob;
  CacheHint cache;

  std::string key() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << argIndex << '|' << elementType << '|';
    llvm::interleaveComma(extents, os);
    os << '|';
    llvm::interleaveComma(strides, os);
    os << '|';
    llvm::interleaveComma(box, os);
    os << '|' << swizzle << '|' << static_cast<int>(oob) << '|'
       << static_cast<int>(cache);
    return s;
  }

  DictionaryAttr toAttr(Builder &b) const {
    SmallVector<NamedAttribute> attrs = {
        b.getNamedAttr("arg", b.getI64IntegerAttr(argIndex)),
        b.getNamedAttr("element_type", TypeAttr::get(elementType)),
        b.getNamedAttr("dims", b.getDenseI64ArrayAttr(extents)),
        b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides)),
        b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
        b.getNamedAttr("swizzle", b.getI64IntegerAttr(swizzle)),
        b.getNamedAttr("oob", OOBModeAttr::get(b.getContext(), oob)),
        b.getNamedAttr("cache", CacheHintAttr::get(b.getContext(), cache))};
    return b.getDictionaryAttr(attrs);
  }
};

struct MaterializeTMADescriptorsPass
    : public asynccopy::impl::AsyncCopyMaterializeTMADescriptorsBase<
          MaterializeTMADescriptorsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (mode != "param" && mode != "scratch") {
      getOperation().emitError("asynccopy-materialize-tma-descriptors: mode "
                               "must be `param` or `scratch`, got `")
          << mode << "`";
      return signalPassFailure();
    }
    if (mode == "scratch") {
      getOperation().emitError(
          "asynccopy-materialize-tma-descriptors: mode=scratch needs the "
          "host-side runtime support, which this build does not have yet; "
          "use mode=param");
      return signalPassFailure();
    }
    for (auto kernel : getOperation().getOps<gpu::GPUFuncOp>())
      if (kernel.isKernel() && failed(materialize(kernel)))
        return signalPassFailure();
  }

  /// Describes the tensor map of a TMA op, or fails with a diagnostic.
  template <typename OpT>
  FailureOr<DescriptorInfo> describe(OpT op, gpu::GPUFuncOp kernel,
                                     Value gmem, int64_t swizzle,
                                     std::optional<OOBMode> oob,
                                     std::optional<CacheHint> cache) {
    std::optional<unsigned> arg = traceToKernelArgument(gmem, kernel);
    if (!arg)
      return op.emitOpError("TMA needs its GMEM operand to be a kernel "
                            "argument: tensor maps are encoded on the host "
                            "from kernel arguments");
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    std::string reason;
    FailureOr<TmaPlan> plan =
        succeeded(layout) ? planTma(*layout, swizzle, true, &reason)
                          : FailureOr<TmaPlan>(failure());
    if (failed(plan))
      return op.emitOpError("cannot be lowered to TMA: ") << reason;
    DescriptorInfo info;
    info.argIndex = *arg;
    info.elementType = layout->elementType;
    for (const TmaDim &dim : plan->dims) {
      info.extents.push_back(dim.extent);
      info.strides.push_back(dim.stride);
      info.box.push_back(dim.box);
    }
    info.swizzle = swizzle;
    info.oob = oob.value_or(OOBMode::zeros);
    info.cache = cache.value_or(CacheHint::normal);
    return info;
  }

  LogicalResult materialize(gpu::GPUFuncOp kernel) {
    // Ops that will lower to TMA and their tensor maps, in program order.
    SmallVector<std::pair<Operation *, DescriptorInfo>> uses;
    WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
      FailureOr<DescriptorInfo> info = failure();
      if (auto copy = dyn_cast<CopyOp>(op)) {
        if (copy.getImplOrDefault() != CopyImpl::tma)
          return WalkResult::advance();
        info = describe(copy, kernel, copy.getGmem(), copy.getSwizzleOrZero(),
                        copy.getOob(), copy.getCache());
      } else if (auto prefetch = dyn_cast<PrefetchOp>(op)) {
        // A prefetch no tensor map covers stays without one (and is dropped
        // by the lowering): it is only a hint.
        std::optional<unsigned> arg =
            traceToKernelArgument(prefetch.getSource(), kernel);
        FailureOr<CopyLayout> layout = computeCopyLayout(prefetch);
        if (!arg || failed(layout) ||
            failed(planTma(*layout, prefetch.getSwizzle().value_or(0),
                           /*allowRuntimeChecks=*/false, nullptr)))
          return WalkResult::advance();
        info = describe(prefetch, kernel, prefetch.getSource(),
                        prefetch.getSwizzle().value_or(0), prefetch.getOob(),
                        prefetch.getCache());
      } else {
        return WalkResult::advance();
      }
      if (failed(info))
        return WalkResult::interrupt();
      uses.push_back({op, std::move(*info)});
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    if (uses.empty())
      return success();

    // One parameter per distinct tensor map, appended after the user's.
    Builder b(kernel.getContext());
    auto ptrType = LLVM::LLVMPointerType::get(kernel.getContext());
    llvm::StringMap<unsigned> params;
    SmallVector<Attribute> descriptors;
    for (auto &[op, info] : uses) {
      auto [it, inserted] =
          params.try_emplace(info.key(), kernel.getNumArguments());
      if (inserted) {
        if (failed(kernel.insertArgument(kernel.getNumArguments(), ptrType,
                                         DictionaryAttr(), op->getLoc())))
          return kernel.emitOpError("cannot add a tensor-map parameter");
        descriptors.push_back(info.toAttr(b));
      }
      op->setAttr(kDescriptorAttrName, b.getI64IntegerAttr(it->second));
    }
    kernel->setAttr(kDescriptorListAttrName, b.getArrayAttr(descriptors));
    // The tensor maps are the trailing parameters, which stays true when the
    // GPU-to-NVVM lowering expands memref parameters into several.
    kernel->setAttr(kGridConstantsAttrName,
                    b.getI64IntegerAttr(descriptors.size()));
    return success();
  }
};
} // namespace
