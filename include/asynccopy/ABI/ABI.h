/*===- ABI.h - Values shared by compiler, runtime and Python ------*- C -*-===//
 *
 * The numbers the compiler writes into kernels and launch metadata, the
 * runtime (libAsyncCopyRuntime) reads, and the Python package
 * (python/asynccopy) passes through ctypes: written once, here. The
 * runtime's headers include this one; the compiler checks its own enums
 * against it (static_assert); python/tests/test_abi.py parses it and checks
 * every `_AC_*` constant of the package against it.
 *
 * Plain C with no includes, so that any tool can read it: every value is an
 * enumerator `AC_NAME = <integer literal>` or a `#define AC_NAME <literal>`.
 * The values are stable (changing one breaks compiled hosts).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCCOPY_ABI_ABI_H
#define ASYNCCOPY_ABI_ABI_H

/*===----------------------------------------------------------------------===*
 * Tensor maps (asynccopy/Runtime/TensorMap.h)
 *===----------------------------------------------------------------------===*/

/* Element types of a tensor map (#asynccopy.tensor_map's `map_type`). */
typedef enum acElementType {
  AC_ELEMENT_U8 = 0,
  AC_ELEMENT_U16 = 1,
  AC_ELEMENT_U32 = 2,
  AC_ELEMENT_S32 = 3,
  AC_ELEMENT_U64 = 4,
  AC_ELEMENT_S64 = 5,
  AC_ELEMENT_F16 = 6,
  AC_ELEMENT_F32 = 7,
  AC_ELEMENT_F64 = 8,
  AC_ELEMENT_BF16 = 9
} acElementType;

/* Out-of-bounds fill modes (oobFill). */
enum {
  AC_OOB_FILL_ZERO = 0, /* out-of-bounds elements read as zero */
  AC_OOB_FILL_NAN = 1   /* ... as NaN (floating-point element types only) */
};

/* Results of acTensorMapEncodeTiled / acTensorMapValidateTiled. */
enum {
  AC_TENSOR_MAP_OK = 0,
  AC_TENSOR_MAP_INVALID = 1,      /* an argument breaks a hardware rule */
  AC_TENSOR_MAP_DRIVER_ERROR = 2, /* no driver/device, or the driver refused */
  AC_TENSOR_MAP_FALLBACK = 3      /* see acTensorMapEncodeTiledFallback */
};

/* An encoded tensor map's size and the alignment it needs in memory. */
#define AC_TENSOR_MAP_BYTES 128
#define AC_TENSOR_MAP_ALIGN 64

/*===----------------------------------------------------------------------===*
 * Launches (asynccopy/Runtime/Launch.h)
 *===----------------------------------------------------------------------===*/

/* Where a kernel parameter's bytes come from (acLaunchParam.kind). */
enum {
  AC_PARAM_WORD = 0,       /* the low `bytes` bytes of record word `word` */
  AC_PARAM_CONSTANT = 1,   /* the low `bytes` bytes of `value` */
  AC_PARAM_ADDRESS = 2,    /* record word `word` minus `value` (8 B) */
  AC_PARAM_TENSOR_MAP = 3, /* tensor map `word` by value (128 B) */
  AC_PARAM_SCRATCH = 4,    /* the device address of the maps (8 B) */
  /* The device address of a zeroed launch counter of this parameter's own
   * (8 B); the kernel requires `word` CTAs in grid y and `value` in grid z
   * (one row of CTAs or clusters, which share it). */
  AC_PARAM_COUNTER = 5
};

/* A launch counter: claimed tiles and finished CTAs (two int64). */
#define AC_LAUNCH_COUNTER_BYTES 16

/* acLaunchTensorMap.flags. */
enum {
  /* The kernel checks the tensor's rules itself and falls back without the
   * map: where they fail, the map is zeroed (acTensorMapEncodeTiledFallback)
   * instead of failing the launch. */
  AC_LAUNCH_MAP_FALLBACK = 1
};

/* Descriptor modes (acLaunchPlan.descriptorMode; the compiler's
 * `descriptor-mode` option and #asynccopy<descriptor_mode ...>). */
enum {
  AC_DESCRIPTORS_NONE = 0,   /* no tensor map */
  AC_DESCRIPTORS_PARAM = 1,  /* each map a 128-B by-value parameter */
  AC_DESCRIPTORS_SCRATCH = 2 /* all maps in device memory, one pointer */
};

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
  AC_LAUNCH_INVALID = 4,
  /* The launch needs its stream's buffer (scratch tensor maps, launch
   * counters) and the stream is capturing a CUDA graph: the graph would
   * read a buffer that later launches refill. */
  AC_LAUNCH_CAPTURED = 5
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

/* Counters of a launcher (acLauncherCounter), for tests and profiling. */
enum {
  AC_LAUNCHER_LAUNCHES = 0,
  AC_LAUNCHER_MAPS_ENCODED = 1,   /* acTensorMapEncodeTiled calls */
  AC_LAUNCHER_SCRATCH_FILLS = 2,  /* cuMemcpyHtoDAsync calls */
  AC_LAUNCHER_SCRATCH_BUFFERS = 3 /* per-stream buffers held now */
};

/*===----------------------------------------------------------------------===*
 * Symmetric memory (asynccopy/Runtime/Symmetric.h)
 *===----------------------------------------------------------------------===*/

/* The PEs a symmetric heap (and a kernel's device-side table) holds at most. */
#define AC_SYMM_MAX_PES 128

/* The symbol of the device-side table (acSymmDeviceTable) in every lowered
 * module with peer copies: the compiler defines it, the runtime writes it. */
#define AC_SYMM_TABLE_NAME "__asynccopy_symm"

#endif /* ASYNCCOPY_ABI_ABI_H */
