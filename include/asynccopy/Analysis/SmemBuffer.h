//===- SmemBuffer.h - the allocations behind an SMEM view -------*- C++ -*-===//
//
// Asynchronous copies address SMEM through whatever view the program hands
// them: a subview of a double buffer, a memref.view of a byte arena, a
// buffer carried through scf.for iter_args. Their hardware needs the address
// aligned (TMA boxes on 128 B, swizzled ones on 1024 B, bulk copies on 16 B,
// cp.async on its transfer width). This analysis traces a view back to the
// allocations it may come from and computes what is provable about its byte
// offset from them, so that the conversion can align every allocation and
// selection can decline a view whose offset breaks the alignment.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_ANALYSIS_SMEMBUFFER_H
#define ASYNCCOPY_ANALYSIS_SMEMBUFFER_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::asynccopy {

/// An integer known at compile time exactly, or only modulo a power of two
/// (its residue: a multiple of 1024 plus 384 stays that through a stage
/// index times a stage size). Arithmetic keeps what stays provable.
class KnownOffset {
public:
  /// The largest modulus tracked (2^kMaxLog2Align).
  static constexpr unsigned kMaxLog2Align = 62;

  static KnownOffset exact(int64_t value);
  /// An unknown multiple of `align` (a power of two).
  static KnownOffset multipleOf(int64_t align) { return residue(0, align); }
  /// An unknown value that is `residue` modulo `modulus` (a power of two).
  static KnownOffset residue(int64_t residue, int64_t modulus);
  static KnownOffset unknown() { return multipleOf(1); }

  std::optional<int64_t> getExact() const {
    return isExact ? std::optional<int64_t>(value) : std::nullopt;
  }
  /// The value modulo `modulus` (a power of two) in [0, modulus), when known.
  std::optional<int64_t> getResidue(int64_t modulus) const;
  /// The largest power of two modulo which the value is known (2^62 when
  /// exact).
  int64_t getModulus() const { return int64_t(1) << log2Modulus; }
  /// The largest power of two known to divide the value.
  int64_t getAlignment() const;
  /// Whether the value is provably a multiple of `align` (a power of two).
  bool isMultipleOf(int64_t align) const { return getResidue(align) == 0; }

  KnownOffset operator+(const KnownOffset &other) const;
  KnownOffset operator-(const KnownOffset &other) const;
  KnownOffset operator*(const KnownOffset &other) const;
  /// What holds of a value that is either this one or `other`.
  KnownOffset join(const KnownOffset &other) const;

  bool operator==(const KnownOffset &other) const {
    return isExact == other.isExact && value == other.value &&
           log2Modulus == other.log2Modulus;
  }
  bool operator!=(const KnownOffset &other) const { return !(*this == other); }

private:
  KnownOffset(bool isExact, int64_t value, unsigned log2Modulus)
      : isExact(isExact), value(value), log2Modulus(log2Modulus) {}
  /// `value` modulo 2^log2 (two's complement, so negative values too).
  static int64_t mod(int64_t value, unsigned log2);
  /// The value is `value` when exact, else only `value` modulo
  /// 2^log2Modulus (with 0 <= value < 2^log2Modulus).
  bool isExact;
  int64_t value;
  unsigned log2Modulus;
};

/// What the definition of the index (or integer) value `v` proves about it:
/// constants, sums, differences, products, left shifts, casts and selects.
KnownOffset getKnownValue(Value v);

/// The values `v` takes from the paths that forward one into it: what
/// region-branching ops (scf.for, scf.if, scf.while) forward to the block
/// argument or result `v`, the successor operands of the branches into
/// `v`'s block, the call operands of a function argument (when every use of
/// the function is a visible call) and the returned values of a call
/// result. Fails when `v` is none of these or a path is not visible.
FailureOr<SmallVector<Value>> getIncomingValues(Value v);

/// Where an SMEM view can come from.
struct SmemAllocation {
  enum class Kind {
    /// A workgroup attribution of a gpu.func.
    WorkgroupAttribution,
    /// A memref.get_global of a memref.global in workgroup space.
    Global,
    /// A memref.alloc / memref.alloca in workgroup space.
    Alloc,
    /// A value the analysis cannot see behind (an argument of a function
    /// without visible call sites, the result of an unknown op): its
    /// alignment is assumed and cannot be raised.
    Opaque,
  };
  Kind kind;
  /// The attribution (block argument), the get_global / alloc result, or the
  /// opaque value.
  Value value;

  bool operator==(const SmemAllocation &other) const {
    return kind == other.kind && value == other.value;
  }
};

/// The allocations an SMEM view may come from and its byte offset from them
/// (its first element's address minus the allocation's, over every path).
struct SmemBuffer {
  SmallVector<SmemAllocation> allocations;
  KnownOffset byteOffset = KnownOffset::exact(0);

  /// Whether the view's start is provably `align`-aligned, given allocations
  /// aligned to at least `align` (a power of two).
  bool isAligned(int64_t align) const { return byteOffset.isMultipleOf(align); }

  /// The bytes [begin, end) from the allocation's start that `view` (the
  /// view this buffer was traced from) spans, from its first to its last
  /// element, when its offset is exact and its shape and strides static.
  std::optional<std::pair<int64_t, int64_t>> getByteRange(Value view) const;
};

/// Traces the SMEM memref `view` through memref.subview, view, cast,
/// reinterpret_cast, collapse_shape, expand_shape, transpose,
/// assume_alignment and memory_space_cast, through values carried by
/// region-branching ops (scf.for iter_args and results, scf.if results,
/// scf.while), through block arguments of branches, and through the
/// arguments of functions whose call sites are all visible, to its
/// allocations.
SmemBuffer traceSmemBuffer(Value view);

} // namespace mlir::asynccopy

#endif // ASYNCCOPY_ANALYSIS_SMEMBUFFER_H
