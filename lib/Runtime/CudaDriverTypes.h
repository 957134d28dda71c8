//===- CudaDriverTypes.h - The CUDA driver API subset the runtime uses ----===//
//
// The few CUDA driver types, enums and structs libAsyncCopyRuntime needs,
// declared here so the library builds without cuda.h. Values and layouts are
// the driver's ABI (CUDA 12/13 cuda.h); the static_asserts below pin the
// struct layouts the driver reads. Private to lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_CUDADRIVERTYPES_H
#define ASYNCCOPY_LIB_RUNTIME_CUDADRIVERTYPES_H

#include <cstddef>
#include <cstdint>

namespace asynccopy::runtime::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUmemoryPool = struct CUmemPoolHandle_st *;

constexpr CUresult CUDA_SUCCESS = 0;
/// The driver is shutting down (process exit).
constexpr CUresult CUDA_ERROR_DEINITIALIZED = 4;
/// cuModuleGetGlobal: the module has no such symbol.
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712;
constexpr CUresult CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713;

// CUstream_flags / CUevent_flags / CUmemAttach_flags.
constexpr unsigned CU_STREAM_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;
/// CUmemPool_attribute: bytes a pool keeps at synchronisation (cuuint64_t).
constexpr int CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4;

// CUdevice_attribute.
using CUdevice_attribute = int;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

// CUfunction_attribute.
using CUfunction_attribute = int;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES =
    8;
constexpr CUfunction_attribute
    CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;

// CUjit_option.
using CUjit_option = int;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr CUjit_option CU_JIT_OPTIMIZATION_LEVEL = 7;

// Launch attributes (cuLaunchKernelEx).
using CUlaunchAttributeID = int;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;

union CUlaunchAttributeValue {
  char pad[64];
  struct {
    unsigned x, y, z;
  } clusterDim;
  // The driver's union holds pointers and size_t (CUaccessPolicyWindow).
  void *alignAsPointer;
};

struct CUlaunchAttribute {
  CUlaunchAttributeID id;
  char pad[8 - sizeof(CUlaunchAttributeID)];
  CUlaunchAttributeValue value;
};

struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

static_assert(sizeof(CUlaunchAttributeValue) == 64, "driver ABI");
static_assert(sizeof(CUlaunchAttribute) == 72, "driver ABI");
static_assert(offsetof(CUlaunchConfig, hStream) == 32, "driver ABI");
static_assert(sizeof(CUlaunchConfig) == 56, "driver ABI");

// Tensor maps (cuTensorMapEncodeTiled).
struct alignas(64) CUtensorMap {
  uint64_t opaque[16];
};
static_assert(sizeof(CUtensorMap) == 128, "driver ABI");

using CUtensorMapDataType = int;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_INT32 = 3;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_UINT64 = 4;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_INT64 = 5;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_FLOAT64 = 8;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ = 10;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 = 11;
constexpr CUtensorMapDataType CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ = 12;

using CUtensorMapInterleave = int;
constexpr CUtensorMapInterleave CU_TENSOR_MAP_INTERLEAVE_NONE = 0;

using CUtensorMapSwizzle = int;
constexpr CUtensorMapSwizzle CU_TENSOR_MAP_SWIZZLE_NONE = 0;
constexpr CUtensorMapSwizzle CU_TENSOR_MAP_SWIZZLE_32B = 1;
constexpr CUtensorMapSwizzle CU_TENSOR_MAP_SWIZZLE_64B = 2;
constexpr CUtensorMapSwizzle CU_TENSOR_MAP_SWIZZLE_128B = 3;
/// The 128-B swizzles with 32-B/64-B atoms (sm_100) end the enum.
constexpr CUtensorMapSwizzle CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B = 6;

using CUtensorMapL2promotion = int;
constexpr CUtensorMapL2promotion CU_TENSOR_MAP_L2_PROMOTION_NONE = 0;
constexpr CUtensorMapL2promotion CU_TENSOR_MAP_L2_PROMOTION_L2_64B = 1;
constexpr CUtensorMapL2promotion CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2;
constexpr CUtensorMapL2promotion CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3;

using CUtensorMapFloatOOBfill = int;
constexpr CUtensorMapFloatOOBfill CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0;
constexpr CUtensorMapFloatOOBfill
    CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1;

// Virtual memory management (cuMemCreate, cuMemMap, ...).
using CUmemGenericAllocationHandle = unsigned long long;

using CUmemAllocationType = int;
constexpr CUmemAllocationType CU_MEM_ALLOCATION_TYPE_PINNED = 1;

using CUmemAllocationHandleType = int;
constexpr CUmemAllocationHandleType CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR =
    1;

using CUmemLocationType = int;
constexpr CUmemLocationType CU_MEM_LOCATION_TYPE_DEVICE = 1;

using CUmemAllocationGranularity_flags = int;
constexpr CUmemAllocationGranularity_flags CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0;

using CUmemAccess_flags = int;
constexpr CUmemAccess_flags CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3;

struct CUmemLocation {
  CUmemLocationType type;
  int id;
};

struct CUmemAllocationProp {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
};

struct CUmemAccessDesc {
  CUmemLocation location;
  CUmemAccess_flags flags;
};

static_assert(sizeof(CUmemLocation) == 8, "driver ABI");
static_assert(offsetof(CUmemAllocationProp, location) == 8, "driver ABI");
static_assert(offsetof(CUmemAllocationProp, allocFlags) == 24, "driver ABI");
static_assert(sizeof(CUmemAllocationProp) == 32, "driver ABI");
static_assert(sizeof(CUmemAccessDesc) == 12, "driver ABI");

} // namespace asynccopy::runtime::cuda

#endif // ASYNCCOPY_LIB_RUNTIME_CUDADRIVERTYPES_H
