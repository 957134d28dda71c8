/*===- Launch.h - One-call kernel launches of libAsyncCopyRuntime -*- C -*-===//
 *
 * A launcher packs a kernel's parameters, encodes its tensor maps and
 * launches it in one call, from a plan made once per kernel and a record of
 * int64 words per launch (the function, stream, device, launch geometry, and
 * each argument's words: a tensor's address, sizes and strides in elements,
 * a scalar's bytes). The Python package (python/asynccopy/_launch.py) makes
 * one per kernel and calls acLauncherLaunch through ctypes; C hosts can use
 * it the same way.
 *
 * Caching: each tensor map is kept with what it was encoded from (device,
 * address, extents, strides); a launch whose values are the same reuses it,
 * any change encodes it again through acTensorMapEncodeTiled (with its
 * checks and messages). Maps of empty tensors (an extent of 0) are encoded
 * at every launch (they point at scratch the encoder refills).
 *
 * Descriptor mode scratch: the maps live in device memory, one buffer per
 * (device, stream) — per thread too for the per-thread default stream —
 * allocated at its first use and refilled, by a cuMemcpyHtoDAsync on that
 * stream, only when its maps differ from the last ones copied into it. The
 * copy is ordered after the launches already queued on the stream (which
 * still read the old maps) and before the new one; a launch on another
 * stream uses another buffer. At most AC_LAUNCHER_MAX_SCRATCH_BUFFERS are
 * kept; the least recently used one past that is freed with cuMemFree, which
 * waits for the device. The buffers are freed by acLauncherDestroy.
 *
 * Launch counters (AC_PARAM_COUNTER, a kernel whose tiles are claimed at run
 * time): each is 16 bytes in the same per-(device, stream) buffer, after the
 * maps, zeroed by a cuMemsetD32Async on the stream when the buffer is
 * allocated. The kernel's last CTA zeroes its counter again, so every later
 * launch on the stream finds it zeroed; launches on other streams, which may
 * run concurrently, use other buffers.
 *
 * One launcher may be called from several threads: a launch holds its lock
 * from packing to the launch call (the driver copies the parameters).
 *
 * The values of its fields, records and results (AC_PARAM_*, AC_RECORD_*,
 * AC_LAUNCH_*, AC_CALL_*, AC_DESCRIPTORS_*, ...) are in asynccopy/ABI/ABI.h.
 *
 * Usable from C and C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_LAUNCH_H
#define ASYNCCOPY_RUNTIME_LAUNCH_H

#include "asynccopy/ABI/ABI.h"
#include "asynccopy/Runtime/Export.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct acLaunchParam {
  int32_t kind;  /* AC_PARAM_* */
  int32_t bytes; /* 1 to 8; 128 for a tensor map */
  int32_t word;  /* record word, or tensor map index */
  int32_t reserved;
  int64_t value;
} acLaunchParam;

/* A tensor map's extent or stride: record word `word`, or `value` when
 * `word` is negative. */
typedef struct acLaunchValue {
  int32_t word;
  int32_t reserved;
  int64_t value;
} acLaunchValue;

/* One tensor map: acTensorMapEncodeTiled's arguments, the variable ones
 * from the record. Dims innermost first; extents and strides in elements. */
typedef struct acLaunchTensorMap {
  int32_t elementType; /* acElementType */
  int32_t rank;        /* 1 to 5 */
  int32_t elementBytes;
  int32_t swizzleBytes;
  int32_t oobFill;
  int32_t l2PromotionBytes;
  int32_t addressWord; /* record word of the tensor's device address */
  int32_t flags;       /* AC_LAUNCH_MAP_* */
  acLaunchValue dims[5];
  acLaunchValue strides[5]; /* strides[0] is not used (always 1) */
  int32_t boxDims[5];
  int32_t reserved2;
} acLaunchTensorMap;

typedef struct acLaunchPlan {
  int32_t numParams;
  int32_t numTensorMaps;
  const acLaunchParam *params;         /* in the kernel's parameter order */
  const acLaunchTensorMap *tensorMaps; /* in the order of the maps */
  int32_t descriptorMode;              /* AC_DESCRIPTORS_* */
  int32_t dynamicSmemBytes; /* passed at launch; opted into past 48 KiB */
  int32_t recordWords;      /* words of a record, header included */
  int32_t reserved;
} acLaunchPlan;

/* The per-stream buffers (maps in scratch mode, counters) a launcher keeps
 * at most. */
#define AC_LAUNCHER_MAX_SCRATCH_BUFFERS 32

typedef struct acLauncher acLauncher;

/* A launcher for `plan` (copied). NULL, with acGetLastError() saying why, if
 * the plan is malformed (a word outside the record, a map index out of
 * range, a parameter size that does not fit its kind, ...). */
AC_RUNTIME_EXPORT acLauncher *acLauncherCreate(const acLaunchPlan *plan);

/* Encodes the maps that changed, refills the scratch buffer if needed
 * (allocating it, with its counters zeroed, on the stream's first launch),
 * packs the parameters and launches, with the primary context of
 * record[AC_RECORD_DEVICE] current. Returns an AC_LAUNCH_* value; on
 * failure the record's error words and acGetLastError() say what failed.
 * Never exits the process. */
AC_RUNTIME_EXPORT int32_t acLauncherLaunch(acLauncher *launcher,
                                           int64_t *record);

/* Frees the launcher and its scratch buffers (cuMemFree in each buffer's
 * device context; failures are ignored). NULL is ignored. */
AC_RUNTIME_EXPORT void acLauncherDestroy(acLauncher *launcher);

/* Counter `counter` (an AC_LAUNCHER_*) of a launcher, for tests and
 * profiling; -1 for a null launcher or an unknown counter. */
AC_RUNTIME_EXPORT int64_t acLauncherCounter(const acLauncher *launcher,
                                            int32_t counter);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ASYNCCOPY_RUNTIME_LAUNCH_H */
