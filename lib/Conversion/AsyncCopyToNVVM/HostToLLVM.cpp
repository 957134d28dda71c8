//===- HostToLLVM.cpp - tensor-map encode ops to runtime calls ------------===//
//
// The host ops of the tensor maps (AsyncCopyHostOps.td) become calls of the
// runtime's encoder, acTensorMapEncodeTiledOrExit (FallbackOrExit for a map
// whose kernel falls back where the tensor breaks its rules), and for peer
// maps
// acSymmPeerTensorMapsOrExit (asynccopy/Runtime/TensorMap.h, Symmetric.h).
// The memref is read through memref metadata ops, which the host's memref
// lowering finishes; the arrays the encoder takes (dims, byte strides, box,
// innermost first) are allocas at the function's entry, so that a launch in
// a loop does not grow the stack.
//
//===----------------------------------------------------------------------===//

#include "asynccopy/Conversion/Passes.h"

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Utils/TMAUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::asynccopy {
#define GEN_PASS_DEF_CONVERTASYNCCOPYHOSTTOLLVM
#include "asynccopy/Conversion/Passes.h.inc"
} // namespace mlir::asynccopy

using namespace mlir;
using namespace mlir::asynccopy;

namespace {

/// The encoder's arguments after its output pointer: element type, rank,
/// address, dims, byte strides of dims 1..rank-1, box, swizzle, OOB fill and
/// L2 promotion, built before `op`.
SmallVector<Value> encoderArguments(ConversionPatternRewriter &rewriter,
                                    Operation *op, Value tensor,
                                    TensorMapAttr map) {
  Location loc = op->getLoc();
  MLIRContext *ctx = op->getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  auto i32Const = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, i32,
                                    rewriter.getI32IntegerAttr(v));
  };
  auto i64Const = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, i64,
                                    rewriter.getI64IntegerAttr(v));
  };
  // The address of element (0, ..., 0) of the memref's view.
  int64_t eb = tma::storageBits(map.getElementType()) / 8;
  auto metadata =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, tensor);
  Value aligned =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, tensor);
  Value offsetBytes =
      arith::MulIOp::create(rewriter, loc, metadata.getOffset(),
                            arith::ConstantIndexOp::create(rewriter, loc, eb));
  Value address = arith::AddIOp::create(rewriter, loc, aligned, offsetBytes);
  Value addressPtr = LLVM::IntToPtrOp::create(
      rewriter, loc, ptrType,
      arith::IndexCastUIOp::create(rewriter, loc, i64, address).getResult());

  int64_t rank = map.getRank();
  Value dims, strides, box;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    auto func = op->getParentOfType<FunctionOpInterface>();
    rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
    auto array = [&](Type elementType, int64_t align) -> Value {
      return LLVM::AllocaOp::create(rewriter, loc, ptrType, elementType,
                                    i64Const(rank), align);
    };
    dims = array(i64, 8);
    strides = array(i64, 8);
    box = array(i32, 4);
  }
  for (int64_t j = 0; j < rank; ++j) {
    int64_t d = rank - 1 - j; // map dims are outermost first
    int64_t source = map.getExtentSource(d);
    Value extent = source >= 0
                       ? arith::IndexCastOp::create(rewriter, loc, i64,
                                                    metadata.getSizes()[source])
                             .getResult()
                       : i64Const(map.getDims()[d]);
    Value stride = ShapedType::isDynamic(map.getStrides()[d])
                       ? arith::IndexCastOp::create(rewriter, loc, i64,
                                                    metadata.getStrides()[d])
                             .getResult()
                       : i64Const(map.getStrides()[d]);
    stride = LLVM::MulOp::create(rewriter, loc, stride, i64Const(eb));
    auto slot = [&](Value base, Type type) -> Value {
      if (j == 0)
        return base;
      return LLVM::GEPOp::create(
          rewriter, loc, ptrType, type, base,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(j)});
    };
    LLVM::StoreOp::create(rewriter, loc, extent, slot(dims, i64));
    LLVM::StoreOp::create(rewriter, loc, stride, slot(strides, i64));
    LLVM::StoreOp::create(rewriter, loc, i32Const(map.getBox()[d]),
                          slot(box, i32));
  }
  Value outerStrides = LLVM::GEPOp::create(rewriter, loc, ptrType, i64, strides,
                                           ArrayRef<LLVM::GEPArg>{1});
  return {i32Const(map.getMapType()),
          i32Const(rank),
          addressPtr,
          dims,
          outerStrides,
          box,
          i32Const(map.getSwizzle()),
          i32Const(map.getOobFill()),
          i32Const(map.getL2PromotionBytes())};
}

/// Replaces `op` with a call of the runtime function `name` (declared in the
/// symbol table around `op` unless it is already): the encoder's arguments
/// for `map` over `tensor`, after `destination` when there is one.
LogicalResult replaceWithEncoderCall(ConversionPatternRewriter &rewriter,
                                     Operation *op, Value tensor,
                                     TensorMapAttr map, Value destination,
                                     StringRef name, Type result) {
  SmallVector<Value> arguments = encoderArguments(rewriter, op, tensor, map);
  if (destination)
    arguments.insert(arguments.begin(), destination);
  FailureOr<LLVM::LLVMFuncOp> func = LLVM::lookupOrCreateFn(
      rewriter, op->getParentWithTrait<OpTrait::SymbolTable>(), name,
      llvm::to_vector(ValueRange(arguments).getTypes()), result);
  if (failed(func))
    return op->emitOpError("needs the runtime function @")
           << name << ", which is declared with another type";
  rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, *func, arguments);
  return success();
}

struct EncodeTensorMapLowering : public OpConversionPattern<EncodeTensorMapOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(EncodeTensorMapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A `fallback` map's kernel checks the tensor's rules itself.
    return replaceWithEncoderCall(rewriter, op, adaptor.getTensor(),
                                  op.getMap(), adaptor.getDestination(),
                                  op.getMap().getFallback()
                                      ? "acTensorMapEncodeTiledFallbackOrExit"
                                      : "acTensorMapEncodeTiledOrExit",
                                  LLVM::LLVMVoidType::get(op.getContext()));
  }
};

struct EncodePeerTensorMapsLowering
    : public OpConversionPattern<EncodePeerTensorMapsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(EncodePeerTensorMapsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceWithEncoderCall(
        rewriter, op, adaptor.getTensor(), op.getMap(), /*destination=*/Value(),
        "acSymmPeerTensorMapsOrExit", op.getMaps().getType());
  }
};

struct ConvertAsyncCopyHostToLLVMPass
    : public mlir::asynccopy::impl::ConvertAsyncCopyHostToLLVMBase<
          ConvertAsyncCopyHostToLLVMPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<EncodeTensorMapLowering, EncodePeerTensorMapsLowering>(
        &getContext());
    ConversionTarget target(getContext());
    target.addIllegalOp<EncodeTensorMapOp, EncodePeerTensorMapsOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
