//===- FinalizeHostLaunches.cpp - launches that can repeat ----------------===//
//
// Two repairs of the host code gpu-to-llvm (MLIR 22) emits, both visible as
// soon as launches run in a loop:
//
// - LLVM translation of gpu.launch_func allocates the launch's argument
//   arrays at the launch; outside the entry block those allocas live until
//   the function returns, so a loop of launches grows the stack without
//   bound. A stacksave/stackrestore pair around the launch frees them.
// - A !gpu.async.token that reaches a gpu.wait through a block argument is
//   lowered as an event (mgpuEvent* calls), although the values flowing in
//   are streams. Where every incoming value is a stream, those calls become
//   the stream calls the lowering emits for a stream token.
// - A stream a `gpu.wait async` waits for (through an event recorded on it)
//   is never destroyed; where nothing uses it afterwards, it is destroyed
//   once the event is recorded.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_ASYNCCOPYFINALIZEHOSTLAUNCHES
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// Whether `call` calls the runtime function `name`.
bool calls(LLVM::CallOp call, StringRef name) {
  std::optional<StringRef> callee = call.getCallee();
  return callee && *callee == name;
}

/// The value `pred` passes to block argument `arg` of its successor
/// `successor`, or null when the terminator does not forward one.
Value incomingValue(BlockArgument arg, Block *pred, unsigned successor) {
  auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
  if (!branch)
    return Value();
  SuccessorOperands operands = branch.getSuccessorOperands(successor);
  return operands[arg.getArgNumber()];
}

/// The values of `func` that are a stream on every path: results of
/// mgpuStreamCreate, and block arguments all of whose incoming values are
/// streams (largest fixed point, so that loop-carried streams count).
llvm::DenseSet<Value> findStreams(FunctionOpInterface func) {
  llvm::DenseSet<Value> streams;
  SmallVector<BlockArgument> candidates;
  func->walk([&](LLVM::CallOp call) {
    if (calls(call, "mgpuStreamCreate"))
      streams.insert(call.getResult());
  });
  for (Block &block : func.getFunctionBody()) {
    if (block.isEntryBlock())
      continue;
    for (BlockArgument arg : block.getArguments()) {
      if (!isa<LLVM::LLVMPointerType>(arg.getType()))
        continue;
      streams.insert(arg);
      candidates.push_back(arg);
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (BlockArgument arg : candidates) {
      if (!streams.contains(arg))
        continue;
      Block *block = arg.getOwner();
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        Value in = incomingValue(arg, *it, it.getSuccessorIndex());
        if (!in || !streams.contains(in)) {
          streams.erase(arg);
          changed = true;
          break;
        }
      }
    }
  }
  return streams;
}

struct FinalizeHostLaunchesPass
    : public asynccopy::impl::AsyncCopyFinalizeHostLaunchesBase<
          FinalizeHostLaunchesPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchFuncOp launch) { scopeStack(launch); });
    WalkResult result =
        getOperation().walk([&](FunctionOpInterface func) -> WalkResult {
          if (func.isExternal() || isa<gpu::GPUModuleOp>(func->getParentOp()))
            return WalkResult::skip();
          return succeeded(streamTokensAsStreams(func))
                     ? WalkResult::skip()
                     : WalkResult::interrupt();
        });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// Frees the stack the launch's argument arrays take once it has been
  /// issued (the driver copies the arguments at the launch).
  static void scopeStack(gpu::LaunchFuncOp launch) {
    Block *block = launch->getBlock();
    if (block->isEntryBlock() && isa<FunctionOpInterface>(block->getParentOp()))
      return;
    auto save = dyn_cast_or_null<LLVM::StackSaveOp>(launch->getPrevNode());
    auto restore =
        dyn_cast_or_null<LLVM::StackRestoreOp>(launch->getNextNode());
    if (save && restore && restore.getPtr() == save.getResult())
      return;
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value stack = LLVM::StackSaveOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()));
    b.setInsertionPointAfter(launch);
    LLVM::StackRestoreOp::create(b, loc, stack);
  }

  /// Rewrites the event calls gpu-to-llvm made on stream tokens that reach
  /// a gpu.wait through block arguments, and destroys the streams a
  /// `gpu.wait async` consumed.
  LogicalResult streamTokensAsStreams(FunctionOpInterface func) {
    llvm::DenseSet<Value> streams = findStreams(func);
    SmallVector<LLVM::CallOp> eventCalls, records;
    func->walk([&](LLVM::CallOp call) {
      if ((calls(call, "mgpuEventSynchronize") ||
           calls(call, "mgpuEventDestroy")) &&
          streams.contains(call.getArgOperands()[0]))
        eventCalls.push_back(call);
      else if (calls(call, "mgpuStreamWaitEvent") &&
               streams.contains(call.getArgOperands()[1]))
        eventCalls.push_back(call);
      else if (calls(call, "mgpuEventRecord") &&
               streams.contains(call.getArgOperands()[1]))
        records.push_back(call);
    });
    if (eventCalls.empty() && records.empty())
      return success();

    // Decided on the IR as gpu-to-llvm left it: a stream whose wait is not
    // its last use (another launch or wait still takes it) stays alive. A
    // stream that a `gpu.wait async` waits for through an event recorded on
    // it, and that nothing uses afterwards, is never destroyed by
    // gpu-to-llvm: it is destroyed once the event is recorded (the driver
    // releases it when its work is done).
    Liveness liveness(func);
    llvm::SmallPtrSet<Operation *, 8> deadAfter;
    for (LLVM::CallOp call : eventCalls)
      if (calls(call, "mgpuEventDestroy") &&
          liveness.isDeadAfter(call.getArgOperands()[0], call))
        deadAfter.insert(call);
    llvm::erase_if(records, [&](LLVM::CallOp record) {
      return !liveness.isDeadAfter(record.getArgOperands()[1], record);
    });

    MLIRContext *ctx = func.getContext();
    Operation *symbolTable = SymbolTable::getNearestSymbolTable(func);
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto voidType = LLVM::LLVMVoidType::get(ctx);
    OpBuilder b(ctx);
    auto callRuntime = [&](Location loc, StringRef name, ValueRange args,
                           Type result) -> FailureOr<LLVM::CallOp> {
      SmallVector<Type> params(args.size(), ptrType);
      FailureOr<LLVM::LLVMFuncOp> callee =
          LLVM::lookupOrCreateFn(b, symbolTable, name, params, result);
      if (failed(callee))
        return failure();
      return LLVM::CallOp::create(b, loc, *callee, args);
    };
    for (LLVM::CallOp call : eventCalls) {
      Location loc = call.getLoc();
      b.setInsertionPoint(call);
      if (calls(call, "mgpuEventSynchronize")) {
        // The host waits for all work on the stream.
        if (failed(callRuntime(loc, "mgpuStreamSynchronize",
                               call.getArgOperands(), voidType)))
          return failure();
      } else if (calls(call, "mgpuEventDestroy")) {
        if (deadAfter.contains(call) &&
            failed(callRuntime(loc, "mgpuStreamDestroy", call.getArgOperands(),
                               voidType)))
          return failure();
      } else {
        // The other stream waits for all work on this one so far: an event
        // recorded on it now, released once the wait is enqueued.
        Value stream = call.getArgOperands()[1];
        FailureOr<LLVM::CallOp> event =
            callRuntime(loc, "mgpuEventCreate", {}, ptrType);
        if (failed(event) ||
            failed(callRuntime(loc, "mgpuEventRecord",
                               {event->getResult(), stream}, voidType)))
          return failure();
        b.setInsertionPointAfter(call);
        if (failed(callRuntime(loc, "mgpuEventDestroy", event->getResult(),
                               voidType)))
          return failure();
        call.getArgOperandsMutable()[1].set(event->getResult());
        continue;
      }
      call.erase();
    }
    for (LLVM::CallOp record : records) {
      b.setInsertionPointAfter(record);
      if (failed(callRuntime(record.getLoc(), "mgpuStreamDestroy",
                             record.getArgOperands()[1], voidType)))
        return failure();
    }
    return success();
  }
};

} // namespace
