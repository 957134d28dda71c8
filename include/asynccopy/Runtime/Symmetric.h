/*===- Symmetric.h - Symmetric memory of libAsyncCopyRuntime -------*- C
 * -*-===//
 *
 * A symmetric heap gives every PE (processing element: one GPU) a copy of the
 * same bytes, and maps every PE's copy into the address space of every
 * process driving one of them, so that kernels copy to and from peers
 * (`asynccopy.copy ... peer %pe`) by address arithmetic. Three backends share
 * this ABI: one process driving several GPUs (acSymmCreate), one process per
 * GPU exchanging CUDA VMM handles over Unix-domain sockets
 * (acSymmCreateProcess), and NVSHMEM (acSymmCreateNvshmem).
 *
 * Every call returns 0 on success; otherwise nonzero, and acGetLastError()
 * (TensorMap.h) names what failed. None of them exits the process, except
 * acSymmPeerTensorMapsOrExit (generated host code).
 *
 * Usable from C and C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_SYMMETRIC_H
#define ASYNCCOPY_RUNTIME_SYMMETRIC_H

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Runtime/Export.h"
#include "asynccopy/Runtime/TensorMap.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The device-side table the runtime writes into the `.const` global
 * AC_SYMM_TABLE_NAME (`__asynccopy_symm`, ABI.h) of every module that has one
 * (kernels with peer copies). The peer address of `ptr` is peerBase[pe] +
 * (ptr - localBase), valid when (ptr - localBase) + bytes <= size,
 * pe < numPes and peerBase[pe] != 0. */
typedef struct acSymmDeviceTable {
  uint64_t localBase; /* this device's base of the heap (this process's VA) */
  uint64_t size;      /* bytes per PE */
  uint32_t numPes;
  uint32_t myPe;
  uint64_t peerBase[AC_SYMM_MAX_PES]; /* PE i's base here; 0 = unmapped */
} acSymmDeviceTable;

typedef struct acSymmHeap acSymmHeap;

/* One process drives numDevices GPUs: PE i is device devices[i]. Reserves one
 * VA range per PE, maps every PE's physical memory and gives every device
 * access, so each device sees all PEs. Needs peer access between every pair
 * of devices (the error names a pair that has none). bytesPerPe is rounded
 * up to the allocation granularity. */
AC_RUNTIME_EXPORT int32_t acSymmCreate(const int32_t *devices,
                                       int32_t numDevices, uint64_t bytesPerPe,
                                       acSymmHeap **heap);

/* One process per GPU: this process is PE `pe` of `numPes`, on device
 * `device`. Physical memory is exported as a POSIX file descriptor and
 * exchanged with the other processes through Unix-domain sockets in
 * `rendezvousDir` (created if missing; all processes pass the same path; PE 0
 * listens on <dir>/pe0.sock). Waits up to 60 s (ASYNCCOPY_SYMM_TIMEOUT_S) for
 * the others. */
AC_RUNTIME_EXPORT int32_t acSymmCreateProcess(int32_t device, int32_t pe,
                                              int32_t numPes,
                                              uint64_t bytesPerPe,
                                              const char *rendezvousDir,
                                              acSymmHeap **heap);

/* NVSHMEM backend (one process per GPU; libnvshmem_host.so.3 is loaded with
 * dlopen, ASYNCCOPY_NVSHMEM_LIB overrides the path). PE 0 gets a unique ID
 * from acSymmNvshmemUniqueId (`idBytes`: in, the capacity of `id`; out, its
 * size) and the application gives it to every PE; acSymmCreateNvshmem
 * bootstraps NVSHMEM with it, the heap is nvshmem_malloc(bytesPerPe) and the
 * peer bases come from nvshmem_ptr. */
AC_RUNTIME_EXPORT int32_t acSymmNvshmemUniqueId(void *id, uint64_t *idBytes);
AC_RUNTIME_EXPORT int32_t acSymmCreateNvshmem(
    int32_t device, int32_t pe, int32_t numPes, uint64_t bytesPerPe,
    const void *uniqueId, uint64_t idBytes, acSymmHeap **heap);

/* Unmaps and releases everything the heap holds (collective in the
 * multi-process backends). */
AC_RUNTIME_EXPORT int32_t acSymmDestroy(acSymmHeap *heap);

/* The number of PEs, or -1 for a null heap. */
AC_RUNTIME_EXPORT int32_t acSymmNumPes(const acSymmHeap *heap);

/* A symmetric allocation of `bytes`: the same offset on every PE (collective
 * in the multi-process backends, but local arithmetic: every PE calls it with
 * the same arguments in the same order and gets the same offset). `align` is
 * a power of two (at least 256 is used). First fit over the heap. */
AC_RUNTIME_EXPORT int32_t acSymmMalloc(acSymmHeap *heap, uint64_t bytes,
                                       uint64_t align, uint64_t *offset);
/* Frees the allocation at `offset` (collective like acSymmMalloc). */
AC_RUNTIME_EXPORT int32_t acSymmFree(acSymmHeap *heap, uint64_t offset);

/* The address of `offset` in PE `pe`'s copy, as mapped in this process
 * (usable by the kernels of any device of this heap, and by cuMemcpy*). In
 * single-process mode the local pointer of device devices[i] is
 * acSymmAddress(heap, i, offset). NULL (and acGetLastError) when `pe` or
 * `offset` is out of range or PE `pe` is not mapped here. */
AC_RUNTIME_EXPORT void *acSymmAddress(const acSymmHeap *heap, int32_t pe,
                                      uint64_t offset);

/* Host barrier across all PEs: synchronises this process's devices of the
 * heap, then (multi-process) waits until every process has arrived. After
 * it, the writes of finished kernels are visible to every PE. */
AC_RUNTIME_EXPORT int32_t acSymmBarrier(acSymmHeap *heap);

/* For generated host code (TMA copies with `peer`): encodes the tiled map of
 * `globalAddress` (a pointer into the heap of the calling thread's default
 * device) once per PE, with the address translated to each PE's copy,
 * uploads the numPes maps (128 B each, map i for PE i) to device memory owned
 * by the heap (cached by content: a repeated launch uploads nothing) and
 * returns its device address. On failure prints
 * "asynccopy runtime: acSymmPeerTensorMapsOrExit: <message>" and exits 1. */
AC_RUNTIME_EXPORT void *
acSymmPeerTensorMapsOrExit(int32_t elementType, int32_t rank,
                           const void *globalAddress, const int64_t *globalDims,
                           const int64_t *globalStridesBytes,
                           const int32_t *boxDims, int32_t swizzleBytes,
                           int32_t oobFill, int32_t l2PromotionBytes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ASYNCCOPY_RUNTIME_SYMMETRIC_H */
