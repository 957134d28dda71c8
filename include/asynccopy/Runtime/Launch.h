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
 * Usable from C and C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_RUNTIME_LAUNCH_H
#define ASYNCCOPY_RUNTIME_LAUNCH_H

#include "asynccopy/Runtime/Export.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a kernel parameter's bytes come from (acLaunchParam.kind). */
enum {
  AC_PARAM_WORD = 0,       /* the low `bytes` bytes of record word `word` */
  AC_PARAM_CONSTANT = 1,   /* the low `bytes` bytes of `value` */
  AC_PARAM_ADDRESS = 2,    /* record word `word` minus `value` (8 B) */
  AC_PARAM_TENSOR_MAP = 3, /* tensor map `word` by value (128 B) */
  AC_PARAM_SCRATCH = 4,    /* the device address of the maps (8 B) */
  /* The device address of a zeroed 16-byte launch counter of this
   * parameter's own (8 B); the kernel requires `word` CTAs in grid y and
   * `value` in grid z (one row of CTAs or clusters, which share it). */
  AC_PARAM_COUNTER = 5
};

typedef struct acLaunchParam {
  int32_t kind;
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

/* acLaunchTensorMap.flags. */
enum {
  /* The kernel checks the tensor's rules itself and falls back without the
   * map: where they fail, the map is zeroed (acTensorMapEncodeTiledFallback)
   * instead of failing the launch. */
  AC_LAUNCH_MAP_FALLBACK = 1
};

/* Descriptor modes (acLaunchPlan.descriptorMode). */
enum {
  AC_DESCRIPTORS_NONE = 0,   /* no tensor map */
  AC_DESCRIPTORS_PARAM = 1,  /* each map a 128-B by-value parameter */
  AC_DESCRIPTORS_SCRATCH = 2 /* all maps in device memory, one pointer */
};

typedef struct acLaunchPlan {
  int32_t numParams;
  int32_t numTensorMaps;
  const acLaunchParam *params;         /* in the kernel's parameter order */
  const acLaunchTensorMap *tensorMaps; /* in the order of the maps */
  int32_t descriptorMode;
  int32_t dynamicSmemBytes; /* passed at launch; opted into past 48 KiB */
  int32_t recordWords;      /* words of a record, header included */
  int32_t reserved;
} acLaunchPlan;

/* The header of a launch record (int64 words); argument words follow. */
enum {
  AC_RECORD_FUNCTION = 0,      /* CUfunction (of the device's loaded module) */
  AC_RECORD_STREAM = 1,        /* CUstream; 0: the legacy default stream */
  AC_RECORD_DEVICE = 2,        /* device ordinal: its primary context is used */
  AC_RECORD_GRID = 3,          /* 3 words, each 1 to 2^32-1 */
  AC_RECORD_BLOCK = 6,         /* 3 words */
  AC_RECORD_CLUSTER = 9,       /* 3 words; all 0: no cluster (cuLaunchKernel) */
  AC_RECORD_ERROR_INDEX = 12,  /* out: the failed map or AC_CALL_* */
  AC_RECORD_ERROR_RESULT = 13, /* out: the CUresult of a failed call */
  AC_RECORD_HEADER_WORDS = 16
};

/* Results of acLauncherLaunch. */
enum {
  AC_LAUNCH_OK = 0,
  /* Map record[AC_RECORD_ERROR_INDEX] breaks a rule / the driver refused
   * it: acTensorMapEncodeTiled's AC_TENSOR_MAP_INVALID / _DRIVER_ERROR. */
  AC_LAUNCH_TENSOR_MAP_INVALID = 1,
  AC_LAUNCH_TENSOR_MAP_DRIVER_ERROR = 2,
  /* Driver call record[AC_RECORD_ERROR_INDEX] (an AC_CALL_*) failed with
   * record[AC_RECORD_ERROR_RESULT]. */
  AC_LAUNCH_DRIVER_ERROR = 3,
  /* A malformed record (e.g. a grid dim of 0). */
  AC_LAUNCH_INVALID = 4
};

/* Driver calls a launch makes (record[AC_RECORD_ERROR_INDEX]). */
enum {
  AC_CALL_CONTEXT = 0, /* loading the driver, making the context current */
  AC_CALL_LAUNCH_KERNEL = 1,
  AC_CALL_LAUNCH_KERNEL_EX = 2,
  AC_CALL_MEM_ALLOC = 3,
  AC_CALL_MEMCPY_HTOD_ASYNC = 4,
  AC_CALL_FUNC_SET_ATTRIBUTE = 5,
  AC_CALL_MEMSET_D32_ASYNC = 6
};

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

/* Counters of a launcher, for tests and profiling. */
enum {
  AC_LAUNCHER_LAUNCHES = 0,
  AC_LAUNCHER_MAPS_ENCODED = 1,   /* acTensorMapEncodeTiled calls */
  AC_LAUNCHER_SCRATCH_FILLS = 2,  /* cuMemcpyHtoDAsync calls */
  AC_LAUNCHER_SCRATCH_BUFFERS = 3 /* per-stream buffers held now */
};
AC_RUNTIME_EXPORT int64_t acLauncherCounter(const acLauncher *launcher,
                                            int32_t counter);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ASYNCCOPY_RUNTIME_LAUNCH_H */
