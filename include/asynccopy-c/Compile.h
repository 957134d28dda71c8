/*===- Compile.h - asynccopy compiler C API -----------------------*- C -*-===*\
|*                                                                            *|
|* In-process compilation of asynccopy kernels to PTX, for language bindings *|
|* (python/asynccopy uses it through ctypes). libAsyncCopyCAPI.so exports    *|
|* only these functions; the MLIR and LLVM it contains stay private.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_C_COMPILE_H
#define ASYNCCOPY_C_COMPILE_H

#include <stddef.h>

#if defined(_WIN32)
#define AC_CAPI_EXPORT __declspec(dllexport)
#else
#define AC_CAPI_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The result of one compilation: PTX and kernel metadata on success, the
/// diagnostics either way. Owned by the caller (acCompilationDestroy).
typedef struct acCompilation acCompilation;

/// Compiles the MLIR module `source` (NUL-terminated text with gpu.modules of
/// kernels or gpu.launch bodies) to PTX: gpu-kernel-outlining, the
/// asynccopy-to-nvvm pipeline with `options` (its option string, e.g.
/// "chip=sm_90a descriptor-mode=param explain=true"), then
/// gpu-module-to-binary{format=isa}, always with `runtime-counters=true`
/// (the caller launches the kernels). The kernels must be in one gpu.module
/// (one PTX module). `sourceName` names the buffer in diagnostic locations
/// (NULL: "<source>"). Never returns NULL.
AC_CAPI_EXPORT acCompilation *acCompile(const char *source, const char *options,
                                        const char *sourceName);

/// 1 when the module compiled, 0 when an error was reported.
AC_CAPI_EXPORT int acCompilationSucceeded(const acCompilation *compilation);

/// The PTX of the gpu.module ("" on failure).
AC_CAPI_EXPORT const char *acCompilationPTX(const acCompilation *compilation);

/// JSON describing the PTX module and its kernels: arguments as the kernel
/// was written (memrefs with shape, strides, offset and element type;
/// scalars), the lowered parameter list, the launch counters and the tensor
/// maps the host passes at each launch ("{}" on failure). See docs/python.md.
AC_CAPI_EXPORT const char *
acCompilationMetadata(const acCompilation *compilation);

/// Errors and warnings, each a located message with its notes
/// ("<name>:<line>:<col>: error: ...").
AC_CAPI_EXPORT size_t
acCompilationNumDiagnostics(const acCompilation *compilation);
AC_CAPI_EXPORT const char *
acCompilationGetDiagnostic(const acCompilation *compilation, size_t index);

/// Remarks (with explain=true: every candidate implementation's verdict).
AC_CAPI_EXPORT size_t acCompilationNumRemarks(const acCompilation *compilation);
AC_CAPI_EXPORT const char *
acCompilationGetRemark(const acCompilation *compilation, size_t index);

AC_CAPI_EXPORT void acCompilationDestroy(acCompilation *compilation);

#ifdef __cplusplus
}
#endif

#endif /* ASYNCCOPY_C_COMPILE_H */
