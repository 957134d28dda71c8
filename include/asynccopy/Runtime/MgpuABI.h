/*===- MgpuABI.h - The mgpu* C ABI of MLIR's GPU host lowering ----*- C -*-===//
 *
 * The calls MLIR 22's gpu-to-llvm lowering (and mlir-translate's embedding of
 * gpu.binary) emit for host code, as libAsyncCopyRuntime implements them on
 * the CUDA driver. Signatures follow the LLVM IR those passes emit: `index`
 * operands are intptr_t/int64_t, handles (CUmodule, CUfunction, CUstream,
 * CUevent) are opaque pointers, enums arrive as int64_t.
 *
 * Every call fails loudly: a driver error prints
 *   asynccopy runtime: <call> failed: <error string> (<error name>) [in <fn>]
 * and exits with status 1; so does a missing driver.
 *
 * Usable from C and C++ (an AOT host program may call these directly).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_MGPUABI_H
#define ASYNCCOPY_RUNTIME_MGPUABI_H

#include "asynccopy/Runtime/Export.h"

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Modules and kernels. The handles are the runtime's and valid on every
 * device: a module is loaded at once on the calling thread's default device
 * and on any other device when a kernel of it is first launched there
 * (`data` must stay valid until mgpuModuleUnload, as MLIR's embedded
 * gpu.binary constants do); a function resolves to the launching thread's
 * device's copy at each launch. */

/* Loads a cubin or fatbin (gpu.binary format=bin/fatbin). */
AC_RUNTIME_EXPORT void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
/* JIT-compiles NUL-terminated PTX (format=isa) at `optLevel` (0-4). */
AC_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel);
/* Unloads the module from every device it was loaded on. */
AC_RUNTIME_EXPORT void mgpuModuleUnload(void *module);
AC_RUNTIME_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);

/* Launches; `smem` is the dynamic shared memory in bytes. Above 48 KiB the
 * kernel's limit is raised first (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_
 * BYTES). `params` points at one pointer per kernel argument. */
AC_RUNTIME_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                        intptr_t gridY, intptr_t gridZ,
                                        intptr_t blockX, intptr_t blockY,
                                        intptr_t blockZ, int32_t smem,
                                        void *stream, void **params,
                                        void **extra, size_t paramsCount);
/* Launches with thread-block clusters (cuLaunchKernelEx); the grid must be a
 * multiple of the cluster in every dim. */
AC_RUNTIME_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t smem, void *stream,
                        void **params, void **extra);

/* Streams and events. Streams are blocking (they synchronise with the legacy
 * default stream, NULL, which host programs use for setup and timing) and
 * events record timing (see acEventElapsedMs); upstream's wrappers make
 * both the other way. The event calls also accept a stream from
 * mgpuStreamCreate (gpu-to-llvm passes one for a token carried through
 * scf.for) and then act on the stream: see docs/runtime.md. */
AC_RUNTIME_EXPORT void *mgpuStreamCreate(void);
AC_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream);
AC_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream);
AC_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
AC_RUNTIME_EXPORT void *mgpuEventCreate(void);
AC_RUNTIME_EXPORT void mgpuEventDestroy(void *event);
AC_RUNTIME_EXPORT void mgpuEventSynchronize(void *event);
AC_RUNTIME_EXPORT void mgpuEventRecord(void *event, void *stream);

/* Milliseconds between two completed events (cuEventElapsedTime). An
 * asynccopy extension, not called by MLIR's lowering. */
AC_RUNTIME_EXPORT float acEventElapsedMs(void *start, void *end);

/* Memory. A zero-byte allocation returns NULL; freeing NULL does nothing.
 * `isHostShared` allocates managed memory. Copies infer their direction
 * (unified addressing). Memsets count elements, not bytes. */
AC_RUNTIME_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                     bool isHostShared);
AC_RUNTIME_EXPORT void mgpuMemFree(void *ptr, void *stream);
AC_RUNTIME_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                  void *stream);
AC_RUNTIME_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                    void *stream);
AC_RUNTIME_EXPORT void mgpuMemset16(void *dst, uint16_t value, size_t count,
                                    void *stream);

/* Page-locks host memory (cuMemHostRegister). `descriptor` points at a ranked
 * memref descriptor {allocated, aligned, offset, sizes[rank], strides[rank]};
 * the whole strided extent is registered. Registering memory twice, or
 * unregistering memory that is not registered, is not an error. */
AC_RUNTIME_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
AC_RUNTIME_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                                 int64_t elementSizeBytes);
AC_RUNTIME_EXPORT void mgpuMemHostUnregister(void *ptr);
AC_RUNTIME_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                   void *descriptor,
                                                   int64_t elementSizeBytes);

/* Selects the device later calls on this thread use (default 0). */
AC_RUNTIME_EXPORT void mgpuSetDefaultDevice(int32_t device);

/* Encodes a tiled tensor map of the memref `rankedDescriptor` (a ranked memref
 * descriptor of rank `tensorRank`, data in device memory) and copies it to
 * freshly allocated device memory, whose address it returns.
 * `tensorDataType`, `interleave`, `swizzle`, `l2Promotion` and `oobFill` are
 * CUtensorMap* enum values (as nvgpu.tma.create.descriptor lowers them);
 * `inputBoxDims` holds `tensorRank` box sizes, outermost first (memref order).
 * The map is checked like acTensorMapEncodeTiled; a violation exits. */
AC_RUNTIME_EXPORT void *
mgpuTensorMapEncodeTiledMemref(int64_t tensorRank, void *rankedDescriptor,
                               int64_t tensorDataType, int64_t interleave,
                               int64_t swizzle, int64_t l2Promotion,
                               int64_t oobFill, int64_t *inputBoxDims);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ASYNCCOPY_RUNTIME_MGPUABI_H */
