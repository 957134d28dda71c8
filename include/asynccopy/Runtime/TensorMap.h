/*===- TensorMap.h - TMA tensor-map encoder of libAsyncCopyRuntime -*- C
 * -*-===//
 *
 * The project's own encoder of tiled TMA tensor maps (CUtensorMap): it checks
 * every hardware rule itself and names the offending field, then calls the
 * driver's cuTensorMapEncodeTiled. acTensorMapValidateTiled runs the same
 * checks without a driver, for tests and compile-time tools.
 *
 * Element types (acElementType), out-of-bounds fills (AC_OOB_FILL_*) and
 * results (AC_TENSOR_MAP_*) are in asynccopy/ABI/ABI.h.
 *
 * Conventions: dims, strides and box dims are innermost first, as the
 * hardware wants them (dim 0 is the contiguous one). globalStridesBytes has
 * rank-1 entries: the byte strides of dims 1..rank-1. Element strides are
 * always 1 and the layout is never interleaved.
 *
 * Usable from C and C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_TENSORMAP_H
#define ASYNCCOPY_RUNTIME_TENSORMAP_H

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Runtime/Export.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Size of an encoded tensor map in bytes (128); it must be 64-B aligned. */
AC_RUNTIME_EXPORT int32_t acTensorMapDescriptorBytes(void);

/* Encodes a tiled TMA tensor map into `tensorMap` (128 B, 64-B aligned host
 * memory). `globalAddress` is the device address of element (0, ..., 0).
 * `swizzleBytes` is 0, 32, 64 or 128; `oobFill` an AC_OOB_FILL_* value;
 * `l2PromotionBytes` 0, 64, 128 or 256. Returns AC_TENSOR_MAP_OK; otherwise
 * nonzero, `tensorMap` is left untouched and acGetLastError() returns a
 * message naming the offending field and what would be legal. A global dim
 * of 0 (an empty tensor, whose address and strides are then ignored) gives
 * a map every box of which is out of bounds: loads read the OOB fill, stores
 * write nothing (the map covers a slot of runtime-owned scratch memory).
 * Needs the CUDA driver (loaded on first use) but never exits the process. */
AC_RUNTIME_EXPORT int32_t acTensorMapEncodeTiled(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes);

/* acTensorMapEncodeTiled for generated host code (asynccopy-materialize-tma-
 * descriptors calls it before each launch): on failure it prints
 * "asynccopy runtime: acTensorMapEncodeTiledOrExit: <message>" to stderr and
 * exits with status 1. */
AC_RUNTIME_EXPORT void acTensorMapEncodeTiledOrExit(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes);

/* acTensorMapEncodeTiled for a map whose kernel checks, before using it, the
 * rules that depend on the tensor: a 16-B aligned `globalAddress` (unless a
 * dim is 0), every global dim 1 to 2^31 - 257 and every global stride a
 * positive multiple of 16 B below 2^40 B. Where they fail, `tensorMap` is
 * zeroed and AC_TENSOR_MAP_FALLBACK returned: the kernel then takes its
 * fallback copy and never reads the map. Otherwise as acTensorMapEncodeTiled
 * (any other broken rule is AC_TENSOR_MAP_INVALID). */
AC_RUNTIME_EXPORT int32_t acTensorMapEncodeTiledFallback(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes);

/* acTensorMapEncodeTiledFallback for generated host code (a `fallback` map):
 * a zeroed map is no error; any other failure prints and exits as
 * acTensorMapEncodeTiledOrExit does. */
AC_RUNTIME_EXPORT void acTensorMapEncodeTiledFallbackOrExit(
    void *tensorMap, int32_t elementType, int32_t rank,
    const void *globalAddress, const int64_t *globalDims,
    const int64_t *globalStridesBytes, const int32_t *boxDims,
    int32_t swizzleBytes, int32_t oobFill, int32_t l2PromotionBytes);

/* The same checks as acTensorMapEncodeTiled, minus the tensor map's own
 * address, without a driver. `globalAddress` may be NULL when it is not known
 * yet (compile time); its alignment is then not checked. */
AC_RUNTIME_EXPORT int32_t acTensorMapValidateTiled(
    int32_t elementType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, int32_t swizzleBytes, int32_t oobFill,
    int32_t l2PromotionBytes);

/* The message of the last failed acTensorMap* or acSymm* call on this
 * thread, or "" if the last call succeeded. Valid until the next such call on
 * this thread. */
AC_RUNTIME_EXPORT const char *acGetLastError(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ASYNCCOPY_RUNTIME_TENSORMAP_H */
