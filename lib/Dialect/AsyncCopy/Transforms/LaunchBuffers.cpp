//===- LaunchBuffers.cpp - device buffers that live for one launch --------===//

#include "LaunchBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::asynccopy;

Value mlir::asynccopy::pointerTo(OpBuilder &b, Value memref) {
  Location loc = memref.getLoc();
  Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address =
      arith::IndexCastUIOp::create(b, loc, b.getI64Type(), index).getResult();
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

/// One buffer for this launch alone, on its stream.
static void
addOwnBuffer(gpu::LaunchFuncOp launch, MemRefType type,
             function_ref<Value(OpBuilder &, Location, Value, Value)> prepare) {
  Location loc = launch.getLoc();
  OpBuilder b(launch);
  auto tokenType = gpu::AsyncTokenType::get(launch.getContext());
  SmallVector<Value> deps(launch.getAsyncDependencies());
  if (deps.empty())
    deps.push_back(
        gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken());
  auto alloc = gpu::AllocOp::create(b, loc, type, tokenType, deps, ValueRange(),
                                    ValueRange(), /*hostShared=*/false);
  Value buffer = alloc.getMemref();
  Value prepared = prepare(b, loc, buffer, alloc.getAsyncToken());
  launch.getKernelOperandsMutable().append(pointerTo(b, buffer));
  b.setInsertionPointAfter(launch);
  if (Value done = launch.getAsyncToken()) {
    launch.getAsyncDependenciesMutable().assign(prepared);
    auto dealloc =
        gpu::DeallocOp::create(b, loc, tokenType, ValueRange{done}, buffer);
    done.replaceAllUsesExcept(dealloc.getAsyncToken(), dealloc);
    return;
  }
  OpBuilder before(launch);
  gpu::WaitOp::create(before, loc, Type(), ValueRange{prepared});
  Value after =
      gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
  Value freed =
      gpu::DeallocOp::create(b, loc, tokenType, ValueRange{after}, buffer)
          .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{freed});
}

/// The iter_arg of `loop` through which it chains `launch`'s stream: the
/// launch, in the loop's body, waits on that iter_arg alone and its token is
/// yielded in its place. Each launch then follows the previous one, and the
/// loop's result follows the last.
static std::optional<unsigned> getChainedTokenArg(scf::ForOp loop,
                                                  gpu::LaunchFuncOp launch) {
  Value token = launch.getAsyncToken();
  if (launch->getParentOp() != loop || !token ||
      launch.getAsyncDependencies().size() != 1)
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(launch.getAsyncDependencies().front());
  if (!arg || arg.getOwner() != loop.getBody() ||
      arg.getArgNumber() < loop.getNumInductionVars())
    return std::nullopt;
  unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
  if (loop.getYieldedValues()[index] != token)
    return std::nullopt;
  return index;
}

/// One buffer for every launch chained through iter_arg `arg` of `loop`.
static void addLoopBuffer(
    scf::ForOp loop, unsigned arg, gpu::LaunchFuncOp launch, MemRefType type,
    function_ref<Value(OpBuilder &, Location, Value, Value)> prepare) {
  Location loc = launch.getLoc();
  OpBuilder b(loop);
  auto tokenType = gpu::AsyncTokenType::get(launch.getContext());
  OpOperand &init = loop.getInitArgsMutable()[arg];
  auto alloc =
      gpu::AllocOp::create(b, loc, type, tokenType, ValueRange{init.get()},
                           ValueRange(), ValueRange(), /*hostShared=*/false);
  Value buffer = alloc.getMemref();
  init.set(prepare(b, loc, buffer, alloc.getAsyncToken()));
  launch.getKernelOperandsMutable().append(pointerTo(b, buffer));
  b.setInsertionPointAfter(loop);
  Value done = loop.getResult(arg);
  auto dealloc =
      gpu::DeallocOp::create(b, loc, tokenType, ValueRange{done}, buffer);
  done.replaceAllUsesExcept(dealloc.getAsyncToken(), dealloc);
}

void mlir::asynccopy::addLaunchBuffer(
    gpu::LaunchFuncOp launch, scf::ForOp loop, MemRefType type,
    function_ref<Value(OpBuilder &, Location, Value, Value)> prepare) {
  if (loop)
    if (std::optional<unsigned> arg = getChainedTokenArg(loop, launch))
      return addLoopBuffer(loop, *arg, launch, type, prepare);
  addOwnBuffer(launch, type, prepare);
}
