//===- SymmetricHeap.h - Symmetric heaps, shared by the backends -*- C++ -*-===//
//
// The state of an acSymmHeap (include/asynccopy/Runtime/Symmetric.h), the
// offset allocator every backend uses, the error helpers of the acSymm* calls
// (they report through acGetLastError and never exit), and the hooks through
// which the mgpu* module and launch calls keep the device tables
// (`__asynccopy_symm`) of loaded modules up to date. Private to lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_SYMMETRICHEAP_H
#define ASYNCCOPY_LIB_RUNTIME_SYMMETRICHEAP_H

#include "CudaDriver.h"
#include "TensorMapRules.h"

#include "asynccopy/Runtime/Symmetric.h"

#include <cstdint>
#include <map>
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

} // namespace asynccopy::runtime

/// Which backend made a heap.
enum class SymmBackend { SingleProcess, Process, Nvshmem };

struct acSymmHeap {
  SymmBackend backend = SymmBackend::SingleProcess;
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

  /// VMM backends: the reserved range, the physical allocations mapped into
  /// it (one per slot; 0 where none) and the local one's exported fd.
  asynccopy::runtime::cuda::CUdeviceptr reserved = 0;
  uint64_t reservedBytes = 0;
  std::vector<asynccopy::runtime::cuda::CUmemGenericAllocationHandle> handles;
  std::vector<bool> mapped;

  /// Process backend: the connections of the rendezvous (PE 0: one per PE,
  /// -1 at its own index; others: one, to PE 0) and the socket file PE 0
  /// made while it is still there.
  std::vector<int> sockets;
  std::string socketPath;

  /// NVSHMEM backend: the local nvshmem_malloc'ed heap.
  void *nvshmemBase = nullptr;

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

/// Makes `heap` the heap of its local devices and writes the device tables
/// of their loaded modules; on failure (a device already has a heap, a table
/// write failed) unregisters it again and returns symmFail's result.
int32_t registerHeap(acSymmHeap *heap, const char *site);

/// Unmaps what a VMM backend mapped, releases its allocations and frees its
/// range (also for a half-built heap). False with the error set on failure.
bool releaseVmm(const CudaDriver &driver, acSymmHeap *heap, const char *site);

/// Process backend: exchanges the local allocation's fd with the other PEs
/// and fills `fds` (one per PE, owned by the caller). 0 or symmFail's result.
int32_t exchangeFds(acSymmHeap *heap, const char *rendezvousDir, int localFd,
                    std::vector<int> *fds);
/// close(fd) for a valid fd.
void closeFd(int fd);
/// Process backend: the socket barrier (after the devices are synchronised).
int32_t socketBarrier(acSymmHeap *heap, const char *site);
/// Process backend: closes the connections and removes PE 0's socket file.
void closeSockets(acSymmHeap *heap);

/// NVSHMEM backend: barrier, and the release of the heap and the library.
int32_t nvshmemBarrier(acSymmHeap *heap, const char *site);
int32_t nvshmemRelease(acSymmHeap *heap, const char *site);

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
