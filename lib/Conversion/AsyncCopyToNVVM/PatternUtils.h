//===- PatternUtils.h - shared pieces of the NVVM lowering ------*- C++ -*-===//
//
// Private to the asynccopy -> NVVM conversion: the per-family populate
// functions and the few helpers every family uses (thread election, barrier
// stage addresses, SMEM/GMEM pointers, L2 cache policies).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_ASYNCCOPYTONVVM_PATTERNUTILS_H
#define LIB_CONVERSION_ASYNCCOPYTONVVM_PATTERNUTILS_H

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Analysis/SmemBuffer.h"
#include "asynccopy/Dialect/AsyncCopy/IR/AsyncCopyDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::asynccopy::lowering {

/// NVPTX address spaces.
enum AddressSpace : unsigned {
  kGeneric = 0,
  kGlobal = 1,
  kShared = 3,
  kConst = 4,
  kSharedCluster = 7
};

/// The completion groups of `asynccopy.wait_groups` (bits).
inline constexpr int64_t kCpAsyncGroups = 1, kBulkGroups = 2;

/// Records in `asynccopy.smem_offsets`, before the conversion (whose
/// structural rewrites would disturb tracing), the byte offset of each SMEM
/// operand of `copy` (source first) from its allocation, as traceSmemBuffer
/// finds it: [1, value] when exact, [0, alignment] otherwise.
void recordSmemOffsets(AsyncCopyLikeOpInterface copy);

/// The byte offset of `smem`, an SMEM operand of `copy`, from its allocation:
/// recorded by recordSmemOffsets, else traced now.
KnownOffset getSmemOffset(AsyncCopyLikeOpInterface copy, Value smem);

// One populate function per op family (one file each), one pattern per op.
void populateBarrierToNVVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                               RewritePatternSet &patterns);
void populateBulkToNVVMPatterns(LLVMTypeConverter &converter,
                                RewritePatternSet &patterns);
void populateCpAsyncToNVVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateDsmemToNVVMPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateSyncCopyToNVVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateGroupsToNVVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);

void populateTensorCoreToNVVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);

/// Before the conversion: gives every `asynccopy.wgmma_descriptor` under
/// `root` the swizzle of the copies that fill its buffer, or checks its own
/// against them, and checks its layout; reports what does not hold.
LogicalResult resolveWgmmaDescriptors(Operation *root);

/// Whether the GPU module `b` builds into targets sm_90 or newer (a module
/// without NVVM target counts as Hopper, the default chip).
bool targetsHopper(OpBuilder &b);

/// The linear thread id in the CTA and the number of threads (index values).
std::pair<Value, Value> buildLinearThreadId(OpBuilder &b, Location loc);

/// Turns the CTA barriers on the consumers' side of every split of a kernel
/// for a producer warpgroup (`asynccopy.consumer_threads`) into named
/// barriers over the consumers: barrier 0 would wait for the producer.
void restrictBarriersToConsumers(Operation *root);

/// True in thread 0 of the CTA.
Value buildIsFirstThread(OpBuilder &b, Location loc);

/// Replaces a lowered copy: its token, if any, becomes a constant (tokens
/// carry no value once groups are explicit).
void replaceLoweredCopy(ConversionPatternRewriter &rewriter,
                        AsyncCopyLikeOpInterface op);

/// True in the one thread of the CTA that issues single-thread instructions:
/// `elect.sync` among the lanes of warp 0.
Value buildIsElectedThread(OpBuilder &b, Location loc);

/// The issuing-thread predicate of `op`: its `predicate` operand (already
/// converted, may be null) or the elected thread.
Value buildIssuePredicate(OpBuilder &b, Location loc, Value predicate);

/// Emits `scf.if (cond) { body }` and returns with the builder after it.
void buildIf(OpBuilder &b, Location loc, Value cond,
             function_ref<void(OpBuilder &, Location)> body);

/// Address of mbarrier `stage` (i64 index) of a barrier array at `base`.
Value buildBarrierStagePtr(OpBuilder &b, Location loc, Value base, Value stage);

/// Arrival on barrier stage `stage` expecting `bytes` more transaction
/// bytes (cluster scope for remote views); returns the stage address.
Value buildArriveExpectTx(OpBuilder &b, Location loc, Value base, Value stage,
                          int64_t bytes, bool remote = false);

/// Address of the first element of a memref operand (converted descriptor),
/// in the memref's address space.
Value buildBufferPtr(ConversionPatternRewriter &rewriter, Location loc,
                     const LLVMTypeConverter &converter, MemRefType type,
                     Value descriptor);

/// `ptr` moved into address space `space` (addrspacecast when it differs).
Value buildCastToSpace(OpBuilder &b, Location loc, Value ptr, unsigned space);

/// A 64-bit L2 cache policy for `hint`, or null for `normal`. NVVM has no op
/// for `createpolicy`: `nvvm.inline_ptx`, which this file is the one place to
/// build.
Value buildL2CachePolicy(OpBuilder &b, Location loc,
                         std::optional<CacheHint> hint);

/// `st.async.shared::cluster.mbarrier::complete_tx::bytes` of `value` (4, 8
/// or 16 B, stored as .b32 pieces) at `address` in another CTA of the
/// cluster, completing its bytes on the mbarrier at `barrier` there (both
/// shared::cluster pointers). NVVM has no op for st.async: `nvvm.inline_ptx`,
/// like buildL2CachePolicy.
void buildStAsync(OpBuilder &b, Location loc, Value address, Value value,
                  Value barrier);

/// Inline PTX `ptx` that reads and writes the n registers of `accumulator`,
/// an LLVM struct of i32 or f32 values ($0 to $n-1 written, $n to $2n-1 the
/// same registers read), and reads `inputs` ($2n on: i32, i64, f32; i1 as a
/// predicate); returns the struct of the registers written. NVVM has no op
/// for `wgmma.mma_async` with A in registers, and `nvvm.inline_ptx` does not
/// return the registers it both reads and writes: this builds the
/// `llvm.inline_asm` that convert-nvvm-to-llvm builds for
/// `nvvm.wgmma.mma_async`, with the same constraints.
Value buildInlinePtxUpdate(OpBuilder &b, Location loc, StringRef ptx,
                           Value accumulator, ValueRange inputs);

/// `fence.proxy.async.shared::cta` on sm_90+ (before Hopper no async proxy
/// reads SMEM): orders the executing thread's view of generic-proxy SMEM
/// writes before later async-proxy (TMA, bulk) accesses.
void buildAsyncProxyFence(OpBuilder &b, Location loc);

/// The device-side table of the symmetric heap (`peer` copies), written by
/// the runtime: { i64 localBase, i64 size, i32 numPes, i32 myPe,
/// i64 peerBase[kSymmetricMaxPes] } in `.const` memory (docs/lowering.md).
/// Name and size come from the ABI header the runtime writes it by.
inline constexpr StringLiteral kSymmetricTableName = AC_SYMM_TABLE_NAME;
inline constexpr int64_t kSymmetricMaxPes = AC_SYMM_MAX_PES;

/// Defines the zero-initialised table `__asynccopy_symm` in the nearest
/// symbol table around `op` (its gpu.module) unless it has one.
void declareSymmetricTable(Operation *op);

/// The address that the `bytes` (i64) bytes at `ptr` (a pointer into this
/// GPU's copy of the symmetric heap) have in PE `pe`'s (i32) copy, of `ptr`'s
/// type: peerBase[pe] + (ptr - localBase). Traps unless the bytes lie in the
/// heap, pe < numPes and PE `pe` is mapped. Every mechanism translates
/// through it.
Value buildPeerAddress(OpBuilder &b, Location loc, Value ptr, Value bytes,
                       Value pe);

/// The memref descriptor `descriptor` (of `type`, in GMEM) moved onto PE
/// `pe`'s copy: buildPeerAddress on the bytes its view spans, so every
/// element it addresses lies in the heap.
Value buildPeerDescriptor(OpBuilder &b, Location loc, MemRefType type,
                          Value descriptor, Value pe);

/// The tensor map of PE `pe` in the per-peer array `maps` (numPes 128-B maps
/// in GMEM, written by the host), after the acquire fence that orders the
/// host's writes before the tensor-map proxy reads it. Traps unless
/// pe < numPes and PE `pe` is mapped.
Value buildPeerTensorMap(OpBuilder &b, Location loc, Value maps, Value pe);

/// `i32` constant.
Value buildI32(OpBuilder &b, Location loc, int64_t value);

} // namespace mlir::asynccopy::lowering

#endif // LIB_CONVERSION_ASYNCCOPYTONVVM_PATTERNUTILS_H
