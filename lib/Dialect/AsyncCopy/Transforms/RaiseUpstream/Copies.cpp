//===- Copies.cpp - workgroup allocations, memref.copy and linalg.copy ----===//
//
// A memref.copy or linalg.copy between global and workgroup memory that
// every thread runs with the same operands copies the same bytes in every
// thread; one CTA-cooperative asynccopy.copy followed by its wait, where the
// upstream op was, leaves SMEM (or GMEM) as those copies did, and makes it
// visible to every thread (the wait ends with a CTA barrier, a barrier phase
// publishes a TMA load's bytes).
//
// The GMEM operand is a chain of unit-step subviews of a memref (tiling
// makes such views); the copy gets that memref and the chain's window, with
// `drop_unit_dims` for the dims rank-reducing subviews dropped.
//
//===----------------------------------------------------------------------===//

#include "RaiseUpstream.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asynccopy-raise-upstream"

using namespace mlir;
using namespace mlir::asynccopy;
using namespace mlir::asynccopy::raising;

namespace {
/// Records the ops a builder creates, so that a failed raising can undo them.
struct CreatedOps : public OpBuilder::Listener {
  SmallVector<Operation *> ops;
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
};
} // namespace

std::optional<std::string> mlir::asynccopy::raising::buildVerified(
    Operation *at,
    function_ref<std::optional<std::string>(OpBuilder &)> build) {
  CreatedOps created;
  OpBuilder b(at->getContext(), &created);
  b.setInsertionPoint(at);
  std::optional<std::string> problem = build(b);
  if (!problem) {
    ScopedDiagnosticHandler capture(at->getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error && !problem)
        problem = "the asynccopy op would not verify: " + diag.str();
      return success();
    });
    for (Operation *op : created.ops)
      if (isa<AsyncCopyDialect>(op->getDialect()) &&
          failed(verify(op, /*verifyRecursively=*/false)))
        break;
  }
  if (problem)
    for (Operation *op : llvm::reverse(created.ops))
      op->erase();
  return problem;
}

//===----------------------------------------------------------------------===//
// Workgroup allocations
//===----------------------------------------------------------------------===//

static bool isWorkgroupBuffer(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && isSharedMemory(type);
}

/// The kernel (gpu.launch or kernel gpu.func) around `op`, or null.
static Operation *enclosingKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<gpu::LaunchOp>(parent))
      return parent;
    if (auto func = dyn_cast<gpu::GPUFuncOp>(parent))
      return func.isKernel() ? parent : nullptr;
  }
  return nullptr;
}

/// The one gpu.launch whose body holds every use of the host allocation
/// `alloc` but its deallocs, or null.
static gpu::LaunchOp soleLaunchUser(Operation *alloc) {
  gpu::LaunchOp launch;
  for (Operation *user : alloc->getUsers()) {
    if (isa<memref::DeallocOp>(user))
      continue;
    auto mine = user->getParentOfType<gpu::LaunchOp>();
    if (!mine || (launch && mine != launch))
      return nullptr;
    launch = mine;
  }
  return launch;
}

/// Why the workgroup allocation `alloc` cannot become an attribution of
/// `kernel`, or nullopt.
static std::optional<std::string> whyNotAttribution(Operation *alloc,
                                                    Operation *kernel) {
  auto type = cast<MemRefType>(alloc->getResult(0).getType());
  if (!type.hasStaticShape() || alloc->getNumOperands() != 0)
    return std::string("the workgroup allocation has a dynamic shape");
  for (Operation *user : alloc->getUsers())
    if (isa<RegionBranchTerminatorOpInterface, CallOpInterface>(user) ||
        user->hasTrait<OpTrait::ReturnLike>())
      return "the workgroup buffer leaves its block through '" +
             user->getName().getStringRef().str() + "'";
  if (!kernel->isProperAncestor(alloc))
    return std::nullopt;
  // Every thread allocating "its" buffer is one CTA buffer only when every
  // thread runs the allocation.
  Uniformity uniformity({kernel, false});
  return uniformity.whyNotRunByAll(alloc);
}

/// The workgroup attribution of `kernel` (a gpu.launch or a gpu.func) that
/// takes the place of a buffer of `type`.
static BlockArgument addAttribution(Operation *kernel, Type type,
                                    Location loc) {
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel))
    return launch.addWorkgroupAttribution(type, loc);
  return cast<gpu::GPUFuncOp>(kernel).addWorkgroupAttribution(type, loc);
}

/// Uninitialised workgroup memref.globals of host code that gpu.launch
/// bodies use: SMEM lives as long as a CTA, so each launch gets an
/// attribution of its own (outlining would copy the global into the kernel's
/// module and leave the host a global it cannot lower).
static void raiseWorkgroupGlobals(Operation *root) {
  DenseMap<std::pair<Operation *, Operation *>, BlockArgument> attributions;
  SetVector<memref::GlobalOp> globals;
  root->walk([&](memref::GetGlobalOp get) {
    auto launch = get->getParentOfType<gpu::LaunchOp>();
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        get, get.getNameAttr());
    if (!launch || !global || !isSharedMemory(global.getType()) ||
        global->getParentOfType<gpu::GPUModuleOp>())
      return;
    if (!global.isExternal() && !global.isUninitialized()) {
      remarkNotRaised(get, "the workgroup global has an initial value");
      return;
    }
    BlockArgument &buffer = attributions[{launch, global}];
    if (!buffer)
      buffer = addAttribution(launch, global.getType(), global.getLoc());
    get.replaceAllUsesWith(buffer);
    get->erase();
    globals.insert(global);
  });
  for (memref::GlobalOp global : globals)
    if (SymbolTable::symbolKnownUseEmpty(global, global->getParentOp()))
      global->erase();
}

void mlir::asynccopy::raising::raiseWorkgroupAllocations(Operation *root) {
  raiseWorkgroupGlobals(root);
  SmallVector<Operation *> allocs;
  root->walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        isWorkgroupBuffer(op->getResult(0)))
      allocs.push_back(op);
  });
  for (Operation *alloc : allocs) {
    Operation *kernel = enclosingKernel(alloc);
    if (!kernel && !alloc->getParentOfType<gpu::GPUModuleOp>())
      kernel = soleLaunchUser(alloc);
    if (!kernel) {
      bool usedInLaunch = llvm::any_of(alloc->getUsers(), [](Operation *u) {
        return u->getParentOfType<gpu::LaunchOp>() != nullptr;
      });
      if (usedInLaunch)
        remarkNotRaised(alloc, "the workgroup allocation is used outside a "
                               "single gpu.launch");
      continue;
    }
    if (std::optional<std::string> why = whyNotAttribution(alloc, kernel)) {
      remarkNotRaised(alloc, *why);
      continue;
    }
    BlockArgument buffer =
        addAttribution(kernel, alloc->getResult(0).getType(), alloc->getLoc());
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    alloc->getResult(0).replaceAllUsesWith(buffer);
    alloc->erase();
  }
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

namespace {
/// The GMEM memref a view is cut from and the window of it the view covers.
struct GmemWindow {
  Value base;
  SmallVector<OpFoldResult> offsets;
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> droppedDims;
};
} // namespace

/// a + c, folded where both are constants or one is zero.
static OpFoldResult addIndex(OpBuilder &b, Location loc, OpFoldResult a,
                             OpFoldResult c) {
  std::optional<int64_t> ca = getConstantIntValue(a);
  std::optional<int64_t> cc = getConstantIntValue(c);
  if (ca && cc)
    return b.getIndexAttr(*ca + *cc);
  if (ca == 0)
    return c;
  if (cc == 0)
    return a;
  return arith::AddIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, a),
                               getValueOrCreateConstantIndexOp(b, loc, c))
      .getResult();
}

/// Follows the unit-step subviews `view` is cut from to the memref they
/// start at; `shape` is the view's (static) shape. Builds the window's
/// offsets at `b`.
static FailureOr<GmemWindow> traceWindow(OpBuilder &b, Location loc, Value view,
                                         ArrayRef<int64_t> shape,
                                         std::string &why) {
  SmallVector<memref::SubViewOp> chain;
  Value base = view;
  while (auto subview = base.getDefiningOp<memref::SubViewOp>()) {
    if (!llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; })) {
      why = "the global-memory view is a subview with steps other than 1";
      return failure();
    }
    chain.push_back(subview);
    base = subview.getSource();
  }
  int64_t rank = cast<MemRefType>(base.getType()).getRank();
  GmemWindow window{base,
                    SmallVector<OpFoldResult>(rank, b.getIndexAttr(0)),
                    SmallVector<int64_t>(rank, 1),
                    {}};
  // The base dim of each dim of the view so far.
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  llvm::SmallBitVector dropped(rank);
  for (memref::SubViewOp subview : llvm::reverse(chain)) {
    llvm::SmallBitVector droppedHere = subview.getDroppedDims();
    SmallVector<int64_t> kept;
    for (auto [d, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      window.offsets[dims[d]] =
          addIndex(b, loc, window.offsets[dims[d]], offset);
      if (droppedHere.test(d))
        dropped.set(dims[d]);
      else
        kept.push_back(dims[d]);
    }
    dims = std::move(kept);
  }
  for (auto [i, d] : llvm::enumerate(dims))
    window.sizes[d] = shape[i];
  for (int64_t d : dropped.set_bits())
    window.droppedDims.push_back(d);
  return window;
}

/// Whether `op` may write GMEM through ordinary stores (so a later TMA or
/// bulk load of that GMEM needs a proxy fence): a write effect on a memref
/// that is not in workgroup memory nor a thread's alloca, or unknown
/// effects.
static bool mayWriteGmem(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects) {
    // An op that states no effects (a call, an intrinsic on pointers) may
    // write what its operands point to; gpu.barrier & co. point to nothing.
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
    return isa<CallOpInterface>(op) ||
           llvm::any_of(op->getOperandTypes(), [](Type type) {
             auto memref = dyn_cast<MemRefType>(type);
             return (memref && !isSharedMemory(memref)) ||
                    isa<LLVM::LLVMPointerType>(type);
           });
  }
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [](const MemoryEffects::EffectInstance &effect) {
    if (!isa<MemoryEffects::Write>(effect.getEffect()))
      return false;
    Value value = effect.getValue();
    if (!value)
      return true;
    auto type = dyn_cast<MemRefType>(value.getType());
    return type && !isSharedMemory(type) &&
           !value.getDefiningOp<memref::AllocaOp>();
  });
}

namespace {
/// Raises the copies of one kernel.
class CopyRaiser {
public:
  explicit CopyRaiser(Kernel kernel) : kernel(kernel), uniformity(kernel) {
    kernel.body().walk(
        [&](Operation *op) { writesGmem = writesGmem || mayWriteGmem(op); });
  }

  void raise(Operation *op, Value source, Value target);

private:
  std::optional<std::string> whyNot(Operation *op, Value source, Value target);
  void build(OpBuilder &b, Operation *op, Value smem, bool load,
             const GmemWindow &window);
  void buildLoadOnBarrier(OpBuilder &b, Operation *op, Value smem,
                          const GmemWindow &window);

  Kernel kernel;
  Uniformity uniformity;
  bool writesGmem = false;
};
} // namespace

std::optional<std::string> CopyRaiser::whyNot(Operation *op, Value source,
                                              Value target) {
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  auto targetType = dyn_cast<MemRefType>(target.getType());
  if (!sourceType || !targetType)
    return std::string("an operand is not a ranked memref");
  if (sourceType.getElementType() != targetType.getElementType())
    return std::string("the operands' element types differ");
  bool load = isGlobalMemory(sourceType) && isSharedMemory(targetType);
  bool store = isSharedMemory(sourceType) && isGlobalMemory(targetType);
  if (!load && !store) {
    if (isGlobalMemory(sourceType) && isGlobalMemory(targetType))
      return std::string("both operands are in global memory");
    if (isSharedMemory(sourceType) && isSharedMemory(targetType))
      return std::string("both operands are in workgroup memory");
    return std::string("an operand is in neither global nor workgroup memory");
  }
  // The verifiers of memref.copy and linalg.copy keep the shapes equal.
  if (!(load ? targetType : sourceType).hasStaticShape())
    return std::string("the workgroup-memory operand has a dynamic shape");
  Value smem = load ? target : source;
  Region *home = smem.getParentRegion();
  if (!home || !kernel.op->isAncestor(home->getParentOp()))
    return std::string("the workgroup-memory operand is not a buffer of "
                       "this kernel");
  if (std::optional<std::string> why = uniformity.whyNotRunByAll(op))
    return why;
  if (!uniformity.isUniform(source) || !uniformity.isUniform(target))
    return std::string("its operands may differ between threads (each "
                       "thread copies its own part)");
  return std::nullopt;
}

void CopyRaiser::raise(Operation *op, Value source, Value target) {
  if (std::optional<std::string> why = whyNot(op, source, target)) {
    remarkNotRaised(op, *why);
    return;
  }
  bool load = isSharedMemory(cast<MemRefType>(target.getType()));
  Value gmem = load ? source : target;
  Value smem = load ? target : source;
  ArrayRef<int64_t> shape = cast<MemRefType>(smem.getType()).getShape();
  std::optional<std::string> problem =
      buildVerified(op, [&](OpBuilder &b) -> std::optional<std::string> {
        std::string why;
        FailureOr<GmemWindow> window =
            traceWindow(b, op->getLoc(), gmem, shape, why);
        if (failed(window))
          return why;
        build(b, op, smem, load, *window);
        return std::nullopt;
      });
  if (problem) {
    remarkNotRaised(op, *problem);
    return;
  }
  op->erase();
}

/// The copy of `window` from or to `smem`: on `barrier`'s stage 0, or
/// returning a token without one.
static CopyOp createWindowCopy(OpBuilder &b, Location loc, bool load,
                               Value smem, const GmemWindow &window,
                               Value barrier) {
  SmallVector<Value> dynamic;
  SmallVector<int64_t> offsets;
  dispatchIndexOpFoldResults(window.offsets, dynamic, offsets);
  ArrayAttr transforms;
  if (!window.droppedDims.empty())
    transforms = b.getArrayAttr(
        DropUnitDimsAttr::get(b.getContext(), window.droppedDims));
  Type token = barrier ? Type() : TokenType::get(b.getContext());
  Value stage = barrier ? arith::ConstantIndexOp::create(b, loc, 0) : Value();
  // An upstream copy promises nothing of its tensor's address: a TMA path is
  // checked at launch, with a per-thread fallback.
  auto copy = CopyOp::create(
      b, loc, token, load ? window.base : smem, load ? smem : window.base,
      dynamic, barrier, stage, /*predicate=*/Value(), /*rank=*/Value(),
      /*peer=*/Value(), b.getDenseI64ArrayAttr(offsets),
      b.getDenseI64ArrayAttr(window.sizes), transforms, IntegerAttr(),
      ArrayAttr(), Attribute(), OOBModeAttr(), ReductionKindAttr(),
      CopyImplAttr(), CacheHintAttr(), BoolAttr());
  AsyncCopyDialect::LaunchCheckedAttrHelper(b.getContext())
      .setAttr(copy, b.getUnitAttr());
  LLVM_DEBUG(llvm::dbgs() << "[raise-upstream] " << loc << ": raised into "
                          << copy << "\n");
  return copy;
}

/// The copy at `b`, and its wait: a load on a barrier of its own where TMA
/// and bulk copies exist, else through a token.
void CopyRaiser::build(OpBuilder &b, Operation *op, Value smem, bool load,
                       const GmemWindow &window) {
  if (load && kernel.hopper) {
    buildLoadOnBarrier(b, op, smem, window);
    return;
  }
  CopyOp copy = createWindowCopy(b, op->getLoc(), load, smem, window, {});
  WaitOp::create(b, op->getLoc(), copy.getToken());
}

/// A load on a `barrier<1>` of its own, initialised at the kernel's entry,
/// waited on where the copy was. A copy at the top of the kernel runs once
/// (phase 0); elsewhere each thread keeps the phase in a variable that
/// flips per wait (registers once LLVM promotes it). Where the kernel writes
/// GMEM with ordinary stores, a `fence.proxy.async.global` before the CTA
/// barrier in front of the load orders those writes before TMA reads them.
void CopyRaiser::buildLoadOnBarrier(OpBuilder &b, Operation *op, Value smem,
                                    const GmemWindow &window) {
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  OpBuilder::InsertPoint here = b.saveInsertionPoint();
  b.setInsertionPointToStart(&kernel.entry());
  Value barrier = BarrierAllocOp::create(b, loc, BarrierType::get(ctx, 1));
  BarrierInitOp::create(b, loc, barrier, b.getI64IntegerAttr(1));
  bool once = op->getBlock() == &kernel.entry();
  Value phaseVar;
  if (!once) {
    phaseVar =
        memref::AllocaOp::create(b, loc, MemRefType::get({}, b.getI1Type()));
    memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 1),
                            phaseVar);
  }
  b.restoreInsertionPoint(here);

  if (writesGmem) {
    auto fence = NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_global);
    if (auto before = dyn_cast_or_null<gpu::BarrierOp>(op->getPrevNode())) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(before);
      NVVM::FenceProxyOp::create(b, loc, fence, NVVM::SharedSpaceAttr());
    } else {
      NVVM::FenceProxyOp::create(b, loc, fence, NVVM::SharedSpaceAttr());
      gpu::BarrierOp::create(b, loc);
    }
  }
  CopyOp copy = createWindowCopy(b, loc, /*load=*/true, smem, window, barrier);
  Value stage = copy.getStage();
  if (once) {
    BarrierWaitOp::create(b, loc, barrier, stage,
                          arith::ConstantIntOp::create(b, loc, 0, 1));
    return;
  }
  Value phase = memref::LoadOp::create(b, loc, phaseVar);
  BarrierWaitOp::create(b, loc, barrier, stage, phase);
  Value flipped = arith::XOrIOp::create(
      b, loc, phase, arith::ConstantIntOp::create(b, loc, 1, 1));
  memref::StoreOp::create(b, loc, flipped, phaseVar);
}

void mlir::asynccopy::raising::raiseCopies(Kernel kernel) {
  SmallVector<Operation *> copies;
  kernel.body().walk([&](Operation *op) {
    if (isa<memref::CopyOp, linalg::CopyOp>(op))
      copies.push_back(op);
  });
  if (copies.empty())
    return;
  CopyRaiser raiser(kernel);
  for (Operation *op : copies) {
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      raiser.raise(op, copy.getSource(), copy.getTarget());
      continue;
    }
    auto copy = cast<linalg::CopyOp>(op);
    if (!copy.hasPureBufferSemantics()) {
      remarkNotRaised(op, "it copies tensors, not memrefs");
      continue;
    }
    raiser.raise(op, copy.getDpsInputs()[0], copy.getDpsInits()[0]);
  }
}
