//===- SymmetricVmm.h - Symmetric heaps on VMM mappings ---------*- C++ -*-===//
//
// The backends whose heap is one reserved virtual range with a slot per PE,
// each slot mapped to a physical allocation (cuMemCreate, cuMemMap): the
// single-process heap (acSymmCreate, SymmetricVmm.cpp) and the heap of one
// process per PE (acSymmCreateProcess, SymmetricProcess.cpp), which maps the
// other PEs' allocations into their slots. Private to lib/Runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCCOPY_LIB_RUNTIME_SYMMETRICVMM_H
#define ASYNCCOPY_LIB_RUNTIME_SYMMETRICVMM_H

#include "SymmetricHeap.h"

#include <vector>

namespace asynccopy::runtime {

/// The single-process backend (every PE is a local device: its barrier has
/// nothing to wait for once the devices are synchronised), and the mappings
/// the process backend builds on.
class VmmBackend : public SymmetricBackend {
public:
  int32_t barrier(acSymmHeap &heap, const char *site) override;
  int32_t release(acSymmHeap &heap, const char *site) override;

  /// Reserves heap.numPes slots of `bytesPerPe` rounded up to the
  /// granularity of every local device (sets heap.size) and creates and
  /// maps the memory of the local slots (slot i on devices[i], or slot myPe
  /// on the one device); sets their bases. What was made is this backend's,
  /// also on failure. 0 or 1 with the error set.
  int32_t mapLocalSlots(const CudaDriver &driver, acSymmHeap &heap,
                        uint64_t bytesPerPe, const char *site);
  /// Gives every local device read/write access to every mapped slot (one
  /// call per allocation, as the driver wants whole allocations).
  int32_t setAccess(const CudaDriver &driver, acSymmHeap &heap,
                    const char *site);
  /// Unmaps what was mapped, releases the allocations and frees the range
  /// (also of a half-built heap). False with the error set on failure.
  bool unmap(const CudaDriver &driver, acSymmHeap &heap, const char *site);

  /// The reserved range, the physical allocations mapped into it (one per
  /// slot; 0 where none) and which slots are mapped.
  cuda::CUdeviceptr reserved = 0;
  uint64_t reservedBytes = 0;
  std::vector<cuda::CUmemGenericAllocationHandle> handles;
  std::vector<bool> mapped;
};

/// Unmaps what `backend` (the backend of `heap`) holds and deletes a heap
/// that failed half-way; keeps the first error and returns `status`.
int32_t abandonVmmHeap(const CudaDriver *driver, acSymmHeap *heap,
                       VmmBackend &backend, int32_t status);

} // namespace asynccopy::runtime

#endif // ASYNCCOPY_LIB_RUNTIME_SYMMETRICVMM_H
