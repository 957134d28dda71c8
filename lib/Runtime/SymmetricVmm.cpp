//===- SymmetricVmm.cpp - Symmetric heaps on VMM mappings -----------------===//
//
// The VMM mappings both VMM backends share (VmmBackend) and the
// single-process heap on several devices (acSymmCreate). The heap of one
// process per PE is in SymmetricProcess.cpp.
//
//===----------------------------------------------------------------------===//

#include "SymmetricVmm.h"

#include <cstring>
#include <set>

using namespace asynccopy::runtime;
using namespace asynccopy::runtime::cuda;

namespace {
/// The allocation properties of pinned memory on `device`, exportable as a
/// POSIX fd (so the process backend shares this code's properties).
CUmemAllocationProp deviceMemory(int device) {
  CUmemAllocationProp prop;
  std::memset(&prop, 0, sizeof(prop));
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  return prop;
}
} // namespace

namespace asynccopy::runtime {

//===----------------------------------------------------------------------===//
// VMM mappings
//===----------------------------------------------------------------------===//

int32_t VmmBackend::barrier(acSymmHeap &, const char *) { return 0; }

int32_t VmmBackend::release(acSymmHeap &heap, const char *site) {
  const CudaDriver *driver = symmDriver(site);
  return driver && unmap(*driver, heap, site) ? 0 : 1;
}

int32_t VmmBackend::mapLocalSlots(const CudaDriver &driver, acSymmHeap &heap,
                                  uint64_t bytesPerPe, const char *site) {
  uint64_t granularity = 1;
  for (int device : heap.devices) {
    CUmemAllocationProp prop = deviceMemory(device);
    size_t deviceGranularity = 0;
    if (!AC_SYMM_CU(site, driver, cuMemGetAllocationGranularity,
                    &deviceGranularity, &prop,
                    CU_MEM_ALLOC_GRANULARITY_MINIMUM))
      return 1;
    granularity = std::max<uint64_t>(granularity, deviceGranularity);
  }
  if (bytesPerPe > UINT64_MAX / 2 / AC_SYMM_MAX_PES)
    return symmFail(site, "bytesPerPe %llu is too large",
                    (unsigned long long)bytesPerPe);
  heap.size = (bytesPerPe + granularity - 1) / granularity * granularity;
  reservedBytes = heap.size * uint64_t(heap.numPes);
  if (!AC_SYMM_CU(site, driver, cuMemAddressReserve, &reserved,
                  size_t(reservedBytes), size_t(granularity), CUdeviceptr(0),
                  0ull))
    return 1;
  handles.assign(size_t(heap.numPes), 0);
  mapped.assign(size_t(heap.numPes), false);
  heap.bases.assign(size_t(heap.numPes), 0);
  for (size_t d = 0; d < heap.devices.size(); ++d) {
    int32_t slot = heap.myPe >= 0 ? heap.myPe : int32_t(d);
    CUmemAllocationProp prop = deviceMemory(heap.devices[d]);
    CUdeviceptr base = reserved + uint64_t(slot) * heap.size;
    ScopedContext context(heap.devices[d], OnContextError::Report);
    if (!context.active())
      return symmFail(site, "%s", context.error());
    if (!AC_SYMM_CU(site, driver, cuMemCreate, &handles[slot],
                    size_t(heap.size), &prop, 0ull) ||
        !AC_SYMM_CU(site, driver, cuMemMap, base, size_t(heap.size), size_t(0),
                    handles[slot], 0ull))
      return 1;
    mapped[slot] = true;
    heap.bases[slot] = base;
  }
  return 0;
}

int32_t VmmBackend::setAccess(const CudaDriver &driver, acSymmHeap &heap,
                              const char *site) {
  std::vector<CUmemAccessDesc> access(heap.devices.size());
  for (size_t d = 0; d < heap.devices.size(); ++d) {
    access[d].location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access[d].location.id = heap.devices[d];
    access[d].flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  }
  for (int32_t pe = 0; pe < heap.numPes; ++pe)
    if (mapped[size_t(pe)] &&
        !AC_SYMM_CU(site, driver, cuMemSetAccess, heap.bases[size_t(pe)],
                    size_t(heap.size), access.data(), access.size()))
      return 1;
  return 0;
}

bool VmmBackend::unmap(const CudaDriver &driver, acSymmHeap &heap,
                       const char *site) {
  bool ok = true;
  for (size_t i = 0; i < handles.size(); ++i) {
    if (i < mapped.size() && mapped[i])
      ok &= AC_SYMM_CU(site, driver, cuMemUnmap, reserved + i * heap.size,
                       size_t(heap.size));
    if (handles[i])
      ok &= AC_SYMM_CU(site, driver, cuMemRelease, handles[i]);
  }
  handles.clear();
  mapped.clear();
  if (reserved)
    ok &= AC_SYMM_CU(site, driver, cuMemAddressFree, reserved,
                     size_t(reservedBytes));
  reserved = 0;
  return ok;
}

int32_t abandonVmmHeap(const CudaDriver *driver, acSymmHeap *heap,
                       VmmBackend &backend, int32_t status) {
  std::string error = lastErrorMessage();
  if (driver)
    backend.unmap(*driver, *heap, "cleanup");
  // The backend goes with the heap (the process backend closes its
  // connections).
  delete heap;
  setLastError(error.c_str());
  return status;
}

} // namespace asynccopy::runtime

//===----------------------------------------------------------------------===//
// Single process, several devices
//===----------------------------------------------------------------------===//

extern "C" int32_t acSymmCreate(const int32_t *devices, int32_t numDevices,
                                uint64_t bytesPerPe, acSymmHeap **heap) {
  const char *site = "acSymmCreate";
  if (int32_t status = checkHeapArguments(site, numDevices, bytesPerPe, heap))
    return status;
  if (!devices)
    return symmFail(site, "devices is null: must list %d device ordinals",
                    numDevices);
  std::set<int32_t> seen;
  for (int32_t i = 0; i < numDevices; ++i) {
    if (devices[i] < 0)
      return symmFail(site, "devices[%d] is %d: must be a device ordinal", i,
                      devices[i]);
    if (!seen.insert(devices[i]).second)
      return symmFail(site, "device %d is listed twice: one PE per device",
                      devices[i]);
  }
  const CudaDriver *driver = symmDriver(site);
  if (!driver)
    return 1;
  std::vector<CUdevice> handles(size_t(numDevices), 0);
  for (int32_t i = 0; i < numDevices; ++i)
    if (!AC_SYMM_CU(site, *driver, cuDeviceGet, &handles[i], int(devices[i])))
      return 1;
  for (int32_t i = 0; i < numDevices; ++i) {
    for (int32_t j = 0; j < numDevices; ++j) {
      int canAccess = 0;
      if (i == j)
        continue;
      if (!AC_SYMM_CU(site, *driver, cuDeviceCanAccessPeer, &canAccess,
                      handles[i], handles[j]))
        return 1;
      if (!canAccess)
        return symmFail(site,
                        "device %d cannot access device %d "
                        "(cuDeviceCanAccessPeer): a single-process heap needs "
                        "peer access between every pair of devices",
                        devices[i], devices[j]);
    }
  }

  VmmBackend *backend = nullptr;
  acSymmHeap *created =
      newHeap(backend, numDevices, /*myPe=*/-1,
              std::vector<int>(devices, devices + numDevices));
  VmmBackend &vmm = *backend;
  if (int32_t status = vmm.mapLocalSlots(*driver, *created, bytesPerPe, site))
    return abandonVmmHeap(driver, created, vmm, status);
  if (int32_t status = vmm.setAccess(*driver, *created, site))
    return abandonVmmHeap(driver, created, vmm, status);
  created->allocator = SymmetricAllocator(created->size);
  if (int32_t status = registerHeap(created, site))
    return abandonVmmHeap(driver, created, vmm, status);
  *heap = created;
  clearLastError();
  return 0;
}
