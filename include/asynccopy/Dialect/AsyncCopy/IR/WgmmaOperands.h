//===- WgmmaOperands.h - SMEM layouts that wgmma reads ----------*- C++ -*-===//
//
// A wgmma instruction reads each SMEM operand through a 64-bit matrix
// descriptor: start address, leading and stride byte offsets, swizzle mode.
// Which layouts the hardware accepts, and what the offsets mean in each, is
// decided here once, for the verifier of `asynccopy.wgmma_descriptor` and its
// lowering; which operands of which wgmma ops are read so, for the checks of
// both wgmma forms (`nvvm.wgmma.mma_async`, `asynccopy.wgmma_register_a`).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_DIALECT_ASYNCCOPY_IR_WGMMAOPERANDS_H
#define ASYNCCOPY_DIALECT_ASYNCCOPY_IR_WGMMAOPERANDS_H

#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"
#include "asynccopy/Hardware/Limits.h"

#include <string>

namespace mlir::asynccopy {

/// The byte offsets a matrix descriptor encodes (each a multiple of 16 that
/// fits the descriptor's 14-bit field after dropping its 4 low bits).
struct WgmmaOperandLayout {
  /// Leading dimension byte offset (16 where the layout does not use it).
  int64_t leadingBytes = 16;
  /// Stride dimension byte offset.
  int64_t strideBytes = 0;
  /// The M (A) or N (B) rows the view holds, which the wgmma that reads it
  /// must not exceed.
  int64_t mnRows = 0;
};

/// An operand that a wgmma op reads from SMEM through a matrix descriptor,
/// and how it reads it.
struct WgmmaSmemOperand {
  /// The i64 matrix descriptor.
  Value descriptor;
  /// A (M rows) or B (N rows).
  bool isA;
  /// The wgmma's layout flag for it: A `row` and B `col` are K-major.
  NVVM::MMALayout layout;
  NVVM::WGMMATypes type;
  /// The M (A) or N (B) rows the wgmma reads.
  int64_t rows;
};

/// The SMEM operands of `op`: A and B of `nvvm.wgmma.mma_async`, B of
/// `asynccopy.wgmma_register_a` (whose A is in registers); none for other ops.
SmallVector<WgmmaSmemOperand, 2> getWgmmaSmemOperands(Operation *op);

/// Bytes of K one wgmma instruction consumes per operand row.
inline constexpr int64_t kWgmmaKBytes = ::asynccopy::hw::kWgmmaKBytes;

/// Whether `type` is an element type wgmma reads from SMEM (f16, bf16, f32 as
/// tf32, f8E4M3FN, f8E5M2, 8-bit integers).
bool isWgmmaElementType(Type type);

/// The descriptor's offsets for `view`, one instruction's operand in SMEM
/// laid out `major` with `swizzle` bytes (0, 32, 64, 128), or failure with
/// the reason in `why` (see `asynccopy.wgmma_descriptor` for the layouts).
FailureOr<WgmmaOperandLayout> getWgmmaOperandLayout(MemRefType view,
                                                    OperandMajor major,
                                                    int64_t swizzle,
                                                    std::string &why);

/// The descriptor's 2-bit layout field for `swizzle` bytes: 0 none,
/// 1 128-B, 2 64-B, 3 32-B.
int64_t getWgmmaSwizzleField(int64_t swizzle);

/// The bits of the descriptor that do not depend on the address: the
/// offsets and the swizzle mode (base offset 0).
uint64_t getWgmmaDescriptorConstantBits(const WgmmaOperandLayout &layout,
                                        int64_t swizzle);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_DIALECT_ASYNCCOPY_IR_WGMMAOPERANDS_H
