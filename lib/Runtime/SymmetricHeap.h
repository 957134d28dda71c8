//===- SymmetricHeap.h - Symmetric heaps, shared by the backends -*- C++
//-*-===//
//
// The state of an acSymmHeap (include/asynccopy/Runtime/Symmetric.h), the
// interface of its backend (SymmetricBackend), the offset allocator every
// backend uses, the error helpers of the acSymm* calls (they report through
// acGetLastError and never exit), and the hooks through which the mgpu*
// module and launch calls keep the device tables (`__asynccopy_symm`) of
// loaded modules up to date. Private to lib/Runtime.
//
// The backends depend on this file, never the other way round: each
// acSymmCreate* (SymmetricVmm.cpp: one process; SymmetricProcess.cpp: one
// process per PE; SymmetricNvshmem.cpp: NVSHMEM) makes its backend, and the
// calls every backend shares (SymmetricHeap.cpp) call it through
// SymmetricBackend.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_SYMMETRICHEAP_H
#define ASYNCCOPY_LIB_RUNTIME_SYMMETRICHEAP_H

#include "CudaDriver.h"
#include "TensorMapRules.h"

#include "asynccopy/Runtime/Symmetric.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace asynccopy::runtime {

/// First fit over the offsets [0, size) of a heap. Every PE runs the same
/// calls in the same order, so every PE gets the same offsets without talking
/// to the others.
class SymmetricAllocator {
public:
  /// Granule of every block: offsets and sizes are multiples of it.
  static constexpr uint64_t kMinAlign = 256;

  explicit SymmetricAllocator(uint64_t size = 0);
  /// False with a message on failure (bad alignment, out of heap).
  bool allocate(uint64_t bytes, uint64_t align, uint64_t *offset, char *error,
                size_t size);
  /// False with a message if `offset` is not an allocation.
  bool release(uint64_t offset, char *error, size_t size);

private:
  uint64_t heapBytes;
  /// Free blocks and allocations: offset -> bytes.
  std::map<uint64_t, uint64_t> freeBlocks, allocated;
};

/// What differs between the ways a heap is made. acSymmBarrier and
/// acSymmDestroy synchronise the heap's local devices, then call its
/// backend.
class SymmetricBackend {
public:
  virtual ~SymmetricBackend();
  /// Returns once every PE has called it (at once where one process holds
  /// every PE): 0, or symmFail's result.
  virtual int32_t barrier(acSymmHeap &heap, const char *site) = 0;
  /// Releases the heap's memory and whatever else the backend holds, once,
  /// before the heap is deleted; collective where the PEs are processes.
  /// 0, or 1 with the error set.
  virtual int32_t release(acSymmHeap &heap, const char *site) = 0;
};

} // namespace asynccopy::runtime

struct acSymmHeap {
  /// The backend that made the heap (never null once it is registered).
  std::unique_ptr<asynccopy::runtime::SymmetricBackend> backend;
  int32_t numPes = 0;
  /// This process's PE in the multi-process backends; -1 in single-process
  /// mode (every PE is local).
  int32_t myPe = -1;
  /// Bytes per PE (rounded up to the granularity).
  uint64_t size = 0;
  /// The local devices: devices[i] is PE i (single process), or the one
  /// device of PE myPe.
  std::vector<int> devices;
  /// Base of PE i's copy in this process; 0 where it is not mapped.
  std::vector<asynccopy::runtime::cuda::CUdeviceptr> bases;

  std::mutex mutex;
  asynccopy::runtime::SymmetricAllocator allocator;
  /// Uploaded per-PE tensor maps: (device, the maps' bytes) -> device copy.
  std::map<std::pair<int, std::string>, asynccopy::runtime::cuda::CUdeviceptr>
      peerMaps;

  /// The PE of local device `device`, or -1.
  int32_t peOfDevice(int device) const;
};

namespace asynccopy::runtime {

/// Sets acGetLastError() to "<site>: <message>" (printf-style); returns 1.
int32_t symmFail(const char *site, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/// Calls the driver: false with "<site>: <symbol> failed: <reason>" (or a
/// missing-symbol message) in acGetLastError() on failure.
template <typename Fn, typename... Args>
bool symmCall(const char *site, Fn *fn, const char *symbol, Args... args) {
  if (!fn) {
    symmFail(site, "the CUDA driver does not export %s", symbol);
    return false;
  }
  cuda::CUresult result = fn(args...);
  if (result == cuda::CUDA_SUCCESS)
    return true;
  char reason[160];
  describeError(result, reason, sizeof(reason));
  symmFail(site, "%s failed: %s", symbol, reason);
  return false;
}
#define AC_SYMM_CU(site, driver, member, ...)                                  \
  ::asynccopy::runtime::symmCall(site, (driver).member, AC_CU_SYMBOL(member),  \
                                 ##__VA_ARGS__)

/// The driver, or null with the load error in acGetLastError().
const CudaDriver *symmDriver(const char *site);

/// Checks the arguments every backend shares; 0 or symmFail's result.
int32_t checkHeapArguments(const char *site, int32_t numPes,
                           uint64_t bytesPerPe, acSymmHeap **heap);

/// checkHeapArguments, plus this process's PE and device (the backends with
/// one process per PE).
int32_t checkProcessArguments(const char *site, int32_t device, int32_t pe,
                              int32_t numPes, uint64_t bytesPerPe,
                              acSymmHeap **heap);

/// A new heap of `numPes` PEs, this process's PE `myPe` (-1: every PE is
/// local) on `devices`, made by a new `Backend`, which `backend` points to.
template <typename Backend>
acSymmHeap *newHeap(Backend *&backend, int32_t numPes, int32_t myPe,
                    std::vector<int> devices) {
  auto *heap = new acSymmHeap;
  auto owned = std::make_unique<Backend>();
  backend = owned.get();
  heap->backend = std::move(owned);
  heap->numPes = numPes;
  heap->myPe = myPe;
  heap->devices = std::move(devices);
  return heap;
}

/// Makes `heap` the heap of its local devices and writes the device tables
/// of their loaded modules; on failure (a device already has a heap, a table
/// write failed) unregisters it again and returns symmFail's result.
int32_t registerHeap(acSymmHeap *heap, const char *site);

//===----------------------------------------------------------------------===//
// Hooks of the mgpu* calls (MgpuWrappers.cpp); they exit on failure.
//===----------------------------------------------------------------------===//

/// The image a module was loaded from: PTX text (`ptx`) or a cubin/fatbin of
/// `size` bytes (0: unknown).
struct ModuleImage {
  const void *data;
  size_t size;
  bool ptx;
};

/// After a module is loaded on `device` (its context current): remembers the
/// module's device table if it has one, and writes it if the device has a
/// heap.
void symmNoteModuleLoaded(cuda::CUmodule module, int device,
                          const ModuleImage &image);
/// Before a module is unloaded.
void symmNoteModuleUnloaded(cuda::CUmodule module);
/// After mgpuModuleGetFunction: remembers the kernels that need a heap.
void symmNoteFunction(cuda::CUmodule module, cuda::CUfunction function,
                      const char *name);
/// Before a launch on `device`: exits if the kernel needs a heap and the
/// device has none.
void symmCheckLaunch(cuda::CUfunction function, int device);

} // namespace asynccopy::runtime

#endif // ASYNCCOPY_LIB_RUNTIME_SYMMETRICHEAP_H
