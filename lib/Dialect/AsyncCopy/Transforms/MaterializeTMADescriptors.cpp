//===- MaterializeTMADescriptors.cpp - tensor maps for TMA ops ------------===//
//
// Device side: every TMA copy and prefetch of a kernel gets a tensor map, a
// #asynccopy.tensor_map attribute; ops with equal attributes share a map.
// With descriptor-mode=param each map is a 128-B kernel parameter that
// asynccopy-finalize-descriptor-params makes __grid_constant__; with
// descriptor-mode=scratch all maps of a launch live in one GMEM buffer
// passed as one pointer. The kernel lists its maps in
// `asynccopy.tma_descriptors`.
//
// Host side: before every gpu.launch_func of such a kernel, an
// asynccopy.encode_tensor_map per map encodes it from the launch's memref
// operand into a host buffer (lowered to the runtime's encoder by
// convert-asynccopy-host-to-llvm); the maps are passed as parameters or
// copied into the scratch buffer.
//
// Peer copies (`peer %pe`) read PE pe's copy of the symmetric heap: their
// kernel gets, in both modes, a pointer to numPes maps (map i for PE i) that
// asynccopy.encode_peer_tensor_maps encodes and uploads at launch;
// these pointer parameters come before the maps of the other copies.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h"

#include "LaunchBuffers.h"

#include "asynccopy/Dialect/AsyncCopy/Analysis/Contiguity.h"
#include "asynccopy/Dialect/AsyncCopy/Analysis/TMAPlanEncoding.h"
#include "asynccopy/Dialect/AsyncCopy/IR/ElementTypes.h"
#include "asynccopy/Utils/KernelArguments.h"
#include "asynccopy/Utils/LoopBounds.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYMATERIALIZETMADESCRIPTORS
#include "asynccopy/Dialect/AsyncCopy/Transforms/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// The scf.for loops around `launch`, innermost first, that its tensor maps
/// can be encoded outside of: every tensor the maps describe, and the bounds
/// of every loop inside, is defined outside each. A launch loop over the
/// same tensors then encodes its maps once, not at every launch.
SmallVector<scf::ForOp> getEncodeInvariantLoops(gpu::LaunchFuncOp launch,
                                                ArrayRef<Value> tensors) {
  SmallVector<scf::ForOp> loops;
  SmallVector<Value> needed(tensors);
  Operation *op = launch;
  while (auto loop = dyn_cast<scf::ForOp>(op->getParentOp())) {
    needed.append({loop.getLowerBound(), loop.getUpperBound()});
    if (!llvm::all_of(needed,
                      [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
      break;
    loops.push_back(loop);
    op = loop;
  }
  return loops;
}

/// An scf.if at `b` that holds when all `loops` run at least once: the
/// encodes hoisted before them go in it, since a loop that never launches
/// must not encode, and so possibly reject, maps it never uses.
scf::IfOp guardOnTrips(OpBuilder &b, ArrayRef<scf::ForOp> loops) {
  Location loc = loops.back()->getLoc();
  Value runs;
  for (scf::ForOp loop : loops) {
    Value trips = createBelowUpperBound(b, loc, loop, loop.getLowerBound());
    runs = runs ? arith::AndIOp::create(b, loc, runs, trips) : trips;
  }
  return scf::IfOp::create(b, loc, runs, /*withElseRegion=*/false);
}

struct MaterializeTMADescriptorsPass
    : public mlir::asynccopy::impl::AsyncCopyMaterializeTMADescriptorsBase<
          MaterializeTMADescriptorsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Device side first: it decides the kernels' tensor maps. Kernels of
    // every gpu.module count, also of modules nested in other modules.
    llvm::DenseMap<Operation *, SmallVector<TensorMapAttr>> kernels;
    WalkResult device = getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return WalkResult::advance();
      // A kernel materialised before keeps its parameters, and its launches
      // (which the GPU dialect verifies against them) already pass its maps.
      if (DescriptorModeAttr done =
              AsyncCopyDialect::DescriptorModeAttrHelper(&getContext())
                  .getAttr(kernel)) {
        if (done.getValue() == descriptorMode)
          return WalkResult::advance();
        kernel.emitOpError("already has its tensor maps in mode `")
            << stringifyDescriptorMode(done.getValue())
            << "`, which cannot be changed to mode `"
            << stringifyDescriptorMode(descriptorMode)
            << "`: run asynccopy-materialize-tma-descriptors with one mode";
        return WalkResult::interrupt();
      }
      FailureOr<SmallVector<TensorMapAttr>> maps = materialize(kernel);
      if (failed(maps))
        return WalkResult::interrupt();
      if (!maps->empty())
        kernels[kernel] = std::move(*maps);
      return WalkResult::advance();
    });
    if (device.wasInterrupted())
      return signalPassFailure();
    if (kernels.empty())
      return;
    // Host side: every launch of those kernels, resolved in the symbol table
    // that holds it, encodes their maps.
    SymbolTableCollection symbols;
    WalkResult walk = getOperation().walk([&](gpu::LaunchFuncOp launch) {
      Operation *kernel =
          symbols.lookupNearestSymbolFrom(launch, launch.getKernelAttr());
      auto it = kernels.find(kernel);
      if (it == kernels.end())
        return WalkResult::advance();
      if (failed(encodeAtLaunch(launch, it->second)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }

  /// Describes the tensor map of a TMA op, or fails with a diagnostic.
  template <typename OpT>
  FailureOr<TensorMapAttr> describe(OpT op, Value gmem, int64_t swizzle,
                                    std::optional<OOBMode> oob,
                                    std::optional<CacheHint> cache, bool peer) {
    std::optional<unsigned> arg = getKernelArgumentIndex(gmem, op);
    if (!arg)
      return op.emitOpError("TMA needs its GMEM operand to be a kernel "
                            "argument: tensor maps are encoded on the host "
                            "from kernel arguments (asynccopy-select-"
                            "implementation picks another implementation "
                            "for this copy)");
    // The plan selection (and for a multicast, partitioning) recorded: a
    // collective copy's map describes one CTA's piece of the window.
    FailureOr<CopyLayout> layout = computeCopyLayout(op);
    if (failed(layout))
      return op.emitOpError("has no analysable GMEM layout");
    Operation *tmaOp = op;
    auto planAttr = tmaOp->getAttrOfType<TmaPlanAttr>("plan");
    FailureOr<TmaPlan> plan = getTmaPlan(tmaOp, planAttr, *layout);
    if (failed(plan))
      return failure();
    std::string reason;
    std::optional<ReductionKind> reduction;
    if constexpr (std::is_same_v<OpT, AsyncCopyLikeOpInterface>)
      reduction = op.getReduction();
    FailureOr<int32_t> mapType = tma::tensorMapElementType(
        layout->elementType, reduction, oob == OOBMode::nan, &reason);
    if (failed(mapType))
      return op.emitOpError("cannot be lowered to TMA: ") << reason;
    SmallVector<int64_t> extents, strides, box, extentDims;
    for (const TmaDim &dim : plan->dims) {
      extents.push_back(dim.extent);
      strides.push_back(dim.stride);
      box.push_back(dim.box);
      extentDims.push_back(tmaExtentSource(dim, *layout));
    }
    // Descriptor dim i is memref dim i (no transforms, no merges): dynamic
    // extents and strides can then be read from the memref at launch.
    // Otherwise a dynamic extent names the memref dim it is read from.
    bool identityView =
        layout->tensorTransforms.empty() && planAttr.getDims().empty();
    if (identityView ||
        llvm::all_of(extentDims, [](int64_t d) { return d < 0; }))
      extentDims.clear();
    auto emitError = [&] {
      return op.emitOpError("cannot be lowered to TMA: ");
    };
    // A static memref offset keeps the base address 16-B aligned or not
    // (the host checks a dynamic one at launch). A dynamic offset is the
    // sentinel ShapedType::kDynamic (INT64_MIN), not a number to scale.
    if (!ShapedType::isDynamic(layout->baseOffset)) {
      int64_t offsetBytes;
      if (llvm::MulOverflow(layout->baseOffset, layout->elementBytes(),
                            offsetBytes))
        return emitError() << "the memref offset of " << layout->baseOffset
                           << " elements overflows a 64-bit byte offset";
      if (offsetBytes % tma::kGlobalAlignBytes != 0)
        return emitError() << "the memref offset of " << offsetBytes
                           << " B is not 16-B aligned; TMA needs a 16-B "
                              "aligned base address";
    }
    auto map = TensorMapAttr::getChecked(
        emitError, op.getContext(), static_cast<int64_t>(*arg),
        layout->elementType, *mapType, ArrayRef<int64_t>(extents),
        ArrayRef<int64_t>(strides), ArrayRef<int64_t>(box), swizzle,
        oob.value_or(OOBMode::zeros), cache.value_or(CacheHint::normal),
        identityView, peer,
        AsyncCopyDialect::TmaFallbackAttrHelper(op.getContext())
            .isAttrPresent(tmaOp),
        ArrayRef<int64_t>(extentDims));
    if (!map)
      return failure();
    return map;
  }

  /// Records in the plan of TMA op `op` where its tensor map is.
  static void setDescriptor(Operation *op, int64_t param,
                            std::optional<int64_t> offset) {
    auto plan = op->getAttrOfType<TmaPlanAttr>("plan");
    op->setAttr("plan", plan.withDescriptor(param, offset));
  }

  /// The ops of `kernel` that will lower to TMA and their tensor maps, in
  /// program order.
  FailureOr<SmallVector<std::pair<Operation *, TensorMapAttr>>>
  collectUses(gpu::GPUFuncOp kernel) {
    SmallVector<std::pair<Operation *, TensorMapAttr>> uses;
    WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
      FailureOr<TensorMapAttr> info = failure();
      if (isa<TmaLoadOp, TmaStoreOp, TmaReduceOp>(op)) {
        auto copy = cast<AsyncCopyLikeOpInterface>(op);
        info = describe(copy, copy.getGmem(), copy.getSwizzleOrZero(),
                        copy.getOobOrDefault(), copy.getCache(),
                        static_cast<bool>(copy.getPeer()));
      } else if (auto prefetch = dyn_cast<TmaPrefetchOp>(op)) {
        info = describe(prefetch, prefetch.getSource(),
                        prefetch.getSwizzle().value_or(0), prefetch.getOob(),
                        prefetch.getCache(), /*peer=*/false);
      } else {
        return WalkResult::advance();
      }
      if (failed(info))
        return WalkResult::interrupt();
      uses.push_back({op, *info});
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    return uses;
  }

  /// Device side of one kernel; returns its tensor maps in parameter order.
  FailureOr<SmallVector<TensorMapAttr>> materialize(gpu::GPUFuncOp kernel) {
    FailureOr<SmallVector<std::pair<Operation *, TensorMapAttr>>> uses =
        collectUses(kernel);
    if (failed(uses))
      return failure();
    SmallVector<TensorMapAttr> maps;
    if (uses->empty())
      return maps;

    Builder b(kernel.getContext());
    auto ptrType = LLVM::LLVMPointerType::get(kernel.getContext());
    bool scratch = descriptorMode == DescriptorMode::scratch;
    // Equal maps are one uniqued attribute: each gets one parameter.
    llvm::DenseMap<TensorMapAttr, unsigned> index;
    auto addMap = [&](TensorMapAttr map) {
      auto [it, inserted] = index.try_emplace(map, maps.size());
      if (inserted)
        maps.push_back(map);
      return std::make_pair(it->second, inserted);
    };
    // Peer copies first: one pointer parameter per distinct map array, after
    // the user's parameters.
    unsigned firstParam = kernel.getNumArguments();
    for (auto [op, info] : *uses) {
      if (!info.getPeer())
        continue;
      auto [k, inserted] = addMap(info);
      if (inserted &&
          failed(kernel.insertArgument(kernel.getNumArguments(), ptrType,
                                       DictionaryAttr(), op->getLoc())))
        return kernel.emitOpError("cannot add a peer tensor-map parameter");
      setDescriptor(op, firstParam + k, std::nullopt);
    }
    unsigned numPeer = maps.size();
    // descriptor-mode=param: one parameter per distinct map, after those.
    // descriptor-mode=scratch: one pointer parameter; map k at byte 128 * k.
    unsigned mapParam = kernel.getNumArguments();
    bool anyLocal = llvm::any_of(
        *uses, [](const auto &use) { return !use.second.getPeer(); });
    if (scratch && anyLocal &&
        failed(kernel.insertArgument(mapParam, ptrType, DictionaryAttr(),
                                     kernel.getLoc())))
      return kernel.emitOpError("cannot add the tensor-map scratch parameter");
    for (auto [op, info] : *uses) {
      if (info.getPeer())
        continue;
      auto [k, inserted] = addMap(info);
      unsigned local = k - numPeer;
      if (inserted && !scratch &&
          failed(kernel.insertArgument(kernel.getNumArguments(), ptrType,
                                       DictionaryAttr(), op->getLoc())))
        return kernel.emitOpError("cannot add a tensor-map parameter");
      if (scratch)
        setDescriptor(op, mapParam, local * tma::kDescriptorBytes);
      else
        setDescriptor(op, mapParam + local, std::nullopt);
    }
    unsigned numLocal = maps.size() - numPeer;
    MLIRContext *ctx = kernel.getContext();
    AsyncCopyDialect::TmaDescriptorsAttrHelper(ctx).setAttr(
        kernel,
        b.getArrayAttr(SmallVector<Attribute>(maps.begin(), maps.end())));
    AsyncCopyDialect::DescriptorModeAttrHelper(ctx).setAttr(
        kernel, DescriptorModeAttr::get(ctx, descriptorMode));
    // Scratch maps are not prefetched: a `prefetch.tensormap` at the entry
    // of every CTA made a one-tile-per-CTA copy 0.6 % slower on the H200
    // (the first TMA of a CTA finds its map in the cache anyway).
    if (!scratch)
      // The tensor maps are the trailing parameters, which stays true when
      // the GPU-to-NVVM lowering expands memref parameters into several.
      AsyncCopyDialect::GridConstantsAttrHelper(ctx).setAttr(
          kernel, b.getI64IntegerAttr(numLocal));
    return maps;
  }

  /// Host side of one launch: an encode op per map before it, into one
  /// host buffer whose maps are passed as parameters (param) or copied into
  /// a scratch buffer; the runtime encodes and uploads peer maps and returns
  /// the device pointer the kernel takes. convert-asynccopy-host-to-llvm
  /// lowers the encode ops to runtime calls.
  LogicalResult encodeAtLaunch(gpu::LaunchFuncOp launch,
                               ArrayRef<TensorMapAttr> maps) {
    auto func = launch->getParentOfType<FunctionOpInterface>();
    if (!func || func.isExternal())
      return launch.emitOpError("launches a kernel with tensor maps outside "
                                "a host function");
    Location loc = launch.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(launch.getContext());
    int64_t numPeer =
        llvm::count_if(maps, [](TensorMapAttr map) { return map.getPeer(); });
    int64_t bytes = (maps.size() - numPeer) * tma::kDescriptorBytes;
    // The maps are encoded into one host buffer at the top of the function;
    // a memref so that scratch mode can gpu.memcpy it.
    Value hostBuffer;
    if (bytes != 0) {
      OpBuilder entry =
          OpBuilder::atBlockBegin(&func.getFunctionBody().front());
      hostBuffer = memref::AllocaOp::create(
          entry, loc, MemRefType::get({bytes}, entry.getI8Type()),
          entry.getI64IntegerAttr(tma::kDescriptorAlignBytes));
    }

    SmallVector<Value> tensors;
    for (TensorMapAttr map : maps) {
      Value memref = launch.getKernelOperand(map.getArg());
      if (!isa<MemRefType>(memref.getType()))
        return launch.emitOpError("kernel operand ")
               << map.getArg() << " feeds a tensor map but is not a memref";
      if (!map.getPeer())
        tensors.push_back(memref);
    }
    // Slots are addressed at `hoisted`, maps encoded at `encode`: before the
    // launch, or before and in the guard of the loops they leave.
    OpBuilder b(launch);
    SmallVector<scf::ForOp> loops;
    if (!tensors.empty())
      loops = getEncodeInvariantLoops(launch, tensors);
    OpBuilder hoisted =
        loops.empty() ? b : OpBuilder(loops.back().getOperation());
    Value hostMaps = hostBuffer ? pointerTo(hoisted, hostBuffer) : Value();
    OpBuilder encode = hoisted;
    if (!loops.empty()) {
      scf::IfOp guard = guardOnTrips(hoisted, loops);
      hoisted.setInsertionPoint(guard);
      encode = OpBuilder::atBlockTerminator(guard.thenBlock());
    }
    SmallVector<Value> peerParams, params;
    for (TensorMapAttr map : maps) {
      Value memref = launch.getKernelOperand(map.getArg());
      if (map.getPeer()) {
        peerParams.push_back(
            EncodePeerTensorMapsOp::create(b, loc, ptrType, memref, map));
        continue;
      }
      Value target = hostMaps;
      if (int64_t local = params.size())
        target = LLVM::GEPOp::create(
            hoisted, loc, ptrType, hoisted.getI8Type(), hostMaps,
            ArrayRef<LLVM::GEPArg>{
                static_cast<int32_t>(local * tma::kDescriptorBytes)});
      EncodeTensorMapOp::create(encode, loc, memref, target, map);
      params.push_back(target);
    }

    // The peer maps' pointers are the parameters before the other maps.
    launch.getKernelOperandsMutable().append(peerParams);
    if (params.empty())
      return success();
    if (descriptorMode == DescriptorMode::scratch)
      passScratchBuffer(launch, hostBuffer, loops);
    else
      // Each map is passed as a 128-B value: a pointer to the host copy now,
      // a by-value array once the kernel is an LLVM function (see
      // asynccopy-finalize-descriptor-params).
      launch.getKernelOperandsMutable().append(params);
    return success();
  }

  /// descriptor-mode=scratch: the maps in `hostBuffer` go to one device
  /// buffer per launch, allocated and filled on the launch's stream before
  /// it and freed on that stream after it. A launch chained through the one
  /// loop its maps are encoded before shares one buffer across the loop.
  void passScratchBuffer(gpu::LaunchFuncOp launch, Value hostBuffer,
                         ArrayRef<scf::ForOp> loops) {
    auto type = cast<MemRefType>(hostBuffer.getType());
    auto fill = [&](OpBuilder &b, Location loc, Value buffer,
                    Value allocated) -> Value {
      return gpu::MemcpyOp::create(b, loc, allocated.getType(),
                                   ValueRange{allocated}, buffer, hostBuffer)
          .getAsyncToken();
    };
    // A launch chained through the one loop its maps are encoded before
    // shares one buffer, filled after the encodes, before the loop.
    addLaunchBuffer(launch, loops.size() == 1 ? loops[0] : scf::ForOp(), type,
                    fill);
  }
};
} // namespace
