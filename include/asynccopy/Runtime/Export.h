/*===- Export.h - Symbol visibility of libAsyncCopyRuntime --------*- C -*-===//
 *
 * libAsyncCopyRuntime is built with -fvisibility=hidden; only declarations
 * marked AC_RUNTIME_EXPORT are exported from the shared library (ELF
 * platforms: the runtime loads the driver with dlopen).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_EXPORT_H
#define ASYNCCOPY_RUNTIME_EXPORT_H

#define AC_RUNTIME_EXPORT __attribute__((visibility("default")))

#endif /* ASYNCCOPY_RUNTIME_EXPORT_H */
